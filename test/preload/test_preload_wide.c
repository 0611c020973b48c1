/* test_preload_wide.c - LD_PRELOAD=libxprintf-preload.so on a program that
 * uses the wide family and knows nothing of xprintf (unaware_wide.c, built
 * with _FORTIFY_SOURCE=2 and without).  Oracle: the same program without
 * the preload, i.e. glibc 2.36: identical stdout, stderr and exit status
 * for standard conversions and for glibc's fortify aborts; and the kernel's
 * %px form (glibc prints 0x...x), which shows that every one of the six
 * functions was interposed. */
#define _GNU_SOURCE
#include <check.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check_run.h"

struct result {
	char out[8192], err[512];
	int status;
};

/* The whole of a memory file. */
static void slurp(int fd, char *buf, size_t size)
{
	ssize_t n = pread(fd, buf, size - 1, 0);
	buf[n > 0 ? n : 0] = '\0';
	close(fd);
}

static void run_prog(const char *prog, const char *mode, int preload, struct result *r)
{
	int out = memfd_create("out", 0), err = memfd_create("err", 0);
	ck_assert(out >= 0 && err >= 0);
	pid_t pid = fork();
	ck_assert_int_ge(pid, 0);
	if (pid == 0) {
		struct rlimit no_core = { 0, 0 };
		setrlimit(RLIMIT_CORE, &no_core);
		dup2(out, STDOUT_FILENO);
		dup2(err, STDERR_FILENO);
		if (preload)
			setenv("LD_PRELOAD", XP_PRELOAD_SO, 1);
		else
			unsetenv("LD_PRELOAD");
		execl(prog, prog, mode, (char *)NULL);
		_exit(127);
	}
	ck_assert_int_eq(waitpid(pid, &r->status, 0), pid);
	slurp(out, r->out, sizeof r->out);
	slurp(err, r->err, sizeof r->err);
}

static const char *const programs[] = { XP_UNAWARE_WIDE_FORTIFIED, XP_UNAWARE_WIDE_PLAIN };

START_TEST(test_standard_unchanged)
{
	static struct result glibc, x;
	run_prog(programs[_i], "standard", 0, &glibc);
	run_prog(programs[_i], "standard", 1, &x);
	ck_assert_msg(WIFEXITED(glibc.status) && WEXITSTATUS(glibc.status) == 0, "%s: status %d",
		      programs[_i], glibc.status);
	ck_assert_ptr_nonnull(strstr(glibc.out, "|vswprintf "));
	ck_assert_ptr_nonnull(strstr(glibc.out, "t\xc3\xa9xt"));
	ck_assert_int_eq(x.status, glibc.status);
	ck_assert_str_eq(x.err, glibc.err);
	ck_assert_str_eq(x.out, glibc.out);
}
END_TEST

START_TEST(test_px_reaches_xprintf)
{
	static struct result glibc, x;
	run_prog(programs[_i], "px", 0, &glibc);
	run_prog(programs[_i], "px", 1, &x);
	static const char *const names[] = { "wprintf", "fwprintf", "vwprintf", "vfwprintf",
		"swprintf", "vswprintf" };
	char want_glibc[512] = "", want_x[512] = "";
	for (int i = 0; i < 6; i++) {
		char line[96];
		snprintf(line, sizeof line, "0x1234abcdx|1|%s 13\n", names[i]);
		strcat(want_glibc, line);
		snprintf(line, sizeof line, "%0*lx|1|%s %d\n", (int)(2 * sizeof(void *)), 0x1234abcdUL,
			 names[i], (int)(2 * sizeof(void *)) + 2);
		strcat(want_x, line);
	}
	strcat(want_glibc, "swprintf(4) -1\n");
	strcat(want_x, "swprintf(4) -1\n");
	ck_assert_str_eq(glibc.out, want_glibc);
	ck_assert_str_eq(x.out, want_x);
	ck_assert_int_eq(x.status, 0);
}
END_TEST

static const struct {
	const char *mode, *message;
} aborts[] = {
	{ "swprintf_bound", "*** buffer overflow detected ***: terminated\n" },
#ifndef XP_NO_VSWPRINTF_CHK /* a clang build calls plain vswprintf */
	{ "vswprintf_bound", "*** buffer overflow detected ***: terminated\n" },
#endif
	{ "percent_n_writable", "*** %n in writable segment detected ***\n" },
	{ "positional_gap", "*** invalid %N$ use detected ***\n" },
};

START_TEST(test_fortify_aborts)
{
	static struct result glibc, x;
	run_prog(programs[0], aborts[_i].mode, 0, &glibc);
	run_prog(programs[0], aborts[_i].mode, 1, &x);
	ck_assert_msg(WIFSIGNALED(glibc.status) && WTERMSIG(glibc.status) == SIGABRT,
		      "%s: glibc did not abort (status %d)", aborts[_i].mode, glibc.status);
	ck_assert_str_eq(glibc.err, aborts[_i].message);
	ck_assert_int_eq(x.status, glibc.status);
	ck_assert_str_eq(x.err, glibc.err);
	ck_assert_str_eq(x.out, glibc.out);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("preload_wide");
	TCase *tc = tcase_create("preload_wide");
	tcase_add_loop_test(tc, test_standard_unchanged, 0, 2);
	tcase_add_loop_test(tc, test_px_reaches_xprintf, 0, 2);
	tcase_add_loop_test(tc, test_fortify_aborts, 0, (int)(sizeof aborts / sizeof aborts[0]));
	suite_add_tcase(s, tc);
	return check_run(s);
}
