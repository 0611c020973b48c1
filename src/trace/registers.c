/* registers.c - the interrupted pc and the register dump per
 * architecture, in the layout of the kernel's __show_regs(). */
#define _GNU_SOURCE
#include "registers.h"

#include <signal.h>
#include <ucontext.h>

#include "xprintf.h"

#define HEX "%016llx"

static unsigned long long u(unsigned long long v)
{
	return v;
}

#if defined(__x86_64__)
const char xp_pc_label[] = "RIP";

uintptr_t xp_context_pc(const void *uc)
{
	return (uintptr_t)((const ucontext_t *)uc)->uc_mcontext.gregs[REG_RIP];
}

void xp_write_registers(int fd, const void *uc)
{
	const greg_t *g = ((const ucontext_t *)uc)->uc_mcontext.gregs;
	xdprintf(fd, "RSP: " HEX " EFLAGS: %08llx\n", u(g[REG_RSP]), u(g[REG_EFL]));
	xdprintf(fd, "RAX: " HEX " RBX: " HEX " RCX: " HEX "\n", u(g[REG_RAX]), u(g[REG_RBX]), u(g[REG_RCX]));
	xdprintf(fd, "RDX: " HEX " RSI: " HEX " RDI: " HEX "\n", u(g[REG_RDX]), u(g[REG_RSI]), u(g[REG_RDI]));
	xdprintf(fd, "RBP: " HEX " R08: " HEX " R09: " HEX "\n", u(g[REG_RBP]), u(g[REG_R8]), u(g[REG_R9]));
	xdprintf(fd, "R10: " HEX " R11: " HEX " R12: " HEX "\n", u(g[REG_R10]), u(g[REG_R11]), u(g[REG_R12]));
	xdprintf(fd, "R13: " HEX " R14: " HEX " R15: " HEX "\n", u(g[REG_R13]), u(g[REG_R14]), u(g[REG_R15]));
}

int xp_context_step_out(void *uc, struct xp_context_saved *saved)
{
	greg_t *g = ((ucontext_t *)uc)->uc_mcontext.gregs;
	uintptr_t ret = *(const uintptr_t *)(uintptr_t)g[REG_RSP];
	*saved = (struct xp_context_saved){ (uintptr_t)g[REG_RIP], (uintptr_t)g[REG_RSP], 1 };
	g[REG_RIP] = (greg_t)ret;
	g[REG_RSP] += (greg_t)sizeof ret;
	return 1;
}

void xp_context_restore(void *uc, const struct xp_context_saved *saved)
{
	greg_t *g = ((ucontext_t *)uc)->uc_mcontext.gregs;
	if (saved->changed) {
		g[REG_RIP] = (greg_t)saved->pc;
		g[REG_RSP] = (greg_t)saved->sp;
	}
}

#elif defined(__aarch64__)
const char xp_pc_label[] = "PC";

uintptr_t xp_context_pc(const void *uc)
{
	return (uintptr_t)((const ucontext_t *)uc)->uc_mcontext.pc;
}

void xp_write_registers(int fd, const void *uc)
{
	const mcontext_t *m = &((const ucontext_t *)uc)->uc_mcontext;
	xdprintf(fd, "LR: %pSCi\n", (void *)(uintptr_t)m->regs[30]);
	xdprintf(fd, "SP: " HEX " PSTATE: %08llx\n", u(m->sp), u(m->pstate));
	/* x30 down to x0, three a line, as the kernel prints them */
	for (int r = 30; r >= 0; r -= 3) {
		if (r >= 2)
			xdprintf(fd, "x%-2d: " HEX " x%-2d: " HEX " x%-2d: " HEX "\n", r, u(m->regs[r]), r - 1,
				 u(m->regs[r - 1]), r - 2, u(m->regs[r - 2]));
		else
			xdprintf(fd, "x%-2d: " HEX "\n", r, u(m->regs[r]));
	}
}

int xp_context_step_out(void *uc, struct xp_context_saved *saved)
{
	mcontext_t *m = &((ucontext_t *)uc)->uc_mcontext;
	*saved = (struct xp_context_saved){ m->pc, m->sp, 1 };
	m->pc = m->regs[30];
	return 1;
}

void xp_context_restore(void *uc, const struct xp_context_saved *saved)
{
	mcontext_t *m = &((ucontext_t *)uc)->uc_mcontext;
	if (saved->changed) {
		m->pc = saved->pc;
		m->sp = saved->sp;
	}
}

#elif defined(__powerpc64__)
const char xp_pc_label[] = "PC";

/* gp_regs indices (<asm/ptrace.h>): NIP 32, MSR 33, CTR 35, LNK 36, XER 37, CCR 38 */
uintptr_t xp_context_pc(const void *uc)
{
	return (uintptr_t)((const ucontext_t *)uc)->uc_mcontext.gp_regs[32];
}

void xp_write_registers(int fd, const void *uc)
{
	const unsigned long *g = ((const ucontext_t *)uc)->uc_mcontext.gp_regs;
	xdprintf(fd, "LR: %pSCi\n", (void *)g[36]);
	xdprintf(fd, "MSR: " HEX " CR: %08llx XER: %08llx CTR: " HEX "\n", u(g[33]), u(g[38]), u(g[37]),
		 u(g[35]));
	for (int r = 0; r < 32; r += 4)
		xdprintf(fd, "GPR%02d: " HEX " " HEX " " HEX " " HEX "\n", r, u(g[r]), u(g[r + 1]), u(g[r + 2]),
			 u(g[r + 3]));
}

#else
const char xp_pc_label[] = "PC";

uintptr_t xp_context_pc(const void *uc)
{
	(void)uc;
	return 0;
}

void xp_write_registers(int fd, const void *uc)
{
	(void)fd;
	(void)uc;
}
#endif

#if !defined(__x86_64__) && !defined(__aarch64__)
/* ppc64 ELFv1 calls through a descriptor, whose load faults in the
 * caller itself; other architectures are not known here. */
int xp_context_step_out(void *uc, struct xp_context_saved *saved)
{
	(void)uc;
	saved->changed = 0;
	return 0;
}

void xp_context_restore(void *uc, const struct xp_context_saved *saved)
{
	(void)uc;
	(void)saved;
}
#endif
