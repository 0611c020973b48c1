/* bench_fresh.h - run a measurement in a fresh process. */
#ifndef XP_BENCH_FRESH_H
#define XP_BENCH_FRESH_H

#include <stddef.h>
#include <sys/wait.h>
#include <unistd.h>

/* Run measure in a child forked now (before any lookup of the caller's,
 * so that the child starts cold) and bring back the n numbers it fills
 * in.  0, or -1 when that failed. */
static inline int in_fresh_process(void (*measure)(double *msg), double *msg, size_t n)
{
	int fd[2];
	if (pipe(fd) != 0)
		return -1;
	pid_t pid = fork();
	if (pid == 0) {
		close(fd[0]);
		measure(msg);
		ssize_t w = write(fd[1], msg, n * sizeof *msg);
		_exit(w == (ssize_t)(n * sizeof *msg) ? 0 : 1);
	}
	close(fd[1]);
	ssize_t got = pid > 0 ? read(fd[0], msg, n * sizeof *msg) : -1;
	close(fd[0]);
	if (pid > 0)
		waitpid(pid, NULL, 0);
	return got == (ssize_t)(n * sizeof *msg) ? 0 : -1;
}

#endif
