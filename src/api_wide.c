/* api_wide.c - the public wprintf family: pick a wide sink, run the engine
 * on the wchar_t format, finish as glibc's swprintf / fwprintf do. */
#define _GNU_SOURCE
#include "xprintf.h"

#include <errno.h>
#include <wchar.h>

#include "run_wide.h"
#include "sink_wide.h"
#include "stream_lock.h"
#include "variadic.h"

#define XP_PUBLIC __attribute__((visibility("default")))

/*
 * r = the result of a call running fmt into the wide sink w, on the
 * arguments START_AP(dst) starts as the call received them: va_start in a
 * variadic form, a copy of ap in a v-form.  A run that did not simply
 * finish (a positional restart, an error) ends from a second start.
 * Inline in each entry point, so that a call is one function deep until
 * the driver loop (as api.c's BUFFER_CALL).
 */
#define WIDE_RUN(r, w, fmt, st, START_AP)                                             \
	do {                                                                          \
		struct xp_args a_ = { .table = NULL };                                \
		START_AP(a_.ap);                                                      \
		xp_run_wide((w), (fmt), &a_, (st));                                   \
		va_end(a_.ap);                                                        \
		(r) = xp_wide_quick_result((w), (st));                                \
		if ((r) == XP_WIDE_UNFINISHED) {                                      \
			va_list orig_;                                                \
			START_AP(orig_);                                              \
			(r) = xp_wide_call_end((w), (fmt), orig_, (st));              \
			va_end(orig_);                                                \
		}                                                                     \
	} while (0)

/* The body of swprintf and vswprintf. */
#define WBUFFER_CALL(str, size, fmt, START_AP)                                        \
	do {                                                                          \
		if ((size) == 0)                                                      \
			return -1; /* glibc: no room for the L'\0', errno unchanged */ \
		struct xp_wbuffer_sink b_;                                            \
		xp_wbuffer_init(&b_, (str), (size));                                  \
		int r_ = -1;                                                          \
		if (!(fmt)) {                                                         \
			errno = EINVAL;                                               \
		} else {                                                              \
			struct wide_run_state st_ = { .errno_unread = 1 };            \
			WIDE_RUN(r_, &b_.w, (fmt), &st_, START_AP);                   \
		}                                                                     \
		/* C99: -1 when the output did not fit (errno untouched by that) */ \
		return xp_wbuffer_finish(&b_) ? -1 : r_;                             \
	} while (0)

/* The end of a stream call that formatted (r: its result so far). */
static int wstream_call_end(struct xp_wstream_sink *st, int r)
{
	int e = errno;
	int werr = xp_wstream_finish(st);
	if (r >= 0 && werr) {
		e = werr;
		r = -1;
	}
	if (r < 0 && e == EIO && st->silent_failure)
		e = 0; /* stream_write() reported EIO for "no errno" */
	errno = e;
	return r;
}

/* The body of fwprintf, vfwprintf, wprintf and vwprintf. */
#define WSTREAM_CALL(stream, fmt, START_AP)                                           \
	do {                                                                          \
		FILE *f_ = (stream);                                                  \
		struct xp_wstream_sink s_;                                            \
		int locked_ = xp_stream_lock(f_);                                     \
		int r_ = -1;                                                          \
		if (xp_wstream_init(&s_, f_) == 0) {                                  \
			if (!(fmt)) {                                                 \
				errno = EINVAL;                                       \
			} else {                                                      \
				/* a stream's write may change errno: read it first */ \
				struct wide_run_state st_ = { .saved_errno = errno }; \
				WIDE_RUN(r_, &s_.w, (fmt), &st_, START_AP);           \
			}                                                             \
			r_ = wstream_call_end(&s_, r_);                               \
		}                                                                     \
		xp_stream_unlock(f_, locked_);                                        \
		return r_;                                                            \
	} while (0)

#define START_VARIADIC(dst) va_start(dst, fmt)
#define START_COPY(dst) XP_VA_COPY(dst, ap)

XP_PUBLIC int xvswprintf(wchar_t *restrict str, size_t size, const wchar_t *restrict fmt,
			 va_list ap)
{
	WBUFFER_CALL(str, size, fmt, START_COPY);
}

XP_PUBLIC int xvfwprintf(FILE *restrict stream, const wchar_t *restrict fmt, va_list ap)
{
	WSTREAM_CALL(stream, fmt, START_COPY);
}

XP_PUBLIC int xvwprintf(const wchar_t *restrict fmt, va_list ap)
{
	WSTREAM_CALL(stdout, fmt, START_COPY);
}

XP_PUBLIC int xswprintf(wchar_t *restrict str, size_t size, const wchar_t *restrict fmt, ...)
{
	WBUFFER_CALL(str, size, fmt, START_VARIADIC);
}

XP_PUBLIC int xfwprintf(FILE *restrict stream, const wchar_t *restrict fmt, ...)
{
	WSTREAM_CALL(stream, fmt, START_VARIADIC);
}

XP_PUBLIC int xwprintf(const wchar_t *restrict fmt, ...)
{
	WSTREAM_CALL(stdout, fmt, START_VARIADIC);
}
