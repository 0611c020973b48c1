/* sink_wide.h - where a wide call's characters go.
 *
 * The engine's converters write bytes into the struct xp_sink window:
 * digits, signs, padding, the locale's multibyte radix and separators, a
 * %p extension's text.  A wide sink decodes those bytes with the locale's
 * mbrtowc (ASCII without a call) and passes the characters on; text that
 * is wide already (the format's literal text, %ls, %lc, a converted %s)
 * goes straight through xp_wide_write, into the destination's room when
 * it fits, else to the write callback.  sink.done counts wide characters;
 * the bytes still in the window count as one each until they are decoded,
 * which the driver does after every directive.
 */
#ifndef XP_SINK_WIDE_H
#define XP_SINK_WIDE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <wchar.h>

#include "sink.h"

struct xp_wide_sink {
	struct xp_sink sink;
	/* Room in the destination itself (swprintf's buffer, a stream's
	 * held characters): characters that fit are stored at wpos
	 * directly, counted in sink.done at once.  Empty once the sink
	 * fails. */
	wchar_t *wpos, *wend;
	mbstate_t state;      /* a character split between two drains */
	int partial;          /* state holds part of a character */
	/* Pass n characters on (never called while sink.counting).  A failed
	 * write sets sink.error and sink.counting. */
	void (*write)(struct xp_wide_sink *w, const wchar_t *p, size_t n);
	/* glibc's outchar: 0, or -1 when the destination refuses c (WEOF). */
	int (*put_char)(struct xp_wide_sink *w, wint_t c);
	/* Pass on what the room holds back, if the destination must see it
	 * before output that may fail or have side effects (NULL: nothing
	 * to do). */
	void (*sync)(struct xp_wide_sink *w);
	char window[256];
};

/* The window's drain (sink.h): decodes the bytes. */
void xp_wide_drain(struct xp_sink *s, const char *p, size_t n);

/* The common part of a destination's set-up; the destination sets wpos
 * and wend. */
static inline void xp_wide_init(struct xp_wide_sink *w,
				void (*write)(struct xp_wide_sink *, const wchar_t *, size_t),
				int (*put_char)(struct xp_wide_sink *, wint_t))
{
	struct xp_sink *s = &w->sink;
	s->base = s->pos = w->window;
	s->end = w->window + sizeof w->window;
	s->done = 0;
	s->error = 0;
	s->counting = 0;
	s->drain = xp_wide_drain;
	memset(&w->state, 0, sizeof w->state);
	w->partial = 0;
	w->write = write;
	w->put_char = put_char;
	w->sync = NULL;
}
void xp_wide_write_slow(struct xp_wide_sink *w, const wchar_t *p, size_t n);

/* Room for n characters at wpos. */
static inline int xp_wide_room(const struct xp_wide_sink *w, size_t n)
{
	return n <= (size_t)(w->wend - w->wpos);
}

void xp_wide_flush_window(struct xp_wide_sink *w);

/* Decode the bytes in the window and pass them on.  Inline as far as the
 * test: the window is mostly empty here. */
static inline __attribute__((always_inline)) void xp_wide_flush(struct xp_wide_sink *w)
{
	if (w->sink.pos != w->sink.base)
		xp_wide_flush_window(w);
}

/* n characters; up to 8 (literal text between directives, short words)
 * without a call, in two overlapping moves (as sink.h's xp_copy_small). */
static inline void xp_wide_copy(wchar_t *d, const wchar_t *p, size_t n)
{
	if (n > 8) {
		memcpy(d, p, n * sizeof *p);
	} else if (n >= 4) {
		memcpy(d, p, 4 * sizeof *p);
		memcpy(d + n - 4, p + n - 4, 4 * sizeof *p);
	} else if (n >= 2) {
		memcpy(d, p, 2 * sizeof *p);
		memcpy(d + n - 2, p + n - 2, 2 * sizeof *p);
	} else if (n) {
		*d = *p;
	}
}

