/* signal_codes.c - si_code names: per signal for the kernel's fault
 * codes (positive), then the codes any signal may carry. */
#define _GNU_SOURCE
#include "signal_codes.h"

#include <signal.h>
#include <stddef.h>

struct code_name {
	int sig, code;
	const char *name;
};

#define N(sig, code) { sig, code, #code }
static const struct code_name names[] = {
	N(SIGSEGV, SEGV_MAPERR), N(SIGSEGV, SEGV_ACCERR), N(SIGSEGV, SEGV_BNDERR), N(SIGSEGV, SEGV_PKUERR),
	N(SIGBUS, BUS_ADRALN), N(SIGBUS, BUS_ADRERR), N(SIGBUS, BUS_OBJERR), N(SIGBUS, BUS_MCEERR_AR),
	N(SIGBUS, BUS_MCEERR_AO),
	N(SIGILL, ILL_ILLOPC), N(SIGILL, ILL_ILLOPN), N(SIGILL, ILL_ILLADR), N(SIGILL, ILL_ILLTRP),
	N(SIGILL, ILL_PRVOPC), N(SIGILL, ILL_PRVREG), N(SIGILL, ILL_COPROC), N(SIGILL, ILL_BADSTK),
	N(SIGFPE, FPE_INTDIV), N(SIGFPE, FPE_INTOVF), N(SIGFPE, FPE_FLTDIV), N(SIGFPE, FPE_FLTOVF),
	N(SIGFPE, FPE_FLTUND), N(SIGFPE, FPE_FLTRES), N(SIGFPE, FPE_FLTINV), N(SIGFPE, FPE_FLTSUB),
	N(SIGTRAP, TRAP_BRKPT), N(SIGTRAP, TRAP_TRACE),
	N(0, SI_USER), N(0, SI_KERNEL), N(0, SI_QUEUE), N(0, SI_TIMER), N(0, SI_MESGQ),
	N(0, SI_ASYNCIO), N(0, SI_SIGIO), N(0, SI_TKILL),
};
#undef N

const char *xp_signal_code_name(int sig, int code)
{
	/* Positive codes below SI_KERNEL are the signal's own. */
	int own = code > 0 && code != SI_KERNEL;
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
		if (names[i].code == code && names[i].sig == (own ? sig : 0))
			return names[i].name;
	return NULL;
}
