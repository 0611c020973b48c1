/* bench_first_lookup.c - the first symbols of a program linked with the
 * shared libxprintf: fresh processes (forked before any lookup, so libdw
 * is not loaded yet) time their first %pS in the program, libc and libm,
 * the first of them including the loading of libdw and libelf.  Medians.
 * Reports; never fails. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <link.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <xprintf.h>

#include "bench_clock.h"
#include "bench_fresh.h"

#define RUNS 15

static double (*volatile keep_libm)(double) = cos;

__attribute__((noinline)) static int program_function(int x)
{
	return x * 2;
}

static int find_loaded(struct dl_phdr_info *info, size_t size, void *want)
{
	(void)size;
	return strstr(info->dlpi_name, want) != NULL;
}

static void first_lookups(double *msg)
{
	char buf[3][256];
	double before = dl_iterate_phdr(find_loaded, "libdw.so");
	double t0 = bench_wall_ns();
	xsnprintf(buf[0], sizeof buf[0], "%pS", (void *)(uintptr_t)program_function);
	double t1 = bench_wall_ns();
	xsnprintf(buf[1], sizeof buf[1], "%pS", (void *)(uintptr_t)abort);
	double t2 = bench_wall_ns();
	xsnprintf(buf[2], sizeof buf[2], "%pS", (void *)(uintptr_t)keep_libm);
	double t3 = bench_wall_ns();
	double named = !strncmp(buf[0], "program_function+", 17) && !strncmp(buf[1], "abort+", 6) &&
		       strstr(buf[2], "[libm.so.6]");
	double m[5] = { t1 - t0, t2 - t1, t3 - t2, before, named };
	memcpy(msg, m, sizeof m);
}

int main(void)
{
	double prog[RUNS], libc[RUNS], libm[RUNS], total[RUNS];
	int preloaded = 0, named = 0;
	for (int r = 0; r < RUNS; r++) {
		double msg[5] = { 0 };
		if (in_fresh_process(first_lookups, msg, 5) != 0) {
			printf("could not run a fresh process\n");
			return 0;
		}
		prog[r] = msg[0];
		libc[r] = msg[1];
		libm[r] = msg[2];
		total[r] = msg[0] + msg[1] + msg[2];
		preloaded += msg[3] != 0;
		named += msg[4] != 0;
	}
	printf("first lookups with the shared libxprintf, median of %d fresh processes\n", RUNS);
	printf("(libdw loaded before the first in %d of them; all three named in %d):\n", preloaded, named);
	printf("  program %8.0f us   libc %8.0f us   libm %8.0f us   total %8.0f us\n",
	       bench_median(prog, RUNS) / 1e3, bench_median(libc, RUNS) / 1e3, bench_median(libm, RUNS) / 1e3,
	       bench_median(total, RUNS) / 1e3);
	return 0;
}
