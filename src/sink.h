/* sink.h - where formatted bytes go.
 *
 * Every entry point formats into one struct xp_sink.  The sink exposes a
 * writable window [pos, end); the hot path copies into it directly and only
 * calls drain() when the window is full.  drain() must take everything in
 * [base, pos) plus the n bytes at p, then open a new window (possibly
 * empty).  The total produced so far is done + (pos - base).
 */
#ifndef XP_SINK_H
#define XP_SINK_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

struct xp_sink {
	char *base;    /* start of the current window */
	char *pos;     /* next byte to write */
	char *end;     /* end of the current window */
	size_t done;   /* bytes accounted for before base */
	int error;     /* first errno of a failed write; 0 while healthy */
	int counting;  /* nothing more is stored: a full window only counts */
	void (*drain)(struct xp_sink *s, const char *p, size_t n);
};

/* Bytes produced so far. */
static inline size_t xp_sink_count(const struct xp_sink *s)
{
	return s->done + (size_t)(s->pos - s->base);
}

#if defined(__AVX512BW__) && defined(__AVX512VL__)
#include <immintrin.h>

/* Copies of up to this many bytes are made inline (xp_copy_upto32). */
#define XP_COPY_INLINE_MAX 32

/* n <= 32 bytes in masked loads and stores: no branch on n (strings'
 * lengths are as random as the data), and no byte past n read or written
 * (masked-off bytes are not accessed and cannot fault).  Two 16-byte
 * halves rather than one 32-byte move: with no upper register halves in
 * use, the compiler needs no vzeroupper before every call and no realigned
 * stack frame. */
static inline void xp_copy_upto32(char *d, const char *p, size_t n)
{
	__mmask32 k = (__mmask32)((1ull << n) - 1);
	__mmask16 lo = (__mmask16)k, hi = (__mmask16)(k >> 16);
	_mm_mask_storeu_epi8(d, lo, _mm_maskz_loadu_epi8(lo, p));
	size_t at = n > 16 ? 16 : 0; /* no pointer past the objects when unused */
	_mm_mask_storeu_epi8(d + at, hi, _mm_maskz_loadu_epi8(hi, p + at));
}

#else
#define XP_COPY_INLINE_MAX 32

/* Copy n bytes, n small, without a call: overlapping fixed-size moves. */
static inline void xp_copy_small(char *d, const char *p, size_t n)
{
	if (n >= 8) {
		memcpy(d, p, 8);
		memcpy(d + n - 8, p + n - 8, 8);
	} else if (n >= 4) {
		memcpy(d, p, 4);
		memcpy(d + n - 4, p + n - 4, 4);
	} else if (n) {
		d[0] = p[0];
		d[n / 2] = p[n / 2];
		d[n - 1] = p[n - 1];
	}
}

/* n <= 32 bytes the same way. */
static inline void xp_copy_upto32(char *d, const char *p, size_t n)
{
	if (n > 16) {
		memcpy(d, p, 16);
		memcpy(d + n - 16, p + n - 16, 16);
	} else {
		xp_copy_small(d, p, n);
	}
}
#endif

/* The rest of xp_put: n > XP_COPY_INLINE_MAX bytes, or more than the
 * window holds.  Out of line: a long copy costs more than the call, and
 * GCC's bounds warning then does not count it against callers' short
 * local buffers. */
void xp_put_long(struct xp_sink *s, const char *p, size_t n);

static inline void xp_put(struct xp_sink *s, const char *p, size_t n)
{
	if (n <= XP_COPY_INLINE_MAX && n <= (size_t)(s->end - s->pos)) {
		xp_copy_upto32(s->pos, p, n);
		s->pos += n;
	} else {
		xp_put_long(s, p, n);
	}
}

static inline void xp_putc(struct xp_sink *s, char c)
{
	if (s->pos < s->end)
		*s->pos++ = c;
	else
		s->drain(s, &c, 1);
}

/*
 * glibc writes straight into the caller's buffer, and so does xprintf; a
 * %s argument that lies in the bytes being written (sprintf(buf, "x%s",
 * buf)) then reads what the call has written so far.  Does [str, str+len)
 * meet the span bytes about to be written at s->pos?  They meet when
 * 0 < str + len - pos < span + len: one unsigned comparison (a string
 * ending exactly at pos passes too, harmlessly), the only cost the
 * common case pays.
 */
static inline int xp_overlaps_output(const struct xp_sink *s, const char *str, size_t len,
				     size_t span)
{
	return (uintptr_t)str + len - (uintptr_t)s->pos < span + len;
}

/* The string field in that case, written as glibc writes it: padding
 * first, then the bytes, one at a time and forwards for up to 20 of them
 * (repeating what was just written when the source lags behind), as one
 * memmove beyond (the mempcpy of glibc's x86_64 string I/O). */
void xp_emit_overlapping(struct xp_sink *s, size_t fill, int left, const char *str, size_t len);

extern const char xp_spaces[64], xp_zeros[64];
void xp_pad_slow(struct xp_sink *s, char c, size_t n);

/* n copies of c. */
static inline void xp_pad(struct xp_sink *s, char c, size_t n)
{
	if (n <= 32 && n <= (size_t)(s->end - s->pos) && (c == ' ' || c == '0')) {
		xp_copy_upto32(s->pos, c == ' ' ? xp_spaces : xp_zeros, n);
		s->pos += n;
	} else {
		xp_pad_slow(s, c, n);
	}
}

#endif
