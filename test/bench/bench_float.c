/* bench_float.c - ns per call of xsnprintf, glibc snprintf and stb_sprintf
 * on floating workloads, from the same run, with the ratios; and how often
 * stb_sprintf's output differs from glibc's (it is not exact).
 * Each figure is the best of ROUNDS interleaved rounds, so that load from
 * other processes hits all three alike.
 * Usage: bench_float [iterations-scale]   (reports; never fails) */
#define _GNU_SOURCE
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define STB_SPRINTF_IMPLEMENTATION
#include <stb/stb_sprintf.h>

#include <xprintf.h>

#include "bench_clock.h"

#define NVAL 1024
#define ROUNDS 7

static uint64_t rng = 88172645463325252ull;
static uint64_t next(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng;
}

static double bits(uint64_t b)
{
	double d;
	memcpy(&d, &b, sizeof d);
	return d;
}

static double vals_3f[NVAL], vals_typ[NVAL], vals_bits[NVAL], vals_2f[NVAL];
static long double vals_ld[NVAL], vals_ldbits[NVAL];

static void make_values(void)
{
	for (int i = 0; i < NVAL; i++) {
		vals_3f[i] = (double)(next() % 1000000) / 1000.0;  /* 123.456 */
		vals_2f[i] = (double)(next() % 10000000) / 100.0;  /* 12345.67 */
		/* typical data: full mantissa, magnitude 2^-20 .. 2^40 */
		uint64_t e = 1023 - 20 + next() % 60;
		vals_typ[i] = bits(e << 52 | (next() & ((1ull << 52) - 1)));
		/* random bit patterns, all finite exponents */
		uint64_t be = next() % 2047;
		vals_bits[i] = bits((next() & 1ull << 63) | be << 52 | (next() & ((1ull << 52) - 1)));
		vals_ld[i] = (long double)(next() % 1000000) / 1000.0L;
#if LDBL_MANT_DIG == 64
		/* random valid x87 bit patterns, all finite exponents */
		unsigned char raw[sizeof(long double)] = {0};
		uint64_t mant = next() | 1ull << 63;
		uint16_t se = (uint16_t)((next() & 0x8000) | (1 + next() % 0x7ffe));
		memcpy(raw, &mant, 8);
		memcpy(raw + 8, &se, 2);
		memcpy(&vals_ldbits[i], raw, sizeof raw);
#else
		vals_ldbits[i] = vals_ld[i] * (long double)vals_bits[i];
#endif
	}
}

typedef int (*fmt_fn)(char *, size_t, const char *, ...);
static int stb_wrap(char *b, size_t n, const char *f, ...)
{
	va_list ap;
	va_start(ap, f);
	int r = stbsp_vsnprintf(b, (int)n, f, ap);
	va_end(ap);
	return r;
}

static volatile int sink;

static double time_double(fmt_fn f, const char *fmt, const double *v, int reps)
{
	char buf[2048];
	double t0 = bench_cpu_ns();
	for (int r = 0; r < reps; r++)
		for (int i = 0; i < NVAL; i++)
			sink += f(buf, sizeof buf, fmt, v[i]);
	return (bench_cpu_ns() - t0) / ((double)reps * NVAL);
}

static double time_ldouble(fmt_fn f, const char *fmt, const long double *v, int reps)
{
	char buf[2048];
	double t0 = bench_cpu_ns();
	for (int r = 0; r < reps; r++)
		for (int i = 0; i < NVAL; i++)
			sink += f(buf, sizeof buf, fmt, v[i]);
	return (bench_cpu_ns() - t0) / ((double)reps * NVAL);
}

/* How many of the values stb prints differently from glibc; first example. */
static int stb_diffs(const char *fmt, const double *v, char *example, size_t n)
{
	int d = 0;
	for (int i = 0; i < NVAL; i++) {
		char a[2048], b[2048];
		snprintf(a, sizeof a, fmt, v[i]);
		stbsp_snprintf(b, sizeof b, fmt, v[i]);
		if (strcmp(a, b)) {
			if (!d++)
				snprintf(example, n, "%.40s vs glibc %.40s", b, a);
		}
	}
	return d;
}

struct workload {
	const char *name, *fmt;
	const double *v;
	int reps;
};

