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


/*
 * SYMBOLS: %pS %ps %pSR %pB %pSb %pBb %pF %pf
 *     %pS     name+0xoff/0xsize [module]   a code address of this process
 *     %ps     name [module]
 *     %pSR    as %pS (the kernel's return-address form)
 *     %pB     backtrace form: looks up addr-1 and prints offset+1, so that a
 *             return address after a noreturn call names the caller
 *     %pSb %pBb  [module build-id]; the main program too: [prog build-id]
 *     %pF %pf as %pS %ps after reading a function descriptor on the ABIs
 *             that have them (ppc64 ELFv1, ia64); elsewhere identical
 *     Offsets and sizes are 0x + lowercase hex; the size is st_size (a
 *     zero-sized symbol gets the distance to the next symbol).  module is
 *     the base name of the object as the dynamic loader named it
 *     ([libc.so.6], [linux-vdso.so.1]); the main program has none.  No
 *     function symbol covers the address (NULL included): 0x + hex.
 *     Width, precision and '-' apply to the whole text, as for %s.
 *
 *     Symbols come from every object dl_iterate_phdr reports, objects
 *     dlopen()ed later included (an object dlclose()d is never named
 *     again), best source first: the file's .symtab; a separate debug
 *     file found by build ID (<dir>/.build-id/xx/yyyy.debug) or by
 *     .gnu_debuglink with a matching CRC, in the directories set below,
 *     then /usr/lib/debug; MiniDebugInfo (.gnu_debugdata); .dynsym.
 *     Only STT_FUNC and STT_GNU_IFUNC symbols.  Several names at one
 *     address: global > weak > local, then sized > zero-sized, then the
 *     larger size, then fewer leading underscores (strtok, not
 *     __GI_strtok).  Nested symbols: the innermost covering one wins.
 *     Names print without @VERSION.  debuginfod is never consulted and
 *     no library is loaded, whatever DEBUGINFOD_URLS says.
 *
 *     The index is built on the first symbolic conversion (each object
 *     when an address first falls in it), which locks, allocates and
 *     reads files.  After xprintf_symbols_preload() a lookup in an object
 *     loaded at the time takes no lock and allocates nothing, and then
 *     xsnprintf, xvsnprintf, xsprintf, xvsprintf, xdprintf and xvdprintf
 *     are async-signal-safe for these conversions (and the rest of the
 *     format, with at most 64 positional arguments).  An address in an
 *     object dlopen()ed after the preload is indexed on the spot (not
 *     async-signal-safe): call xprintf_symbols_preload() again after
 *     dlopen if a signal handler may print it.  Lookups are safe against
 *     dlopen/dlclose in other threads: a replaced index is freed only
 *     after every lookup that could see it has finished.
 *
 *     Environment: XPRINTF_DEBUG_PATH, colon-separated directories searched
 *     for debug files after those of xprintf_symbols_set_debug_path()
 *     (ignored in set-user-ID programs).
 */

/* Index every loaded object now.  Returns 0, or -1 with errno (ENOMEM;
 * EDEADLK when called from a signal handler that interrupted a build). */
int xprintf_symbols_preload(void);

/* Extra directories for separate debug files, colon-separated absolute
 * paths (NULL or "" for none), searched before /usr/lib/debug.  Drops the
 * current index (call xprintf_symbols_preload() again if you rely on it).
 * Returns 0, or -1 with errno. */
int xprintf_symbols_set_debug_path(const char *dirs);

#ifdef __cplusplus
}
#endif

#endif /* XPRINTF_H */
