/* trace_run.h - run a test/trace program and keep what it printed. */
#ifndef XP_TRACE_RUN_H
#define XP_TRACE_RUN_H

#include <stddef.h>

struct run_opts {
	const char *const *argv;  /* argv[0]: the program's path */
	const char *preload;      /* LD_PRELOAD, or NULL */
	const char *report_file;  /* XPRINTF_CRASH_REPORT, or NULL */
	/* Read nothing until this many threads are in a fatal-signal handler
	 * (or the program has ended), with its output a one-page pipe. */
	int gate_threads;
};

struct run_result {
	int status; /* waitpid's */
	char *out;  /* stdout and stderr together, NUL-terminated */
	size_t len;
};

/* Runs the program with no core dump, ended if the test dies first.
 * Returns 0, or -1 if it could not be run. */
int run_program(const struct run_opts *o, struct run_result *r);
void run_free(struct run_result *r);

/* "killed by SIGSEGV", "exit 1": for messages. */
const char *run_status_text(int status, char *buf, size_t len);

#endif
