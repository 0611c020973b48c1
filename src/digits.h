/* digits.h - integer to digits, backwards from the end of a buffer.
 * Inline because the driver's fast path and every integer conversion use it. */
#ifndef XP_DIGITS_H
#define XP_DIGITS_H

#include <string.h>
#if defined(__SSE2__) && defined(__x86_64__)
#include <emmintrin.h>
#endif

extern const char xp_two_digits[200];
extern const unsigned long long xp_pow10_u64[20]; /* 10^0 .. 10^19 */
/* The hex digits, lower case then upper case: the one spelling of them. */
extern const char xp_hex_digits[2][17];

static inline const char *xp_hex_alphabet(int upper)
{
	return xp_hex_digits[upper != 0];
}

/* 32-bit arithmetic is cheaper: used once the value fits. */
static inline char *xp_dec32_backwards(char *end, unsigned v)
{
	char *p = end;
	if (v >= 100000000u) {
		/* 9 or 10 digits (half the 32-bit values each): the low 8 as
		 * four pairs whose quotients are each taken from lo, side by
		 * side, rather than one from another in the loop below */
		unsigned hi = v / 100000000u, lo = v - hi * 100000000u;
		unsigned q2 = lo / 100u, q4 = lo / 10000u, q6 = lo / 1000000u;
		memcpy(p - 2, xp_two_digits + 2 * (lo - 100u * q2), 2);
		memcpy(p - 4, xp_two_digits + 2 * (q2 - 100u * q4), 2);
		memcpy(p - 6, xp_two_digits + 2 * (q4 - 100u * q6), 2);
		memcpy(p - 8, xp_two_digits + 2 * q6, 2);
		p -= 8;
		v = hi;
	}
	while (v >= 100) {
		unsigned r = v % 100;
		v /= 100;
		p -= 2;
		memcpy(p, xp_two_digits + 2 * r, 2);
	}
	if (v >= 10) {
		p -= 2;
		memcpy(p, xp_two_digits + 2 * v, 2);
	} else {
		*--p = (char)('0' + v);
	}
	return p;
}

static inline char *xp_dec_backwards(char *end, unsigned long long v)
{
	char *p = end;
	while (v > 0xffffffffu) {
		unsigned r = (unsigned)(v % 100);
		v /= 100;
		p -= 2;
		memcpy(p, xp_two_digits + 2 * r, 2);
	}
	return xp_dec32_backwards(p, (unsigned)v);
}

static inline char *xp_hex_backwards(char *end, unsigned long long v, int upper)
{
	const char *hex = xp_hex_alphabet(upper);
	char *p = end;
	do
		*--p = hex[v & 15];
	while (v >>= 4);
	return p;
}

static inline char *xp_oct_backwards(char *end, unsigned long long v)
{
	char *p = end;
	do
		*--p = (char)('0' + (v & 7));
	while (v >>= 3);
	return p;
}

static inline char *xp_bin_backwards(char *end, unsigned long long v)
{
	char *p = end;
	do
		*--p = (char)('0' + (v & 1));
	while (v >>= 1);
	return p;
}

/*
 * How many digits v has, so that a caller can write them straight into
 * its destination.  Making digits in a stack buffer and copying them out
 * costs more than it seems: the copy's 8-byte loads span the 1- and 2-byte
 * stores that made the digits, the CPU cannot forward them from its store
 * buffer, and waits for them to retire.
 */
static inline unsigned xp_dec_len(unsigned long long v)
{
	/* v | 1 has as many digits as v (powers of ten above 1 are even) and
	 * is never 0.  bits * 1233 / 4096 is floor(log10(2^bits)). */
	unsigned bits = 64u - (unsigned)__builtin_clzll(v | 1);
	unsigned t = (bits * 1233u) >> 12;
	return t + ((v | 1) >= xp_pow10_u64[t]);
}

static inline unsigned xp_hex_len(unsigned long long v)
{
	return (67u - (unsigned)__builtin_clzll(v | 1)) / 4u;
}

/* The 8 hex digits of v as a word that memcpy stores as the 8 characters,
 * most significant first; without a loop. */
static inline unsigned long long xp_hex8(unsigned v, int upper)
{
	unsigned long long x = v;
	x = (x | x << 16) & 0x0000ffff0000ffffull;
	x = (x | x << 8) & 0x00ff00ff00ff00ffull;
	x = (x | x << 4) & 0x0f0f0f0f0f0f0f0full; /* nibble k in byte k */
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	x = __builtin_bswap64(x); /* the top nibble's byte first in memory */
#endif
	unsigned long long letters = ((x + 0x0606060606060606ull) >> 4) & 0x0101010101010101ull;
	return x + 0x3030303030303030ull + letters * (upper ? 7u : 39u);
}

