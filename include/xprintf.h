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
 *     As glibc: the number of bytes written (wide characters for the wide
 *     functions; for xsnprintf/xvsnprintf the number that would have been
 *     written had the buffer been large enough), not counting the
 *     terminating NUL; -1 on error with errno:
 *         EOVERFLOW  the output, a width or a precision exceeds INT_MAX
 *         EINVAL     the format ends inside a directive
 *         EILSEQ     a wide character has no multibyte form in the locale
 *                    (wide functions: a %s string is no text of the locale)
 *         ENOMEM     xasprintf could not allocate (then *strp is NULL)
 *         others     from the underlying write(2) or stdio stream
 *
 * REPLACING THE STANDARD NAMES
 *     In a translation unit that defines XPRINTF_REPLACE_STDIO before
 *     including <xprintf.h>, the names printf, fprintf, dprintf, sprintf,
 *     snprintf, asprintf, vprintf, vfprintf, vdprintf, vsprintf, vsnprintf
 *     and vasprintf, and wprintf, fwprintf, swprintf, vwprintf, vfwprintf
 *     and vswprintf, are macros for the x-names from there on:
 *         #include <stdio.h>
 *         #define XPRINTF_REPLACE_STDIO
 *         #include <xprintf.h>
 *         printf("%pS\n", fn);          calls xprintf
 *     -Wformat keeps checking every call (the x-functions carry the format
 *     attribute).  Include <xprintf.h> after the system headers; the
 *     macros also rename members or variables called printf etc. (and,
 *     in C++, std::printf, which does not exist as std::xprintf), and
 *     _FORTIFY_SOURCE's *_chk checks no longer apply to these calls.  To
 *     replace the functions in a program without recompiling it, see
 *     libxprintf-preload.so in xprintf(3).
 *
 * THREAD SAFETY
 *     All functions are MT-safe.  xsnprintf, xvsnprintf, xsprintf and
 *     xvsprintf neither allocate nor lock, with two exceptions: a format
 *     using more than XPRINTF_POSITIONAL_STACK (64) positional arguments
 *     allocates their table, and the first symbol lookup (%pS and friends)
 *     in an object indexes that object, which allocates, locks and reads
 *     its file, unless xprintf_symbols_preload() has indexed it already.
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

/* Wide output: wchar_t formats, glibc's wprintf family (no -Wformat
 * checking: compilers have no wprintf format attribute).  The return value
 * counts wide characters; xswprintf and xvswprintf return -1 when the
 * output and its L'\0' do not fit in size characters (the buffer then holds
 * the first size - 1, unterminated, as glibc leaves it).  %s and %c convert
 * from the locale's multibyte form (mbrtowc, btowc), %ls and %lc copy; the
 * field width and precision count wide characters; %p extensions print the
 * text they print in a narrow format.  xfwprintf makes an unoriented stream
 * wide, and fails (-1, errno unchanged) on a byte-oriented one, as the
 * narrow functions fail on a wide-oriented one. */
int xwprintf(const wchar_t *XPRINTF_RESTRICT fmt, ...);
int xfwprintf(FILE *XPRINTF_RESTRICT stream, const wchar_t *XPRINTF_RESTRICT fmt, ...);
int xswprintf(wchar_t *XPRINTF_RESTRICT str, size_t size,
	      const wchar_t *XPRINTF_RESTRICT fmt, ...);
int xvwprintf(const wchar_t *XPRINTF_RESTRICT fmt, va_list ap);
int xvfwprintf(FILE *XPRINTF_RESTRICT stream, const wchar_t *XPRINTF_RESTRICT fmt,
	       va_list ap);
int xvswprintf(wchar_t *XPRINTF_RESTRICT str, size_t size,
	       const wchar_t *XPRINTF_RESTRICT fmt, va_list ap);

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
 *     Functions (STT_FUNC, STT_GNU_IFUNC) and data objects (STT_OBJECT,
 *     STT_COMMON), a function winning where both cover an address.
 *     Several names at one address: global > weak > local, then sized >
 *     zero-sized, then the larger size, then fewer leading underscores
 *     (strtok, not __GI_strtok).  Nested symbols: the innermost covering one wins.
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

