/* test_fortify.c - the preload's format checks (src/preload/fortify.c)
 * against glibc's own: for every format, a child calls glibc's
 * __snprintf_chk with flag 1 and another calls xp_fortify_check_format;
 * both must abort with the same message, or both must not.  Each format
 * is tried in writable memory and in a page made read-only.  Formats are
 * all token strings up to length 2 plus seeded random longer ones (the
 * seed is printed on failure; XP_SEED=n repeats a run).  The wide checks
 * (xp_fortify_check_format_wide) likewise against glibc's __swprintf_chk. */
#define _GNU_SOURCE
#include <check.h>
#include <dlfcn.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <wchar.h>

#include "check_run.h"
#include "fortify.h"

/* glibc's own __snprintf_chk, looked up in libc.so.6 itself: sanitizer
 * runtimes interpose the name with a version that checks nothing. */
typedef int (*snprintf_chk_fn)(char *s, size_t maxlen, int flag, size_t slen, const char *fmt, ...);
static snprintf_chk_fn glibc_snprintf_chk;

/* Arguments 1-5 are int *, good for %p and %n alike; argument 6 is the int
 * 3, used only as a precision (*6$).  At most 5 tokens, so sequential
 * directives never reach it. */
static const char *const tokens[] = {
	"a", "%p", "%n", "%hhn", "%1$p", "%2$p", "%3$n", "%4$p", "%%", "%1$%",
	"%m", "%2$m", "%y", "%3$y", "%1$n", "%2$.*6$p", "%5$p", "%lln", "%hhs", "%lp",
	"%%n", "%5.2hn", "%-%n", "%#n",
};
#define NTOKENS (sizeof tokens / sizeof tokens[0])

struct outcome {
	int status;
	char err[128];
};

/* Run fn(fmt) in a child; collect its stderr and how it ended. */
static void in_child(void (*fn)(const char *), const char *fmt, struct outcome *o)
{
	int pfd[2];
	ck_assert_int_eq(pipe(pfd), 0);
	pid_t pid = fork();
	ck_assert_int_ge(pid, 0);
	if (pid == 0) {
		signal(SIGABRT, SIG_DFL);
		dup2(pfd[1], STDERR_FILENO);
		close(pfd[0]);
		close(pfd[1]);
		fn(fmt);
		_exit(0);
	}
	close(pfd[1]);
	size_t len = 0;
	ssize_t got;
	while ((got = read(pfd[0], o->err + len, sizeof o->err - 1 - len)) > 0)
		len += (size_t)got;
	o->err[len] = '\0';
	close(pfd[0]);
	ck_assert_int_eq(waitpid(pid, &o->status, 0), pid);
}

static int ints[8];

static void glibc_chk(const char *fmt)
{
	char buf[256];
	glibc_snprintf_chk(buf, sizeof buf, 1, sizeof buf, fmt, &ints[0], &ints[1], &ints[2],
		       &ints[3], &ints[4], 3);
}

static void xprintf_chk(const char *fmt)
{
	xp_fortify_check_format(1, fmt);
}

/* glibc's __swprintf_chk, as __snprintf_chk above: the wide checks. */
typedef int (*swprintf_chk_fn)(wchar_t *s, size_t maxlen, int flag, size_t slen,
			       const wchar_t *fmt, ...);
static swprintf_chk_fn glibc_swprintf_chk;

static void glibc_wchk(const char *fmt)
{
	wchar_t buf[256];
	glibc_swprintf_chk(buf, 256, 1, 256, (const wchar_t *)(const void *)fmt, &ints[0],
			   &ints[1], &ints[2], &ints[3], &ints[4], 3);
}

static void xprintf_wchk(const char *fmt)
{
	xp_fortify_check_format_wide(1, (const wchar_t *)(const void *)fmt);
}

static char *readonly_page;

static void compare(const char *text, unsigned seed)
{
	/* Writable: a stack copy.  Read-only: the page, protected after. */
	char writable[128];
	strcpy(writable, text);
	ck_assert_int_eq(mprotect(readonly_page, 4096, PROT_READ | PROT_WRITE), 0);
	strcpy(readonly_page, text);
	ck_assert_int_eq(mprotect(readonly_page, 4096, PROT_READ), 0);

	const char *where[] = { writable, readonly_page };
	for (int w = 0; w < 2; w++) {
		struct outcome g, x;
		in_child(glibc_chk, where[w], &g);
		in_child(xprintf_chk, where[w], &x);
		ck_assert_msg(g.status == x.status && strcmp(g.err, x.err) == 0,
			      "format \"%s\" (%s, seed %u): glibc status %d \"%s\", xprintf status %d \"%s\"",
			      text, w ? "read-only" : "writable", seed, g.status, g.err, x.status, x.err);
	}
}

