/* crash_work.h - a thread's NULL store through an inlined helper, shared
 * by the thread programs. */
#ifndef XP_TRACE_CRASH_WORK_H
#define XP_TRACE_CRASH_WORK_H

#include "crash_common.h"

static int *volatile slot;

INLINE void fill(int *p, int v)
{
	*p = v + crash_seen;
}

NOINLINE void work(int v)
{
	fill(slot, v);
	crash_seen++;
}

#endif
