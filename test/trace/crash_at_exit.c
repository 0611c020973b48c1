/* A crash in a destructor, after main returned: the exit handlers have
 * run by then (libxprintf's among them), and the report must still name
 * the frames. */
#include "crash_common.h"

static int *volatile nowhere;

NOINLINE void release_all(void)
{
	*nowhere = 1;
	crash_seen++;
}

__attribute__((destructor)) static void at_exit(void)
{
	release_all();
	crash_seen++;
}

int main(int argc, char **argv)
{
	if (crash_setup(argc, argv) != 0)
		return 2;
	return 0;
}
