/* test_preload.c - LD_PRELOAD=libxprintf-preload.so on programs that know
 * nothing of xprintf (unaware.c, built with _FORTIFY_SOURCE=2, =3 and
 * without).  Oracle: the same program without the preload, i.e. glibc 2.36
 * itself: identical stdout, stderr and exit status for standard conversions
 * and for every abort glibc's fortify checks make; and the documented %px
 * form where glibc prints 0x...x, and symbols for %pS. */
#define _GNU_SOURCE
#include <check.h>
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check_run.h"

extern char **environ;

struct run {
	char *out, *err;
	size_t out_len, err_len;
	int status;
};

static void append(char **buf, size_t *len, const char *p, size_t n)
{
	*buf = realloc(*buf, *len + n + 1);
	ck_assert_ptr_nonnull(*buf);
	memcpy(*buf + *len, p, n);
	*len += n;
	(*buf)[*len] = '\0';
}

/* Run prog mode, with the preload or without, capturing everything. */
static void run_prog(const char *prog, const char *mode, int preload, struct run *r)
{
	int out[2], err[2];
	ck_assert_int_eq(pipe(out), 0);
	ck_assert_int_eq(pipe(err), 0);

	/* The child's environment: ours without LD_PRELOAD, then maybe ours. */
	size_t n = 0;
	while (environ[n])
		n++;
	char **env = calloc(n + 2, sizeof *env);
	ck_assert_ptr_nonnull(env);
	size_t k = 0;
	for (size_t i = 0; i < n; i++)
		if (strncmp(environ[i], "LD_PRELOAD=", 11) != 0)
			env[k++] = environ[i];
	if (preload)
		env[k++] = "LD_PRELOAD=" XP_PRELOAD_SO;
	env[k] = NULL;

	pid_t pid = fork();
	ck_assert_int_ge(pid, 0);
	if (pid == 0) {
		struct rlimit no_core = { 0, 0 };
		setrlimit(RLIMIT_CORE, &no_core); /* the abort cases dump no core */
		dup2(out[1], STDOUT_FILENO);
		dup2(err[1], STDERR_FILENO);
		close(out[0]);
		close(out[1]);
		close(err[0]);
		close(err[1]);
		char *argv[] = { (char *)prog, (char *)mode, NULL };
		execve(prog, argv, env);
		_exit(127);
	}
	free(env);
	close(out[1]);
	close(err[1]);

	memset(r, 0, sizeof *r);
	append(&r->out, &r->out_len, "", 0);
	append(&r->err, &r->err_len, "", 0);
	struct pollfd fds[2] = { { out[0], POLLIN, 0 }, { err[0], POLLIN, 0 } };
	int open_fds = 2;
	while (open_fds > 0) {
		if (poll(fds, 2, -1) < 0) {
			ck_assert_int_eq(errno, EINTR);
			continue;
		}
		for (int i = 0; i < 2; i++) {
			if (fds[i].fd < 0 || !fds[i].revents)
				continue;
			char buf[4096];
			ssize_t got = read(fds[i].fd, buf, sizeof buf);
			if (got > 0) {
				if (i == 0)
					append(&r->out, &r->out_len, buf, (size_t)got);
				else
					append(&r->err, &r->err_len, buf, (size_t)got);
			} else {
				close(fds[i].fd);
				fds[i].fd = -1;
				open_fds--;
			}
		}
	}
	ck_assert_int_eq(waitpid(pid, &r->status, 0), pid);
}

static void free_run(struct run *r)
{
	free(r->out);
	free(r->err);
}

static void assert_same(const struct run *glibc, const struct run *x)
{
	ck_assert_int_eq(x->status, glibc->status);
	ck_assert_uint_eq(x->err_len, glibc->err_len);
	ck_assert_mem_eq(x->err, glibc->err, glibc->err_len);
	ck_assert_uint_eq(x->out_len, glibc->out_len);
	/* Byte for byte; on a mismatch show the first differing line. */
	if (memcmp(x->out, glibc->out, glibc->out_len) != 0) {
		size_t i = 0;
		while (x->out[i] == glibc->out[i])
			i++;
		while (i > 0 && glibc->out[i - 1] != '\n')
			i--;
		ck_abort_msg("output differs at byte %zu:\nglibc:   %.100s\npreload: %.100s", i,
			     glibc->out + i, x->out + i);
	}
}

