/* wide_digits.h - integers as wide characters, stored straight into the
 * destination: the digits are made in registers (digits.h's xp_dec8_lanes
 * and xp_hex8, eight characters a word) and widened there, so that no
 * byte is stored only to be loaded again.  Little-endian hosts (the words'
 * first character is then their lowest byte); run_wide_fast.h tests
 * XP_WIDE_DIGITS. */
#ifndef XP_WIDE_DIGITS_H
#define XP_WIDE_DIGITS_H

#include <stdint.h>
#include <wchar.h>

#include "digits.h"
#include "widen.h"

#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define XP_WIDE_DIGITS 1

/* The first k (0..8) characters of word, the first in its lowest byte, at
 * d: exactly k of them (as xp_widen_ascii, two overlapping stores). */
static inline __attribute__((always_inline)) void xp_wput_word(wchar_t *d, uint64_t word, unsigned k)
{
#ifdef XP_WIDEN_SSE2
	__m128i z = _mm_setzero_si128();
	if (k == 8) {
		__m128i h = _mm_unpacklo_epi8(_mm_cvtsi64_si128((long long)word), z);
		_mm_storeu_si128((__m128i *)(void *)d, _mm_unpacklo_epi16(h, z));
		_mm_storeu_si128((__m128i *)(void *)(d + 4), _mm_unpackhi_epi16(h, z));
	} else if (k >= 4) {
		__m128i a = _mm_unpacklo_epi8(_mm_cvtsi32_si128((int)(uint32_t)word), z);
		__m128i b = _mm_unpacklo_epi8(_mm_cvtsi32_si128((int)(uint32_t)(word >> (8 * (k - 4)))), z);
		_mm_storeu_si128((__m128i *)(void *)d, _mm_unpacklo_epi16(a, z));
		_mm_storeu_si128((__m128i *)(void *)(d + k - 4), _mm_unpacklo_epi16(b, z));
	} else if (k) {
		d[0] = (wchar_t)(word & 0xff);
		d[k / 2] = (wchar_t)(word >> (8 * (k / 2)) & 0xff);
		d[k - 1] = (wchar_t)(word >> (8 * (k - 1)) & 0xff);
	}
#else
	for (unsigned i = 0; i < k; i++)
		d[i] = (wchar_t)(word >> (8 * i) & 0xff);
#endif
}

/* The 8 decimal digits of v (< 10^8) as characters, leading zeros included. */
static inline uint64_t xp_dec8_chars(unsigned v)
{
	return xp_dec8_lanes(v) + 0x3030303030303030ull;
}

/* v in decimal, len (xp_dec_len(v)) characters at d: eight at a time from
 * the right. */
static inline __attribute__((always_inline)) void xp_wput_dec(wchar_t *d, unsigned long long v, unsigned len)
{
	while (len > 8) {
		unsigned long long hi = v / 100000000u;
		xp_wput_word(d + len - 8, xp_dec8_chars((unsigned)(v - hi * 100000000u)), 8);
		v = hi;
		len -= 8;
	}
	xp_wput_word(d, xp_dec8_chars((unsigned)v) >> (8 * (8 - len)), len);
}

/* v in hexadecimal as len (1..16, xp_hex_len(v) or more: leading zeros)
 * characters at d. */
static inline __attribute__((always_inline)) void xp_wput_hex(wchar_t *d, unsigned long long v, unsigned len, int upper)
{
	if (len > 8) {
		xp_wput_word(d + len - 8, xp_hex8((unsigned)v, upper), 8);
		v >>= 32;
		len -= 8;
	}
	xp_wput_word(d, xp_hex8((unsigned)v, upper) >> (8 * (8 - len)), len);
}

#endif
#endif
