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

/* 128-bit helpers on the four-word mantissa. */
static void m_set(uint32_t m[4], uint64_t hi, uint64_t lo)
{
	m[0] = (uint32_t)lo;
	m[1] = (uint32_t)(lo >> 32);
	m[2] = (uint32_t)hi;
	m[3] = (uint32_t)(hi >> 32);
}

static void shl128(uint64_t *hi, uint64_t *lo, int k)
{
	if (k >= 64) {
		*hi = *lo << (k - 64);
		*lo = 0;
	} else if (k > 0) {
		*hi = *hi << k | *lo >> (64 - k);
		*lo <<= k;
	}
}

void xp_decode_double_double(struct xp_fpval *v, double hi, double lo)
{
	struct xp_fpval a, b;
	xp_decode_double(&a, hi);
	xp_decode_double(&b, lo);
	*v = a;
	if (a.kind != XP_FP_FINITE || a.is_zero || b.kind != XP_FP_FINITE || b.is_zero)
		return;
	/* The exact sum needs a.e - b.e + 53 bits; beyond 126 lo cannot be
	 * held and is dropped (it lies far below hi's last place). */
	int sh = a.e - b.e;
	if (sh < 0 || sh > 70)
		return;
	uint64_t ahi = 0, alo = (uint64_t)a.m[1] << 32 | a.m[0];
	uint64_t bm = (uint64_t)b.m[1] << 32 | b.m[0];
	shl128(&ahi, &alo, sh);
	uint64_t rlo, rhi;
	if (a.neg == b.neg) {
		rlo = alo + bm;
		rhi = ahi + (rlo < alo);
	} else {
		rlo = alo - bm;
		rhi = ahi - (alo < bm);
	}
	/* %a: a leading 1 and whole nibbles after it, as for double */
	int bits = rhi ? 128 - __builtin_clzll(rhi) : rlo ? 64 - __builtin_clzll(rlo) : 0;
	int pad = (4 - (bits - 1) % 4) % 4;
	shl128(&rhi, &rlo, pad);
	m_set(v->m, rhi, rlo);
	v->e = b.e - pad;
	v->nibbles = (unsigned char)((bits - 1 + pad) / 4);
	v->is_zero = !(rhi | rlo);
}

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
	double hi = (double)ld;
	xp_decode_double_double(v, hi, (double)(ld - hi));
#else
#error "unsupported long double format"
#endif
}
