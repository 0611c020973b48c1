/* unwind.h - the calling thread's frames, from the objects' unwind tables.
 *
 * libgcc's unwinder reads .eh_frame (CFI: code without frame pointers too)
 * and steps through signal frames.  With glibc 2.35 and GCC 12 it finds
 * an address's unwind table with _dl_find_object: no lock, no allocation,
 * so after its first use (which may load libgcc_s) it is async-signal-safe.
 */
#ifndef XP_TRACE_UNWIND_H
#define XP_TRACE_UNWIND_H

#include <unwind.h>

/* Frames a report holds at most (the rest are counted). */
#define XP_TRACE_MAX 128
/* The frames counted beyond those, at most: unbounded recursion ends
 * somewhere, and a report should not walk a million frames to say so. */
#define XP_TRACE_COUNT_BEYOND 100000

/* A walk's frames, innermost first.  pc[i] is a return address, except
 * where interrupted[i]: a frame a signal interrupted, at that instruction. */
struct xp_trace {
	void *pc[XP_TRACE_MAX];
	unsigned char interrupted[XP_TRACE_MAX];
	int n;    /* frames held */
	int more; /* frames beyond those, counted up to a bound */
};

struct xp_walk {
	void **pcs;
	unsigned char *interrupted;
	int max, skip, n, more;
};

/* libgcc's callback: one frame into the walk. */
_Unwind_Reason_Code xp_unwind_frame(struct _Unwind_Context *ctx, void *data);

/* The walk itself, into a w the caller set up: w counts the frames as
 * they are found, so a caller that leaves the walk early (crash.c, when
 * it faults on a smashed stack) keeps those.  Inlined as xp_unwind. */
static inline __attribute__((always_inline)) void xp_unwind_walk(struct xp_walk *w)
{
	_Unwind_Backtrace(xp_unwind_frame, w);
}

/* Up to max frames of the calling thread into pcs, after skipping skip
 * frames (0: the caller of xp_unwind first).  interrupted (may be NULL)
 * gets a flag per frame; without it, an interrupted frame is stored as
 * its instruction's address + 1, like a return address.  *more (may be
 * NULL) gets how many frames there were beyond max.  Returns the number
 * stored.
 *
 * Inlined into its caller, so that libgcc's first frame is the caller's
 * and no frame of ours is stepped through only to be skipped.  The
 * caller must keep its frame (noinline, and no tail call after). */
static inline __attribute__((always_inline)) int xp_unwind(void **pcs, unsigned char *interrupted, int max,
							   int skip, int *more)
{
	struct xp_walk w = { pcs, interrupted, max > 0 ? max : 0, skip, 0, 0 };
	xp_unwind_walk(&w);
	if (more)
		*more = w.more;
	return w.n;
}

/* Where the unwinder cannot step through a signal frame, the interrupted
 * context's frames by the ABI's back chain (ppc64; backchain.c): 1 with t
 * filled (the interrupted instruction first), 0 where there is none. */
int xp_unwind_backchain(const void *uc, struct xp_trace *t);

/* Load and warm the unwinder, so that later walks are signal-safe. */
void xp_unwind_warm(void);

#endif
