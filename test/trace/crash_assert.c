/* A failing assert: SIGABRT raised inside libc (abort via
 * __assert_fail), from an inlined helper. */
#undef NDEBUG
#include <assert.h>

#include "crash_common.h"

static volatile int entries = 41;

INLINE void check_entries(int n)
{
	assert(n == 42);
	crash_seen = n;
}

NOINLINE void configure(int extra)
{
	check_entries(entries - extra);
	crash_seen++;
}

int main(int argc, char **argv)
{
	if (crash_setup(argc, argv) != 0)
		return 2;
	configure(argc);
	return 0;
}
