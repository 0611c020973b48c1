/* bench_ext.c - %p extensions against what a program writes without them:
 * glibc's snprintf and stb_sprintf with the equivalent plain format (or
 * inet_ntop then %s).  Reports; never fails. */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define STB_SPRINTF_IMPLEMENTATION
#include <stb/stb_sprintf.h>

#include <xprintf.h>

#include "bench_clock.h"

#define NVAL 256
static unsigned char bytes[NVAL][16];
static struct point { int x, y; } points[NVAL];

enum printer { XP, GLIBC, STB };

static volatile size_t sink_len;

#define RUN(call)                                                   \
	do {                                                        \
		for (long i = 0; i < iters; i++) {                  \
			unsigned k = (unsigned)i & (NVAL - 1);      \
			const unsigned char *b = bytes[k];          \
			(void)b;                                    \
			sink_len += (size_t)(call);                 \
		}                                                   \
	} while (0)

/* XCALL uses xsnprintf with the extension; OTHER(P) the same text with
 * printf function P. */
#define WORKLOAD(fn, XCALL, OTHER)                                      \
	static void fn(enum printer p, long iters)                      \
	{                                                               \
		char buf[256];                                          \
		switch (p) {                                            \
		case XP: RUN(XCALL); break;                             \
		case GLIBC: RUN(OTHER(snprintf)); break;                \
		case STB: RUN(OTHER(stbsp_snprintf)); break;            \
		}                                                       \
	}

#define IP4(P) P(buf, sizeof buf, "%u.%u.%u.%u", b[0], b[1], b[2], b[3])
WORKLOAD(w_ip4, xsnprintf(buf, sizeof buf, "%pI4", (const void *)b), IP4)

#define MAC(P) P(buf, sizeof buf, "%02x:%02x:%02x:%02x:%02x:%02x", b[0], b[1], b[2], b[3], b[4], b[5])
WORKLOAD(w_mac, xsnprintf(buf, sizeof buf, "%pM", (const void *)b), MAC)

#define UUID(P)                                                                                   \
	P(buf, sizeof buf, "%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-%02x%02x%02x%02x%02x%02x", \
	  b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12], b[13],   \
	  b[14], b[15])
WORKLOAD(w_uuid, xsnprintf(buf, sizeof buf, "%pUb", (const void *)b), UUID)

#define HEX16(P)                                                                                 \
	P(buf, sizeof buf, "%02x %02x %02x %02x %02x %02x %02x %02x %02x %02x %02x %02x %02x %02x " \
	  "%02x %02x", b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11],    \
	  b[12], b[13], b[14], b[15])
WORKLOAD(w_hex, xsnprintf(buf, sizeof buf, "%16ph", (const void *)b), HEX16)

static char ntop_buf[INET6_ADDRSTRLEN];
#define IP6(P) (inet_ntop(AF_INET6, b, ntop_buf, sizeof ntop_buf), P(buf, sizeof buf, "%s", ntop_buf))
WORKLOAD(w_ip6, xsnprintf(buf, sizeof buf, "%pI6c", (const void *)b), IP6)

#define POINT(P) P(buf, sizeof buf, "(%d, %d)", points[k].x, points[k].y)
WORKLOAD(w_point, xsnprintf(buf, sizeof buf, "%pPoint", (void *)&points[k]), POINT)

static int print_point(struct xprintf_sink *sink, const void *ptr,
		       const struct xprintf_pointer_spec *spec, void *ctx)
{
	(void)spec;
	(void)ctx;
	const struct point *pt = ptr;
	return xprintf_sink_printf(sink, "(%d, %d)", pt->x, pt->y) < 0 ? -1 : 0;
}

static const struct {
	const char *name;
	void (*fn)(enum printer, long);
} workloads[] = {
	{ "%pI4 vs %u.%u.%u.%u", w_ip4 },
	{ "%pM vs %02x:...", w_mac },
	{ "%pUb vs %02x...-...", w_uuid },
	{ "%16ph vs 16 x %02x", w_hex },
	{ "%pI6c vs inet_ntop + %s", w_ip6 },
	{ "%pPoint (registered) vs (%d, %d)", w_point },
};

static double measure(void (*fn)(enum printer, long), enum printer p, long iters)
{
	double best = 1e30;
	for (int round = 0; round < 7; round++) {
		double t0 = bench_wall_ns();
		fn(p, iters);
		double dt = (bench_wall_ns() - t0) / (double)iters;
		if (dt < best)
			best = dt;
	}
	return best;
}

int main(int argc, char **argv)
{
	long iters = argc > 1 ? atol(argv[1]) : 100000;
	srand(12345);
	for (int i = 0; i < NVAL; i++) {
		for (int j = 0; j < 16; j++)
			bytes[i][j] = (unsigned char)(rand() % 3 ? rand() : 0);
		points[i].x = rand() - RAND_MAX / 2;
		points[i].y = rand() % 1000;
	}
	if (xprintf_register_pointer("Point", print_point, NULL) != 0)
		return 1;
	printf("%-36s %10s %10s %10s %9s %9s\n", "workload", "xprintf", "glibc", "stb", "x/glibc",
	       "x/stb");
	for (size_t w = 0; w < sizeof workloads / sizeof workloads[0]; w++) {
		double x = measure(workloads[w].fn, XP, iters);
		double g = measure(workloads[w].fn, GLIBC, iters);
		double s = measure(workloads[w].fn, STB, iters);
		printf("%-36s %8.1fns %8.1fns %8.1fns %9.2f %9.2f\n", workloads[w].name, x, g, s, x / g,
		       x / s);
	}
	return 0;
}
