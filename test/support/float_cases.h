/* float_cases.h - random floating directives and values for the
 * differential tests (seeded; the same seed gives the same cases). */
#ifndef TEST_FLOAT_CASES_H
#define TEST_FLOAT_CASES_H

#include <stddef.h>
#include <stdint.h>

struct float_case {
	char fmt[96];
	int ldbl;
	double d;
	long double ld;
	size_t bufsize;   /* size passed to snprintf: 0, 1, 2, 5 or the full buffer */
	/* The arguments: nargs of them, the value at 0-based position vpos,
	 * ints (a '*' width or precision) at the others, in order. */
	int nargs, vpos;
	int ints[2];
};

/* Call fn(buf, size, c->fmt, <c's arguments in their order>). */
int float_case_call(const struct float_case *c, int (*fn)(char *, size_t, const char *, ...),
		    char *buf, size_t size);

/* xorshift64*: small, seedable, good enough for test inputs. */
static inline uint64_t fc_next(uint64_t *st)
{
	uint64_t x = *st;
	x ^= x >> 12;
	x ^= x << 25;
	x ^= x >> 27;
	*st = x;
	return x * 0x2545F4914F6CDD1Dull;
}

/* Fill c with case number i of the stream seeded by *st. */
void float_case_make(struct float_case *c, uint64_t *st, size_t fullsize);
/* Human-readable description of the value (bit pattern) for failure reports. */
void float_case_describe(const struct float_case *c, char *out, size_t n);

#endif
