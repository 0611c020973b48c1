/* float_decode.c - split double and long double into sign, class, m * 2^e.
 * <float.h> selects the long double layout, so x87, binary128 and
 * double-double hosts all decode exactly. */
#include "float_decode.h"

#include <float.h>
#include <string.h>

static void set_m64(struct xp_fpval *v, uint64_t lo)
{
	v->m[0] = (uint32_t)lo;
	v->m[1] = (uint32_t)(lo >> 32);
	v->m[2] = v->m[3] = 0;
}

void xp_decode_double(struct xp_fpval *v, double d)
{
	uint64_t bits;
	memcpy(&bits, &d, sizeof bits);
	unsigned be = (unsigned)(bits >> 52) & 0x7ff;
	uint64_t frac = bits & ((1ull << 52) - 1);
	v->neg = (unsigned char)(bits >> 63);
	v->nibbles = 13;
	v->is_zero = 0;
	if (be == 0x7ff) {
		v->kind = frac ? XP_FP_NAN : XP_FP_INF;
		set_m64(v, 0);
		v->e = 0;
		return;
	}
	v->kind = XP_FP_FINITE;
	if (be == 0) {
		set_m64(v, frac);
		v->e = -1074;
		v->is_zero = frac == 0;
	} else {
		set_m64(v, frac | (1ull << 52));
		v->e = (int)be - 1075;
	}
}

void xp_decode_x87(struct xp_fpval *v, uint64_t mant, unsigned sign_exp)
{
	unsigned be = sign_exp & 0x7fff;
	v->neg = (unsigned char)((sign_exp >> 15) & 1);
	v->nibbles = 15; /* glibc prints the explicit integer bit in a full nibble */
	v->is_zero = 0;
	if (be == 0x7fff) {
		v->kind = (mant << 1) ? XP_FP_NAN : XP_FP_INF;
		set_m64(v, 0);
		v->e = 0;
		return;
	}
	v->kind = XP_FP_FINITE;
	set_m64(v, mant);
	v->e = (be ? (int)be : 1) - 16383 - 63;
	v->is_zero = mant == 0;
}

void xp_decode_binary128(struct xp_fpval *v, uint64_t hi, uint64_t lo)
{
	unsigned be = (unsigned)(hi >> 48) & 0x7fff;
	uint64_t fhi = hi & ((1ull << 48) - 1);
	v->neg = (unsigned char)(hi >> 63);
	v->nibbles = 28;
	v->is_zero = 0;
	if (be == 0x7fff) {
		v->kind = (fhi | lo) ? XP_FP_NAN : XP_FP_INF;
		set_m64(v, 0);
		v->e = 0;
		return;
	}
	v->kind = XP_FP_FINITE;
	if (be)
		fhi |= 1ull << 48;
	v->m[0] = (uint32_t)lo;
	v->m[1] = (uint32_t)(lo >> 32);
	v->m[2] = (uint32_t)fhi;
	v->m[3] = (uint32_t)(fhi >> 32);
	v->e = (be ? (int)be : 1) - 16383 - 112;
	v->is_zero = !(fhi | lo);
}

#if LDBL_MANT_DIG == 106
/* IBM double-double: the exact sum hi + lo, as long as it fits 128 bits
 * (lo within 75 binary places of hi; otherwise lo is rounded away). */
__extension__ typedef unsigned __int128 dd_u128; /* -Wpedantic: GNU C */

static void decode_double_double(struct xp_fpval *v, long double ld)
{
	double hi = (double)ld;
	double lo = (double)(ld - hi);
	struct xp_fpval a, b;
	xp_decode_double(&a, hi);
	xp_decode_double(&b, lo);
	*v = a;
	v->nibbles = 13;
	if (a.kind != XP_FP_FINITE || a.is_zero || b.is_zero || a.e - b.e > 75)
		return;
	/* m = a.m << (a.e - b.e) +/- b.m, at exponent b.e */
	int sh = a.e - b.e;
	dd_u128 ma = ((dd_u128)a.m[1] << 32 | a.m[0]) << sh;
	dd_u128 mb = (dd_u128)b.m[1] << 32 | b.m[0];
	dd_u128 m = a.neg == b.neg ? ma + mb : ma - mb;
	v->m[0] = (uint32_t)m;
	v->m[1] = (uint32_t)(m >> 32);
	v->m[2] = (uint32_t)(m >> 64);
	v->m[3] = (uint32_t)(m >> 96);
	v->e = b.e;
}
#endif

void xp_decode_long_double(struct xp_fpval *v, long double ld)
{
#if LDBL_MANT_DIG == 53
	xp_decode_double(v, (double)ld);
#elif LDBL_MANT_DIG == 64 && LDBL_MAX_EXP == 16384
	unsigned char raw[sizeof ld];
	memcpy(raw, &ld, sizeof raw);
	uint64_t mant;
	uint16_t se;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
	memcpy(&se, raw, 2);         /* m68k: sign/exponent, pad, mantissa */
	memcpy(&mant, raw + 4, 8);
#else
	memcpy(&mant, raw, 8);
	memcpy(&se, raw + 8, 2);
#endif
	xp_decode_x87(v, mant, se);
#elif LDBL_MANT_DIG == 113
	uint64_t w[2];
	memcpy(w, &ld, sizeof w);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
	xp_decode_binary128(v, w[0], w[1]);
#else
	xp_decode_binary128(v, w[1], w[0]);
#endif
#elif LDBL_MANT_DIG == 106
	decode_double_double(v, ld);
#else
#error "unsupported long double format"
#endif
}
