/* sink_wide_dest.c - the destinations of the wide calls: a wchar_t
 * buffer (swprintf) and a wide-oriented stdio stream (fwprintf). */
#define _GNU_SOURCE
#include "sink_wide.h"

#include <errno.h>
#include <stdint.h>
#include <stdio_ext.h>
#include <string.h>

#include "libio_flags.h"

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
 * terminated: p[n] is L'\0' (held), so that text without a NUL is
 * written from where it is.  Returns 1 when a call failed. */
static int stream_put(FILE *f, const wchar_t *p, size_t n, int terminated)
{
	if (terminated && !wmemchr(p, L'\0', n))
		return fputws_unlocked(p, f) < 0;
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

/* A stdio call failed: so does the call, with the errno it left (glibc's
 * fwprintf leaves errno as it was: 0 stays 0). */
static void stream_failed(struct xp_wstream_sink *st)
{
	if (!errno)
		st->silent_failure = 1;
	xp_wide_fail(&st->w, errno ? errno : EIO);
}

/* A write fails when fputws or putwc does.  Unlike the narrow stream
 * sink, not when it only sets the error flag: glibc's wide xsputn ignores
 * a line-buffered stream's failed flush at '\n' (the call succeeds). */
static void stream_write_now(struct xp_wstream_sink *st, const wchar_t *p, size_t n,
			     int terminated)
{
	if (stream_put(st->file, p, n, terminated))
		stream_failed(st);
}

#ifdef _IO_ERR_SEEN
/* The head of glibc's struct _IO_wide_data, which <stdio.h> leaves
 * incomplete: the wide put area that libio.h's putwc macro wrote into
 * (so part of the ABI since 2.2, as the FILE fields are). */
struct wide_put_area {
	wchar_t *read_ptr, *read_end, *read_base;
	wchar_t *write_base, *write_ptr, *write_end;
};

static struct wide_put_area *wide_put_area(FILE *f)
{
	return (struct wide_put_area *)(void *)f->_wide_data;
}
#endif

/* What the room holds goes out: stores in the stream's buffer become the
 * stream's, those in held are written; the room is held, empty (and stays
 * without room once the sink failed). */
static void flush_held(struct xp_wstream_sink *st)
{
	struct xp_wide_sink *w = &st->w;
#ifdef _IO_ERR_SEEN
	if (st->in_file_buffer) {
		wide_put_area(st->file)->write_ptr = w->wpos;
		st->in_file_buffer = 0;
		w->wpos = st->held;
	}
#endif
	size_t n = (size_t)(w->wpos - st->held);
	w->wpos = st->held;
	if (n) {
		st->held[n] = L'\0';
		stream_write_now(st, st->held, n, 1);
	}
	w->wend = w->sink.counting ? w->wpos : st->held + XP_WSTREAM_HELD;
}

static void stream_sync(struct xp_wide_sink *w)
{
	flush_held((struct xp_wstream_sink *)w);
}

static void stream_write(struct xp_wide_sink *w, const wchar_t *p, size_t n)
{
	struct xp_wstream_sink *st = (struct xp_wstream_sink *)w;
	if (!st->unbuffered) {
		if (st->staged)
			flush_held(st);
		if (!w->sink.counting)
			stream_write_now(st, p, n, 0);
		return;
	}
	while (n && !w->sink.counting) {
		size_t room = (size_t)(w->wend - w->wpos);
		size_t k = n < room ? n : room;
		wmemcpy(w->wpos, p, k);
		w->wpos += k;
		p += k, n -= k;
		if (n)
			flush_held(st);
	}
}

/* putwc, as glibc's outchar: WEOF comes back for c == WEOF once the
 * stream has a buffer (a failure, errno unchanged), or for a failed
 * write (errno set).  glibc's helper buffer for an unbuffered stream
 * always has one: WEOF is stored, and refused.  A fully buffered stream
 * stages the character with the rest. */
static int stream_put_char(struct xp_wide_sink *w, wint_t c)
{
	struct xp_wstream_sink *st = (struct xp_wstream_sink *)w;
	if (st->unbuffered || (c != WEOF && st->staged)) {
		stream_write(w, (const wchar_t[]){ (wchar_t)c }, 1);
		return c == WEOF ? -1 : 0;
	}
	if (st->staged)
		flush_held(st);
	/* A line-buffered stream flushes at a '\n' from putwc and fails the
	 * call when that write fails (fputws would let it pass), and putwc of
	 * WEOF flushes a stream whose buffer has no room.  glibc's call then
	 * fails with errno as the stream's writes left it (ENOSPC from this
	 * flush, or from an earlier one that fputws let pass), not as the call
	 * received it. */
	if (putwc_unlocked((wchar_t)c, st->file) != WEOF)
		return 0;
	if (c != WEOF || errno) /* else WEOF refused, no write failed */
		stream_failed(st);
	return -1;
}

static int is_unbuffered(FILE *f)
{
#ifdef _IO_ERR_SEEN
	return (f->_flags & XP_IO_UNBUFFERED) != 0;
#else
	(void)f;
	return 0;
#endif
}

/* Wide-oriented already, and writable, without a call where glibc's FILE
 * says so (its _mode, and its libio flag for a stream opened read-only). */

static int is_wide(FILE *f)
{
#ifdef _IO_ERR_SEEN
	return f->_mode > 0;
#else
	(void)f;
	return 0;
#endif
}

static int is_writable(FILE *f)
{
#ifdef _IO_ERR_SEEN
	return !(f->_flags & XP_IO_NO_WRITES);
#else
	return __fwritable(f) != 0;
#endif
}

/* Fully buffered, and known to be: a stream without a buffer yet decides
 * on line buffering (a terminal) when its first write allocates one. */
static int is_fully_buffered(FILE *f)
{
#ifdef _IO_ERR_SEEN
	return !(f->_flags & (XP_IO_UNBUFFERED | XP_IO_LINE_BUF)) && f->_IO_buf_base;
#else
	(void)f;
	return 0;
#endif
}

int xp_wstream_init(struct xp_wstream_sink *st, FILE *f)
{
	xp_wide_init(&st->w, stream_write, stream_put_char);
	st->file = f;
	st->silent_failure = 0;
	st->in_file_buffer = 0;
	st->unbuffered = is_unbuffered(f);
	st->staged = is_fully_buffered(f);
	st->w.wpos = st->held;
	/* held is the room of an unbuffered stream's helper and of a fully
	 * buffered stream's staging; a line-buffered one has none */
	st->w.wend = st->held + (st->unbuffered || st->staged ? XP_WSTREAM_HELD : 0);
	if (st->staged)
		st->w.sync = stream_sync;
	if (!is_wide(f) && fwide(f, 1) <= 0) /* byte-oriented: glibc fails, errno unchanged */
		return -1;
	if (!is_writable(f)) {
		/* Let stdio record the error on the stream as glibc does. */
		errno = 0;
		putwc_unlocked(L'\0', f);
		if (!errno)
			errno = EBADF;
		return -1;
	}
#ifdef _IO_ERR_SEEN
	struct wide_put_area *a = st->staged ? wide_put_area(f) : NULL;
	if (a && a->write_ptr < a->write_end) {
		st->in_file_buffer = 1;
		st->w.wpos = a->write_ptr;
		st->w.wend = a->write_end;
	}
#endif
	return 0;
}

int xp_wstream_finish(struct xp_wstream_sink *st)
{
	xp_wide_flush(&st->w);
	/* what the helper holds goes out even after a failure, as in glibc */
	flush_held(st);
	return st->w.sink.error;
}
