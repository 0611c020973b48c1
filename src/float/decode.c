/* decode.c - split double and long double into sign, class, m * 2^e.
 * <float.h> selects the long double layout, so x87, binary128 and
 * double-double hosts all decode exactly. */
#include "decode.h"

#include <float.h>
#include <string.h>

void xp_decode_x87(struct xp_fpval *v, uint64_t mant, unsigned sign_exp)
{
	unsigned be = sign_exp & 0x7fff;
	v->neg = (unsigned char)((sign_exp >> 15) & 1);
	v->nibbles = 15; /* glibc prints the explicit integer bit in a full nibble */
	v->is_zero = 0;
	/* Encodings the x87 rejects print as glibc's __isnanl sees them: an
	 * unnormal (exponent non-zero, integer bit clear) and a
	 * pseudo-infinity are NaN; a pseudo-denormal is a number. */
	int unnormal = be != 0 && !(mant >> 63);
	if (be == 0x7fff || unnormal) {
		v->kind = (mant << 1) || unnormal ? XP_FP_NAN : XP_FP_INF;
		xp_fpval_set_m64(v, 0);
		v->e = 0;
		return;
	}
	v->kind = XP_FP_FINITE;
	xp_fpval_set_m64(v, mant);
	v->e = (be ? (int)be : 1) - 16383 - 63;
	v->is_zero = mant == 0;
	v->pseudo_denormal = !be && mant >> 63;
}

void xp_decode_binary128(struct xp_fpval *v, uint64_t hi, uint64_t lo)
{
	v->pseudo_denormal = 0;
	unsigned be = (unsigned)(hi >> 48) & 0x7fff;
	uint64_t fhi = hi & ((1ull << 48) - 1);
	v->neg = (unsigned char)(hi >> 63);
	v->nibbles = 28;
	v->is_zero = 0;
	if (be == 0x7fff) {
		v->kind = (fhi | lo) ? XP_FP_NAN : XP_FP_INF;
		xp_fpval_set_m64(v, 0);
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

static void m_set(uint32_t m[4], uint64_t hi, uint64_t lo)
{
	m[0] = (uint32_t)lo;
	m[1] = (uint32_t)(lo >> 32);
	m[2] = (uint32_t)hi;
	m[3] = (uint32_t)(hi >> 32);
}

/* x << k, 0 from 64 on (glibc on ppc64 prints 0 for hi = 0, lo = 1.0,
 * lo shifted left by 1076 there). */
static uint64_t shl_or_zero(uint64_t x, unsigned k)
{
	return k >= 64 ? 0 : x << k;
}

/*
 * IBM double-double as glibc 2.36 prints it, which is not always the exact
 * sum hi + lo: glibc aligns lo to the 53 bits below hi's last place (with 7
 * guard bits), truncating what lies further down, and takes a negative lo
 * as a borrow from hi (sysdeps/ieee754/ldbl-128ibm: ldbl2mpn.c for e f g,
 * printf_fphex.c for a).  The two differ in the guard bits, which %a
 * prints and e f g drop.  For a canonical pair (|lo| at most half an ulp
 * of hi, the two at most 60 bits apart) both give the exact sum.
 */
void xp_decode_double_double(struct xp_fpval *v, double hi, double lo, int hex)
{
	uint64_t hb, lb;
	memcpy(&hb, &hi, sizeof hb);
	memcpy(&lb, &lo, sizeof lb);
	xp_decode_double(v, hi); /* sign and class are hi's */
	if (v->kind != XP_FP_FINITE)
		return;
	int ehi = (int)(hb >> 52 & 0x7ff), elo = (int)(lb >> 52 & 0x7ff);
	uint64_t h = hb & ((1ull << 52) - 1);
	uint64_t l = (lb & ((1ull << 52) - 1)) << 7;
	l = elo ? l | 1ull << 59 : l << 1;
	int gap = ehi - elo - 53;
	if (gap > 63)
		l = 0;
	else if (gap > 0)
		l >>= gap;
	else if (gap < 0)
		l = shl_or_zero(l, (unsigned)-gap);
	int borrow = 0;
	if ((hb >> 63) != (lb >> 63) && l) {
		l = (1ull << 60) - l;
		if (!h) {
			h = 0x000ffffffffffffeull | l >> 59;
			l = 0x0fffffffffffffffull & l << 1;
			borrow = 1;
		} else {
			h--;
		}
	}
	if (hex) {
		/* A leading digit, then 28 nibbles: hi's 52 bits, lo's 60. */
		int field = (ehi - borrow) & 0x7ff; /* glibc decrements the bit-field */
		uint64_t num1 = h << 60 | l, num0 = h >> 4;
		int zero_mantissa = !(num0 | num1);
		m_set(v->m, num0 | (uint64_t)(field != 0) << 48, num1);
		v->nibbles = 28;
		v->is_zero = !field && zero_mantissa;
		v->e = (field ? field - 1023 : zero_mantissa ? 0 : -1022) - 112;
		return;
	}
	/* A 106-bit integer times 2^(exponent - 105), as __mpn_extract_long_double. */
	uint64_t r0 = h << 53 | l >> 7, r1 = h >> 11;
	if (ehi) {
		r1 |= 1ull << 41;
		v->e = ehi - 1023 - borrow - 105;
	} else {
		v->e = -1022 - 105; /* denormal hi: its exponent is the minimum */
	}
	m_set(v->m, r1, r0);
	v->is_zero = !(r0 | r1);
	v->nibbles = 26;
}

void xp_decode_long_double(struct xp_fpval *v, long double ld, int hex)
{
	(void)hex;
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
	double d[2]; /* the pair as stored: arithmetic could renormalise it */
	memcpy(d, &ld, sizeof d);
	xp_decode_double_double(v, d[0], d[1], hex);
#else
#error "unsupported long double format"
#endif
}
