/* widen.h - ASCII bytes as wide characters.  Every locale's characters
 * below 0x80 are ASCII (sink_wide.c's decoding relies on it too), so
 * these need no mbrtowc: the bytes are checked, then stored, with no byte
 * read or character written outside the n given. */
#ifndef XP_WIDEN_H
#define XP_WIDEN_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <wchar.h>
#if defined(__SSE2__) && defined(__x86_64__) && __WCHAR_MAX__ > 0xffff
#include <emmintrin.h>
#define XP_WIDEN_SSE2 1
#endif

/* Are the n bytes at p all ASCII?  Word loads, the last one overlapping
 * the one before. */
static inline int xp_is_ascii(const char *p, size_t n)
{
	uint64_t any = 0, a;
	if (n >= 8) {
		for (size_t i = 0; i + 8 < n; i += 8) {
			memcpy(&a, p + i, 8);
			any |= a;
		}
		memcpy(&a, p + n - 8, 8);
		any |= a;
	} else if (n >= 4) {
		uint32_t x, y;
		memcpy(&x, p, 4);
		memcpy(&y, p + n - 4, 4);
		any = x | y;
	} else if (n) {
		any = (unsigned char)p[0] | (unsigned char)p[n / 2] | (unsigned char)p[n - 1];
	}
	return !(any & 0x8080808080808080ull);
}

/* 8 and 4 ASCII bytes as characters. */
static inline void xp_widen8(wchar_t *d, const char *p)
{
#ifdef XP_WIDEN_SSE2
	__m128i z = _mm_setzero_si128();
	__m128i h = _mm_unpacklo_epi8(_mm_loadl_epi64((const __m128i *)(const void *)p), z);
	_mm_storeu_si128((__m128i *)(void *)d, _mm_unpacklo_epi16(h, z));
	_mm_storeu_si128((__m128i *)(void *)(d + 4), _mm_unpackhi_epi16(h, z));
#else
	for (int i = 0; i < 8; i++)
		d[i] = (unsigned char)p[i];
#endif
}

static inline void xp_widen4(wchar_t *d, const char *p)
{
#ifdef XP_WIDEN_SSE2
	int32_t x;
	memcpy(&x, p, 4);
	__m128i z = _mm_setzero_si128();
	__m128i h = _mm_unpacklo_epi8(_mm_cvtsi32_si128(x), z);
	_mm_storeu_si128((__m128i *)(void *)d, _mm_unpacklo_epi16(h, z));
#else
	for (int i = 0; i < 4; i++)
		d[i] = (unsigned char)p[i];
#endif
}

/* The n ASCII bytes at p as characters at d: no loop on n below 8, the
 * last piece overlapping the one before (storing the same characters). */
static inline void xp_widen_ascii(wchar_t *d, const char *p, size_t n)
{
	if (n >= 8) {
		for (size_t i = 0; i + 8 < n; i += 8)
			xp_widen8(d + i, p + i);
		xp_widen8(d + n - 8, p + n - 8);
	} else if (n >= 4) {
		xp_widen4(d, p);
		xp_widen4(d + n - 4, p + n - 4);
	} else if (n) {
		d[0] = (unsigned char)p[0];
		d[n / 2] = (unsigned char)p[n / 2];
		d[n - 1] = (unsigned char)p[n - 1];
	}
}

#endif
