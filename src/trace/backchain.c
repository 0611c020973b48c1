/* backchain.c - ppc64: an interrupted thread's frames by the ABI's back
 * chain, for a signal frame libgcc cannot step through.
 *
 * libgcc recognises the kernel's signal trampolines (the vDSO's, with
 * CFI, or the three instructions older kernels put on the stack); a
 * trampoline it does not know, such as qemu-user's for ppc64, ends
 * its walk there and the report would have no Call Trace.  Both ppc64
 * ELF ABIs (v1 and v2) begin every frame with a word pointing at the
 * caller's frame, and a function that calls saves its return address in
 * its caller's frame, 16 bytes in: the chain glibc's own backtrace()
 * walks on ppc64.  The stack is read a page at a time through desc/'s
 * fault-safe reads, so a smashed chain ends the walk instead of faulting
 * inside the handler.
 */
#define _GNU_SOURCE
#include "unwind.h"

#include <stdint.h>

#if defined(__powerpc64__)
#include <ucontext.h>

#include "../../desc/desc.h"
#include "../../symtab/symtab.h"

#define WINDOW 4096
#define LR_SAVE 16

/* The page of stack the walk is in, copied. */
struct stack_window {
	uintptr_t base;
	int tried, ok;
	uintptr_t words[WINDOW / sizeof(uintptr_t)];
};

static int stack_word(struct stack_window *w, uintptr_t addr, uintptr_t *out)
{
	if (addr % sizeof(uintptr_t))
		return 0;
	uintptr_t base = addr & ~(uintptr_t)(WINDOW - 1);
	if (!w->tried || base != w->base) {
		w->base = base;
		w->tried = 1;
		w->ok = xp_desc_read(base, w->words, WINDOW);
	}
	if (!w->ok)
		return 0;
	*out = w->words[(addr - base) / sizeof(uintptr_t)];
	return 1;
}

static int same_function(uintptr_t a, uintptr_t b)
{
	struct xp_symbol s;
	struct xp_symtab_hold h;
	int same = xp_symtab_lookup(a, &s, &h) && b >= s.start && b - s.start < s.size;
	xp_symtab_release(&h);
	return same;
}

static void add(struct xp_trace *t, uintptr_t pc, int interrupted)
{
	if (t->n < XP_TRACE_MAX) {
		t->pc[t->n] = (void *)pc;
		t->interrupted[t->n++] = (unsigned char)interrupted;
	} else {
		t->more++;
	}
}

int xp_unwind_backchain(const void *uc, struct xp_trace *t)
{
	const unsigned long *g = ((const ucontext_t *)uc)->uc_mcontext.gp_regs;
	uintptr_t pc = g[32], lr = g[36], sp = g[1];
	struct stack_window w;
	w.tried = 0;
	t->n = t->more = 0;
	add(t, pc, 1);
	uintptr_t next, saved;
	int have_saved = stack_word(&w, sp, &next) && next > sp && stack_word(&w, next + LR_SAVE, &saved);
	/* The interrupted function's return address is still in LR if it is
	 * a leaf or has not saved it yet: then LR is neither the saved word
	 * nor an address inside the function itself (where a call it made
	 * returned to). */
	if (lr && (!have_saved || lr != saved) && !same_function(pc, lr))
		add(t, lr, 0);
	while (stack_word(&w, sp, &next) && next > sp && stack_word(&w, next + LR_SAVE, &saved) && saved &&
	       t->more < XP_TRACE_COUNT_BEYOND) {
		add(t, saved, 0);
		sp = next;
	}
	return 1;
}

#else

int xp_unwind_backchain(const void *uc, struct xp_trace *t)
{
	(void)uc;
	(void)t;
	return 0;
}

#endif
