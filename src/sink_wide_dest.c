/* sink_wide_dest.c - the destinations of the wide calls: a wchar_t
 * buffer (swprintf) and a wide-oriented stdio stream (fwprintf). */
#define _GNU_SOURCE
#include "sink_wide.h"

#include <errno.h>
#include <stdint.h>
#include <stdio_ext.h>
#include <string.h>

void xp_wbuffer_write(struct xp_wide_sink *w, const wchar_t *p, size_t n)
{
	struct xp_wbuffer_sink *b = (struct xp_wbuffer_sink *)w;
	size_t left = (size_t)(w->wend - w->wpos);
	size_t k = n < left ? n : left;
	memcpy(w->wpos, p, k * sizeof *p);
	w->wpos += k;
	if (k < n)
		b->overflow = 1;
}

/* glibc stores even WEOF, then fails the call because putwc returned it. */
int xp_wbuffer_put_char(struct xp_wide_sink *w, wint_t c)
{
	struct xp_wbuffer_sink *b = (struct xp_wbuffer_sink *)w;
	if (w->wpos < w->wend)
		*w->wpos++ = (wchar_t)c;
	else
		b->overflow = 1;
	return c == WEOF ? -1 : 0;
}

/* fputws stops at L'\0': runs between NULs, each NUL with putwc.
 * Returns 1 when a call failed. */
static int stream_put(FILE *f, const wchar_t *p, size_t n)
{
	wchar_t run[129];
	while (n) {
		if (*p == L'\0') {
			if (putwc_unlocked(L'\0', f) == WEOF)
				return 1;
			p++, n--;
			continue;
		}
		size_t k = 0;
		while (k < n && k < 128 && p[k])
			k++;
		memcpy(run, p, k * sizeof *p);
		run[k] = L'\0';
		if (fputws_unlocked(run, f) < 0)
			return 1;
		p += k, n -= k;
	}
	return 0;
}

/* As the narrow stream sink: a write that sets the stream's error flag
 * fails (a line-buffered stream's flush at '\n'), even when the flag was
 * already set before. */
static void stream_write_now(struct xp_wide_sink *w, const wchar_t *p, size_t n)
{
	struct xp_wstream_sink *st = (struct xp_wstream_sink *)w;
	FILE *f = st->file;
#ifdef _IO_ERR_SEEN
	int had = f->_flags & _IO_ERR_SEEN;
	f->_flags &= ~_IO_ERR_SEEN;
	int failed = stream_put(f, p, n) || (f->_flags & _IO_ERR_SEEN);
	f->_flags |= had | (failed ? _IO_ERR_SEEN : 0);
#else
	int failed = stream_put(f, p, n) || (!st->had_error && ferror_unlocked(f));
#endif
	if (!failed)
		return;
	/* glibc's fwprintf then fails leaving errno as it was: 0 stays 0. */
	if (!errno)
		st->silent_failure = 1;
	xp_wide_fail(w, errno ? errno : EIO);
}

static void flush_held(struct xp_wstream_sink *st)
{
	if (st->nheld)
		stream_write_now(&st->w, st->held, st->nheld);
	st->nheld = 0;
}

static void stream_write(struct xp_wide_sink *w, const wchar_t *p, size_t n)
{
	struct xp_wstream_sink *st = (struct xp_wstream_sink *)w;
	if (!st->unbuffered) {
		stream_write_now(w, p, n);
		return;
	}
	while (n && !w->sink.counting) {
		size_t room = sizeof st->held / sizeof st->held[0] - st->nheld;
		size_t k = n < room ? n : room;
		wmemcpy(st->held + st->nheld, p, k);
		st->nheld += k;
		p += k, n -= k;
		if (n)
			flush_held(st);
	}
}

/* putwc, as glibc's outchar: WEOF comes back for c == WEOF once the
 * stream has a buffer (a failure, errno unchanged), or for a failed
 * write (errno set).  glibc's helper buffer for an unbuffered stream
 * always has one: WEOF is stored, and refused. */
static int stream_put_char(struct xp_wide_sink *w, wint_t c)
{
	struct xp_wstream_sink *st = (struct xp_wstream_sink *)w;
	if (c != WEOF || st->unbuffered) {
		stream_write(w, (const wchar_t[]){ (wchar_t)c }, 1);
		return c == WEOF ? -1 : 0;
	}
	return putwc_unlocked((wchar_t)c, st->file) == WEOF ? -1 : 0;
}

/* glibc's libio flag for an unbuffered stream (not in its public headers,
 * unlike _IO_ERR_SEEN next to it). */
#define XP_IO_UNBUFFERED 0x0002

static int is_unbuffered(FILE *f)
{
#ifdef _IO_ERR_SEEN
	return (f->_flags & XP_IO_UNBUFFERED) != 0;
#else
	(void)f;
	return 0;
#endif
}

int xp_wstream_init(struct xp_wstream_sink *st, FILE *f)
{
	xp_wide_init(&st->w, stream_write, stream_put_char);
	st->w.wpos = st->w.wend = st->held; /* no room: every write goes out */
	st->file = f;
	st->had_error = ferror_unlocked(f) != 0;
	st->silent_failure = 0;
	st->unbuffered = is_unbuffered(f);
	st->nheld = 0;
	if (fwide(f, 1) <= 0) /* byte-oriented: glibc fails, errno unchanged */
		return -1;
	if (!__fwritable(f)) {
		/* Let stdio record the error on the stream as glibc does. */
		errno = 0;
		putwc_unlocked(L'\0', f);
		if (!errno)
			errno = EBADF;
		return -1;
	}
	return 0;
}

int xp_wstream_finish(struct xp_wstream_sink *st)
{
	xp_wide_flush(&st->w);
	/* what the helper holds goes out even after a failure, as in glibc */
	flush_held(st);
	return st->w.sink.error;
}
