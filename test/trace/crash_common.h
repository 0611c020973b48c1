/* crash_common.h - what every crash program of test/trace shares.
 *
 * argv[1] is "install" (the program calls xprintf_crash_report_install(2)
 * itself) or "plain" (no handler of its own: the reference run, the gdb
 * run, and the LD_PRELOAD=libxprintf-crash.so runs).  The faulting
 * pointers come from volatile objects, so that the compiler cannot see
 * the NULL and replace the access with a trap instruction. */
#ifndef XP_TRACE_CRASH_COMMON_H
#define XP_TRACE_CRASH_COMMON_H

#include <string.h>

#include "xprintf.h"

#define NOINLINE __attribute__((noinline))
#define INLINE static inline __attribute__((always_inline))

/* Side effects the optimiser must keep, between the calls of a chain. */
static volatile int crash_seen;

static inline int crash_setup(int argc, char **argv)
{
	if (argc > 1 && !strcmp(argv[1], "install"))
		return xprintf_crash_report_install(2);
	return 0;
}

#endif
