/* float_pow10.h - 128-bit approximations of powers of ten (generated). */
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

#endif
