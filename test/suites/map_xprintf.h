/*
 * map_xprintf.h - force-included (gcc -include) into each test of a foreign
 * printf test suite for its "mapped" build: from here on the printf family's
 * names are xprintf's, so that the suite's own assertions judge xprintf.
 * The system headers come first so that their declarations keep glibc's
 * names; the test's later #includes of them are then no-ops.
 */
#include <stdio.h>
#include <stdarg.h>
#include <wchar.h>

/* A suite's harness may have its own function called xasprintf (glibc's
 * support/ has): run.sh then renames it by a -D on the command line, which
 * must not rename xprintf's, and asprintf reaches xprintf's xasprintf by
 * its assembler name. */
#pragma push_macro("xasprintf")
#undef xasprintf
#define XPRINTF_REPLACE_STDIO
#include <xprintf.h>
#pragma pop_macro("xasprintf")
#ifdef xasprintf
int suites_xasprintf(char **restrict strp, const char *restrict fmt, ...)
	__asm__("xasprintf");
#undef asprintf
#define asprintf suites_xasprintf
#endif

/* The wide family, where the library has it (run.sh defines
 * SUITES_XPRINTF_WIDE when include/xprintf.h declares xswprintf) and its
 * XPRINTF_REPLACE_STDIO does not map these names itself. */
#if defined(SUITES_XPRINTF_WIDE) && !defined(swprintf)
#undef wprintf
#undef fwprintf
#undef swprintf
#undef vwprintf
#undef vfwprintf
#undef vswprintf
#define wprintf xwprintf
#define fwprintf xfwprintf
#define swprintf xswprintf
#define vwprintf xvwprintf
#define vfwprintf xvfwprintf
#define vswprintf xvswprintf
#endif

/* A test built with _FORTIFY_SOURCE >= 2 calls glibc's __sprintf_chk and
 * __vsprintf_chk, which clear the buffer's first byte before formatting
 * (a %s argument that is the buffer itself then reads ""): that is the
 * fortify wrapper's doing, not the formatter's, so the mapped build keeps
 * it in front of xsprintf (the preload's __sprintf_chk does the same). */
#if (defined(__USE_FORTIFY_LEVEL) && __USE_FORTIFY_LEVEL > 1) || defined(SUITES_FORTIFIED)
#undef sprintf
#undef vsprintf
#define sprintf(buf, ...) ((buf)[0] = '\0', xsprintf(buf, __VA_ARGS__))
#define vsprintf(buf, fmt, ap) ((buf)[0] = '\0', xvsprintf(buf, fmt, ap))
#endif
