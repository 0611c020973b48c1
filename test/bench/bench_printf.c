/* bench_printf.c - xsnprintf against glibc's snprintf and stb_sprintf on the
 * integer, string and pointer workloads.  Reports; never fails. */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define STB_SPRINTF_IMPLEMENTATION
#include <stb/stb_sprintf.h>

#include <xprintf.h>

#define NVAL 1024
static int ints[NVAL];
static unsigned uints[NVAL];
static long long llongs[NVAL];
static const char *strs[NVAL];
static void *ptrs[NVAL];
static char chars[NVAL];

enum printer { XP, GLIBC, STB };

static volatile size_t sink_len;

static double now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

#define RUN(call)                                                   \
	do {                                                        \
		for (long i = 0; i < iters; i++) {                  \
			unsigned k = (unsigned)i & (NVAL - 1);      \
			sink_len += (size_t)(call);                 \
		}                                                   \
	} while (0)

#define WORKLOAD(fn, fmt, ...)                                                   \
	static void fn(enum printer p, long iters)                              \
	{                                                                        \
		char buf[256];                                                   \
		switch (p) {                                                     \
		case XP: RUN(xsnprintf(buf, sizeof buf, fmt, __VA_ARGS__)); break; \
		case GLIBC: RUN(snprintf(buf, sizeof buf, fmt, __VA_ARGS__)); break; \
		case STB: RUN(stbsp_snprintf(buf, sizeof buf, fmt, __VA_ARGS__)); break; \
		}                                                                \
	}

WORKLOAD(w_int, "%d", ints[k])
WORKLOAD(w_mix, "%d %u %x %lld %08X", ints[k], uints[k], uints[k], llongs[k], uints[k])
WORKLOAD(w_str, "%s", strs[k])
WORKLOAD(w_strfmt, "[%-20s|%10.3s]", strs[k], strs[k])
WORKLOAD(w_log, "%s:%d: %s: code=%08x ptr=%p c=%c", "src/server.c", ints[k] & 0xfff,
	 strs[k], uints[k], ptrs[k], chars[k])

static const struct {
	const char *name;
	void (*fn)(enum printer, long);
} workloads[] = {
	{ "%d", w_int },
	{ "%d %u %x %lld %08X", w_mix },
	{ "%s", w_str },
	{ "[%-20s|%10.3s]", w_strfmt },
	{ "log line (%s:%d: %s: code=%08x ptr=%p c=%c)", w_log },
};

/* Best of several interleaved rounds: the least disturbed measurement,
 * with load from other processes hitting the three printers alike. */
#define ROUNDS 7
static void measure(void (*fn)(enum printer, long), long iters, double best[3])
{
	best[XP] = best[GLIBC] = best[STB] = 1e30;
	for (int round = 0; round < ROUNDS; round++) {
		for (int p = XP; p <= STB; p++) {
			double t0 = now_ns();
			fn((enum printer)p, iters);
			double dt = (now_ns() - t0) / (double)iters;
			if (dt < best[p])
				best[p] = dt;
		}
	}
}

int main(int argc, char **argv)
{
	long iters = argc > 1 ? atol(argv[1]) : 200000;
	static const char *words[] = { "alpha", "a much longer string value here", "x", "",
				       "request handled", "0123456789abcdef0123" };
	srand(12345);
	for (int i = 0; i < NVAL; i++) {
		int shift = rand() % 31;
		ints[i] = (rand() >> shift) * (rand() & 1 ? -1 : 1);
		uints[i] = (unsigned)rand() >> (rand() % 31);
		llongs[i] = ((long long)rand() << 31 | rand()) >> (rand() % 60);
		strs[i] = words[rand() % 6];
		ptrs[i] = (void *)(uintptr_t)(0x7f0000000000ull + (unsigned)rand() * 16ull);
		chars[i] = (char)('a' + rand() % 26);
	}
	printf("%-46s %10s %10s %10s %9s %9s\n", "workload", "xprintf", "glibc", "stb", "x/glibc",
	       "x/stb");
	for (size_t w = 0; w < sizeof workloads / sizeof workloads[0]; w++) {
		double best[3];
		measure(workloads[w].fn, iters, best);
		double x = best[XP], g = best[GLIBC], s = best[STB];
		printf("%-46s %8.1fns %8.1fns %8.1fns %9.2f %9.2f\n", workloads[w].name, x, g, s,
		       x / g, x / s);
	}
	return 0;
}
