/* crash_handler.c - a kernel-style oops when the program crashes, from
 * one call at start-up:
 *
 *   $ ./crash_handler
 *   processing input...
 *   BUG: SIGSEGV (SEGV_MAPERR) at address 0000000000000000, pid 4711 tid 4711 "crash_handler"
 *   RIP: write_record+0x7/0xa (/home/me/xprintf/examples/crash_handler.c:40)
 *   RSP: 00007ffd6c0e2f30 EFLAGS: 00010246
 *   RAX: 0000000000000000 RBX: 0000000000000000 RCX: 0000000000000000
 *   ... (the other registers)
 *   Call Trace:
 *    [<000055ac17b8f38a>] parse_line.constprop.0+0xa/0x10 (/home/me/xprintf/examples/crash_handler.c:46)
 *    [<000055ac17b8f3a5>] process_input+0x15/0x2d (/home/me/xprintf/examples/crash_handler.c:54)
 *    [<000055ac17b8f140>] main+0xa8/0xb6 (/home/me/xprintf/examples/crash_handler.c:69)
 *    [<00007f093e2c124a>] __libc_start_call_main+0x7a/0xac [libc.so.6] (../sysdeps/nptl/libc_start_call_main.h:58)
 *    ...
 *   ---[ end trace ]---
 *   the crash ended the child by signal 11 (Segmentation fault), as it would have without the report
 *
 * The report is written from the signal handler without allocating or
 * locking (symbols, lines and inlined calls were indexed by the install
 * call), then the signal does what it did before: here the default
 * action, which ends the process (exit status and core dump as without
 * the report).  Lines come from DWARF: this program is built with -g, and
 * libc's lines are there when its debug file is installed (Debian:
 * libc6-dbg).  An unmodified program gets the same report with
 *   LD_PRELOAD=/usr/local/lib/libxprintf-crash.so ./program */
#define _GNU_SOURCE
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include <xprintf.h>

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
	if (xprintf_crash_report_install(STDERR_FILENO) != 0)
		perror("xprintf_crash_report_install");

	/* The demo crashes in a child, so that it can tell how the child
	 * ended; a real program just runs. */
	fflush(stdout);
	pid_t child = fork();
	if (child == 0) {
		xdprintf(STDOUT_FILENO, "processing input...\n");
		_exit(process_input(3) == 42 ? 0 : 1);
	}
	int status;
	if (child < 0 || waitpid(child, &status, 0) != child)
		return 1;
	if (!WIFSIGNALED(status))
		return 1;
	xprintf("the crash ended the child by signal %d (%s), as it would have without the report\n",
		WTERMSIG(status), strsignal(WTERMSIG(status)));
	return 0;
}
