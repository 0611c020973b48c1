/*
 * xprintf.h - a drop-in replacement for the C printf family, with the
 * Linux kernel's %p pointer extensions.
 *
 * SYNOPSIS
 *     #include <xprintf.h>
 *     cc prog.c $(pkg-config --cflags --libs xprintf)
 *
 * DESCRIPTION
 *     Every function below takes the same arguments as its glibc namesake
 *     (xprintf ~ printf, xvsnprintf ~ vsnprintf, ...) and prints byte for
 *     byte what glibc prints for every standard conversion:
 *         flags       - + space # 0 ' I
 *         width/prec  digits, *, *m$
 *         positional  %n$
 *         length      hh h l ll q j z Z t L wN wfN (N = 8, 16, 32, 64)
 *         conversions d i u o x X b B c s C S p n m % e E f F g G a A
 *
 *     %p followed by letters and digits is a pointer extension, as in the
 *     kernel's printk: the whole [A-Za-z0-9]* run after %p names the
 *     extension and is consumed; an unknown name prints the plain pointer.
 *     To the compiler these are plain %p directives, so -Wformat still
 *     checks every call.  %p followed by anything else is glibc's %p.
 *
 * RETURN VALUE
 *     As glibc: the number of bytes written (for xsnprintf/xvsnprintf the
 *     number that would have been written had the buffer been large
 *     enough), not counting the terminating NUL; -1 on error with errno:
 *         EOVERFLOW  the output, a width or a precision exceeds INT_MAX
 *         EINVAL     the format ends inside a directive
 *         EILSEQ     a wide character has no multibyte form in the locale
 *         ENOMEM     xasprintf could not allocate (then *strp is NULL)
 *         others     from the underlying write(2) or stdio stream
 *
 * REPLACING THE STANDARD NAMES
 *     In a translation unit that defines XPRINTF_REPLACE_STDIO before
 *     including <xprintf.h>, the names printf, fprintf, dprintf, sprintf,
 *     snprintf, asprintf, vprintf, vfprintf, vdprintf, vsprintf, vsnprintf
 *     and vasprintf are macros for the x-names from there on:
 *         #include <stdio.h>
 *         #define XPRINTF_REPLACE_STDIO
 *         #include <xprintf.h>
 *         printf("%pS\n", fn);          calls xprintf
 *     -Wformat keeps checking every call (the x-functions carry the format
 *     attribute).  Include <xprintf.h> after the system headers; the
 *     macros also rename members or variables called printf etc., and
 *     _FORTIFY_SOURCE's *_chk checks no longer apply to these calls.  To
 *     replace the functions in a program without recompiling it, see
 *     libxprintf-preload.so in xprintf(3).
 *
 * THREAD SAFETY
 *     All functions are MT-safe.  xsnprintf, xvsnprintf, xsprintf and
 *     xvsprintf neither allocate nor lock, except that a format using
 *     more than XPRINTF_POSITIONAL_STACK (64) positional arguments
 *     allocates their table.
 */
#ifndef XPRINTF_H
#define XPRINTF_H

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#define XPRINTF_RESTRICT
#else
#define XPRINTF_RESTRICT restrict
#endif

#if defined(__GNUC__) || defined(__clang__)
#define XPRINTF_FORMAT(fmt_index, first_arg) \
	__attribute__((format(printf, fmt_index, first_arg)))
#define XPRINTF_NONNULL(...) __attribute__((nonnull(__VA_ARGS__)))
#else
#define XPRINTF_FORMAT(fmt_index, first_arg)
#define XPRINTF_NONNULL(...)
#endif

/* Write to stdout / a stdio stream / a file descriptor. */
int xprintf(const char *XPRINTF_RESTRICT fmt, ...) XPRINTF_FORMAT(1, 2);
int xfprintf(FILE *XPRINTF_RESTRICT stream, const char *XPRINTF_RESTRICT fmt,
	     ...) XPRINTF_FORMAT(2, 3);
int xdprintf(int fd, const char *XPRINTF_RESTRICT fmt, ...)
	XPRINTF_FORMAT(2, 3);

/* Write to memory. */
int xsprintf(char *XPRINTF_RESTRICT str, const char *XPRINTF_RESTRICT fmt,
	     ...) XPRINTF_FORMAT(2, 3);
int xsnprintf(char *XPRINTF_RESTRICT str, size_t size,
	      const char *XPRINTF_RESTRICT fmt, ...) XPRINTF_FORMAT(3, 4);
int xasprintf(char **XPRINTF_RESTRICT strp, const char *XPRINTF_RESTRICT fmt,
	      ...) XPRINTF_FORMAT(2, 3);

/* The same, taking a va_list. */
int xvprintf(const char *XPRINTF_RESTRICT fmt, va_list ap)
	XPRINTF_FORMAT(1, 0);
int xvfprintf(FILE *XPRINTF_RESTRICT stream, const char *XPRINTF_RESTRICT fmt,
	      va_list ap) XPRINTF_FORMAT(2, 0);
int xvdprintf(int fd, const char *XPRINTF_RESTRICT fmt, va_list ap)
	XPRINTF_FORMAT(2, 0);
int xvsprintf(char *XPRINTF_RESTRICT str, const char *XPRINTF_RESTRICT fmt,
	      va_list ap) XPRINTF_FORMAT(2, 0);
int xvsnprintf(char *XPRINTF_RESTRICT str, size_t size,
	       const char *XPRINTF_RESTRICT fmt, va_list ap)
	XPRINTF_FORMAT(3, 0);
int xvasprintf(char **XPRINTF_RESTRICT strp, const char *XPRINTF_RESTRICT fmt,
	       va_list ap) XPRINTF_FORMAT(2, 0);

#ifdef __cplusplus
}
#endif

#endif /* XPRINTF_H */

/* Outside the include guard: a later #include with the switch still works. */
#if defined(XPRINTF_REPLACE_STDIO) && !defined(XPRINTF_STDIO_REPLACED)
#define XPRINTF_STDIO_REPLACED 1
/* glibc's headers may have made some of these macros (fortify with clang). */
#undef printf
#undef fprintf
#undef dprintf
#undef sprintf
#undef snprintf
#undef asprintf
#undef vprintf
#undef vfprintf
#undef vdprintf
#undef vsprintf
#undef vsnprintf
#undef vasprintf
#define printf xprintf
#define fprintf xfprintf
#define dprintf xdprintf
#define sprintf xsprintf
#define snprintf xsnprintf
#define asprintf xasprintf
#define vprintf xvprintf
#define vfprintf xvfprintf
#define vdprintf xvdprintf
#define vsprintf xvsprintf
#define vsnprintf xvsnprintf
#define vasprintf xvasprintf
#endif
