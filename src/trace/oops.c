/* oops.c - the kernel's oops layout, written line by line (see oops.h). */
#define _GNU_SOURCE
#include "oops.h"

#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <string.h>
#include <sys/prctl.h>
#include <unistd.h>

#include "../sink_dest.h"
#include "../vformat.h"
#include "registers.h"
#include "signal_codes.h"
#include "xprintf.h"

#define ADDR_DIGITS ((int)(2 * sizeof(void *)))

/* Where a Call Trace goes: a window on the stack, as one xdprintf's.  A
 * live thread's trace gathers there and leaves in a few write(2)s, not
 * one per line.  A crash report sends each line as it is made, as a call
 * of its own (a failed one does not stop the next), so that a second
 * fault while it symbolizes loses none of those before. */
struct trace_out {
	struct xp_fd_sink fs;
	int fd, per_line;
	int err; /* the first errno of a failed line, 0 if none */
};

static void trace_printf(struct trace_out *o, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int r = xp_vformat(&o->fs.sink, fmt, ap);
	va_end(ap);
	if (r < 0 && !o->err)
		o->err = errno ? errno : EIO;
	if (o->per_line) {
		int e = xp_fd_finish(&o->fs);
		if (e && !o->err)
			o->err = e;
		xp_fd_init(&o->fs, o->fd);
	}
}

/* A return address prints as %pB (the call before it); an interrupted
 * instruction as itself.  C: C++ and Rust names as c++filt prints them. */
static void frame_line(struct trace_out *o, void *pc, int interrupted)
{
	unsigned long a = (unsigned long)(uintptr_t)pc;
	if (interrupted)
		trace_printf(o, " [<%0*lx>] %pSCi\n", ADDR_DIGITS, a, pc);
	else
		trace_printf(o, " [<%0*lx>] %pBCi\n", ADDR_DIGITS, a, pc);
}

int xp_oops_call_trace(int fd, const struct xp_trace *t, int first, int per_line)
{
	struct trace_out o;
	xp_fd_init(&o.fs, fd);
	o.fd = fd;
	o.per_line = per_line;
	o.err = 0;
	trace_printf(&o, "Call Trace:\n");
	int lines = 0;
	for (int i = first; i < t->n; i++) {
		/* The frame before an interrupted one is the signal trampoline
		 * (__restore_rt), which no Call Trace shows. */
		if (i + 1 < t->n && t->interrupted[i + 1])
			continue;
		frame_line(&o, t->pc[i], t->interrupted[i]);
		lines++;
	}
	if (t->more)
		trace_printf(&o, " ... %d more frames\n", t->more);
	trace_printf(&o, "---[ end trace ]---\n");
	int e = xp_fd_finish(&o.fs);
	if (e && !o.err)
		o.err = e;
	if (!o.err)
		return lines;
	errno = o.err;
	return -1;
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

void xp_oops_report_head(int fd, int sig, const siginfo_t *si, const void *uc)
{
	bug_line(fd, sig, si);
	if (uc) {
		xdprintf(fd, "%s: %pSCi\n", xp_pc_label, (void *)xp_context_pc(uc));
		xp_write_registers(fd, uc);
	}
}