int main(int argc, char **argv)
{
	int scale = argc > 1 ? atoi(argv[1]) : 1;
	if (scale < 1)
		scale = 1;
	make_values();
	const struct workload w[] = {
		{"%.3f 123.456", "%.3f", vals_3f, 200},
		{"%g typical", "%g", vals_typ, 200},
		{"%.17g typical", "%.17g", vals_typ, 200},
		{"%e typical", "%e", vals_typ, 200},
		{"%f random bits", "%f", vals_bits, 20},
		{"%a random bits", "%a", vals_bits, 200},
		{"%.2f 12345.67", "%.2f", vals_2f, 200},
		{"%e random bits", "%e", vals_bits, 50},
		{"%g random bits", "%g", vals_bits, 50},
	};
	printf("%-18s %10s %10s %10s %9s %9s  %s\n", "workload", "xprintf", "glibc", "stb",
	       "x/glibc", "x/stb", "stb differs from glibc");
	for (size_t k = 0; k < sizeof w / sizeof w[0]; k++) {
		int reps = w[k].reps * scale / ROUNDS + 1;
		double tx = 1e300, tg = 1e300, ts = 1e300;
		for (int r = 0; r < ROUNDS; r++) {
			tx = fmin(tx, time_double(xsnprintf, w[k].fmt, w[k].v, reps));
			tg = fmin(tg, time_double(snprintf, w[k].fmt, w[k].v, reps));
			ts = fmin(ts, time_double(stb_wrap, w[k].fmt, w[k].v, reps));
		}
		char ex[128] = "";
		int d = stb_diffs(w[k].fmt, w[k].v, ex, sizeof ex);
		printf("%-18s %8.1fns %8.1fns %8.1fns %9.3f %9.3f  %d/%d %s\n", w[k].name, tx, tg, ts,
		       tx / tg, tx / ts, d, NVAL, d ? ex : "");
	}
	/* stb_sprintf has no long double: it gets the same values as double. */
	{
		int reps = 200 * scale / ROUNDS + 1;
		static double asd[NVAL];
		for (int i = 0; i < NVAL; i++)
			asd[i] = (double)vals_ld[i];
		double tx = 1e300, tg = 1e300, ts = 1e300;
		for (int r = 0; r < ROUNDS; r++) {
			tx = fmin(tx, time_ldouble(xsnprintf, "%Lf", vals_ld, reps));
			tg = fmin(tg, time_ldouble(snprintf, "%Lf", vals_ld, reps));
			ts = fmin(ts, time_double(stb_wrap, "%f", asd, reps));
		}
		printf("%-18s %8.1fns %8.1fns %8.1fns %9.3f %9.3f  (stb: %%f of the value as double)\n",
		       "%Lf 123.456L", tx, tg, ts, tx / tg, tx / ts);
	}
	/* Long double over all exponents (stb_sprintf has none). */
	{
		static const char *lf[] = {"%Le", "%Lf", "%.30Lg"};
		for (int k = 0; k < 3; k++) {
			int reps = (k == 1 ? 2 : 20) * scale / ROUNDS + 1;
			double tx = 1e300, tg = 1e300;
			for (int r = 0; r < ROUNDS; r++) {
				tx = fmin(tx, time_ldouble(xsnprintf, lf[k], vals_ldbits, reps));
				tg = fmin(tg, time_ldouble(snprintf, lf[k], vals_ldbits, reps));
			}
			char name[40];
			snprintf(name, sizeof name, "%s random bits", lf[k]);
			printf("%-18s %8.1fns %8.1fns %10s %9.3f %9s  (x87 bit patterns)\n", name, tx, tg,
			       "-", tx / tg, "-");
		}
	}
	/* Where stb_sprintf is not glibc (xprintf is checked against all of these
	 * by the test suite). */
	{
		static const struct {
			const char *f;
			double v;
		} c[] = {{"%.0f", 2.5},       {"%.2f", 0.125},      {"%#.0f", 0.5},
			 {"%010f", 1.0 / 0.0}, {"%f", -(0.0 / 0.0)}, {"%#g", 1.0},
			 {"%.20f", 0.1},       {"%.40f", 1.0 / 3},   {"%'.2f", 1234567.891},
			 {"%.17g", 72648.727093885012}, {"%f", 1e30}, {"%a", 1.1}};
		printf("\nstb_sprintf vs glibc on corner cases:\n");
		for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
			char a[128], b[128], x[128];
			snprintf(a, sizeof a, c[i].f, c[i].v);
			stbsp_snprintf(b, sizeof b, c[i].f, c[i].v);
			xsnprintf(x, sizeof x, c[i].f, c[i].v);
			printf("  %-6s glibc %-44s stb %-44s%s%s\n", c[i].f, a, b,
			       strcmp(a, b) ? " DIFFERS" : "", strcmp(a, x) ? " (xprintf differs!)" : "");
		}
	}
	/* The engine's fixed cost per call and per directive, for reference. */
	{
		static double one[NVAL];
		for (int i = 0; i < NVAL; i++)
			one[i] = 1.0;
		double tx = 1e300, tg = 1e300, ts = 1e300;
		for (int r = 0; r < ROUNDS; r++) {
			tx = fmin(tx, time_double(xsnprintf, "x", one, 30));
			tg = fmin(tg, time_double(snprintf, "x", one, 30));
			ts = fmin(ts, time_double(stb_wrap, "x", one, 30));
		}
		printf("%-18s %8.1fns %8.1fns %8.1fns %9.3f %9.3f  (no directive: call overhead)\n",
		       "literal \"x\"", tx, tg, ts, tx / tg, tx / ts);
	}
	return 0;
}
