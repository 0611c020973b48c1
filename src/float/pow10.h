/* pow10.h - 128-bit approximations of powers of ten (generated). */
#ifndef XP_FLOAT_POW10_H
#define XP_FLOAT_POW10_H

#include <stdint.h>

#define XP_POW10_MIN (-310)
#define XP_POW10_MAX 345

/* 10^j lies in [T, T+1) * 2^exp, T = hi * 2^64 + lo, 2^127 <= T < 2^128. */
struct xp_pow10 {
	uint64_t hi, lo;
	int16_t exp;
	uint8_t exact; /* T * 2^exp is exactly 10^j */
};

extern const struct xp_pow10 xp_pow10_tab[XP_POW10_MAX - XP_POW10_MIN + 1];

/* 10^(64k) for XP_POW10_KMIN <= k <= XP_POW10_KMAX, and 10^b for b < 64:
 * the long double range as a product of two (error below 3 units). */
#define XP_POW10_KMIN (-78)
#define XP_POW10_KMAX 78
extern const struct xp_pow10 xp_pow10_coarse[XP_POW10_KMAX - XP_POW10_KMIN + 1];

/* The fine powers are xp_pow10_tab's own entries from 10^0 on. */
_Static_assert(XP_POW10_MIN <= 0 && XP_POW10_MAX >= 63, "10^0 .. 10^63 in xp_pow10_tab");
static inline const struct xp_pow10 *xp_pow10_fine(int b)
{
	return &xp_pow10_tab[b - XP_POW10_MIN];
}

/* The same powers with 256-bit mantissas, least significant limb first. */
struct xp_pow10w {
	uint64_t w[4];
	int16_t exp;
	uint8_t exact;
};
extern const struct xp_pow10w xp_pow10w_coarse[XP_POW10_KMAX - XP_POW10_KMIN + 1];
extern const struct xp_pow10w xp_pow10w_fine[64];

#endif