/* Wide text as it is. */
static inline __attribute__((always_inline)) void xp_wide_write(struct xp_wide_sink *w, const wchar_t *p, size_t n)
{
	xp_wide_flush(w);
	if (xp_wide_room(w, n)) {
		xp_wide_copy(w->wpos, p, n);
		w->wpos += n;
		w->sink.done += n;
		return;
	}
	xp_wide_write_slow(w, p, n);
}
/* Before a conversion other than the fast path's own stores (which may
 * fail, or have side effects as %n has): everything so far goes to the
 * destination. */
static inline void xp_wide_sync(struct xp_wide_sink *w)
{
	xp_wide_flush(w);
	if (w->sync)
		w->sync(w);
}

/* One character the way glibc's outchar writes it: -1 when refused. */
int xp_wide_put_char(struct xp_wide_sink *w, wint_t c);
/* A sink failed: keep counting, store nothing more. */
void xp_wide_fail(struct xp_wide_sink *w, int err);

/* swprintf: at most maxlen - 1 characters, then L'\0' if everything fit. */
struct xp_wbuffer_sink {
	struct xp_wide_sink w; /* w.wpos: the next character's place */
	wchar_t *buf;
	int overflow;          /* a character did not fit */
};
void xp_wbuffer_write(struct xp_wide_sink *w, const wchar_t *p, size_t n);
int xp_wbuffer_put_char(struct xp_wide_sink *w, wint_t c);

/* maxlen > 0.  Inline: a call of swprintf is then one function deep
 * until the driver loop. */
static inline void xp_wbuffer_init(struct xp_wbuffer_sink *b, wchar_t *buf, size_t maxlen)
{
	xp_wide_init(&b->w, xp_wbuffer_write, xp_wbuffer_put_char);
	/* No object is larger than PTRDIFF_MAX bytes. */
	size_t most = PTRDIFF_MAX / sizeof *buf;
	b->buf = buf;
	b->w.wpos = buf;
	b->w.wend = buf + (maxlen - 1 < most ? maxlen - 1 : most);
	b->overflow = 0;
	buf[0] = L'\0'; /* glibc's first store, kept when nothing fits */
}

/* 1 when the output did not fit (nothing terminated then, as glibc). */
static inline int xp_wbuffer_finish(struct xp_wbuffer_sink *b)
{
	if (b->overflow)
		return 1;
	*b->w.wpos = L'\0';
	return 0;
}

/* fwprintf: the caller holds the stream lock. */
enum { XP_WSTREAM_HELD = 512 };
struct xp_wstream_sink {
	struct xp_wide_sink w; /* w's room: what is left of held, if anything */
	FILE *file;
	int silent_failure;   /* a write failed without setting errno */
	/* An unbuffered stream (stderr): glibc formats into a helper buffer
	 * and writes that when it is full and at the end, so a refused WEOF
	 * is held, not put.  Everything goes through held. */
	int unbuffered;
	/* A fully buffered stream: the fast path's stores wait in held (one
	 * write to the stream instead of one a piece), written when it is
	 * full, before any other output (xp_wide_sync) and at the end: the
	 * stream's own buffer then sees the same characters in the same
	 * order, and fills and fails at the same places.  A line-buffered
	 * stream's writes go out at once: it flushes per write at '\n'. */
	int staged;
	/* Staged in the stream's own wide buffer: the room is the rest of its
	 * put area, which glibc's wide xsputn would only copy into; stores
	 * there become the stream's when its write pointer is moved past
	 * them, before any other output (then the room is held). */
	int in_file_buffer;
	wchar_t held[XP_WSTREAM_HELD + 1]; /* + 1: fputws's terminator */
};
/* -1 with errno as glibc's fwprintf: a byte-oriented stream fails with
 * errno unchanged, one that cannot be written with EBADF. */
int xp_wstream_init(struct xp_wstream_sink *st, FILE *f);
int xp_wstream_finish(struct xp_wstream_sink *st); /* 0 or errno */

#endif
