/* bench_stream.c - the stream and wide entry points against glibc's:
 * fprintf to a fully buffered FILE, printf to stdout redirected to
 * /dev/null, swprintf, and fwprintf to a wide stream; each once while the
 * process has one thread and again after it created one (glibc's stdio
 * then locks), where a last row sets the time of the lock alone beside
 * glibc's fprintf "%s\n".  Reports; never fails. */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <fcntl.h>
#include <wchar.h>

#include <xprintf.h>

#include "bench_clock.h"

#define NVAL 1024

static int ints[NVAL];
static unsigned uints[NVAL];
static double doubles[NVAL];
static const char *words[NVAL];
static const wchar_t *wwords[NVAL];
static void *ptrs[NVAL];
static char chars[NVAL];

static FILE *narrow_file, *wide_file;
static volatile long sink_len;

enum printer { XP, GLIBC, NPRINTERS };

#define RUN(call)                                              \
	do {                                                   \
		for (long i = 0; i < iters; i++) {             \
			unsigned k = (unsigned)i & (NVAL - 1); \
			sink_len += (call);                    \
		}                                              \
	} while (0)

/* One workload: the same arguments to our function and to glibc's. */
#define WORKLOAD(fn, ours, theirs, ...)                \
	static void fn(enum printer p, long iters)     \
	{                                              \
		if (p == XP)                           \
			RUN(ours(__VA_ARGS__));        \
		else                                   \
			RUN(theirs(__VA_ARGS__));      \
	}

#define LOG_ARGS "src/server.c", ints[k] & 0xfff, words[k], uints[k]
WORKLOAD(f_int, xfprintf, fprintf, narrow_file, "%d\n", ints[k])
WORKLOAD(f_str, xfprintf, fprintf, narrow_file, "%s\n", words[k])
WORKLOAD(f_log, xfprintf, fprintf, narrow_file, "%s:%d: %s: code=%08x\n", LOG_ARGS)
WORKLOAD(p_int, xprintf, printf, "%d\n", ints[k])
WORKLOAD(p_str, xprintf, printf, "%s\n", words[k])
WORKLOAD(p_log, xprintf, printf, "%s:%d: %s: code=%08x\n", LOG_ARGS)

static wchar_t wbuf[256];
#define WDEST wbuf, sizeof wbuf / sizeof wbuf[0]
WORKLOAD(w_int, xswprintf, swprintf, WDEST, L"%d", ints[k])
WORKLOAD(w_wstr, xswprintf, swprintf, WDEST, L"%ls", wwords[k])
WORKLOAD(w_str, xswprintf, swprintf, WDEST, L"%s", words[k])
WORKLOAD(w_log, xswprintf, swprintf, WDEST, L"%ls:%d: %s: code=%08x ptr=%p c=%c",
	 L"src/server.c", ints[k] & 0xfff, words[k], uints[k], ptrs[k], chars[k])
WORKLOAD(w_g, xswprintf, swprintf, WDEST, L"%g", doubles[k])
WORKLOAD(fw_int, xfwprintf, fwprintf, wide_file, L"%d\n", ints[k])
WORKLOAD(fw_log, xfwprintf, fwprintf, wide_file, L"%ls:%d: %s: code=%08x\n",
	 L"src/server.c", ints[k] & 0xfff, words[k], uints[k])

/* The floor under a locked call: glibc's stdio lock taken and given back
 * with nothing between (beside glibc's fprintf "%s\n", whose time the
 * ratio divides by). */
static void lock_alone(enum printer p, long iters)
{
	if (p == XP) {
		for (long i = 0; i < iters; i++) {
			flockfile(narrow_file);
			funlockfile(narrow_file);
		}
		sink_len += iters;
	} else {
		RUN(fprintf(narrow_file, "%s\n", words[k]));
	}
}

static const struct {
	const char *name;
	void (*fn)(enum printer, long);
	int iters_divisor; /* the wide streams' conversion is slow */
} workloads[] = {
	{ "fprintf(f, \"%d\\n\")", f_int, 1 },
	{ "fprintf(f, \"%s\\n\"), 1-17-byte words", f_str, 1 },
	{ "fprintf(f, log line)", f_log, 1 },
	{ "printf(\"%d\\n\"), stdout to a file", p_int, 1 },
	{ "printf(\"%s\\n\"), stdout to a file", p_str, 1 },
	{ "printf(log line), stdout to a file", p_log, 1 },
	{ "swprintf(L\"%d\")", w_int, 1 },
	{ "swprintf(L\"%ls\")", w_wstr, 1 },
	{ "swprintf(L\"%s\")", w_str, 1 },
	{ "swprintf(log line)", w_log, 1 },
	{ "swprintf(L\"%g\")", w_g, 1 },
	{ "fwprintf(wide f, L\"%d\\n\")", fw_int, 4 },
	{ "fwprintf(wide f, log line)", fw_log, 16 },
};