/* _FORTIFY_SOURCE=2, =3 (where the compiler has it), none. */
static const char *const programs[] = { XP_UNAWARE_FORTIFIED, XP_UNAWARE_FORTIFIED3,
					XP_UNAWARE_PLAIN };
#define NPROGRAMS (int)(sizeof programs / sizeof programs[0])
#define NFORTIFIED 2

/* Standard conversions through all 24 entry points: nothing changes. */
START_TEST(test_standard_unchanged)
{
	struct run glibc, x;
	run_prog(programs[_i], "standard", 0, &glibc);
	run_prog(programs[_i], "standard", 1, &x);
	ck_assert_msg(WIFEXITED(glibc.status) && WEXITSTATUS(glibc.status) == 0,
		      "%s standard failed without the preload: status %d, stderr %s",
		      programs[_i], glibc.status, glibc.err);
	/* The run covers every format with every function (see unaware.c). */
	ck_assert_ptr_nonnull(strstr(glibc.out, "[vasprintf 45] -258|-9000000000|3000000000|volatile|A|(nil)\n"));
	ck_assert_ptr_nonnull(strstr(glibc.out, "-8,999,999,998"));
	ck_assert_ptr_nonnull(strstr(glibc.out, "41152.263000 4.2000000000000003e+301 -1.428571e+299\n"));
	ck_assert_ptr_nonnull(strstr(glibc.out, "[overlap sprintf 3] xxx\n[overlap snprintf 2] CD\n"));
	assert_same(&glibc, &x);
	free_run(&glibc);
	free_run(&x);
}
END_TEST

/* %px through all 12 functions: glibc prints %p then 'x', xprintf the
 * kernel's form. */
START_TEST(test_px_extension)
{
	char want_glibc[512] = "", want_x[512] = "";
	for (int i = 1; i <= 12; i++) {
		char line[64];
		snprintf(line, sizeof line, "0x1234abcdx|%d\n", i);
		strcat(want_glibc, line);
		snprintf(line, sizeof line, "%0*lx|%d\n", (int)(2 * sizeof(void *)), 0x1234abcdUL, i);
		strcat(want_x, line);
	}
	struct run glibc, x;
	run_prog(programs[_i], "px", 0, &glibc);
	run_prog(programs[_i], "px", 1, &x);
	ck_assert_str_eq(glibc.out, want_glibc);
	ck_assert_str_eq(x.out, want_x);
	ck_assert_str_eq(x.err, "");
	ck_assert_int_eq(x.status, 0);
	free_run(&glibc);
	free_run(&x);
}
END_TEST

/* %pS and %ps: glibc prints %p then the letter, the preload the symbol
 * (the symtab suites check names and sizes against nm; here it is enough
 * that an unmodified program gets them). */
START_TEST(test_symbols)
{
	struct run glibc, x;
	run_prog(programs[_i], "symbols", 0, &glibc);
	run_prog(programs[_i], "symbols", 1, &x);
	unsigned long a, b, c, d;
	ck_assert_int_eq(sscanf(glibc.out, "0x%lxS|0x%lxs|0x%lxS\n0x%lxs\n", &a, &b, &c, &d), 4);
	ck_assert(a == b && c == a + 1);
	unsigned size0, size1;
	int end = 0;
	ck_assert_msg(sscanf(x.out, "unaware_marker+0x0/0x%x|unaware_marker|unaware_marker+0x1/0x%x\n%n",
			     &size0, &size1, &end) == 2 && end > 0,
		      "preload printed %s", x.out);
	ck_assert_uint_eq(size0, size1);
	ck_assert_uint_gt(size0, 1);
	const char *libc_line = x.out + end;
	ck_assert_msg(strncmp(libc_line, "0x", 2) != 0 && strstr(libc_line, " [libc.so.6]\n"),
		      "preload printed %s", libc_line);
	ck_assert_int_eq(x.status, 0);
	free_run(&glibc);
	free_run(&x);
}
END_TEST

