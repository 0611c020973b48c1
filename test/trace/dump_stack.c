/* xprintf_dump_stack from an inlined helper: its Call Trace must be
 * gdb's bt at a breakpoint on the call's line (the test finds the line by
 * the marker comment).  Code before the call in show(): a breakpoint at
 * the first instruction of an inlined block stops "before the call" in
 * gdb, which then hides the inlined level. */
#include "crash_common.h"

INLINE void show(int fd)
{
	crash_seen += fd;
	xprintf_dump_stack(fd); /* the dump_stack line */
	crash_seen++;
}

NOINLINE void step(int v)
{
	show(2);
	crash_seen += v;
}

NOINLINE void walk(int v)
{
	step(v);
	crash_seen++;
}

int main(int argc, char **argv)
{
	(void)argv;
	walk(argc);
	return 0;
}
