/* rounded_digits.h - the correctly rounded digit string of a value.
 *
 * Planning reads the kept digits once (storing them when they fit the
 * caller's buffer), looks at the next digit and whether anything nonzero
 * follows, and decides the rounding as glibc does in the current mode.
 * Emitting then hands out the final digits in order, replaying the
 * generator when they were too many to store.
 */
#ifndef XP_FLOAT_ROUNDED_DIGITS_H
#define XP_FLOAT_ROUNDED_DIGITS_H

#include "decimal.h"
#include "sink.h"

struct xp_digits {
	struct xp_decgen g;
	const struct xp_fpval *v;
	int e_mode;          /* skip leading zeros first (%e, %g) */
	size_t lead_zeros;   /* e_mode: zeros skipped */
	size_t kept;         /* digits read from the generator */
	size_t last_non9;    /* 1-based position of the last digit != 9, 0 = none */
	size_t last_nz;      /* 1-based position of the last nonzero final digit */
	int up, carry;       /* round up; the round up rippled out ("1" + kept zeros) */
	char *store;         /* the kept digits, when they fit */
	size_t cap;
	int stored, replay;
	size_t pos;          /* final digits emitted so far */
};

/* The current rounding mode, read only when a result is inexact.  On x86
 * glibc's fegetround (which its printf consults) reads the x87 control
 * word; doing the same inline saves the libm call. */
#include <fenv.h>
static inline int xp_rounding_mode(void)
{
#if (defined(__x86_64__) || defined(__i386__)) && (defined(__GNUC__) || defined(__clang__))
	unsigned short cw;
	__asm__ volatile("fnstcw %0" : "=m"(cw));
	return cw & 0xc00;
#else
	return fegetround();
#endif
}

/* Does the round up happen?  half: dropped part >= 1/2; more: != 0 and != 1/2.
 * Inline: every inexact conversion asks. */
static inline int xp_round_away(int neg, int odd, int half, int more, int mode)
{
	switch (mode) {
	case FE_TONEAREST:
		return half && (odd || more);
	case FE_UPWARD:
		return !neg && (half || more);
	case FE_DOWNWARD:
		return neg && (half || more);
	default:
		return 0;
	}
}

/* Start the generator; returns the number of integer digits. */
int xp_digits_start(struct xp_digits *d, const struct xp_fpval *v, int e_mode,
		    char *store, size_t cap);
/* Decide the rounding after `kept` digits. */
void xp_digits_plan(struct xp_digits *d, size_t kept);
/* Length of the final string: kept, plus one after a carry. */
static inline size_t xp_digits_len(const struct xp_digits *d)
{
	return d->kept + (size_t)d->carry;
}
/* Write the next n final digits (zeros past the end). */
void xp_digits_emit(struct xp_digits *d, struct xp_sink *s, size_t n);

#endif
