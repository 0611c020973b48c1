/* Faults while malloc's arena lock is held: malloc_stats() holds it while
 * it prints to stderr, here an unbuffered fopencookie stream.
 *
 *   argv[2] "self":  the cookie's write dereferences NULL, so the thread
 *                    that faults holds the lock itself;
 *   argv[2] "other": a second thread's write blocks for ever with the lock
 *                    held, and then the main thread faults.
 *
 * A report that allocated would wait for that lock for ever. */
#define _GNU_SOURCE
#include "crash_common.h"
#include "crash_malloc_held.h"

static int *volatile nowhere;

static ssize_t write_fault(void *cookie, const char *buf, size_t len)
{
	(void)cookie;
	*nowhere = buf[0];
	return (ssize_t)len;
}

INLINE void poke(int *p)
{
	*p = crash_seen;
}

NOINLINE void crash_while_held(void)
{
	poke(nowhere);
	crash_seen++;
}

int main(int argc, char **argv)
{
	if (crash_setup(argc, argv) != 0)
		return 2;
	if (argc > 2 && !strcmp(argv[2], "other")) {
		malloc_lock_held_elsewhere();
		crash_while_held();
		return 0;
	}
	free(malloc(64)); /* malloc initialised: its arena exists */
	redirect_stderr(write_fault);
	malloc_stats();
	return 0;
}
