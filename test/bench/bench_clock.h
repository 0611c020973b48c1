/* bench_clock.h - the benchmarks' clocks and their median. */
#ifndef XP_BENCH_CLOCK_H
#define XP_BENCH_CLOCK_H

#include <stdlib.h>
#include <time.h>

/* Wall time, ns: for what spans processes or waits. */
static inline double bench_wall_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

/* This thread's CPU time, ns: robust when the machine is shared (other
 * processes then cost little but the caches and the sibling thread). */
static inline double bench_cpu_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static inline int bench_by_value(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

/* The median of v[0..n) (sorts v). */
static inline double bench_median(double *v, size_t n)
{
	qsort(v, n, sizeof *v, bench_by_value);
	return v[n / 2];
}

#endif
