/* wide_names.c - the wide printf family and its _FORTIFY_SOURCE entry
 * points, interposed: each runs xprintf's engine on the wchar_t format
 * (or glibc's, once the program has extended glibc's printf:
 * glibc_handoff.h).
 * The _chk forms keep glibc 2.36's checks (debug/swprintf_chk.c and the others): a
 * bound larger than the destination the compiler knows ends in
 * __chk_fail(), and flag > 0 adds the format checks of fortify.c. */
#undef _FORTIFY_SOURCE
#define _GNU_SOURCE
#include <stdarg.h>
#include <stdio.h>
#include <stdio_ext.h>
#include <wchar.h>

#include "fortify.h"
#include "glibc_handoff.h"
#include "variadic.h"
#include "xprintf.h"

/* Exported through preload.map (see stdio_names.c). */
#define XP_INTERPOSED

/* Declared by glibc's headers only under _FORTIFY_SOURCE. */
int __swprintf_chk(wchar_t *s, size_t n, int flag, size_t slen, const wchar_t *fmt, ...);
int __vswprintf_chk(wchar_t *s, size_t n, int flag, size_t slen, const wchar_t *fmt, va_list ap);
int __wprintf_chk(int flag, const wchar_t *fmt, ...);
int __vwprintf_chk(int flag, const wchar_t *fmt, va_list ap);
int __fwprintf_chk(FILE *stream, int flag, const wchar_t *fmt, ...);
int __vfwprintf_chk(FILE *stream, int flag, const wchar_t *fmt, va_list ap);

static int any_vfwprintf(FILE *stream, const wchar_t *fmt, va_list ap)
{
	const struct xp_glibc_printf *g = xp_glibc_handoff();
	return g ? g->vfwprintf(stream, fmt, ap) : xvfwprintf(stream, fmt, ap);
}

static int any_vswprintf(wchar_t *s, size_t n, const wchar_t *fmt, va_list ap)
{
	const struct xp_glibc_printf *g = xp_glibc_handoff();
	return g ? g->vswprintf(s, n, fmt, ap) : xvswprintf(s, n, fmt, ap);
}

XP_INTERPOSED int wprintf(const wchar_t *restrict fmt, ...)
{
	XP_VARIADIC(any_vfwprintf(stdout, fmt, ap));
}

XP_INTERPOSED int fwprintf(FILE *restrict stream, const wchar_t *restrict fmt, ...)
{
	XP_VARIADIC(any_vfwprintf(stream, fmt, ap));
}

XP_INTERPOSED int swprintf(wchar_t *restrict s, size_t n, const wchar_t *restrict fmt, ...)
{
	XP_VARIADIC(any_vswprintf(s, n, fmt, ap));
}

XP_INTERPOSED int vwprintf(const wchar_t *restrict fmt, va_list ap)
{
	return any_vfwprintf(stdout, fmt, ap);
}

XP_INTERPOSED int vfwprintf(FILE *restrict stream, const wchar_t *restrict fmt, va_list ap)
{
	return any_vfwprintf(stream, fmt, ap);
}

XP_INTERPOSED int vswprintf(wchar_t *restrict s, size_t n, const wchar_t *restrict fmt,
			    va_list ap)
{
	return any_vswprintf(s, n, fmt, ap);
}

static int chk_vfwprintf(FILE *stream, int flag, const wchar_t *fmt, va_list ap)
{
	const struct xp_glibc_printf *g = xp_glibc_handoff();
	if (g)
		return g->vfwprintf_chk(stream, flag, fmt, ap);
	/* glibc refuses a narrow or unwritable stream before it reads the format */
	const char *fault = xp_fortify_format_fault_wide(flag, fmt);
	if (fault && fwide(stream, 0) >= 0 && __fwritable(stream))
		xp_fortify_fatal(fault);
	return xvfwprintf(stream, fmt, ap);
}

/* glibc: slen counts wchar_t, and a claimed bound n above it fails. */
static int chk_vswprintf(wchar_t *s, size_t n, int flag, size_t slen, const wchar_t *fmt,
			 va_list ap)
{
	const struct xp_glibc_printf *g = xp_glibc_handoff();
	if (g)
		return g->vswprintf_chk(s, n, flag, slen, fmt, ap);
	if (slen < n)
		__chk_fail();
	xp_fortify_check_format_wide(flag, fmt);
	return xvswprintf(s, n, fmt, ap);
}

XP_INTERPOSED int __swprintf_chk(wchar_t *s, size_t n, int flag, size_t slen, const wchar_t *fmt,
				 ...)
{
	XP_VARIADIC(chk_vswprintf(s, n, flag, slen, fmt, ap));
}

XP_INTERPOSED int __vswprintf_chk(wchar_t *s, size_t n, int flag, size_t slen,
				  const wchar_t *fmt, va_list ap)
{
	return chk_vswprintf(s, n, flag, slen, fmt, ap);
}

XP_INTERPOSED int __wprintf_chk(int flag, const wchar_t *fmt, ...)
{
	XP_VARIADIC(chk_vfwprintf(stdout, flag, fmt, ap));
}

XP_INTERPOSED int __vwprintf_chk(int flag, const wchar_t *fmt, va_list ap)
{
	return chk_vfwprintf(stdout, flag, fmt, ap);
}

XP_INTERPOSED int __fwprintf_chk(FILE *stream, int flag, const wchar_t *fmt, ...)
{
	XP_VARIADIC(chk_vfwprintf(stream, flag, fmt, ap));
}

XP_INTERPOSED int __vfwprintf_chk(FILE *stream, int flag, const wchar_t *fmt, va_list ap)
{
	return chk_vfwprintf(stream, flag, fmt, ap);
}