/* Index every loaded object now (an object another thread's dlopen() has
 * not finished relocating is left for later).  Returns 0, or -1 with errno (ENOMEM;
 * EDEADLK when called from a signal handler that interrupted a build). */
int xprintf_symbols_preload(void);

/* Extra directories for separate debug files, colon-separated absolute
 * paths (NULL or "" for none), searched before /usr/lib/debug.  Drops the
 * current index (call xprintf_symbols_preload() again if you rely on it).
 * Returns 0, or -1 with errno. */
int xprintf_symbols_set_debug_path(const char *dirs);

/*
 * STACK TRACES AND CRASH REPORTS
 *     In the kernel's oops layout, each frame with the %pBCi text of its
 *     return address (name, source line, inlined calls, demangled):
 *
 *         Call Trace:
 *          [<000055f1c2a0b1a5>] load_config+0x15/0x2d (inl.c:21)
 *          [<000055f1c2a0b140>] main+0xa0/0xc6 (inl.c:40)
 *         ---[ end trace ]---
 *
 *     Frames are found through the objects' unwind tables (CFI: code
 *     without frame pointers too) and through signal frames.  After
 *     xprintf_symbols_preload() these functions are async-signal-safe:
 *     they allocate nothing and take no lock.
 */

/* The calling thread's return addresses, innermost first, the caller of
 * xprintf_backtrace first; at most max of them.  A frame interrupted by
 * a signal is stored as its interrupted instruction's address + 1, so
 * that every entry prints right with %pB.  Returns the count. */
int xprintf_backtrace(void **pcs, int max);

/* Write the calling thread's Call Trace block (the kernel's dump_stack())
 * to fd, from the caller of xprintf_dump_stack outward.  Returns the
 * number of frames printed, or -1 with errno when a write failed. */
int xprintf_dump_stack(int fd);

/* Report the crashes of this process to fd: on SIGSEGV, SIGBUS, SIGILL,
 * SIGFPE, SIGABRT and SIGTRAP, an oops (the signal, its code, the fault
 * address, pid, tid and thread name; the interrupted instruction and the
 * registers; the Call Trace from the interrupted function's caller), then
 * the signal does what it did before: the handler installed earlier runs,
 * or the process ends by that signal (exit status and core dump as
 * without the report).  Indexes every loaded object
 * (xprintf_symbols_preload) and gives the calling thread an alternate
 * signal stack if it has none or one under 64 KiB, so that its stack
 * overflows are reported too.  Threads that crash together report one after the other.  Returns
 * 0, or -1 with errno. */
int xprintf_crash_report_install(int fd);

/*
 * POINTER EXTENSIONS
 *     Built in, with the kernel's output (a "*" means the field width is
 *     the extension's own argument, passed as with %*d):
 *         %pI4 %pi4 [hnbl]     IPv4 address, 4 bytes       1.2.3.4 / 001.002.003.004
 *         %pI6 %pi6 %pI6c      IPv6 address, 16 bytes      0001:0002:...  1::2  ::ffff:1.2.3.4
 *         %pIS %piS [pfschnbl] struct sockaddr (AF_INET, AF_INET6)  [1::2]:80
 *         %pM %pMR %pMF %pm %pmR  MAC address, 6 bytes     00:01:02:03:04:05
 *         %pUb %pUB %pUl %pUL  UUID, 16 bytes
 *         %*ph %*phC %*phD %*phN  hex dump of 1..64 bytes  00 01 02
 *         %*pE[achnops]        escaped buffer              \eb \C\a"\220\r]
 *         %*pb %*pbl           bitmap of unsigned long, width = bits   0779 / 0,3-6,8-10
 *         %p4cc %p4ch %p4chR %p4cl %p4cb  four-character code, 4 bytes
 *         %pV                  struct xprintf_va_format, formatted in place
 *         %ptT %ptR [dtrs]     time_t * (UTC) / struct tm *  2019-01-04T15:32:23
 *         %px                  the address in hex, unhashed
 *     Flags, width and precision apply to the whole output as for %s,
 *     except for the "*" ones.  Extensions that read through the pointer
 *     print "(null)" for NULL and "(efault)" for an address in the first or
 *     the last page (error values); any other invalid pointer is, as for
 *     %s, undefined behaviour.
 */

