/* fast.h - the double fast path: exact 64/128-bit integer arithmetic
 * for values whose integer part fits 128 bits and whose fraction has at
 * most 124 bits (about 5e-38 .. 3e38), when the digits fit a small buffer.
 * It fills a planned struct xp_digits exactly as the big-number path would. */
#ifndef XP_FLOAT_FAST_H
#define XP_FLOAT_FAST_H

#include "rounded_digits.h"

/* Room the fast path needs in the caller's digit store. */
#define XP_FAST_STORE 128

struct xp_fast {
	char *digits;     /* the final (rounded) digit string */
	size_t len;       /* its length: kept, plus one after a carry */
	size_t kept;      /* digits kept before rounding */
	size_t lead;      /* e_mode: fraction zeros before the first significant digit */
	size_t last_nz;   /* 1-based position of the last nonzero final digit */
	int carry;        /* rounding rippled out: digits is "1" followed by zeros */
	int ni;           /* integer digits before rounding */
};

/* e_mode 0: int digits + min(prec, frac digits) (prec = %f precision);
 * e_mode 1: min(prec, exact digits) significant digits.  store needs
 * XP_FAST_STORE bytes.  Returns 0 when the value or the length is out of
 * the fast path's reach. */
int xp_fast_digits(struct xp_fast *r, const struct xp_fpval *v, int e_mode, size_t prec,
		   char *store);

/* %f with precision <= 19 of a value below 2^64 (no grouping): one
 * multiplication gives the fraction digits and the exact remainder.
 * Writes the whole field and returns 1, or 0 when out of reach. */
struct xp_spec;
int xp_fast_fixed(struct xp_sink *s, const struct xp_spec *sp, const struct xp_fpval *v,
		  const char *radix, size_t radix_len);

/* e E g G with at most 17 significant digits (no grouping), any double
 * range value, through the power-of-ten table.  Writes the whole field and
 * returns 1, or 0 when the general path must decide. */
int xp_fast_exp(struct xp_sink *s, const struct xp_spec *sp, const struct xp_fpval *v,
		const char *radix, size_t radix_len);

/* e E f F g G of a double (flags without '\'') straight from the driver:
 * decode, then xp_fast_exp or xp_fast_fixed, none of the general path's
 * layers.  1 when the field is written; 0, having written nothing, for
 * what the general path decides (inf, nan, zero in e/g style, a radix of
 * more than one byte, digits the table cannot settle). */
int xp_fast_double(struct xp_sink *s, double d, unsigned flags, unsigned width, int prec,
		   unsigned char conv);

#endif
