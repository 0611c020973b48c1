/* stack.c - the calling thread's stack: xprintf_backtrace and
 * xprintf_dump_stack (include/xprintf.h). */
#define _GNU_SOURCE
#include "xprintf.h"

#include <errno.h>

#include "oops.h"
#include "unwind.h"

#define XP_PUBLIC __attribute__((visibility("default")))

/* Both skip their own frame: noinline, and never a tail call. */
XP_PUBLIC __attribute__((noinline)) int xprintf_backtrace(void **pcs, int max)
{
	if (!pcs || max <= 0)
		return 0;
	int n = xp_unwind(pcs, NULL, max, 1, NULL);
	__asm__ volatile("" ::: "memory");
	return n;
}

XP_PUBLIC __attribute__((noinline)) int xprintf_dump_stack(int fd)
{
	struct xp_trace t;
	int saved = errno;
	t.n = xp_unwind(t.pc, t.interrupted, XP_TRACE_MAX, 1, &t.more);
	int lines = xp_oops_call_trace(fd, &t, 0, 0);
	if (lines < 0)
		return -1;
	errno = saved;
	return lines;
}
