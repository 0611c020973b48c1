/* bench_trace.c - stack traces beside glibc's <execinfo.h>, at the bottom
 * of a 24-frame chain of noinline functions (each with an inlined call in
 * it, so that %pBi has a level to unfold):
 *
 *   capture  xprintf_backtrace(pcs, 64)  | backtrace(pcs, 64)
 *   dump     xprintf_dump_stack(fd)      | backtrace + backtrace_symbols_fd
 *            (names, lines, inlines)       (names only, from dladdr)
 *            and, as a third column, backtrace + one xdprintf
 *            " [<%016lx>] %pBi\n" per frame
 *
 * fd is /dev/null.  After xprintf_symbols_preload() and a warm-up of every
 * side, the sides take turns round by round on CPU time (write(2) is
 * system time, which counts): per side the median ns per call, and the
 * median over rounds of each ratio.  Reports; never fails. */
#define _GNU_SOURCE
#include <execinfo.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include <xprintf.h>

#include "bench_clock.h"

#define DEPTH 24
#define MAX_PCS 64
#define ROUNDS 21
#define CAPTURE_CALLS 1000
#define DUMP_CALLS 50

/* GCC may clone a noinline function for a constant argument and name the
 * clone (level.constprop.0): keep each level one function by its name. */
#if defined(__GNUC__) && !defined(__clang__)
#define LEVEL_ATTR __attribute__((noinline, noclone, used))
#else
#define LEVEL_ATTR __attribute__((noinline, used))
#endif

static volatile long sink;
static int devnull = -1;

static void run_at_bottom(void);

/* The call to the next level, inlined into each: the add after the call
 * and the barrier keep it from becoming a jump (the build also says
 * -fno-optimize-sibling-calls), so every level keeps its frame. */
static inline __attribute__((always_inline)) long descend(long (*next)(long), long depth)
{
	long r = next(depth + 1);
	__asm__ volatile("" ::: "memory");
	return r + 1;
}

/* Exported (the program links with -rdynamic) so that dladdr, and so
 * backtrace_symbols_fd, can name them as %pB does. */
long bench_trace_bottom(long depth);
LEVEL_ATTR long bench_trace_bottom(long depth)
{
	run_at_bottom();
	__asm__ volatile("" ::: "memory");
	return depth;
}

#define LEVEL(k, next)                                  \
	long bench_trace_level_##k(long depth);         \
	LEVEL_ATTR long bench_trace_level_##k(long depth) \
	{                                               \
		return descend(next, depth);            \
	}
LEVEL(23, bench_trace_bottom)
LEVEL(22, bench_trace_level_23)
LEVEL(21, bench_trace_level_22)
LEVEL(20, bench_trace_level_21)
LEVEL(19, bench_trace_level_20)
LEVEL(18, bench_trace_level_19)
LEVEL(17, bench_trace_level_18)
LEVEL(16, bench_trace_level_17)
LEVEL(15, bench_trace_level_16)
LEVEL(14, bench_trace_level_15)
LEVEL(13, bench_trace_level_14)
LEVEL(12, bench_trace_level_13)
LEVEL(11, bench_trace_level_12)
LEVEL(10, bench_trace_level_11)
LEVEL(9, bench_trace_level_10)
LEVEL(8, bench_trace_level_9)
LEVEL(7, bench_trace_level_8)
LEVEL(6, bench_trace_level_7)
LEVEL(5, bench_trace_level_6)
LEVEL(4, bench_trace_level_5)
LEVEL(3, bench_trace_level_4)
LEVEL(2, bench_trace_level_3)
LEVEL(1, bench_trace_level_2)
LEVEL(0, bench_trace_level_1)

/* ---- the sides; each called from the same frame, so that all see one stack ---- */

enum side { OURS, GLIBC, PER_FRAME, NSIDES };

__attribute__((noinline)) static int capture(enum side s)
{
	void *pcs[MAX_PCS];
	int n = s == OURS ? xprintf_backtrace(pcs, MAX_PCS) : backtrace(pcs, MAX_PCS);
	sink += (long)(uintptr_t)pcs[n > 0 ? n - 1 : 0];
	return n;
}

__attribute__((noinline)) static int dump(enum side s, int fd)
{
	if (s == OURS)
		return xprintf_dump_stack(fd);
	void *pcs[MAX_PCS];
	int n = backtrace(pcs, MAX_PCS);
	if (s == GLIBC) {
		backtrace_symbols_fd(pcs, n, fd);
		return n;
	}
	for (int i = 0; i < n; i++)
		xdprintf(fd, " [<%016lx>] %pBi\n", (unsigned long)(uintptr_t)pcs[i], pcs[i]);
	return n;
}

