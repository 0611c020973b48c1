/* oops.c - the kernel's oops layout, written line by line (see oops.h). */
#define _GNU_SOURCE
#include "oops.h"

#include <stdint.h>
#include <string.h>
#include <sys/prctl.h>
#include <unistd.h>

#include "registers.h"
#include "signal_codes.h"
#include "xprintf.h"

#define ADDR_DIGITS ((int)(2 * sizeof(void *)))

/* A return address prints as %pB (the call before it); an interrupted
 * instruction as itself.  C: C++ and Rust names as c++filt prints them. */
static int frame_line(int fd, void *pc, int interrupted)
{
	unsigned long a = (unsigned long)(uintptr_t)pc;
	return interrupted ? xdprintf(fd, " [<%0*lx>] %pSCi\n", ADDR_DIGITS, a, pc)
			   : xdprintf(fd, " [<%0*lx>] %pBCi\n", ADDR_DIGITS, a, pc);
}

int xp_oops_call_trace(int fd, const struct xp_trace *t, int first)
{
	int failed = xdprintf(fd, "Call Trace:\n") < 0;
	for (int i = first; i < t->n; i++)
		failed |= frame_line(fd, t->pc[i], t->interrupted[i]) < 0;
	if (t->more)
		failed |= xdprintf(fd, " ... %d more frames\n", t->more) < 0;
	failed |= xdprintf(fd, "---[ end trace ]---\n") < 0;
	return failed ? -1 : 0;
}

/* Whether si_addr is the faulting address (a fault the kernel raised)
 * rather than the sender's pid and uid (a signal sent). */
static int has_fault_address(int sig, const siginfo_t *si)
{
	return si->si_code > 0 && (sig == SIGSEGV || sig == SIGBUS || sig == SIGILL || sig == SIGFPE ||
				   sig == SIGTRAP);
}

static void bug_line(int fd, int sig, const siginfo_t *si)
{
	char thread[17] = "";
	if (prctl(PR_GET_NAME, thread, 0, 0, 0) != 0)
		thread[0] = 0;
	thread[16] = 0;
	const char *abbrev = sigabbrev_np(sig);
	const char *code = xp_signal_code_name(sig, si->si_code);
	char code_num[24];
	if (!code) {
		xsnprintf(code_num, sizeof code_num, "si_code %d", si->si_code);
		code = code_num;
	}
	char where[96];
	if (has_fault_address(sig, si))
		xsnprintf(where, sizeof where, "at address %0*lx", ADDR_DIGITS, (unsigned long)(uintptr_t)si->si_addr);
	else
		xsnprintf(where, sizeof where, "sent by pid %d", (int)si->si_pid);
	xdprintf(fd, "BUG: SIG%s (%s) %s, pid %d tid %d \"%s\"\n", abbrev ? abbrev : "?", code, where, (int)getpid(),
		 (int)gettid(), thread);
}

void xp_oops_report(int fd, int sig, const siginfo_t *si, const void *uc, const struct xp_trace *t,
		    int first)
{
	bug_line(fd, sig, si);
	if (uc) {
		xdprintf(fd, "%s: %pSCi\n", xp_pc_label, (void *)xp_context_pc(uc));
		xp_write_registers(fd, uc);
	}
	xp_oops_call_trace(fd, t, first);
}
