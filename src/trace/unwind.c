/* unwind.c - frames through libgcc's _Unwind_Backtrace (see unwind.h). */
#include "unwind.h"

#include <stddef.h>
#include <stdint.h>
#include <unwind.h>

/* The frames counted beyond max, at most: unbounded recursion ends
 * somewhere, and a report should not walk a million frames to say so. */
#define COUNT_BEYOND 100000

struct walk {
	void **pcs;
	unsigned char *interrupted;
	int max, skip, n, more;
};

static _Unwind_Reason_Code one_frame(struct _Unwind_Context *ctx, void *data)
{
	struct walk *w = data;
	int before_insn = 0;
	uintptr_t pc = (uintptr_t)_Unwind_GetIPInfo(ctx, &before_insn);
	if (!pc)
		return _URC_END_OF_STACK;
	if (w->skip > 0) {
		w->skip--;
		return _URC_NO_REASON;
	}
	if (w->n < w->max) {
		if (w->interrupted)
			w->interrupted[w->n] = before_insn != 0;
		else if (before_insn)
			pc++;
		w->pcs[w->n++] = (void *)pc;
		return _URC_NO_REASON;
	}
	return ++w->more < COUNT_BEYOND ? _URC_NO_REASON : _URC_END_OF_STACK;
}

__attribute__((noinline)) int xp_unwind(void **pcs, unsigned char *interrupted, int max, int skip, int *more)
{
	/* The first frame libgcc reports is this function's own. */
	struct walk w = { pcs, interrupted, max > 0 ? max : 0, skip + 1, 0, 0 };
	_Unwind_Backtrace(one_frame, &w);
	if (more)
		*more = w.more;
	/* Not a tail call: the skip counts assume this frame exists. */
	__asm__ volatile("" ::: "memory");
	return w.n;
}

void xp_unwind_warm(void)
{
	void *pc[4];
	xp_unwind(pc, NULL, 4, 0, NULL);
}
