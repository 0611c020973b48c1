/* float_cases.c - the value and format generator of the differential tests. */
#include "float_cases.h"

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

static double bits_double(uint64_t b)
{
	double d;
	memcpy(&d, &b, sizeof d);
	return d;
}

static double pick_double(uint64_t *st)
{
	uint64_t r = fc_next(st);
	unsigned kind = (unsigned)(r % 100);
	uint64_t s = (fc_next(st) & 1) ? 1ull << 63 : 0;
	uint64_t frac = fc_next(st) & ((1ull << 52) - 1);
	if (kind < 4) { /* specials */
		static const uint64_t sp[] = {0, 0x7ff0000000000000ull, 0x7ff8000000000000ull,
					      0x7ff0000000000001ull, 0x7fefffffffffffffull,
					      0x0010000000000000ull, 1, 0x000fffffffffffffull};
		return bits_double(s | sp[fc_next(st) % 8]);
	}
	if (kind < 10) /* subnormals */
		return bits_double(s | frac);
	if (kind < 40) { /* random bit patterns, exponent uniform */
		uint64_t e = fc_next(st) % 2047;
		return bits_double(s | e << 52 | frac);
	}
	if (kind < 55) { /* exact ties and short binary fractions: k / 2^j */
		double k = (double)(fc_next(st) % 100000);
		int j = (int)(fc_next(st) % 20);
		double v = ldexp(k + 0.5, -j);
		return s ? -v : v;
	}
	if (kind < 62) { /* classics */
		static const double cl[] = {2.5, 0.125, 1e23, 0.5, 1.5, 9.5, 0.05, 0.15, 0.25, 0.35,
					    999999.5, 9.9999995, 1e22, 1e21, 5e-324, 1e-5, 1e-4,
					    123456789.0, 0.1, 1.0, 100.0, 1e15, 1e16, 1e17, 0.0001,
					    99.995, 0.9999995, 4.35, 1.005, 2.675, 1e300, 1e-300};
		double v = cl[fc_next(st) % (sizeof cl / sizeof cl[0])];
		return s ? -v : v;
	}
	if (kind < 85) { /* short decimals */
		char buf[40];
		int digits = 1 + (int)(fc_next(st) % 9);
		int scale = (int)(fc_next(st) % 24) - 12;
		uint64_t m = fc_next(st) % 1000000000ull;
		while (digits < 9 && m >= 10ull) {
			m /= 10;
			digits++;
		}
		snprintf(buf, sizeof buf, "%s%llue%d", s ? "-" : "", (unsigned long long)m, scale);
		double v;
		sscanf(buf, "%lf", &v);
		return v;
	}
	/* moderate magnitudes with full mantissas */
	uint64_t e = 1023 - 70 + fc_next(st) % 140;
	return bits_double(s | e << 52 | frac);
}