/* The same for a wide format, passed to in_child as bytes. */
static void compare_wide(const char *text)
{
	wchar_t writable[128];
	size_t n = mbstowcs(writable, text, 128);
	ck_assert(n < 128);
	ck_assert_int_eq(mprotect(readonly_page, 4096, PROT_READ | PROT_WRITE), 0);
	memcpy(readonly_page, writable, (n + 1) * sizeof(wchar_t));
	ck_assert_int_eq(mprotect(readonly_page, 4096, PROT_READ), 0);
	const char *where[] = { (const char *)writable, readonly_page };
	for (int w = 0; w < 2; w++) {
		struct outcome g, x;
		in_child(glibc_wchk, where[w], &g);
		in_child(xprintf_wchk, where[w], &x);
		ck_assert_msg(g.status == x.status && strcmp(g.err, x.err) == 0,
			      "wide format \"%s\" (%s): glibc status %d \"%s\", xprintf status %d \"%s\"",
			      text, w ? "read-only" : "writable", g.status, g.err, x.status, x.err);
	}
}

START_TEST(test_all_short_wide_formats)
{
	char fmt[64];
	compare_wide("");
	for (size_t i = 0; i < NTOKENS; i++) {
		compare_wide(tokens[i]);
		for (size_t j = 0; j < NTOKENS; j += 3) {
			snprintf(fmt, sizeof fmt, "%s%s", tokens[i], tokens[(j + i) % NTOKENS]);
			compare_wide(fmt);
		}
	}
}
END_TEST

START_TEST(test_all_short_formats)
{
	char fmt[64];
	compare("", 0);
	for (size_t i = 0; i < NTOKENS; i++) {
		compare(tokens[i], 0);
		for (size_t j = 0; j < NTOKENS; j++) {
			snprintf(fmt, sizeof fmt, "%s%s", tokens[i], tokens[j]);
			compare(fmt, 0);
		}
	}
	compare("%1$p%", 0); /* ends inside a directive */
	compare("%n%", 0);
}
END_TEST

START_TEST(test_random_longer_formats)
{
	const char *env = getenv("XP_SEED");
	unsigned seed = env ? (unsigned)strtoul(env, NULL, 10) : (unsigned)time(NULL);
	srand(seed);
	for (int k = 0; k < 150; k++) {
		char fmt[96] = "";
		int n = 3 + rand() % 3;
		for (int t = 0; t < n; t++)
			strcat(fmt, tokens[(size_t)rand() % NTOKENS]);
		compare(fmt, seed);
	}
}
END_TEST

/* No %n and no n$: nothing to check, whatever the memory. */
START_TEST(test_flag_zero_checks_nothing)
{
	char fmt[] = "%n %2$p";
	xp_fortify_check_format(0, fmt);
	xp_fortify_check_format(-1, fmt);
	xp_fortify_check_format(1, NULL);
}
END_TEST

/* The read-only test against /proc/self/maps, and errno left alone. */
START_TEST(test_readonly_area)
{
	static const char rodata[] = "in .rodata";
	char stack[] = "on the stack";
	ck_assert_int_eq(xp_readonly_area(rodata, sizeof rodata), 1);
	ck_assert_int_eq(xp_readonly_area(stack, sizeof stack), -1);
	ck_assert_int_eq(xp_readonly_area(readonly_page, 4096), 1);
	/* Half read-only, half writable: a second page made writable. */
	char *two = mmap(NULL, 8192, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	ck_assert_ptr_ne(two, MAP_FAILED);
	ck_assert_int_eq(xp_readonly_area(two, 8192), 1);
	ck_assert_int_eq(mprotect(two + 4096, 4096, PROT_READ | PROT_WRITE), 0);
	ck_assert_int_eq(xp_readonly_area(two, 4096), 1);
	ck_assert_int_eq(xp_readonly_area(two + 4000, 200), -1);
	munmap(two, 8192);
	/* Unmapped memory is not read-only either (glibc: size left over). */
	ck_assert_int_eq(xp_readonly_area((void *)16, 8), -1);

	errno = 1234;
	char fmt[] = "%n";
	xp_fortify_check_format(1, rodata);
	xp_fortify_check_format(1, "%n");
	ck_assert_int_eq(errno, 1234);
	(void)fmt;
}
END_TEST

int main(void)
{
	void *libc = dlopen("libc.so.6", RTLD_NOW | RTLD_NOLOAD);
	void *sym = libc ? dlsym(libc, "__snprintf_chk") : NULL;
	if (!sym)
		return EXIT_FAILURE;
	memcpy(&glibc_snprintf_chk, &sym, sizeof sym); /* POSIX: dlsym data -> function */
	sym = dlsym(libc, "__swprintf_chk");
	if (!sym)
		return EXIT_FAILURE;
	memcpy(&glibc_swprintf_chk, &sym, sizeof sym);
	readonly_page = mmap(NULL, 4096, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (readonly_page == MAP_FAILED)
		return EXIT_FAILURE;
	Suite *s = suite_create("fortify");
	TCase *tc = tcase_create("fortify");
	tcase_add_test(tc, test_all_short_formats);
	tcase_add_test(tc, test_all_short_wide_formats);
	tcase_add_test(tc, test_random_longer_formats);
	tcase_add_test(tc, test_flag_zero_checks_nothing);
	tcase_add_test(tc, test_readonly_area);
	suite_add_tcase(s, tc);
	return check_run(s);
}