/* Interleaved rounds on CPU time; the median time per call and the median
 * of the per-round ratios. */
#define ROUNDS 15
static void measure(void (*fn)(enum printer, long), long iters, double ns[NPRINTERS],
		    double *ratio)
{
	double t[NPRINTERS][ROUNDS], r[ROUNDS];
	for (int round = 0; round < ROUNDS; round++) {
		for (int p = 0; p < NPRINTERS; p++) {
			double t0 = bench_cpu_ns();
			fn((enum printer)p, iters);
			t[p][round] = (bench_cpu_ns() - t0) / (double)iters;
		}
		r[round] = t[XP][round] / t[GLIBC][round];
	}
	for (int p = 0; p < NPRINTERS; p++)
		ns[p] = bench_median(t[p], ROUNDS);
	*ratio = bench_median(r, ROUNDS);
}

static void make_inputs(void)
{
	static const char *eight[] = { "x", "get", "alpha", "warning", "localhost",
				       "request done", "connection lost", "0123456789abcdef0" };
	static const wchar_t *weight[] = { L"x", L"get", L"alpha", L"warning", L"localhost",
					   L"request done", L"connection lost",
					   L"0123456789abcdef0" };
	static const double typical[] = { 0.1, 3.14159, 1e-7, 2.5e10, 100, 0.000123, 42.75 };
	srand(12345);
	for (int i = 0; i < NVAL; i++) {
		ints[i] = (int)((unsigned)rand() << 16 ^ (unsigned)rand());
		uints[i] = (unsigned)rand() << 16 ^ (unsigned)rand();
		int w = rand() % 8;
		words[i] = eight[w];
		wwords[i] = weight[w];
		doubles[i] = typical[rand() % 7] * (1 + rand() % 1000 / 1000.0);
		ptrs[i] = (void *)(uintptr_t)(0x7f0000000000ull + (unsigned)rand() * 16ull);
		chars[i] = (char)('a' + rand() % 26);
	}
}

static void *nothing(void *arg)
{
	return arg;
}

static void table(FILE *out, long iters, const char *title)
{
	fprintf(out, "\n%s\n%-44s %10s %10s %8s\n", title, "workload", "xprintf", "glibc",
		"x/glibc");
	for (size_t w = 0; w < sizeof workloads / sizeof workloads[0]; w++) {
		double ns[NPRINTERS], ratio;
		measure(workloads[w].fn, iters / workloads[w].iters_divisor, ns, &ratio);
		fprintf(out, "%-44s %8.1fns %8.1fns %8.2f\n", workloads[w].name, ns[XP], ns[GLIBC],
			ratio);
		fflush(out);
	}
}

int main(int argc, char **argv)
{
	long iters = argc > 1 ? atol(argv[1]) : 20000; /* calls per round */
	/* Results go to the original stdout; stdout itself goes to /dev/null
	 * before its first use, so that it is fully buffered as it is when a
	 * program's output is redirected to a file. */
	FILE *out = fdopen(dup(STDOUT_FILENO), "w");
	int null_fd = open("/dev/null", O_WRONLY);
	if (!out || null_fd < 0 || dup2(null_fd, STDOUT_FILENO) < 0)
		return 1;
	narrow_file = fopen("/dev/null", "w");
	wide_file = fopen("/dev/null", "w");
	if (!narrow_file || !wide_file || fwide(wide_file, 1) <= 0)
		return 1;
	make_inputs();
	table(out, iters, "one thread");
	pthread_t t;
	if (pthread_create(&t, NULL, nothing, NULL) || pthread_join(t, NULL))
		return 1;
	table(out, iters, "after a thread was created (glibc's stdio locks)");
	double ns[NPRINTERS], ratio;
	measure(lock_alone, iters, ns, &ratio);
	fprintf(out, "\n%-44s %10s %10s %8s\n", "the floor of a locked call", "lock", "glibc",
		"lock/glibc");
	fprintf(out, "%-44s %8.1fns %8.1fns %8.2f\n", "flockfile+funlockfile; fprintf(f, \"%s\\n\")",
		ns[XP], ns[GLIBC], ratio);
	return 0;
}
