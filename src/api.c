/* api.c - the public printf family: pick a sink, run the engine, finish. */
#define _GNU_SOURCE
#include "xprintf.h"

#include <errno.h>
#include <limits.h>
#include <stdint.h>

#include "hot_text.h"
#include "sink_dest.h"
#include "stream_lock.h"
#include "vformat.h"
#include "variadic.h"

#define XP_PUBLIC __attribute__((visibility("default")))

/*
 * The body of a buffer entry point, inline in each so that a call is one
 * function deep until the driver loop.  START_AP(dst) starts dst as the
 * call received its arguments: va_start in a variadic form (no copy to
 * make), a copy of ap in a v-form.  The loop reads one such list; a call
 * that did not simply finish (a positional restart, an error) ends from
 * another.
 */
#define BUFFER_CALL(str, size, fmt, START_AP)                                     \
	do {                                                                      \
		struct xp_buffer_sink b_;                                         \
		xp_buffer_init(&b_, (str), (size));                               \
		if (!(fmt))                                                       \
			return xp_buffer_no_format(&b_);                          \
		struct run_state st_ = { .errno_unread = 1 };                     \
		struct xp_args a_ = { .table = NULL };                            \
		START_AP(a_.ap);                                                  \
		int r_ = xp_buffer_run(&b_, (fmt), &a_, &st_);                    \
		va_end(a_.ap);                                                    \
		if (r_ == XP_BUFFER_UNFINISHED) {                                 \
			va_list orig_;                                            \
			START_AP(orig_);                                          \
			r_ = xp_buffer_call_end(&b_, (fmt), orig_, &st_);         \
			va_end(orig_);                                            \
		}                                                                 \
		return r_;                                                        \
	} while (0)
#define START_VARIADIC(dst) va_start(dst, fmt)
#define START_COPY(dst) XP_VA_COPY(dst, ap)

/* glibc terminates the buffer before it formats: a %s of the buffer itself
 * is then empty (snprintf(buf, n, "%sCD", buf) is "CD"). */
XP_PUBLIC XP_HOT_TEXT int xvsnprintf(char *restrict str, size_t size, const char *restrict fmt, va_list ap)
{
	if (size)
		*str = '\0';
	BUFFER_CALL(str, size, fmt, START_COPY);
}

XP_PUBLIC XP_HOT_TEXT int xsnprintf(char *restrict str, size_t size, const char *restrict fmt, ...)
{
	if (size)
		*str = '\0';
	BUFFER_CALL(str, size, fmt, START_VARIADIC);
}

/* No bound is known; output beyond INT_MAX fails anyway.  Unlike snprintf,
 * glibc's sprintf leaves the buffer as it is until it writes. */
#define SPRINTF_BOUND ((size_t)INT_MAX + 2)

XP_PUBLIC XP_HOT_TEXT int xvsprintf(char *restrict str, const char *restrict fmt, va_list ap)
{
	BUFFER_CALL(str, SPRINTF_BOUND, fmt, START_COPY);
}

XP_PUBLIC XP_HOT_TEXT int xsprintf(char *restrict str, const char *restrict fmt, ...)
{
	BUFFER_CALL(str, SPRINTF_BOUND, fmt, START_VARIADIC);
}

XP_PUBLIC XP_HOT_TEXT int xvasprintf(char **restrict strp, const char *restrict fmt, va_list ap)
{
	struct xp_heap_sink h;
	xp_heap_init(&h);
	int r = xp_vformat(&h.sink, fmt, ap);
	int e = errno;
	*strp = xp_heap_finish(&h, r >= 0);
	if (r >= 0 && !*strp) {
		errno = ENOMEM;
		return -1;
	}
	errno = e;
	return *strp ? r : -1;
}

/* A stream call that does not start in the stream's buffer: a wide or
 * unwritable stream, a line-buffered or unbuffered one, a full buffer, a
 * NULL format.  The caller holds the lock. */
static __attribute__((noinline)) int stream_call(FILE *stream, const char *fmt, va_list ap)
{
	struct xp_stream_sink st;
	if (xp_stream_init(&st, stream) < 0)
		return -1;
	return xp_stream_end(&st, xp_vformat(&st.sink, fmt, ap));
}

/*
 * The body of a stream entry point, as BUFFER_CALL's: the common call
 * formats straight into the room the stream's buffer has and ends there
 * (xp_stream_run); whatever else (a write, an error, a n$ restart) ends in
 * xp_stream_run_end.  errno is read only when something needs it: %m, or
 * the first write (the sink reads it then).
 */
#define STREAM_CALL(stream, fmt, START_AP)                                       \
	do {                                                                     \
		FILE *f_ = (stream);                                             \
		int locked_ = xp_stream_lock(f_);                                \
		struct xp_stream_sink st_;                                       \
		int r_;                                                          \
		if (__builtin_expect((fmt) && xp_stream_init_in_buffer(&st_, f_), 1)) { \
			struct run_state rs_ = { .errno_unread = 1 };            \
			st_.run = &rs_;                                          \
			struct xp_args a_ = { .table = NULL };                   \
			START_AP(a_.ap);                                         \
			r_ = xp_stream_run(&st_, (fmt), &a_, &rs_);              \
			va_end(a_.ap);                                           \
			if (r_ == XP_STREAM_UNFINISHED) {                        \
				va_list orig_;                                   \
				START_AP(orig_);                                 \
				r_ = xp_stream_run_end(&st_, (fmt), orig_, &rs_);  \
				va_end(orig_);                                   \
			}                                                        \
		} else {                                                         \
			va_list ap_;                                             \
			START_AP(ap_);                                           \
			r_ = stream_call(f_, (fmt), ap_);                        \
			va_end(ap_);                                             \
		}                                                                \
		xp_stream_unlock(f_, locked_);                                   \
		return r_;                                                       \
	} while (0)

XP_PUBLIC XP_HOT_TEXT int xvfprintf(FILE *restrict stream, const char *restrict fmt, va_list ap)
{
	STREAM_CALL(stream, fmt, START_COPY);
}

XP_PUBLIC XP_HOT_TEXT int xvdprintf(int fd, const char *restrict fmt, va_list ap)
{
	struct xp_fd_sink fs;
	xp_fd_init(&fs, fd);
	int r = xp_vformat(&fs.sink, fmt, ap);
	int e = errno;
	int werr = xp_fd_finish(&fs);
	if (r >= 0 && werr) {
		e = werr;
		r = -1;
	}
	/* Nothing written, or a failure: was the descriptor open at all? */
	int aerr = r <= 0 ? xp_fd_attach_error(fd) : 0;
	if (aerr) {
		e = aerr;
		r = -1;
	}
	errno = e;
	return r;
}

XP_PUBLIC XP_HOT_TEXT int xvprintf(const char *restrict fmt, va_list ap)
{
	STREAM_CALL(stdout, fmt, START_COPY);
}

XP_PUBLIC XP_HOT_TEXT int xasprintf(char **restrict strp, const char *restrict fmt, ...)
{
	XP_VARIADIC(xvasprintf(strp, fmt, ap));
}

XP_PUBLIC XP_HOT_TEXT int xfprintf(FILE *restrict stream, const char *restrict fmt, ...)
{
	STREAM_CALL(stream, fmt, START_VARIADIC);
}

XP_PUBLIC XP_HOT_TEXT int xdprintf(int fd, const char *restrict fmt, ...)
{
	XP_VARIADIC(xvdprintf(fd, fmt, ap));
}

XP_PUBLIC XP_HOT_TEXT int xprintf(const char *restrict fmt, ...)
{
	STREAM_CALL(stdout, fmt, START_VARIADIC);
}
