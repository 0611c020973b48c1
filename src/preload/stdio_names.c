/* stdio_names.c - the standard printf family, interposed: each name runs
 * xprintf's engine with the same arguments.  Loaded with LD_PRELOAD, these
 * definitions come before libc's in the lookup order. */
#undef _FORTIFY_SOURCE /* we define the names the fortify wrappers wrap */
#define _GNU_SOURCE
#include <stdarg.h>
#include <stdio.h>

#include "xprintf.h"
#include "variadic.h"

/* Exported through preload.map.  No visibility attribute: glibc's headers
 * define vprintf inline at -O2, and clang refuses an attribute after that. */
#define XP_INTERPOSED

XP_INTERPOSED int printf(const char *restrict fmt, ...)
{
	XP_VARIADIC(xvfprintf(stdout, fmt, ap));
}

XP_INTERPOSED int fprintf(FILE *restrict stream, const char *restrict fmt, ...)
{
	XP_VARIADIC(xvfprintf(stream, fmt, ap));
}

XP_INTERPOSED int dprintf(int fd, const char *restrict fmt, ...)
{
	XP_VARIADIC(xvdprintf(fd, fmt, ap));
}

XP_INTERPOSED int sprintf(char *restrict str, const char *restrict fmt, ...)
{
	XP_VARIADIC(xvsprintf(str, fmt, ap));
}

XP_INTERPOSED int snprintf(char *restrict str, size_t size, const char *restrict fmt, ...)
{
	XP_VARIADIC(xvsnprintf(str, size, fmt, ap));
}

XP_INTERPOSED int asprintf(char **restrict strp, const char *restrict fmt, ...)
{
	XP_VARIADIC(xvasprintf(strp, fmt, ap));
}

XP_INTERPOSED int vprintf(const char *restrict fmt, va_list ap)
{
	return xvfprintf(stdout, fmt, ap);
}

XP_INTERPOSED int vfprintf(FILE *restrict stream, const char *restrict fmt, va_list ap)
{
	return xvfprintf(stream, fmt, ap);
}

XP_INTERPOSED int vdprintf(int fd, const char *restrict fmt, va_list ap)
{
	return xvdprintf(fd, fmt, ap);
}

XP_INTERPOSED int vsprintf(char *restrict str, const char *restrict fmt, va_list ap)
{
	return xvsprintf(str, fmt, ap);
}

XP_INTERPOSED int vsnprintf(char *restrict str, size_t size, const char *restrict fmt, va_list ap)
{
	return xvsnprintf(str, size, fmt, ap);
}

XP_INTERPOSED int vasprintf(char **restrict strp, const char *restrict fmt, va_list ap)
{
	return xvasprintf(strp, fmt, ap);
}
