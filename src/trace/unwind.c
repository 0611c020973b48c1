/* unwind.c - frames through libgcc's _Unwind_Backtrace (see unwind.h). */
#include "unwind.h"

#include <stddef.h>
#include <stdint.h>

_Unwind_Reason_Code xp_unwind_frame(struct _Unwind_Context *ctx, void *data)
{
	struct xp_walk *w = data;
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
	return ++w->more < XP_TRACE_COUNT_BEYOND ? _URC_NO_REASON : _URC_END_OF_STACK;
}

void xp_unwind_warm(void)
{
	void *pc[4];
	xp_unwind(pc, NULL, 4, 0, NULL);
}
