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