static long double pick_long_double(uint64_t *st)
{
	unsigned kind = (unsigned)(fc_next(st) % 100);
	if (kind < 30)
		return (long double)pick_double(st);
#if LDBL_MANT_DIG == 64
	unsigned char raw[sizeof(long double)];
	memset(raw, 0, sizeof raw);
	uint64_t mant = fc_next(st);
	unsigned sign = (unsigned)(fc_next(st) & 1);
	unsigned e;
	if (kind < 38) {
		e = 0; /* subnormal or zero */
		mant &= ~(1ull << 63);
		if (kind < 33)
			mant >>= fc_next(st) % 64;
	} else if (kind < 42) {
		e = 0x7fff;
		mant = 1ull << 63 | (fc_next(st) & 1 ? fc_next(st) >> 2 : 0);
	} else if (kind < 52) {
		/* all exponents (the costly huge %Lf are kept to a share) */
		e = (unsigned)(fc_next(st) % 0x7fff);
		mant = e ? mant | 1ull << 63 : mant & ~(1ull << 63);
	} else {
		e = (unsigned)(16383 - 80 + fc_next(st) % 160);
		mant |= 1ull << 63;
		if (kind < 85) /* short binary fractions: ties */
			mant &= ~0ull << (fc_next(st) % 64);
	}
	uint16_t se = (uint16_t)(sign << 15 | e);
	memcpy(raw, &mant, 8);
	memcpy(raw + 8, &se, 2);
	long double ld;
	memcpy(&ld, raw, sizeof ld);
	return ld;
#elif LDBL_MANT_DIG == 113
	/* binary128: sign, 15 exponent bits, a 112-bit fraction of which hi
	 * holds the top 48 (the integer bit is implicit). */
	uint64_t lo = fc_next(st), hi = fc_next(st) & ((1ull << 48) - 1);
	uint64_t sign = fc_next(st) & 1;
	uint64_t e;
	if (kind < 38) {
		e = 0; /* subnormal or zero */
		if (kind < 33) {
			unsigned k = (unsigned)(fc_next(st) % 113);
			lo = k >= 64 ? hi >> (k - 64) : k ? lo >> k | hi << (64 - k) : lo;
			hi = k >= 64 ? 0 : hi >> k;
		}
	} else if (kind < 42) {
		e = 0x7fff; /* infinity, or a quiet or signalling NaN */
		if (fc_next(st) & 1)
			hi = lo = 0;
	} else if (kind < 52) {
		/* all exponents (the costly huge %Lf are kept to a share) */
		e = fc_next(st) % 0x7fff;
	} else {
		e = 16383 - 80 + fc_next(st) % 160;
		if (kind < 85) { /* short binary fractions: ties */
			unsigned k = (unsigned)(fc_next(st) % 113);
			if (k >= 64) {
				hi &= ~0ull << (k - 64);
				lo = 0;
			} else {
				lo &= ~0ull << k;
			}
		}
	}
	hi |= sign << 63 | e << 48;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
	uint64_t w[2] = {hi, lo};
#else
	uint64_t w[2] = {lo, hi};
#endif
	long double ld;
	memcpy(&ld, w, sizeof ld);
	return ld;
#else
	return (long double)pick_double(st) * (long double)pick_double(st);
#endif
}

/* A '*' value: either sign, small, now and then 0, -1 or large. */
static int star_value(uint64_t *st, int prec)
{
	uint64_t r = fc_next(st);
	switch (r % 16) {
	case 0: return 0;
	case 1: return -1;
	case 2: return (int)(r >> 8 & 511) - 256;
	default:
		return prec ? (int)(r >> 8 & 31) - 6 : (int)(r >> 8 & 63) - 32;
	}
}

/* '*' (sequential: the next int argument) or '*j$' (positional: int j,
 * 1-based among the ints, renumbered once the value's place is known;
 * now and then the first int again). */
static char *star(char *p, struct float_case *c, uint64_t *st, int positional, int prec)
{
	*p++ = '*';
	int j = c->nargs + 1;
	if (positional && c->nargs && fc_next(st) % 4 == 0)
		j = 1;
	else
		c->ints[c->nargs++] = star_value(st, prec);
	return positional ? p + sprintf(p, "%d$", j) : p;
}

