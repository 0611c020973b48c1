/* bench_printf.c - xsnprintf against glibc's snprintf and stb_sprintf on the
 * integer, string and pointer workloads, over two sets of inputs, with each
 * driver loop the library has for this CPU (the AVX-512 one and the plain
 * one, or the plain one only).  Reports; never fails. */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define STB_SPRINTF_IMPLEMENTATION
#include <stb/stb_sprintf.h>

#include <xprintf.h>

#include "bench_clock.h"

/* The library's choice of driver loop (src/run.h), reachable because
 * the benchmark links the static library: set and restored to time each
 * loop on a CPU that has the AVX-512 one. */
#include "../../src/run.h"

#define NVAL 1024

/* One set of inputs for the five workloads. */
struct inputs {
	int ints[NVAL];
	unsigned uints[NVAL];
	long long llongs[NVAL];
	const char *strs[NVAL];
	void *ptrs[NVAL];
	char chars[NVAL];
};
static struct inputs sets[2];

/* XP_AVX512 and XP_PLAIN are xsnprintf with either loop. */
enum printer { XP_AVX512, XP_PLAIN, GLIBC, STB, NPRINTERS };

static volatile size_t sink_len;

#define RUN(call)                                                   \
	do {                                                        \
		for (long i = 0; i < iters; i++) {                  \
			unsigned k = (unsigned)i & (NVAL - 1);      \
			sink_len += (size_t)(call);                 \
		}                                                   \
	} while (0)

#define WORKLOAD(fn, fmt, ...)                                                   \
	static void fn(enum printer p, const struct inputs *in, long iters)      \
	{                                                                        \
		char buf[256];                                                   \
		switch (p) {                                                     \
		case XP_AVX512:                                                  \
		case XP_PLAIN: RUN(xsnprintf(buf, sizeof buf, fmt, __VA_ARGS__)); break; \
		case GLIBC: RUN(snprintf(buf, sizeof buf, fmt, __VA_ARGS__)); break; \
		case STB: RUN(stbsp_snprintf(buf, sizeof buf, fmt, __VA_ARGS__)); break; \
		default: break;                                                  \
		}                                                                \
	}

WORKLOAD(w_int, "%d", in->ints[k])
WORKLOAD(w_mix, "%d %u %x %lld %08X", in->ints[k], in->uints[k], in->uints[k], in->llongs[k],
	 in->uints[k])
WORKLOAD(w_str, "%s", in->strs[k])
WORKLOAD(w_strfmt, "[%-20s|%10.3s]", in->strs[k], in->strs[k])
WORKLOAD(w_log, "%s:%d: %s: code=%08x ptr=%p c=%c", "src/server.c", in->ints[k] & 0xfff,
	 in->strs[k], in->uints[k], in->ptrs[k], in->chars[k])

static const struct {
	const char *name;
	void (*fn)(enum printer, const struct inputs *, long);
} workloads[] = {
	{ "%d", w_int },
	{ "%d %u %x %lld %08X", w_mix },
	{ "%s", w_str },
	{ "[%-20s|%10.3s]", w_strfmt },
	{ "log line (%s:%d: %s: code=%08x ptr=%p c=%c)", w_log },
};

/* Several interleaved rounds, each timing every printer in turn on CPU
 * time (a shared machine's other processes then cost little but the
 * caches and the sibling thread): per printer the median time, and the
 * median over rounds of each ratio, so that a disturbed round moves
 * neither. */
#define ROUNDS 31
struct result {
	double ns[NPRINTERS];             /* median per call */
	double per_glibc[NPRINTERS], per_stb[NPRINTERS]; /* median ratios */
};

