/* sink_stream.c - destinations outside the process: a stdio stream (its
 * own buffer first, then stdio piece by piece; an unbuffered one through
 * a window on the caller's stack) and a file descriptor (a window). */
#define _GNU_SOURCE
#include "sink_dest.h"

#include <errno.h>
#include <stdio_ext.h>
#include <unistd.h>
#include <wchar.h>

#include "hot_text.h"
#include "run.h"

static void stream_fail(struct xp_sink *s, size_t n)
{
	s->error = errno ? errno : EIO;
	s->counting = 1;
	s->done += n;
	s->pos = s->base;
}

/* fwrite reports every byte taken when a line-buffered stream's flush at
 * '\n' fails (the bytes stay buffered), while fprintf fails then.  So a
 * write that sets the stream's error flag fails too; with glibc's flag
 * bit that holds even when the flag was already set before. */
XP_HOT_TEXT static int stream_write(struct xp_stream_sink *st, const char *p, size_t n)
{
	FILE *f = st->file;
#ifdef _IO_ERR_SEEN
	int had = f->_flags & _IO_ERR_SEEN;
	f->_flags &= ~_IO_ERR_SEEN;
	int failed = fwrite_unlocked(p, 1, n, f) != n || (f->_flags & _IO_ERR_SEEN);
	f->_flags |= had | (failed ? _IO_ERR_SEEN : 0);
#else
	int failed = fwrite_unlocked(p, 1, n, f) != n || (!st->had_error && ferror_unlocked(f));
#endif
	if (!failed)
		return 0;
	/* glibc's fprintf then fails leaving errno as it was: 0 stays 0. */
	if (!errno)
		st->silent_failure = 1;
	return -1;
}

/* An unbuffered stream gets what glibc's helper buffer gives it: the
 * output in pieces of exactly the window (BUFSIZ, as glibc's), one write
 * each, the last at the end of the call.  A cookie sees the pieces.  When
 * the stream takes part of a piece, the helper keeps the rest and goes
 * on; only a write that takes nothing fails the call (the last one fails
 * it when it takes less than all). */
static void unbuffered_drain(struct xp_sink *s, const char *p, size_t n)
{
	struct xp_stream_sink *st = (struct xp_stream_sink *)s;
	if (s->counting) {
		s->done += n;
		return;
	}
	for (;;) {
		size_t room = (size_t)(s->end - s->pos), k = n < room ? n : room;
		memcpy(s->pos, p, k);
		s->pos += k;
		p += k;
		n -= k;
		if (!n)
			return;
		size_t used = (size_t)(s->pos - s->base);
		size_t took = fwrite_unlocked(s->base, 1, used, st->file);
		if (!took) {
			if (!errno) /* glibc's fprintf then leaves errno as it was */
				st->silent_failure = 1;
			stream_fail(s, used + n);
			return;
		}
		memmove(s->base, s->base + took, used - took);
		s->done += took;
		s->pos = s->base + (used - took);
	}
}

/* A buffered stream gets each piece of the output as glibc's vfprintf
 * hands it over: a literal run, a field's padding, its text.  What
 * reaches the descriptor depends on the pieces, not only on the bytes: a
 * line-buffered stream flushes through the last '\n' of a piece that
 * fits; a piece that overflows the buffer flushes it and has its whole
 * blocks written at once (all of it under 128 bytes), and a buffer that a
 * piece fills exactly waits for the next one. */
static void piece_drain(struct xp_sink *s, const char *p, size_t n)
{
	struct xp_stream_sink *st = (struct xp_stream_sink *)s;
	if (s->counting) {
		s->done += n;
		return;
	}
	if (stream_write(st, p, n) < 0) {
		stream_fail(s, n);
		return;
	}
	s->done += n;
}

/* No room in the window: every write goes to piece_drain. */
static void write_pieces(struct xp_stream_sink *st)
{
	struct xp_sink *s = &st->sink;
	s->base = s->pos = s->end = st->window;
	s->drain = piece_drain;
}

/* The FILE's buffer is full: what was written there becomes the stream's,
 * and the rest of the call goes to stdio piece by piece, which flushes the
 * buffer and goes on as it does for glibc's pieces. */
void xp_file_buffer_drain(struct xp_sink *s, const char *p, size_t n)
{
	struct xp_stream_sink *st = (struct xp_stream_sink *)s;
	FILE *f = st->file;
	if (st->run && st->run->errno_unread) {
		st->run->saved_errno = errno; /* before a write can change it */
		st->run->errno_unread = 0;
	}
	f->_IO_write_ptr = s->pos;
	s->done += (size_t)(s->pos - s->base);
	st->in_file_buffer = 0;
	st->had_error = ferror_unlocked(f) != 0;
	write_pieces(st);
	piece_drain(s, p, n);
}

