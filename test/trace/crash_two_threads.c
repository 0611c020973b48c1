/* Two threads fault together: both reports complete, one after the other.
 *
 * With argv[2] "fill" the program first fills the pipe that fd 2 is
 * (the test made it one page) but for one byte, so that the first
 * report's first write blocks until the test reads; the test reads only
 * once both threads are in the handler (their blocked-signal masks say
 * so), so the second thread always faults while the first reports. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <pthread.h>
#include <stdlib.h>
#include <unistd.h>

#include "crash_work.h"

static pthread_barrier_t start;
NOINLINE void *crasher(void *arg)
{
	pthread_barrier_wait(&start);
	work((int)(long)arg);
	crash_seen++;
	return NULL;
}

/* All of fd 2's pipe but one byte, as one line the test ignores. */
static int fill_pipe(void)
{
	int size = fcntl(2, F_GETPIPE_SZ);
	if (size < 2)
		return -1;
	char *line = malloc((size_t)size);
	if (!line)
		return -1;
	memset(line, 'F', (size_t)size - 2);
	line[size - 2] = '\n';
	ssize_t n = write(2, line, (size_t)size - 1);
	free(line);
	return n == size - 1 ? 0 : -1;
}

int main(int argc, char **argv)
{
	if (crash_setup(argc, argv) != 0)
		return 2;
	if (argc > 2 && !strcmp(argv[2], "fill") && fill_pipe() != 0)
		return 3;
	pthread_barrier_init(&start, NULL, 2);
	pthread_t t[2];
	for (long i = 0; i < 2; i++)
		if (pthread_create(&t[i], NULL, crasher, (void *)i) != 0)
			return 3;
	pthread_join(t[0], NULL);
	pthread_join(t[1], NULL);
	return 0;
}
