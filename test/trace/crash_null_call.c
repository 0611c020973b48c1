/* A call through a function pointer that holds no code: NULL, or (with
 * argv[2] "heap") a heap block.  The fault comes before the callee runs,
 * at an address without unwind information, so the unwinder stops there;
 * the report must still find the caller from the call's return address
 * (x86_64: on the stack, aarch64: the link register) and go on from it.
 * ppc64 ELFv1 calls through a descriptor, whose load faults in the caller
 * itself. */
#include <stdint.h>
#include <stdlib.h>

#include "crash_common.h"

typedef void (*callback)(int);
static callback volatile handler;

NOINLINE void dispatch(int event)
{
	handler(event);
	crash_seen++;
}

NOINLINE void on_event(int event)
{
	dispatch(event + 1);
	crash_seen++;
}

int main(int argc, char **argv)
{
	if (argc > 2 && !strcmp(argv[2], "heap"))
		handler = (callback)(uintptr_t)malloc(64);
	if (crash_setup(argc, argv) != 0)
		return 2;
	on_event(1);
	return 0;
}
