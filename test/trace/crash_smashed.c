/* A crash that smashed the frame chain first: victim overwrites the frame
 * pointer its caller saved (on ppc64 the back chain) with a bogus address,
 * then stores through NULL.  An unwinder that follows the chain faults in
 * turn, inside the handler; the report must still be whole, with the
 * frames found before.  Built with frame pointers, so that the chain
 * matters to the unwind tables. */
#include "crash_common.h"

static int *volatile target;

NOINLINE void victim(int v)
{
	((void *volatile *)__builtin_frame_address(0))[0] = (void *)0x10;
	*target = v;
}

NOINLINE void caller(int v)
{
	victim(v);
	crash_seen++;
}

int main(int argc, char **argv)
{
	if (crash_setup(argc, argv) != 0)
		return 2;
	caller(argc);
	return crash_seen;
}