int xp_stream_init(struct xp_stream_sink *st, FILE *f)
{
	struct xp_sink *s = &st->sink;
	st->file = f;
	st->in_file_buffer = 0;
	st->had_error = ferror_unlocked(f) != 0;
	st->silent_failure = 0;
	st->run = NULL;
	s->done = 0;
	s->error = 0;
	s->counting = 0;
	if (f->_flags & XP_IO_UNBUFFERED) {
		s->base = s->pos = st->window;
		s->end = st->window + sizeof st->window;
		s->drain = unbuffered_drain;
	} else {
		write_pieces(st);
	}
	if (fwide(f, -1) >= 0) /* glibc refuses wide streams, errno unchanged */
		return -1;
	if (!__fwritable(f)) {
		/* Let stdio record the error on the stream as glibc does. */
		errno = 0;
		fputc_unlocked(0, f);
		if (!errno)
			errno = EBADF;
		return -1;
	}
	return 0;
}

/* The window's last bytes, or the end of the part in the FILE's buffer. */
static int stream_finish(struct xp_stream_sink *st)
{
	struct xp_sink *s = &st->sink;
	size_t used = (size_t)(s->pos - s->base);
	if (st->in_file_buffer) {
		st->file->_IO_write_ptr = s->pos;
		s->done += used;
		s->base = s->pos;
		return 0;
	}
	if (!s->counting && used) {
		if (stream_write(st, s->base, used) < 0)
			stream_fail(s, used);
		else
			s->done += used, s->pos = s->base;
	}
	return s->error;
}

int xp_stream_end(struct xp_stream_sink *st, int r)
{
	int e = errno;
	int werr = stream_finish(st);
	if (r >= 0 && !werr)
		return r; /* errno as the writes left it, as glibc's */
	/* A failed write wins over an error the format met later: glibc
	 * writes as it goes, and stops at the write. */
	if (werr) {
		e = werr;
		r = -1;
	}
	if (r < 0 && e == EIO && st->silent_failure)
		e = 0; /* stream_fail() reported EIO for "no errno" */
	errno = e;
	return r;
}

/* write(2) all of it, going on after a short write; an error, EINTR too,
 * stops it (glibc's _IO_new_file_write). */
static int write_all(int fd, const char *p, size_t n)
{
	while (n) {
		ssize_t w = write(fd, p, n);
		if (w < 0)
			return -1;
		p += w;
		n -= (size_t)w;
	}
	return 0;
}

/* A piece that does not fit, cut where glibc's dprintf cuts it: its
 * stream's xsputn fills the buffer, writes it, writes the piece's whole
 * blocks at once and keeps the rest.  Its buffer comes with the first
 * byte, so a first piece finds no room and goes out in whole blocks.  A
 * reader of packets (SOCK_SEQPACKET) sees the writes. */
static void fd_drain(struct xp_sink *s, const char *p, size_t n)
{
	struct xp_fd_sink *fs = (struct xp_fd_sink *)s;
	if (s->counting) {
		s->done += n;
		return;
	}
	size_t used = (size_t)(s->pos - s->base);
	if (used || s->done) {
		size_t room = (size_t)(s->end - s->pos), k = n < room ? n : room;
		memcpy(s->pos, p, k);
		s->pos += k;
		p += k;
		n -= k;
		used += k;
		if (!n)
			return;
	}
	size_t blocks = n - n % sizeof fs->window;
	if (write_all(fs->fd, s->base, used) < 0 || write_all(fs->fd, p, blocks) < 0) {
		stream_fail(s, used + n);
		return;
	}
	s->done += used + blocks;
	s->pos = s->base;
	memcpy(s->pos, p + blocks, n - blocks);
	s->pos += n - blocks;
}

void xp_fd_init(struct xp_fd_sink *fs, int fd)
{
	struct xp_sink *s = &fs->sink;
	fs->fd = fd;
	s->base = s->pos = fs->window;
	s->end = fs->window + sizeof fs->window;
	s->done = 0;
	s->error = 0;
	s->counting = 0;
	s->drain = fd_drain;
}

/* glibc's dprintf first sets its stream on the descriptor, and that asks
 * lseek where the file is: one that is not open fails the call (EBADF)
 * before anything is formatted.  A call that writes learns it from the
 * write; the caller asks here when the call wrote nothing or failed. */
int xp_fd_attach_error(int fd)
{
	int e = errno, err = 0;
	if (lseek(fd, 0, SEEK_CUR) < 0 && errno != ESPIPE)
		err = errno;
	errno = e;
	return err;
}

int xp_fd_finish(struct xp_fd_sink *fs)
{
	struct xp_sink *s = &fs->sink;
	size_t used = (size_t)(s->pos - s->base);
	if (!s->counting && used) {
		if (write_all(fs->fd, s->base, used) < 0)
			stream_fail(s, used);
		else
			s->done += used, s->pos = s->base;
	}
	return s->error;
}
