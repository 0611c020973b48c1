/* run.h - the driver loop (run.c): literal text, then for each directive
 * parse (parse.c) -> fetch (args.h) -> convert (convert_*.c) -> sink.
 * vformat.c, and the buffer calls through vformat.h, call it once per
 * call; a positional format runs it a second time (vformat.c). */
#ifndef XP_RUN_H
#define XP_RUN_H

#include "args.h"
#include "sink.h"

struct run_state {
	int saved_errno;     /* for %m: errno as the call received it */
	int errno_unread;    /* saved_errno is still to be read (memory sinks) */
	int slow;            /* glibc would have left its fast path (n$ or unknown) */
	int err;             /* errno to fail with, 0 = none */
	const char *resume;  /* where sequential processing stopped for n$ */
};

/* Format from p until the end (0), an error (st->err) or, reading the
 * va_list in order, the first n$ directive (st->resume). */
void xp_run(struct xp_sink *s, const char *p, struct xp_args *a, struct run_state *st);

/* The same loop built for CPUs with AVX-512BW and VL (run_avx512.c), whose
 * masked moves copy short strings without a branch on their length;
 * vformat.c picks it when the CPU has them. */
void xp_run_avx512(struct xp_sink *s, const char *p, struct xp_args *a, struct run_state *st);

/* Nonzero when vformat.c runs xp_run_avx512: set once, at load time, from
 * the CPU (always 0 in a build without that loop).  Programs linked with
 * the static library (benchmarks, tests) may clear it to run the plain
 * loop on such a CPU, between calls and from one thread. */
extern int xp_run_avx512_chosen;

/* The driver loop this CPU runs best. */
static inline void xp_run_best(struct xp_sink *s, const char *p, struct xp_args *a,
			       struct run_state *st)
{
#ifdef XP_HAVE_RUN_AVX512
	if (xp_run_avx512_chosen) {
		xp_run_avx512(s, p, a, st);
		return;
	}
#endif
	xp_run(s, p, a, st);
}

/* Read a directive's '*' width and precision (a negative width is '-'). */
void xp_run_resolve_star(struct xp_args *a, struct xp_spec *sp, int glibc_positional);

#endif
