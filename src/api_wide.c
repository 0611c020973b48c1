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

XP_PUBLIC int xvswprintf(wchar_t *restrict str, size_t size, const wchar_t *restrict fmt,
			 va_list ap)
{
	if (size == 0)
		return -1; /* glibc: no room for the L'\0', errno unchanged */
	struct xp_wbuffer_sink b;
	xp_wbuffer_init(&b, str, size);
	int r = xp_vformat_wide(&b.w, fmt, ap);
	/* C99: -1 when the output did not fit (errno untouched by that). */
	return xp_wbuffer_finish(&b) ? -1 : r;
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
	XP_VARIADIC(xvswprintf(str, size, fmt, ap));
}

XP_PUBLIC int xfwprintf(FILE *restrict stream, const wchar_t *restrict fmt, ...)
{
	XP_VARIADIC(xvfwprintf(stream, fmt, ap));
}

XP_PUBLIC int xwprintf(const wchar_t *restrict fmt, ...)
{
	XP_VARIADIC(xvfwprintf(stdout, fmt, ap));
}
