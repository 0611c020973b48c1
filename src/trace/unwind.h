/* unwind.h - the calling thread's frames, from the objects' unwind tables.
 *
 * libgcc's unwinder reads .eh_frame (CFI: code without frame pointers too)
 * and steps through signal frames.  With glibc 2.35 and GCC 12 it finds
 * an address's unwind table with _dl_find_object: no lock, no allocation,
 * so after its first use (which may load libgcc_s) it is async-signal-safe.
 */
#ifndef XP_TRACE_UNWIND_H
#define XP_TRACE_UNWIND_H

/* Frames a report holds at most (the rest are counted). */
#define XP_TRACE_MAX 128

/* A walk's frames, innermost first.  pc[i] is a return address, except
 * where interrupted[i]: a frame a signal interrupted, at that instruction. */
struct xp_trace {
	void *pc[XP_TRACE_MAX];
	unsigned char interrupted[XP_TRACE_MAX];
	int n;    /* frames held */
	int more; /* frames beyond those, counted up to a bound */
};

/* Up to max frames of the calling thread into pcs, after skipping skip
 * frames (0: the caller of xp_unwind first).  interrupted (may be NULL)
 * gets a flag per frame; without it, an interrupted frame is stored as
 * its instruction's address + 1, like a return address.  *more (may be
 * NULL) gets how many frames there were beyond max.  Returns the number
 * stored. */
int xp_unwind(void **pcs, unsigned char *interrupted, int max, int skip, int *more);

/* Load and warm the unwinder, so that later walks are signal-safe. */
void xp_unwind_warm(void);

#endif
