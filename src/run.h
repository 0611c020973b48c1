/* run.h - the driver loop (run.c): literal text, then for each directive
 * parse (parse.c) -> fetch (args.h) -> convert (convert_*.c) -> sink.
 * vformat.c, and the buffer calls through vformat.h, call it once per
 * call; a positional format runs it a second time (vformat.c). */
#ifndef XP_RUN_H
#define XP_RUN_H

#include <stdatomic.h>

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

/* Which driver loop vformat.c runs: none chosen until the first call
 * asks the CPU (xp_run_choose; not at load time, so that a program that
 * never formats pays nothing), then XP_LOOP_AVX512 where the CPU has what
 * that loop needs (never in a build without it), else XP_LOOP_PLAIN.
 * Programs linked with the static library (benchmarks, tests) may set it
 * to time or check either loop, between calls and from one thread. */
enum { XP_LOOP_UNCHOSEN, XP_LOOP_PLAIN, XP_LOOP_AVX512 };
extern _Atomic int xp_run_loop;

/* Choose xp_run_loop from the CPU and return it. */
int xp_run_choose(void);

/* The driver loop this CPU runs best. */
static inline void xp_run_best(struct xp_sink *s, const char *p, struct xp_args *a,
			       struct run_state *st)
{
#ifdef XP_HAVE_RUN_AVX512
	int loop = atomic_load_explicit(&xp_run_loop, memory_order_relaxed);
	if (loop == XP_LOOP_AVX512 || (loop == XP_LOOP_UNCHOSEN && xp_run_choose() == XP_LOOP_AVX512)) {
		xp_run_avx512(s, p, a, st);
		return;
	}
#endif
	xp_run(s, p, a, st);
}

/* A directive just parsed, as the loop takes it: EOVERFLOW (overflow
 * set by the parser), a n$ that stops a sequential run, the argument
 * numbers and '*' values.  0 to go on; 1 to stop at a n$ (*slow set, the
 * caller records where); -1 to stop with *err. */
int xp_run_directive_args(struct xp_args *a, struct xp_spec *sp, int overflow, int *slow, int *err);

#endif
