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

struct frames;

/* gdb's frames (gdb_frames.py) of prog run with up to two arguments
 * (NULL ends them), where gdb stops it: at its fatal signal, or at
 * breakpoint (a gdb location, or NULL).  stop and max as compare_frames.
 * Returns 1, or 0 where there is no gdb (XP_TEST_GDB undefined); a run
 * that printed no frame fails the test. */
int gdb_frames(const char *prog, const char *arg1, const char *arg2, const char *breakpoint, const char *stop,
	       int max, struct frames *f);

/* "killed by SIGSEGV", "exit 1": for messages. */
const char *run_status_text(int status, char *buf, size_t len);

#endif