struct result {
	double ns[NSIDES];    /* median ns per call */
	double ratio[NSIDES]; /* median over rounds of side / GLIBC */
};

static void measure(int is_dump, int nsides, int calls, struct result *r)
{
	static double t[NSIDES][ROUNDS], ratio[NSIDES][ROUNDS];
	for (int round = 0; round < ROUNDS; round++) {
		for (int k = 0; k < nsides; k++) {
			/* Each round starts with a different side. */
			int s = (k + round) % nsides;
			double t0 = bench_cpu_ns();
			for (int i = 0; i < calls; i++)
				sink += is_dump ? dump((enum side)s, devnull) : capture((enum side)s);
			t[s][round] = (bench_cpu_ns() - t0) / calls;
		}
		for (int s = 0; s < nsides; s++)
			ratio[s][round] = t[s][round] / t[GLIBC][round];
	}
	for (int s = 0; s < nsides; s++) {
		r->ns[s] = bench_median(t[s], ROUNDS);
		r->ratio[s] = bench_median(ratio[s], ROUNDS);
	}
}

/* One dump of a side into a memory file: its bytes, and its lines up to
 * the deepest level's. */
static void show_one(enum side s, const char *what)
{
	int fd = memfd_create("bench_trace", 0);
	if (fd < 0)
		return;
	dump(s, fd);
	off_t size = lseek(fd, 0, SEEK_CUR);
	char text[2048] = "";
	ssize_t got = pread(fd, text, sizeof text - 1, 0);
	close(fd);
	text[got > 0 ? got : 0] = 0;
	char *end = strstr(text, "bench_trace_level_23");
	end = end ? strchr(end, '\n') : NULL;
	if (end)
		end[1] = 0;
	printf("%s, %ld bytes:\n%s ...\n", what, (long)size, text);
}

__attribute__((noinline)) static void run_at_bottom(void)
{
	if (xprintf_symbols_preload() != 0)
		printf("preload failed\n");
	devnull = open("/dev/null", O_WRONLY | O_CLOEXEC);
	if (devnull < 0) {
		printf("cannot open /dev/null\n");
		return;
	}
	/* Warm-up: libgcc_s loaded (glibc dlopens it), every index read,
	 * the caches filled for both sides. */
	for (int i = 0; i < 20; i++)
		for (int s = 0; s < NSIDES; s++) {
			sink += capture((enum side)(s % 2));
			sink += dump((enum side)s, devnull);
		}

	printf("stack: %d levels of noinline functions (each with a call inlined), measured at the bottom\n",
	       DEPTH);
	printf("frames: xprintf_backtrace %d, backtrace %d\n", capture(OURS), capture(GLIBC));
	show_one(OURS, "xprintf_dump_stack");
	show_one(GLIBC, "backtrace_symbols_fd");
	show_one(PER_FRAME, "backtrace + xdprintf %pBi per frame");

	struct result cap, dmp;
	measure(0, 2, CAPTURE_CALLS, &cap);
	measure(1, NSIDES, DUMP_CALLS, &dmp);
	printf("\nns per call, CPU time, median of %d interleaved rounds (ratio: median over rounds)\n",
	       ROUNDS);
	printf("%-44s %12s %12s %10s\n", "workload", "xprintf", "glibc", "x/glibc");
	printf("%-44s %12.1f %12.1f %10.2f\n", "capture: xprintf_backtrace | backtrace", cap.ns[OURS],
	       cap.ns[GLIBC], cap.ratio[OURS]);
	printf("%-44s %12.1f %12.1f %10.2f\n", "dump: xprintf_dump_stack | backtrace_symbols_fd", dmp.ns[OURS],
	       dmp.ns[GLIBC], dmp.ratio[OURS]);
	printf("%-44s %12.1f %12.1f %10.2f\n", "dump: backtrace + xdprintf %pBi per frame", dmp.ns[PER_FRAME],
	       dmp.ns[GLIBC], dmp.ratio[PER_FRAME]);
	printf("targets: capture <= backtrace: %s; dump_stack <= backtrace_symbols_fd: %s\n",
	       cap.ratio[OURS] <= 1.0 ? "met" : "not met", dmp.ratio[OURS] <= 1.0 ? "met" : "not met");
	close(devnull);
}

int main(void)
{
	sink += bench_trace_level_0(0);
	return 0;
}
