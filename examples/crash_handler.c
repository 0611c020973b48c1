/* crash_handler.c - an oops-style symbolic backtrace from a SIGSEGV
 * handler, the way the kernel prints one with %pS and %pB.
 *
 *   $ ./crash_handler
 *   processing input...
 *   BUG: unable to handle page fault for address: 0000000000000000 (SEGV_MAPERR)
 *   RIP: write_record+0x7/0xa (/home/me/xprintf/examples/crash_handler.c:91)
 *   Call Trace:
 *    [<000055ac17b8f38a>] parse_line.constprop.0+0xa/0x10 (/home/me/xprintf/examples/crash_handler.c:97)
 *    [<000055ac17b8f3a5>] process_input+0x15/0x2d (/home/me/xprintf/examples/crash_handler.c:105)
 *    [<000055ac17b8f140>] main+0xa0/0xc6 (/home/me/xprintf/examples/crash_handler.c:113)
 *    [<00007f093e2c124a>] __libc_start_call_main+0x7a/0xac [libc.so.6] (../sysdeps/nptl/libc_start_call_main.h:58)
 *    [<00007f093e2c1305>] __libc_start_main+0x85/0x141 [libc.so.6] (../csu/libc-start.c:360)
 *    [<000055ac17b8f191>] _start+0x21/0x22
 *   ---[ end trace ]---
 *
 * The (file:line) suffixes come from the DWARF line tables (with the
 * inlined calls there unfolded, innermost first: "file:line in inner;
 * file:line"), from .debug_info: this program
 * is built with -g, and libc's lines are there when its debug file is
 * installed (Debian: libc6-dbg).  A frame without lines (_start, written
 * in assembly) prints no suffix.  Paths print relative to the directory
 * the object was compiled in when they lie below it, else absolute (CMake
 * compiles in the build tree and names sources by absolute path).
 *
 * Everything the handler calls is async-signal-safe: symbols were preloaded
 * (xprintf_symbols_preload), xdprintf writes with write(2) from a stack
 * buffer, and backtrace() was called once before so that libgcc_s is
 * already loaded.  The handler then leaves with _exit. */
#define _GNU_SOURCE
#include <execinfo.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <ucontext.h>
#include <unistd.h>
#include <xprintf.h>

static void oops(int sig, siginfo_t *si, void *ctx)
{
	(void)sig;
	void *frames[64];
	int n = backtrace(frames, 64);

	xdprintf(STDERR_FILENO, "BUG: unable to handle page fault for address: %016lx (%s)\n",
		 (unsigned long)(uintptr_t)si->si_addr, si->si_code == SEGV_MAPERR ? "SEGV_MAPERR" : "SEGV_ACCERR");
#if defined(__x86_64__)
	const ucontext_t *uc = ctx;
	void *pc = (void *)uc->uc_mcontext.gregs[REG_RIP];
	/* the faulting instruction is not a return address: %pS, not %pB */
	xdprintf(STDERR_FILENO, "RIP: %pSi\n", pc);
#else
	(void)ctx;
	void *pc = NULL;
#endif
	xdprintf(STDERR_FILENO, "Call Trace:\n");
	/* Skip this handler and the signal trampoline: start after pc's frame. */
	int first = 0;
	for (int i = 0; i < n; i++)
		if (frames[i] == pc)
			first = i + 1;
	for (int i = first; i < n; i++)
		xdprintf(STDERR_FILENO, " [<%016lx>] %pBi\n", (unsigned long)(uintptr_t)frames[i], frames[i]);
	xdprintf(STDERR_FILENO, "---[ end trace ]---\n");
	/* The demo ends here, cleanly; a real program would _exit(EXIT_FAILURE)
	 * or re-raise the signal with the default action. */
	_exit(EXIT_SUCCESS);
}

static void install(void)
{
	/* A stack of its own, so that a stack overflow can be reported too. */
	static char altstack[64 * 1024];
	stack_t ss = { .ss_sp = altstack, .ss_size = sizeof altstack };
	sigaltstack(&ss, NULL);
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_sigaction = oops;
	sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
	sigaction(SIGSEGV, &sa, NULL);

	void *warm[1];
	backtrace(warm, 1); /* loads libgcc_s now, not in the handler */
	if (xprintf_symbols_preload() != 0)
		xdprintf(STDERR_FILENO, "symbols not preloaded: backtraces may print addresses\n");
}

/* A small call chain that ends in a NULL dereference. */
static int *volatile bad_pointer;

__attribute__((noinline)) static void write_record(int value)
{
	*bad_pointer = value;
}

__attribute__((noinline)) static int parse_line(const char *line)
{
	int v = (int)strlen(line);
	write_record(v);
	return v + 1; /* keeps the call from being a tail call */
}

__attribute__((noinline)) int process_input(int lines)
{
	int sum = 0;
	for (int i = 0; i < lines; i++)
		sum += parse_line("key = value");
	return sum;
}

int main(void)
{
	install();
	xdprintf(STDOUT_FILENO, "processing input...\n");
	return process_input(3) == 42 ? 0 : 1;
}