/* %pV: print fmt with *va (copied, not consumed) where the directive is. */
struct xprintf_va_format {
	const char *fmt;
	va_list *va;
};

/*
 * REGISTERED EXTENSIONS
 *     A program prints its own types with %p<name>:
 *
 *         static int print_point(struct xprintf_sink *sink, const void *ptr,
 *                                const struct xprintf_pointer_spec *spec, void *ctx)
 *         {
 *             const struct point *p = ptr;
 *             return xprintf_sink_printf(sink, "(%d, %d)", p->x, p->y) < 0 ? -1 : 0;
 *         }
 *         xprintf_register_pointer("Point", print_point, NULL);
 *         xprintf("at %pPoint\n", &where);
 *
 *     Names are [A-Za-z][A-Za-z0-9]*.  The name that is the longest prefix
 *     of the text after %p wins, built-in or registered; the rest of the
 *     text is passed to the handler as its letters.  The handler never sees
 *     NULL or error pointers (they print "(null)" / "(efault)").  The
 *     library pads the handler's output to the field width and cuts it at
 *     the precision, as for %s, calling the handler once per directive;
 *     only a right-justified field wider than 256 bytes (with no precision
 *     or one above 256) around an output longer than 256 bytes may call it
 *     a second time, the first call measuring, so a handler must print the
 *     same thing each time.  It returns 0, or -1 with errno set to make the whole
 *     call fail with that errno.  A handler may call any xprintf function,
 *     including xprintf_register_pointer.
 *
 *     xprintf_register_pointer fails with EINVAL for an invalid name or a
 *     NULL fn, EEXIST for a name already registered or used by a built-in
 *     (including the symbol names S s B F f SR Sb Bb and the documented
 *     spellings above with their letters, such as Ub or I6c), ENOMEM.
 *     xprintf_unregister_pointer fails with EINVAL for an invalid name and
 *     ENOENT for a name not registered.
 *
 *     Registration is thread-safe and may run while other threads format;
 *     formatting takes no lock.  A format running concurrently with a change
 *     sees the registrations from before or after it.  Each change keeps the
 *     previous table (a few bytes per name) until the program exits, so
 *     register at start-up rather than in a loop.
 */
struct xprintf_sink; /* where a handler writes: only through the functions below */

enum {
	XPRINTF_POINTER_LEFT = 1u << 0,  /* '-' */
	XPRINTF_POINTER_PLUS = 1u << 1,  /* '+' */
	XPRINTF_POINTER_SPACE = 1u << 2, /* ' ' */
	XPRINTF_POINTER_ALT = 1u << 3,   /* '#' */
	XPRINTF_POINTER_ZERO = 1u << 4,  /* '0' */
};

struct xprintf_pointer_spec {
	const char *name;    /* the registered name */
	const char *letters; /* the text after the name (not NUL-terminated) */
	size_t nletters;
	int width;           /* field width, -1 when none was given */
	int precision;       /* -1 when none was given */
	unsigned flags;      /* XPRINTF_POINTER_* */
};

typedef int (*xprintf_pointer_fn)(struct xprintf_sink *sink, const void *ptr,
				  const struct xprintf_pointer_spec *spec, void *ctx);

/* 0, or -1 with errno: the output failed. */
int xprintf_sink_write(struct xprintf_sink *sink, const char *buf, size_t len);
/* The bytes written, or -1 with errno (as xprintf). */
int xprintf_sink_printf(struct xprintf_sink *sink, const char *XPRINTF_RESTRICT fmt, ...)
	XPRINTF_FORMAT(2, 3);
int xprintf_sink_vprintf(struct xprintf_sink *sink, const char *XPRINTF_RESTRICT fmt,
			 va_list ap) XPRINTF_FORMAT(2, 0);

/* 0, or -1 with errno. */
int xprintf_register_pointer(const char *name, xprintf_pointer_fn fn, void *ctx);
int xprintf_unregister_pointer(const char *name);

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
#undef wprintf
#undef fwprintf
#undef swprintf
#undef vwprintf
#undef vfwprintf
#undef vswprintf
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
#define wprintf xwprintf
#define fwprintf xfwprintf
#define swprintf xswprintf
#define vwprintf xvwprintf
#define vfwprintf xvfwprintf
#define vswprintf xvswprintf
#endif
