/* sink_dest.h - the four destinations behind the public entry points. */
#ifndef XP_SINK_DEST_H
#define XP_SINK_DEST_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "libio_flags.h"
#include "sink.h"

/* snprintf/sprintf: never writes past size, terminates when size > 0.
 * With size 0 the window is `nothing`, which takes the terminator then:
 * the end of a call needs no test. */
struct xp_buffer_sink {
	struct xp_sink sink;
	char nothing[1];
};
void xp_buffer_drain(struct xp_sink *s, const char *p, size_t n);

/* Inline: this is the whole per-call cost of snprintf's destination. */
static inline void xp_buffer_init(struct xp_buffer_sink *b, char *buf, size_t size)
{
	struct xp_sink *s = &b->sink;
	s->done = 0;
	s->error = 0;
	s->counting = 0;
	s->drain = xp_buffer_drain;
	if (!size) {
		s->base = s->pos = s->end = b->nothing;
		s->counting = 1;
		return;
	}
	/* Never form a pointer past the end of the address space, nor one
	 * further than PTRDIFF_MAX from buf (no object is larger; UBSan).
	 * The common size passes one sign test and one carry test. */
	size_t last = size - 1;
	uintptr_t end_address;
	if (__builtin_expect(last > PTRDIFF_MAX ||
				     __builtin_add_overflow((uintptr_t)buf, last, &end_address),
			     0)) {
		size_t limit = UINTPTR_MAX - (uintptr_t)buf;
		if (limit > PTRDIFF_MAX)
			limit = PTRDIFF_MAX;
		if (last > limit)
			last = limit;
	}
	s->base = s->pos = buf;
	s->end = buf + last;
}

static inline void xp_buffer_finish(struct xp_buffer_sink *b)
{
	*b->sink.pos = '\0';
}


/* asprintf: starts on the stack, moves to the heap, grows geometrically. */
struct xp_heap_sink {
	struct xp_sink sink;
	char *heap;
	char stack[256];
};
void xp_heap_init(struct xp_heap_sink *h);
/* The finished string, or NULL (everything freed) when !ok or on error. */
char *xp_heap_finish(struct xp_heap_sink *h, int ok);

/* fprintf: the caller holds the stream lock.  While the output fits in
 * the room left in the stream's own buffer, the window is that room (the
 * copy glibc's fwrite would make, made by the converters themselves);
 * otherwise, and from the first byte that does not fit, each piece goes
 * to fwrite_unlocked as glibc's vfprintf hands its pieces to stdio (where
 * the pieces fall decides the flushes), and an unbuffered stream's output
 * gathers in the window, which goes out whenever full, as glibc's helper
 * buffer does. */
struct run_state;
struct xp_stream_sink {
	struct xp_sink sink;
	FILE *file;
	int in_file_buffer; /* the window is the FILE's [_IO_write_ptr, _IO_write_end) */
	int had_error; /* the stream's error flag before the call */
	int silent_failure; /* a write failed without setting errno (fmemopen) */
	/* The call's state, whose errno (for %m) the first write reads if
	 * nothing has yet; NULL when it was read before the call began. */
	struct run_state *run;
	char window[BUFSIZ];
};
/* -1 with errno when glibc would refuse the stream (wide, not writable). */
int xp_stream_init(struct xp_stream_sink *st, FILE *f);
/* Finish a call whose engine returned r: the result, errno as glibc's. */
int xp_stream_end(struct xp_stream_sink *st, int r);

void xp_file_buffer_drain(struct xp_sink *s, const char *p, size_t n);

/* Start in the stream's buffer when the stream is byte-oriented, fully
 * buffered and has room left there: glibc's fwrite then only copies into
 * [_IO_write_ptr, _IO_write_end) (its xsputn's first case), and so may
 * we.  Line-buffered streams flush at '\n' and unbuffered ones go out at
 * once: those, and the rest, take xp_stream_init.  0 when it does not
 * apply (nothing set up then). */
static inline int xp_stream_init_in_buffer(struct xp_stream_sink *st, FILE *f)
{
	if (!(f->_mode < 0 && !(f->_flags & (XP_IO_UNBUFFERED | XP_IO_NO_WRITES | XP_IO_LINE_BUF))))
		return 0;
	/* Two 8-byte loads: the last call's store to _IO_write_ptr cannot be
	 * forwarded to one 16-byte load of both fields, which GCC would
	 * otherwise make, and which then waits for that store to retire. */
	char *ptr = *(char *volatile *)&f->_IO_write_ptr;
	char *end = *(char *volatile *)&f->_IO_write_end;
	if (ptr >= end)
		return 0;
	struct xp_sink *s = &st->sink;
	st->file = f;
	st->in_file_buffer = 1;
	st->silent_failure = 0;
	s->base = s->pos = ptr;
	s->end = end;
	s->done = 0;
	s->error = 0;
	s->counting = 0;
	s->drain = xp_file_buffer_drain;
	return 1;
}

/* dprintf: output gathers in the window, the buffer of glibc's dprintf
 * stream (st_blksize: 4096 on files, pipes and sockets), and goes to
 * write(2) where glibc's would (fd_drain). */
struct xp_fd_sink {
	struct xp_sink sink;
	int fd;
	char window[4096];
};
void xp_fd_init(struct xp_fd_sink *fs, int fd);
int xp_fd_finish(struct xp_fd_sink *fs); /* 0 or errno */
int xp_fd_attach_error(int fd);              /* 0 or errno */

#endif
