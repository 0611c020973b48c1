/* Unbounded recursion on the main thread: the stack overflows, and the
 * report runs on the alternate signal stack that install gave it. */
#include "crash_common.h"

static volatile int limit = -1;

NOINLINE int descend(int depth)
{
	volatile char frame[256];
	frame[0] = (char)depth;
	if (depth == limit)
		return 0;
	int r = descend(depth + 1);
	return r + frame[0];
}

int main(int argc, char **argv)
{
	if (crash_setup(argc, argv) != 0)
		return 2;
	return descend(argc);
}
