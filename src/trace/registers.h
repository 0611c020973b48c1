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

#endif