/* The 8 decimal digits of v (< 10^8), leading zeros included, as digit
 * values 0..9 in the bytes of a word, the first digit in the lowest byte
 * (in memory order on little-endian hosts).  Lanes of one word divided by
 * 10^4, 10^2 and 10 at once, by multiplications exact over the lanes'
 * ranges: no loop of dependent divisions. */
static inline unsigned long long xp_dec8_lanes(unsigned v)
{
	unsigned long long x = v / 10000u | (unsigned long long)(v % 10000u) << 32;
	unsigned long long q = ((x * 10486u) >> 20) & 0x0000007f0000007full; /* lane / 100 */
	x = q | (x - q * 100u) << 16;
	q = ((x * 103u) >> 10) & 0x000f000f000f000full; /* lane / 10 */
	return q | (x - q * 10u) << 8;
}

/* The 8 characters that start k (1..7) characters into the 16 stored by
 * words a then b (as xp_hex8 makes them). */
static inline unsigned long long xp_chars_at(unsigned long long a, unsigned long long b, int k)
{
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	return a >> (8 * k) | b << (64 - 8 * k);
#else
	return a << (8 * k) | b >> (64 - 8 * k);
#endif
}

#if defined(__SSE2__) && defined(__x86_64__)
/* All 16 hex digits of v, most significant first, as the two words memcpy
 * stores as characters 0-7 (*hi) and 8-15 (*lo): one vector for the 16
 * nibbles instead of xp_hex8 twice. */
static inline void xp_hex16(unsigned long long v, int upper, unsigned long long *hi,
			    unsigned long long *lo)
{
	unsigned long long b = __builtin_bswap64(v); /* the top byte first in memory */
	__m128i high = _mm_cvtsi64_si128((long long)(b >> 4 & 0x0f0f0f0f0f0f0f0full));
	__m128i low = _mm_cvtsi64_si128((long long)(b & 0x0f0f0f0f0f0f0f0full));
	__m128i n = _mm_unpacklo_epi8(high, low); /* one nibble a byte, in order */
	__m128i letter = _mm_cmpgt_epi8(n, _mm_set1_epi8(9));
	n = _mm_add_epi8(n, _mm_set1_epi8('0'));
	n = _mm_add_epi8(n, _mm_and_si128(letter, _mm_set1_epi8(upper ? 'A' - '9' - 1 : 'a' - '9' - 1)));
	*hi = (unsigned long long)_mm_cvtsi128_si64(n);
	*lo = (unsigned long long)_mm_cvtsi128_si64(_mm_unpackhi_epi64(n, n));
}
#else
static inline void xp_hex16(unsigned long long v, int upper, unsigned long long *hi,
			    unsigned long long *lo)
{
	*hi = xp_hex8((unsigned)(v >> 32), upper);
	*lo = xp_hex8((unsigned)v, upper);
}
#endif

/* v (below 16^len) as len hex digits at d, leading zeros included: exactly
 * len (at most 16) bytes, made in registers and stored in at most two
 * overlapping moves. */
static inline void xp_hex_exact(char *d, unsigned long long v, unsigned len, int upper)
{
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	if (len > 8) {
		unsigned long long hi, lo;
		xp_hex16(v, upper, &hi, &lo);
		unsigned long long first = len == 16 ? hi : xp_chars_at(hi, lo, (int)(16 - len));
		memcpy(d, &first, 8);
		memcpy(d + len - 8, &lo, 8);
		return;
	}
	unsigned long long lo = xp_hex8((unsigned)v, upper);
	if (len >= 4) {
		unsigned a = (unsigned)(lo >> (8 * (8 - len))), b = (unsigned)(lo >> 32);
		memcpy(d, &a, 4);
		memcpy(d + len - 4, &b, 4);
	} else {
		for (unsigned i = 0; i < len; i++)
			d[i] = (char)(lo >> (8 * (8 - len + i)));
	}
#else
	const char *hex = xp_hex_alphabet(upper);
	for (unsigned i = len; i-- > 0; v >>= 4)
		d[i] = hex[v & 15];
#endif
}

static inline char *xp_digits_backwards(char *end, unsigned long long v, unsigned base, int upper)
{
	switch (base) {
	case 10: return xp_dec_backwards(end, v);
	case 16: return xp_hex_backwards(end, v, upper);
	case 8: return xp_oct_backwards(end, v);
	default: return xp_bin_backwards(end, v);
	}
}

#endif
