/* decimal.h - exact decimal digits of m * 2^e, most significant first.
 *
 * The generator holds the integer part in base 10^19 and the fraction as a
 * binary big number of 64-bit limbs; each fraction step multiplies by
 * 10^19.  Its size is fixed by <float.h> (about 4.2 KiB for x87 long
 * double), so every value and precision runs in bounded stack space.
 */
#ifndef XP_FLOAT_DECIMAL_H
#define XP_FLOAT_DECIMAL_H

#include <float.h>
#include <stddef.h>
#include <stdint.h>

#include "decode.h"

#define XP_MAX2(a, b) ((a) > (b) ? (a) : (b))
/* Bits of the largest integer part and of the longest binary fraction. */
#define XP_INT_BITS XP_MAX2(LDBL_MAX_EXP, DBL_MAX_EXP)
#define XP_FRAC_BITS XP_MAX2(LDBL_MANT_DIG - LDBL_MIN_EXP, DBL_MANT_DIG - DBL_MIN_EXP)
/* 10^19 > 2^63, so 63 bits per chunk is a safe bound. */
#define XP_INT_CHUNKS (XP_INT_BITS / 63 + 6)
#define XP_LIMBS (XP_MAX2(XP_INT_BITS + 128, XP_FRAC_BITS) / 64 + 3)
#define XP_CHUNK_DIGITS 19

struct xp_decgen {
	uint64_t ic[XP_INT_CHUNKS]; /* integer part, base 1e19, least significant first */
	int nic;                    /* chunks left to hand out (top is ic[nic-1]) */
	int int_digits;             /* decimal digits of the integer part (0 for 0) */
	uint64_t fw[XP_LIMBS];      /* fraction = fw / 2^(64*fn); nonzero limbs in [flo, fhi) */
	int flo, fhi, fn;
	char buf[XP_CHUNK_DIGITS];  /* the chunk being handed out */
	int bpos, blen;
};

/* Start at the first integer digit (or the first fraction digit). */
void xp_decgen_init(struct xp_decgen *g, const struct xp_fpval *v);
/* With a zero integer part: skip the fraction's leading zeros, return how many. */
size_t xp_decgen_skip_zeros(struct xp_decgen *g);
/* The next n digits; zeros once the expansion is exhausted. */
void xp_decgen_take(struct xp_decgen *g, char *out, size_t n);
/* Is any digit after those taken nonzero? */
int xp_decgen_sticky(const struct xp_decgen *g);
/* Digits of the fraction's exact expansion (digits after it are zero). */
static inline size_t xp_frac_digits_max(const struct xp_fpval *v)
{
	return v->e < 0 ? (size_t)-v->e : 0;
}

#endif
