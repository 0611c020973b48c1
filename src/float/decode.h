/* decode.h - a floating value as sign, class and exact m * 2^e. */
#ifndef XP_FLOAT_DECODE_H
#define XP_FLOAT_DECODE_H

#include <stdint.h>
#include <string.h>

enum xp_fp_kind { XP_FP_FINITE, XP_FP_INF, XP_FP_NAN };

struct xp_fpval {
	uint32_t m[4];        /* mantissa, little-endian words: value = m * 2^e */
	int e;
	unsigned char neg;
	unsigned char kind;   /* enum xp_fp_kind */
	unsigned char nibbles; /* %a: hex digits after the leading one */
	unsigned char is_zero;
	unsigned char pseudo_denormal; /* x87: exponent 0 with the integer bit set */
};

/* m = lo (the words above it 0). */
static inline void xp_fpval_set_m64(struct xp_fpval *v, uint64_t lo)
{
	v->m[0] = (uint32_t)lo;
	v->m[1] = (uint32_t)(lo >> 32);
	v->m[2] = v->m[3] = 0;
}

/* Inline: the driver's double fast path decodes with it. */
static inline void xp_decode_double(struct xp_fpval *v, double d)
{
	v->pseudo_denormal = 0;
	uint64_t bits;
	memcpy(&bits, &d, sizeof bits);
	unsigned be = (unsigned)(bits >> 52) & 0x7ff;
	uint64_t frac = bits & ((1ull << 52) - 1);
	v->neg = (unsigned char)(bits >> 63);
	v->nibbles = 13;
	v->is_zero = 0;
	if (be == 0x7ff) {
		v->kind = frac ? XP_FP_NAN : XP_FP_INF;
		xp_fpval_set_m64(v, 0);
		v->e = 0;
		return;
	}
	v->kind = XP_FP_FINITE;
	if (be == 0) {
		xp_fpval_set_m64(v, frac);
		v->e = -1074;
		v->is_zero = frac == 0;
	} else {
		xp_fpval_set_m64(v, frac | (1ull << 52));
		v->e = (int)be - 1075;
	}
}

/* hex: for %a/%A (only IBM double-double decodes differently for it). */
void xp_decode_long_double(struct xp_fpval *v, long double ld, int hex);

/* The formats a long double can have, decodable on any host so that each
 * path can be tested where it is not the native one. */
void xp_decode_x87(struct xp_fpval *v, uint64_t mant, unsigned sign_exp);
void xp_decode_binary128(struct xp_fpval *v, uint64_t hi, uint64_t lo);
/* IBM double-double as glibc prints it (the exact hi + lo for canonical
 * pairs); hex: the layout of %a/%A. */
void xp_decode_double_double(struct xp_fpval *v, double hi, double lo, int hex);

/* Format a decoded value for an e E f F g G a A directive (convert_float.c);
 * lets tests drive the binary128 path on hosts whose long double differs. */
struct xp_sink;
struct xp_spec;
void xp_convert_fpval(struct xp_sink *s, const struct xp_spec *sp, const struct xp_fpval *fv);

#endif
