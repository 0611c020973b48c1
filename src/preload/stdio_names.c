/* stdio_names.c - the standard printf family, interposed: each name runs
 * xprintf's engine with the same arguments (libc's, once the program has
 * extended glibc's printf: glibc_handoff.h).  Loaded with LD_PRELOAD, these
 * definitions come before libc's in the lookup order. */
#undef _FORTIFY_SOURCE /* we define the names the fortify wrappers wrap */
#define _GNU_SOURCE
#include <stdarg.h>
#include <stdio.h>

#include "glibc_handoff.h"
#include "xprintf.h"
#include "variadic.h"

/* Exported through preload.map.  No visibility attribute: glibc's headers
 * define vprintf inline at -O2, and clang refuses an attribute after that. */
#define XP_INTERPOSED

/* The five engines every name below ends in: xprintf's, or libc's.
 * External (hidden) rather than static: glibc's vprintf is an inline
 * definition at -O2, which may not call a static function. */
#define XP_ENGINE __attribute__((visibility("hidden")))
int any_vfprintf(FILE *stream, const char *fmt, va_list ap) XP_ENGINE;
int any_vdprintf(int fd, const char *fmt, va_list ap) XP_ENGINE;
int any_vsprintf(char *str, const char *fmt, va_list ap) XP_ENGINE;
int any_vsnprintf(char *str, size_t size, const char *fmt, va_list ap) XP_ENGINE;
int any_vasprintf(char **strp, const char *fmt, va_list ap) XP_ENGINE;

int any_vfprintf(FILE *stream, const char *fmt, va_list ap)
{
	const struct xp_glibc_printf *g = xp_glibc_handoff();
	return g ? g->vfprintf(stream, fmt, ap) : xvfprintf(stream, fmt, ap);
}

int any_vdprintf(int fd, const char *fmt, va_list ap)
{
	const struct xp_glibc_printf *g = xp_glibc_handoff();
	return g ? g->vdprintf(fd, fmt, ap) : xvdprintf(fd, fmt, ap);
}

int any_vsprintf(char *str, const char *fmt, va_list ap)
{
	const struct xp_glibc_printf *g = xp_glibc_handoff();
	return g ? g->vsprintf(str, fmt, ap) : xvsprintf(str, fmt, ap);
}

int any_vsnprintf(char *str, size_t size, const char *fmt, va_list ap)
{
	const struct xp_glibc_printf *g = xp_glibc_handoff();
	return g ? g->vsnprintf(str, size, fmt, ap) : xvsnprintf(str, size, fmt, ap);
}

int any_vasprintf(char **strp, const char *fmt, va_list ap)
{
	const struct xp_glibc_printf *g = xp_glibc_handoff();
	return g ? g->vasprintf(strp, fmt, ap) : xvasprintf(strp, fmt, ap);
}

XP_INTERPOSED int printf(const char *restrict fmt, ...)
{
	XP_VARIADIC(any_vfprintf(stdout, fmt, ap));
}

XP_INTERPOSED int fprintf(FILE *restrict stream, const char *restrict fmt, ...)
{
	XP_VARIADIC(any_vfprintf(stream, fmt, ap));
}

XP_INTERPOSED int dprintf(int fd, const char *restrict fmt, ...)
{
	XP_VARIADIC(any_vdprintf(fd, fmt, ap));
}

XP_INTERPOSED int sprintf(char *restrict str, const char *restrict fmt, ...)
{
	XP_VARIADIC(any_vsprintf(str, fmt, ap));
}

XP_INTERPOSED int snprintf(char *restrict str, size_t size, const char *restrict fmt, ...)
{
	XP_VARIADIC(any_vsnprintf(str, size, fmt, ap));
}

XP_INTERPOSED int asprintf(char **restrict strp, const char *restrict fmt, ...)
{
	XP_VARIADIC(any_vasprintf(strp, fmt, ap));
}

XP_INTERPOSED int vprintf(const char *restrict fmt, va_list ap)
{
	return any_vfprintf(stdout, fmt, ap);
}

XP_INTERPOSED int vfprintf(FILE *restrict stream, const char *restrict fmt, va_list ap)
{
	return any_vfprintf(stream, fmt, ap);
}

XP_INTERPOSED int vdprintf(int fd, const char *restrict fmt, va_list ap)
{
	return any_vdprintf(fd, fmt, ap);
}

XP_INTERPOSED int vsprintf(char *restrict str, const char *restrict fmt, va_list ap)
{
	return any_vsprintf(str, fmt, ap);
}

XP_INTERPOSED int vsnprintf(char *restrict str, size_t size, const char *restrict fmt, va_list ap)
{
	return any_vsnprintf(str, size, fmt, ap);
}

XP_INTERPOSED int vasprintf(char **restrict strp, const char *restrict fmt, va_list ap)
{
	return any_vasprintf(strp, fmt, ap);
}
