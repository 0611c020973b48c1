/* registers.h - what a signal's ucontext_t says, per architecture. */
#ifndef XP_TRACE_REGISTERS_H
#define XP_TRACE_REGISTERS_H

#include <stdint.h>

/* The label of the interrupted instruction's line: "RIP" on x86_64 as
 * in the kernel's oops, "PC" elsewhere. */
extern const char xp_pc_label[];

/* The interrupted instruction's address; 0 where unknown. */
uintptr_t xp_context_pc(const void *uc);

/* The general registers, in the kernel's layout, after the pc line. */
void xp_write_registers(int fd, const void *uc);

/* A call to an address without code (a NULL or wild function pointer)
 * faults before the callee runs, with the call's return address where
 * the call left it: on the stack on x86_64, in the link register on
 * aarch64.  xp_context_step_out moves uc to that return address (the
 * caller's frame, as if the callee had returned at once; it reads the
 * stack) and keeps what it changed in saved; xp_context_restore puts it
 * back.  0 where the architecture is not one of those. */
struct xp_context_saved {
	uintptr_t pc, sp;
	int changed;
};
int xp_context_step_out(void *uc, struct xp_context_saved *saved);
void xp_context_restore(void *uc, const struct xp_context_saved *saved);

#endif
