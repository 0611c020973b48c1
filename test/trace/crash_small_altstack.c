/* The thread has an alternate signal stack of its own before it installs
 * the report (argv[1] "install"), of the classic 8 KiB: too small for the
 * report's handler (with AVX-512 the kernel's signal frame alone takes
 * about 3 KiB), so the install must give the thread a larger one. */
#define _GNU_SOURCE
#include <signal.h>

#include "crash_common.h"

static int *volatile nowhere;
static char small_stack[8192];

NOINLINE void poke(void)
{
	*nowhere = 7;
	crash_seen++;
}

int main(int argc, char **argv)
{
	if (argc > 1 && !strcmp(argv[1], "install")) {
		stack_t ss = { .ss_sp = small_stack, .ss_size = sizeof small_stack, .ss_flags = 0 };
		if (sigaltstack(&ss, NULL) != 0)
			return 3;
	}
	if (crash_setup(argc, argv) != 0)
		return 2;
	poke();
	return 0;
}
