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
 * The body of swprintf and vswprintf, inline in each so that a call is one
 * function deep until the driver loop (api.c's BUFFER_CALL).  START_AP(dst)
 * starts dst as the call received its arguments: va_start in the variadic
 * form, a copy of ap in the v-form.
 */
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
			struct xp_args a_ = { .table = NULL };                        \
			START_AP(a_.ap);                                              \
			xp_run_wide(&b_.w, (fmt), &a_, &st_);                         \
			va_end(a_.ap);                                                \
			r_ = xp_wide_quick_result(&b_.w, &st_);                       \
			if (r_ == XP_WIDE_UNFINISHED) {                               \
				va_list orig_;                                        \
				START_AP(orig_);                                      \
				r_ = xp_wide_call_end(&b_.w, (fmt), orig_, &st_);     \
				va_end(orig_);                                        \
			}                                                             \
		}                                                                     \
		/* C99: -1 when the output did not fit (errno untouched by that) */ \
		return xp_wbuffer_finish(&b_) ? -1 : r_;                             \
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
	struct xp_wstream_sink st;
	int locked = xp_stream_lock(stream);
	int r = -1;
	if (xp_wstream_init(&st, stream) == 0) {
		r = xp_vformat_wide(&st.w, fmt, ap);
		int e = errno;
		int werr = xp_wstream_finish(&st);
		if (r >= 0 && werr) {
			e = werr;
			r = -1;
		}
		if (r < 0 && e == EIO && st.silent_failure)
			e = 0; /* stream_write() reported EIO for "no errno" */
		errno = e;
	}
	xp_stream_unlock(stream, locked);
	return r;
}

XP_PUBLIC int xvwprintf(const wchar_t *restrict fmt, va_list ap)
{
	return xvfwprintf(stdout, fmt, ap);
}

XP_PUBLIC int xswprintf(wchar_t *restrict str, size_t size, const wchar_t *restrict fmt, ...)
{
	WBUFFER_CALL(str, size, fmt, START_VARIADIC);
}

XP_PUBLIC int xfwprintf(FILE *restrict stream, const wchar_t *restrict fmt, ...)
{
	XP_VARIADIC(xvfwprintf(stream, fmt, ap));
}

XP_PUBLIC int xwprintf(const wchar_t *restrict fmt, ...)
{
	XP_VARIADIC(xvfwprintf(stdout, fmt, ap));
}