/* glibc 2.36's fortify aborts, and the message each one prints. */
static const struct {
	const char *mode, *message;
} aborts[] = {
	{ "sprintf_overflow", "*** buffer overflow detected ***: terminated\n" },
	{ "vsprintf_overflow", "*** buffer overflow detected ***: terminated\n" },
	{ "snprintf_bound", "*** buffer overflow detected ***: terminated\n" },
	{ "vsnprintf_bound", "*** buffer overflow detected ***: terminated\n" },
	{ "percent_n_writable", "*** %n in writable segment detected ***\n" },
	{ "percent_n_writable_sprintf", "*** %n in writable segment detected ***\n" },
	{ "positional_gap", "*** invalid %N$ use detected ***\n" },
};

START_TEST(test_fortify_aborts)
{
	struct run glibc, x;
	const char *prog = programs[_i % NFORTIFIED];
	int which = _i / NFORTIFIED;
	run_prog(prog, aborts[which].mode, 0, &glibc);
	run_prog(prog, aborts[which].mode, 1, &x);
	ck_assert_msg(WIFSIGNALED(glibc.status) && WTERMSIG(glibc.status) == SIGABRT,
		      "%s %s: glibc did not abort (status %d)", prog, aborts[which].mode,
		      glibc.status);
	ck_assert_str_eq(glibc.err, aborts[which].message);
	assert_same(&glibc, &x);
	free_run(&glibc);
	free_run(&x);
}
END_TEST

/* A program that registers its own conversion with glibc: from then on
 * its output is glibc's (before, the preload's %px shows it was active). */
static const char *const extenders[] = { XP_EXTENDS_FORTIFIED, XP_EXTENDS_PLAIN };
static const char *const registrations[] = { "specifier", "function", "modifier", "type" };

START_TEST(test_extended_printf_goes_to_glibc)
{
	const char *prog = extenders[_i % 2], *how = registrations[_i / 2];
	struct run glibc, x;
	run_prog(prog, how, 0, &glibc);
	run_prog(prog, how, 1, &x);
	ck_assert_msg(WIFEXITED(glibc.status) && WEXITSTATUS(glibc.status) == 0,
		      "%s %s failed without the preload: status %d", prog, how, glibc.status);
	const char *w = strcmp(how, "modifier") == 0 ? "W+" : "W";
	char want[64];
	snprintf(want, sizeof want, "<%s:10> printf\n", w);
	ck_assert_ptr_nonnull(strstr(glibc.out, "\n<W:9> x\n"));
	ck_assert_ptr_nonnull(strstr(glibc.out, want));
	ck_assert_ptr_nonnull(strstr(glibc.out, "\npositional <W:30>|0x1234abcdx|\n"));
	char before[64];
	snprintf(before, sizeof before, "before: %0*lx|\n", (int)(2 * sizeof(void *)), 0x1234abcdUL);
	static const char before_glibc[] = "before: 0x1234abcdx|\n";
	ck_assert_int_eq(strncmp(glibc.out, before_glibc, strlen(before_glibc)), 0);
	ck_assert_int_eq(strncmp(x.out, before, strlen(before)), 0);
	/* after the first line, byte for byte glibc's */
	ck_assert_str_eq(strchr(x.out, '\n') + 1, strchr(glibc.out, '\n') + 1);
	ck_assert_str_eq(x.err, glibc.err);
	ck_assert_int_eq(x.status, glibc.status);
	free_run(&glibc);
	free_run(&x);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("preload");
	TCase *tc = tcase_create("preload");
	tcase_add_loop_test(tc, test_standard_unchanged, 0, NPROGRAMS);
	tcase_add_loop_test(tc, test_px_extension, 0, NPROGRAMS);
	tcase_add_loop_test(tc, test_symbols, 0, NPROGRAMS);
	tcase_add_loop_test(tc, test_fortify_aborts, 0,
			    NFORTIFIED * (int)(sizeof aborts / sizeof aborts[0]));
	tcase_add_loop_test(tc, test_extended_printf_goes_to_glibc, 0, 8);
	suite_add_tcase(s, tc);
	return check_run(s);
}