static void measure(void (*fn)(enum printer, const struct inputs *, long),
		    const struct inputs *in, long iters, const int use[NPRINTERS],
		    struct result *r)
{
	static double t[NPRINTERS][ROUNDS], vs_glibc[NPRINTERS][ROUNDS], vs_stb[NPRINTERS][ROUNDS];
	int chosen = xp_run_choose();
	for (int round = 0; round < ROUNDS; round++) {
		for (int p = 0; p < NPRINTERS; p++) {
			if (!use[p])
				continue;
			xp_run_loop = p == XP_AVX512 ? XP_LOOP_AVX512 : XP_LOOP_PLAIN;
			double t0 = bench_cpu_ns();
			fn((enum printer)p, in, iters);
			t[p][round] = (bench_cpu_ns() - t0) / (double)iters;
		}
		for (int p = 0; p < NPRINTERS; p++) {
			vs_glibc[p][round] = t[p][round] / t[GLIBC][round];
			vs_stb[p][round] = t[p][round] / t[STB][round];
		}
	}
	xp_run_loop = chosen;
	for (int p = 0; p < NPRINTERS; p++) {
		if (!use[p])
			continue;
		r->ns[p] = bench_median(t[p], ROUNDS);
		r->per_glibc[p] = bench_median(vs_glibc[p], ROUNDS);
		r->per_stb[p] = bench_median(vs_stb[p], ROUNDS);
	}
}

/* A random int over the whole 32-bit range (rand() gives 31 bits). */
static unsigned random_u32(void)
{
	return (unsigned)rand() << 16 ^ (unsigned)rand();
}

static void make_inputs(void)
{
	/* Set 0: magnitudes of every size (shifted right at random), and six
	 * strings of 0 to 31 bytes. */
	static const char *six[] = { "alpha", "a much longer string value here", "x", "",
				     "request handled", "0123456789abcdef0123" };
	/* Set 1: full-range 32-bit integers (10 or 11 characters mostly),
	 * and eight words of 1 to 17 bytes. */
	static const char *eight[] = { "x", "get", "alpha", "warning", "localhost",
				       "request done", "connection lost", "0123456789abcdef0" };
	srand(12345);
	struct inputs *a = &sets[0], *b = &sets[1];
	for (int i = 0; i < NVAL; i++) {
		int shift = rand() % 31;
		a->ints[i] = (rand() >> shift) * (rand() & 1 ? -1 : 1);
		a->uints[i] = (unsigned)rand() >> (rand() % 31);
		a->llongs[i] = ((long long)rand() << 31 | rand()) >> (rand() % 60);
		a->strs[i] = six[rand() % 6];
		a->ptrs[i] = (void *)(uintptr_t)(0x7f0000000000ull + (unsigned)rand() * 16ull);
		a->chars[i] = (char)('a' + rand() % 26);
	}
	for (int i = 0; i < NVAL; i++) {
		b->ints[i] = (int)random_u32();
		b->uints[i] = random_u32();
		b->llongs[i] = (int)random_u32();
		b->strs[i] = eight[rand() % 8];
		b->ptrs[i] = a->ptrs[i];
		b->chars[i] = a->chars[i];
	}
}

int main(int argc, char **argv)
{
	long iters = argc > 1 ? atol(argv[1]) : 20000; /* calls per round */
	make_inputs();
	int use[NPRINTERS] = { [XP_AVX512] = xp_run_choose() == XP_LOOP_AVX512, [XP_PLAIN] = 1, [GLIBC] = 1,
			       [STB] = 1 };
	static const char *const set_names[] = {
		"ints of every size, six strings of 0-31 bytes",
		"full-range 32-bit ints, eight strings of 1-17 bytes",
	};
	for (int set = 0; set < 2; set++) {
		printf("%sinputs: %s\n", set ? "\n" : "", set_names[set]);
		printf("%-46s", "workload");
		if (use[XP_AVX512])
			printf(" %10s", "avx512");
		printf(" %10s %10s %10s", "plain", "glibc", "stb");
		if (use[XP_AVX512])
			printf(" %8s %8s", "a/glibc", "a/stb");
		printf(" %8s %8s\n", "p/glibc", "p/stb");
		for (size_t w = 0; w < sizeof workloads / sizeof workloads[0]; w++) {
			struct result r;
			measure(workloads[w].fn, &sets[set], iters, use, &r);
			printf("%-46s", workloads[w].name);
			if (use[XP_AVX512])
				printf(" %8.1fns", r.ns[XP_AVX512]);
			printf(" %8.1fns %8.1fns %8.1fns", r.ns[XP_PLAIN], r.ns[GLIBC], r.ns[STB]);
			if (use[XP_AVX512])
				printf(" %8.2f %8.2f", r.per_glibc[XP_AVX512], r.per_stb[XP_AVX512]);
			printf(" %8.2f %8.2f\n", r.per_glibc[XP_PLAIN], r.per_stb[XP_PLAIN]);
		}
	}
	return 0;
}
