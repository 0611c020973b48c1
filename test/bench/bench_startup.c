/* bench_startup.c - what linking libxprintf adds to a program's start-up:
 * two hello-world programs (glibc only; the shared libxprintf, printing
 * no symbol) run in turns, many times each, stdout to /dev/null; the best
 * and the median wall time from spawn to exit of each, and the
 * difference.  Reports; never fails.
 *
 *   bench_startup <hello_glibc> <hello_xprintf> [runs]
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "bench_clock.h"

extern char **environ;

/* One run of path, ns from spawn to reaped exit; -1 if it did not run. */
static double run_once(const char *path, const posix_spawn_file_actions_t *fa)
{
	char *argv[] = { (char *)path, NULL };
	pid_t pid;
	double t0 = bench_wall_ns();
	if (posix_spawn(&pid, path, fa, NULL, argv, environ) != 0)
		return -1;
	int status;
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) || WEXITSTATUS(status) != 0)
		return -1;
	return bench_wall_ns() - t0;
}

int main(int argc, char **argv)
{
	if (argc < 3) {
		fprintf(stderr, "usage: %s hello_glibc hello_xprintf [runs]\n", argv[0]);
		return 0;
	}
	int runs = argc > 3 ? atoi(argv[3]) : 2000;
	if (runs < 1)
		runs = 1;
	posix_spawn_file_actions_t fa;
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
	double *t[2] = { malloc((size_t)runs * sizeof(double)), malloc((size_t)runs * sizeof(double)) };
	if (!t[0] || !t[1])
		return 0;
	for (int r = 0; r < runs; r++)
		for (int k = 0; k < 2; k++)
			if ((t[k][r] = run_once(argv[1 + k], &fa)) < 0) {
				printf("could not run %s\n", argv[1 + k]);
				return 0;
			}
	const char *what[2] = { "glibc only", "with libxprintf" };
	double best[2], mid[2];
	printf("start-up, spawn to exit, %d runs each in turns (ms):\n", runs);
	for (int k = 0; k < 2; k++) {
		qsort(t[k], (size_t)runs, sizeof(double), bench_by_value);
		best[k] = t[k][0] / 1e6;
		mid[k] = t[k][runs / 2] / 1e6;
		printf("  %-16s best %7.3f   median %7.3f\n", what[k], best[k], mid[k]);
	}
	printf("  %-16s best %+7.3f   median %+7.3f\n", "added", best[1] - best[0], mid[1] - mid[0]);
	posix_spawn_file_actions_destroy(&fa);
	free(t[0]);
	free(t[1]);
	return 0;
}
