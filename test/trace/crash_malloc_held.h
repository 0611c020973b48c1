/* crash_malloc_held.h - malloc's arena lock held for ever by another
 * thread: malloc_stats() holds it while it prints to stderr, here an
 * unbuffered fopencookie stream whose write blocks for good.  A report
 * that allocated would wait for that lock for ever. */
#ifndef XP_TRACE_CRASH_MALLOC_HELD_H
#define XP_TRACE_CRASH_MALLOC_HELD_H

#include <malloc.h>
#include <pthread.h>
#include <semaphore.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/types.h>

static sem_t lock_held, never;

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

/* Returns once another thread holds the lock. */
static void malloc_lock_held_elsewhere(void)
{
	free(malloc(64)); /* malloc initialised: its arena exists */
	sem_init(&lock_held, 0, 0);
	sem_init(&never, 0, 0);
	redirect_stderr(write_block);
	pthread_t t;
	if (pthread_create(&t, NULL, hold_malloc_lock, NULL) != 0)
		exit(3);
	while (sem_wait(&lock_held) != 0)
		continue;
}

#endif
