/* chk_names.c - the _FORTIFY_SOURCE entry points (__printf_chk ...),
 * interposed.  They keep glibc 2.36's checks (debug/..._chk.c): a destination
 * smaller than the output or than the bound the caller claims ends in
 * __chk_fail(), and flag > 0 adds the format checks of fortify.c.  Then the
 * call runs xprintf's engine (libc's own _chk function, checks and all,
 * once the program has extended glibc's printf: glibc_handoff.h). */
#undef _FORTIFY_SOURCE
#define _GNU_SOURCE
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdio_ext.h>

#include "fortify.h"
#include "glibc_handoff.h"
#include "sink_dest.h"
#include "vformat.h"
#include "xprintf.h"
#include "variadic.h"

/* Exported through preload.map.  No visibility attribute: glibc's headers
 * define vprintf inline at -O2, and clang refuses an attribute after that. */
#define XP_INTERPOSED

/* Declared by glibc's headers only under _FORTIFY_SOURCE. */
int __printf_chk(int flag, const char *fmt, ...);
int __fprintf_chk(FILE *stream, int flag, const char *fmt, ...);
int __dprintf_chk(int fd, int flag, const char *fmt, ...);
int __sprintf_chk(char *s, int flag, size_t slen, const char *fmt, ...);
int __snprintf_chk(char *s, size_t maxlen, int flag, size_t slen, const char *fmt, ...);
int __asprintf_chk(char **strp, int flag, const char *fmt, ...);
int __vprintf_chk(int flag, const char *fmt, va_list ap);
int __vfprintf_chk(FILE *stream, int flag, const char *fmt, va_list ap);
int __vdprintf_chk(int fd, int flag, const char *fmt, va_list ap);
int __vsprintf_chk(char *s, int flag, size_t slen, const char *fmt, va_list ap);
int __vsnprintf_chk(char *s, size_t maxlen, int flag, size_t slen, const char *fmt, va_list ap);
int __vasprintf_chk(char **strp, int flag, const char *fmt, va_list ap);

static int chk_vfprintf(FILE *stream, int flag, const char *fmt, va_list ap)
{
	const struct xp_glibc_printf *g = xp_glibc_handoff();
	if (g)
		return g->vfprintf_chk(stream, flag, fmt, ap);
	/* glibc refuses a wide or unwritable stream before it reads the format */
	const char *fault = xp_fortify_format_fault(flag, fmt);
	if (fault && fwide(stream, 0) <= 0 && __fwritable(stream))
		xp_fortify_fatal(fault);
	return xvfprintf(stream, fmt, ap);
}

static int chk_vdprintf(int fd, int flag, const char *fmt, va_list ap)
{
	const struct xp_glibc_printf *g = xp_glibc_handoff();
	if (g)
		return g->vdprintf_chk(fd, flag, fmt, ap);
	/* ... and a descriptor that is not open (before any %n stores) */
	const char *fault = xp_fortify_format_fault(flag, fmt);
	if (fault) {
		int err = xp_fd_attach_error(fd);
		if (!err)
			xp_fortify_fatal(fault);
		errno = err;
		return -1;
	}
	return xvdprintf(fd, fmt, ap);
}

/* glibc: slen == 0 fails at once; otherwise the destination holds
 * slen - 1 bytes and the terminator, and producing one more fails.
 * slen == SIZE_MAX (size unknown to the compiler) means no bound. */
static int chk_vsprintf(char *s, int flag, size_t slen, const char *fmt, va_list ap)
{
	const struct xp_glibc_printf *g = xp_glibc_handoff();
	if (g)
		return g->vsprintf_chk(s, flag, slen, fmt, ap);
	if (slen == 0)
		__chk_fail();
	xp_fortify_check_format(flag, fmt);
	/* Unlike plain sprintf, glibc's fortified one terminates the buffer
	 * first: a %s of the buffer itself is then empty. */
	*s = '\0';
	if (slen == SIZE_MAX)
		return xvsprintf(s, fmt, ap);
	struct xp_buffer_sink b;
	xp_buffer_init(&b, s, slen);
	int r = xp_vformat(&b.sink, fmt, ap);
	xp_buffer_finish(&b);
	/* Counted even when the format failed later: glibc had already aborted. */
	if (xp_sink_count(&b.sink) >= slen)
		__chk_fail();
	return r;
}

static int chk_vsnprintf(char *s, size_t maxlen, int flag, size_t slen, const char *fmt,
			 va_list ap)
{
	const struct xp_glibc_printf *g = xp_glibc_handoff();
	if (g)
		return g->vsnprintf_chk(s, maxlen, flag, slen, fmt, ap);
	if (slen < maxlen)
		__chk_fail();
	xp_fortify_check_format(flag, fmt);
	return xvsnprintf(s, maxlen, fmt, ap);
}

static int chk_vasprintf(char **strp, int flag, const char *fmt, va_list ap)
{
	const struct xp_glibc_printf *g = xp_glibc_handoff();
	if (g)
		return g->vasprintf_chk(strp, flag, fmt, ap);
	xp_fortify_check_format(flag, fmt);
	return xvasprintf(strp, fmt, ap);
}

XP_INTERPOSED int __printf_chk(int flag, const char *fmt, ...)
{
	XP_VARIADIC(chk_vfprintf(stdout, flag, fmt, ap));
}

XP_INTERPOSED int __fprintf_chk(FILE *stream, int flag, const char *fmt, ...)
{
	XP_VARIADIC(chk_vfprintf(stream, flag, fmt, ap));
}

XP_INTERPOSED int __dprintf_chk(int fd, int flag, const char *fmt, ...)
{
	XP_VARIADIC(chk_vdprintf(fd, flag, fmt, ap));
}

XP_INTERPOSED int __sprintf_chk(char *s, int flag, size_t slen, const char *fmt, ...)
{
	XP_VARIADIC(chk_vsprintf(s, flag, slen, fmt, ap));
}

XP_INTERPOSED int __snprintf_chk(char *s, size_t maxlen, int flag, size_t slen, const char *fmt, ...)
{
	XP_VARIADIC(chk_vsnprintf(s, maxlen, flag, slen, fmt, ap));
}

XP_INTERPOSED int __asprintf_chk(char **strp, int flag, const char *fmt, ...)
{
	XP_VARIADIC(chk_vasprintf(strp, flag, fmt, ap));
}

XP_INTERPOSED int __vprintf_chk(int flag, const char *fmt, va_list ap)
{
	return chk_vfprintf(stdout, flag, fmt, ap);
}

XP_INTERPOSED int __vfprintf_chk(FILE *stream, int flag, const char *fmt, va_list ap)
{
	return chk_vfprintf(stream, flag, fmt, ap);
}

XP_INTERPOSED int __vdprintf_chk(int fd, int flag, const char *fmt, va_list ap)
{
	return chk_vdprintf(fd, flag, fmt, ap);
}

XP_INTERPOSED int __vsprintf_chk(char *s, int flag, size_t slen, const char *fmt, va_list ap)
{
	return chk_vsprintf(s, flag, slen, fmt, ap);
}

XP_INTERPOSED int __vsnprintf_chk(char *s, size_t maxlen, int flag, size_t slen, const char *fmt,
				  va_list ap)
{
	return chk_vsnprintf(s, maxlen, flag, slen, fmt, ap);
}

XP_INTERPOSED int __vasprintf_chk(char **strp, int flag, const char *fmt, va_list ap)
{
	return chk_vasprintf(strp, flag, fmt, ap);
}
