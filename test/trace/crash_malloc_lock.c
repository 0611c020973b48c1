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
#include <malloc.h>
#include <pthread.h>
#include <semaphore.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/types.h>

#include "crash_common.h"

static int *volatile nowhere;
static sem_t lock_held, never;

static ssize_t write_fault(void *cookie, const char *buf, size_t len)
{
	(void)cookie;
	*nowhere = buf[0];
	return (ssize_t)len;
}

static ssize_t write_block(void *cookie, const char *buf, size_t len)
{
	(void)cookie;
	(void)buf;
	sem_post(&lock_held);
	while (sem_wait(&never) != 0)
		continue;
	return (ssize_t)len;
}

/* stderr becomes a stream that calls write for every fprintf. */
static void redirect_stderr(ssize_t (*write)(void *, const char *, size_t))
{
	cookie_io_functions_t io = { .write = write };
	FILE *f = fopencookie(NULL, "w", io);
	if (!f)
		exit(3);
	setvbuf(f, NULL, _IONBF, 0);
	stderr = f;
}

static void *hold_malloc_lock(void *arg)
{
	(void)arg;
	malloc_stats();
	return NULL;
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
	free(malloc(64)); /* malloc initialised: its arena exists */
	if (argc > 2 && !strcmp(argv[2], "other")) {
		sem_init(&lock_held, 0, 0);
		sem_init(&never, 0, 0);
		redirect_stderr(write_block);
		pthread_t t;
		if (pthread_create(&t, NULL, hold_malloc_lock, NULL) != 0)
			return 3;
		while (sem_wait(&lock_held) != 0)
			continue;
		crash_while_held();
		return 0;
	}
	redirect_stderr(write_fault);
	malloc_stats();
	return 0;
}
