/* trace_run.c - fork, exec, capture (see trace_run.h). */
#define _GNU_SOURCE
#include "trace_run.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <check.h>

#include "trace_frames.h"

#ifdef XP_TRACE_EMULATOR
/* Cross builds: the target's programs run through qemu-user (there is no
 * binfmt_misc), which takes the guest's environment as -E options. */
static void exec_program(const struct run_opts *o)
{
	static const char *const emulator[] = { XP_TRACE_EMULATOR };
	const char *argv[64];
	char preload[4200], file[4200];
	size_t n = 0;
	for (size_t i = 0; i < sizeof emulator / sizeof emulator[0]; i++)
		argv[n++] = emulator[i];
	if (o->preload) {
		snprintf(preload, sizeof preload, "LD_PRELOAD=%s", o->preload);
		argv[n++] = "-E";
		argv[n++] = preload;
	}
	if (o->report_file) {
		snprintf(file, sizeof file, "XPRINTF_CRASH_REPORT=%s", o->report_file);
		argv[n++] = "-E";
		argv[n++] = file;
	}
	for (size_t i = 0; o->argv[i] && n < 63; i++)
		argv[n++] = o->argv[i];
	argv[n] = NULL;
	execvp(argv[0], (char *const *)argv);
}
#else
static void exec_program(const struct run_opts *o)
{
	if (o->preload)
		setenv("LD_PRELOAD", o->preload, 1);
	if (o->report_file)
		setenv("XPRINTF_CRASH_REPORT", o->report_file, 1);
	execv(o->argv[0], (char *const *)o->argv);
}
#endif

static void child(const struct run_opts *o, int out)
{
	struct rlimit no_core = { 0, 0 };
	setrlimit(RLIMIT_CORE, &no_core);
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	dup2(out, STDOUT_FILENO);
	dup2(out, STDERR_FILENO);
	if (out > STDERR_FILENO)
		close(out);
	unsetenv("LD_PRELOAD");
	unsetenv("XPRINTF_CRASH_REPORT");
	exec_program(o);
	_exit(127);
}

/* Whether a thread's SigBlk line says it runs a fatal-signal handler:
 * SIGSEGV blocked (the handler's mask) but not SIGUSR1 (pthread_create
 * blocks every signal for a moment). */
static int in_handler(const char *status_file)
{
	FILE *f = fopen(status_file, "r");
	if (!f)
		return 0;
	char line[256];
	unsigned long long mask = 0;
	while (fgets(line, sizeof line, f))
		if (sscanf(line, "SigBlk: %llx", &mask) == 1)
			break;
	fclose(f);
	unsigned long long bit_segv = 1ULL << (SIGSEGV - 1), bit_usr1 = 1ULL << (SIGUSR1 - 1);
	return (mask & bit_segv) && !(mask & bit_usr1);
}

static int threads_in_handler(pid_t pid)
{
	char dir[64];
	snprintf(dir, sizeof dir, "/proc/%d/task", (int)pid);
	DIR *d = opendir(dir);
	if (!d)
		return 0;
	int n = 0;
	struct dirent *e;
	while ((e = readdir(d)) != NULL) {
		if (e->d_name[0] == '.')
			continue;
		char status[128];
		snprintf(status, sizeof status, "%s/%s/status", dir, e->d_name);
		n += in_handler(status);
	}
	closedir(d);
	return n;
}

/* Until want threads are in a handler, or the program ended (then its
 * status is kept in *status and 1 returned). */
static int gate(pid_t pid, int want, int *status)
{
	for (;;) {
		if (waitpid(pid, status, WNOHANG) == pid)
			return 1;
		if (threads_in_handler(pid) >= want)
			return 0;
		sched_yield();
	}
}

static int read_all(int fd, struct run_result *r)
{
	size_t cap = 1 << 16;
	r->out = malloc(cap);
	r->len = 0;
	if (!r->out)
		return -1;
	for (;;) {
		if (r->len + 1 == cap) {
			char *p = realloc(r->out, cap * 2);
			if (!p)
				return -1;
			r->out = p;
			cap *= 2;
		}
		ssize_t n = read(fd, r->out + r->len, cap - 1 - r->len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		r->len += (size_t)n;
	}
	r->out[r->len] = 0;
	return 0;
}

int run_program(const struct run_opts *o, struct run_result *r)
{
	memset(r, 0, sizeof *r);
	int p[2];
	if (pipe2(p, O_CLOEXEC) != 0)
		return -1;
	if (o->gate_threads)
		fcntl(p[1], F_SETPIPE_SZ, 1); /* the smallest: one page */
	pid_t pid = fork();
	if (pid < 0)
		return -1;
	if (pid == 0)
		child(o, p[1]);
	close(p[1]);
	int ended = o->gate_threads ? gate(pid, o->gate_threads, &r->status) : 0;
	int rc = read_all(p[0], r);
	close(p[0]);
	if (!ended)
		while (waitpid(pid, &r->status, 0) < 0 && errno == EINTR)
			continue;
	return rc;
}

void run_free(struct run_result *r)
{
	free(r->out);
	r->out = NULL;
}

const char *run_status_text(int status, char *buf, size_t len)
{
	if (WIFSIGNALED(status))
		snprintf(buf, len, "killed by SIG%s", sigabbrev_np(WTERMSIG(status)));
	else if (WIFEXITED(status))
		snprintf(buf, len, "exit %d", WEXITSTATUS(status));
	else
		snprintf(buf, len, "status %#x", status);
	return buf;
}

#ifdef XP_TEST_GDB
int gdb_frames(const char *prog, const char *arg1, const char *arg2, const char *breakpoint, const char *stop,
	       int max, struct frames *f)
{
	char vars[256], brk[256];
	snprintf(vars, sizeof vars, "python XP_STOP=%s%s%s; XP_MAX=%d", stop ? "'" : "", stop ? stop : "None",
		 stop ? "'" : "", max);
	snprintf(brk, sizeof brk, "%s%s", breakpoint ? "break " : "echo", breakpoint ? breakpoint : "");
	const char *argv[] = { XP_TEST_GDB, "-batch", "-nx", "-ex", "set debuginfod enabled off",
			       "-ex", "set startup-with-shell off", "-ex", brk, "-ex", "run", "-ex", vars,
			       "-x", XP_TRACE_GDB_SCRIPT, "--args", prog, arg1, arg2, NULL };
	struct run_opts o = { argv, NULL, NULL, 0 };
	struct run_result r;
	ck_assert(run_program(&o, &r) == 0);
	ck_assert_msg(parse_gdb(r.out, f) == 0, "gdb printed no frames:\n%s", r.out);
	run_free(&r);
	return 1;
}
#else
int gdb_frames(const char *prog, const char *arg1, const char *arg2, const char *breakpoint, const char *stop,
	       int max, struct frames *f)
{
	(void)prog, (void)arg1, (void)arg2, (void)breakpoint, (void)stop, (void)max, (void)f;
	return 0;
}
#endif
