/* A fault in a second thread: its trace ends at the thread's start
 * routine (worker), then libc's thread start. */
#define _GNU_SOURCE
#include <pthread.h>

#include "crash_work.h"

NOINLINE void *worker(void *arg)
{
	pthread_setname_np(pthread_self(), "crasher");
	work((int)(long)arg);
	crash_seen++;
	return NULL;
}

int main(int argc, char **argv)
{
	if (crash_setup(argc, argv) != 0)
		return 2;
	pthread_t t;
	if (pthread_create(&t, NULL, worker, (void *)(long)argc) != 0)
		return 3;
	pthread_join(t, NULL);
	return 0;
}