void float_case_make(struct float_case *c, uint64_t *st, size_t fullsize)
{
	static const char convs[] = "eEfFgGaA";
	char *p = c->fmt;
	uint64_t r = fc_next(st);
	c->ldbl = (r & 7) < 3;
	/* glibc's positional path: n$, or everything from an unknown
	 * conversion on; it keeps a '0' flag under a negative '*' width. */
	unsigned path = (unsigned)(r >> 5 & 7);
	int positional = path < 2;
	c->nargs = 0; /* the ints so far */
	*p++ = (r >> 3 & 3) == 0 ? '[' : '<';
	if (path == 2)
		p += sprintf(p, "%s", (r >> 8 & 1) ? "%y|" : "%-05.3H|");
	*p++ = '%';
	if (positional)
		p += sprintf(p, "0$"); /* the value: renumbered below */
	uint64_t fl = fc_next(st);
	static const char flags[] = "-+ #0'I";
	for (int i = 0; i < 7; i++)
		if ((fl >> (4 * i) & 15) < 3)
			*p++ = flags[i];
	uint64_t w = fc_next(st);
	if (w % 6 < 2)
		p += sprintf(p, "%u", (unsigned)(w >> 8) % 40);
	else if (w % 6 == 2)
		p = star(p, c, st, positional, 0);
	uint64_t pr = fc_next(st);
	unsigned pk = (unsigned)(pr % 100);
	if (pk < 55) {
		p += sprintf(p, ".%u", (unsigned)(pr >> 8) % 21);
	} else if (pk < 67) { /* 17..40: the wide table path and its limits */
		p += sprintf(p, ".%u", 17 + (unsigned)(pr >> 8) % 24);
	} else if (pk < 70) {
		p += sprintf(p, ".%u", (unsigned)(pr >> 8) % 1200);
	} else if (pk < 73) {
		p += sprintf(p, ".");
	} else if (pk < 85) {
		*p++ = '.';
		p = star(p, c, st, positional, 1);
	}
	if (c->ldbl) {
		unsigned lk = (unsigned)(fc_next(st) % 10);
		p += sprintf(p, "%s", lk == 0 ? "ll" : lk == 1 ? "q" : "L");
	}
	*p++ = convs[fc_next(st) % 8];
	*p++ = ']';
	*p = 0;
	/* The value's place among the arguments: after the ints when
	 * sequential; first, last or between them when positional. */
	c->vpos = positional ? (int)(fc_next(st) % (unsigned)(c->nargs + 1)) : c->nargs;
	if (positional) {
		char tmp[sizeof c->fmt];
		char *o = tmp;
		*o++ = c->fmt[0];
		for (const char *q = c->fmt + 1; *q;) {
			if (q[-1] == '%' && q[0] == '0' && q[1] == '$') {
				o += sprintf(o, "%d$", c->vpos + 1);
				q += 2;
			} else if (q[-1] == '*' && q[0] >= '1' && q[0] <= '2' && q[1] == '$') {
				int j = q[0] - '0';
				o += sprintf(o, "%d$", j - 1 < c->vpos ? j : j + 1);
				q += 2;
			} else {
				*o++ = *q++;
			}
		}
		*o = 0;
		memcpy(c->fmt, tmp, sizeof tmp);
	}
	c->nargs++; /* and the value */
	if (c->ldbl)
		c->ld = pick_long_double(st);
	else
		c->d = pick_double(st);
	unsigned b = (unsigned)(fc_next(st) % 40);
	static const size_t small[] = {0, 1, 2, 5};
	c->bufsize = b < 4 ? small[b] : fullsize;
}

#define FC_CALL(v) \
	switch (c->nargs * 4 + c->vpos) { \
	case 4: return fn(buf, size, c->fmt, v); \
	case 8: return fn(buf, size, c->fmt, v, c->ints[0]); \
	case 9: return fn(buf, size, c->fmt, c->ints[0], v); \
	case 12: return fn(buf, size, c->fmt, v, c->ints[0], c->ints[1]); \
	case 13: return fn(buf, size, c->fmt, c->ints[0], v, c->ints[1]); \
	default: return fn(buf, size, c->fmt, c->ints[0], c->ints[1], v); \
	}

int float_case_call(const struct float_case *c, int (*fn)(char *, size_t, const char *, ...),
		    char *buf, size_t size)
{
	if (c->ldbl)
		FC_CALL(c->ld)
	FC_CALL(c->d)
}

void float_case_describe(const struct float_case *c, char *out, size_t n)
{
	if (c->ldbl) {
		unsigned char raw[sizeof(long double)];
		memcpy(raw, &c->ld, sizeof raw);
		size_t k = (size_t)snprintf(out, n, "long double bytes");
		for (size_t i = sizeof raw; i-- > 0 && k + 3 < n;)
			k += (size_t)snprintf(out + k, n - k, " %02x", raw[i]);
		if (k < n)
			snprintf(out + k, n - k, " (%La)", c->ld);
	} else {
		uint64_t b;
		memcpy(&b, &c->d, sizeof b);
		snprintf(out, n, "double 0x%016llx (%a)", (unsigned long long)b, c->d);
	}
}
