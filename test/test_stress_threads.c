/* test_stress_threads.c - formatting in 8 threads while another thread
 * dlopen()s and dlclose()s a library and registers and unregisters %p
 * extensions.
 *
 * Every formatter prints the same mixed line into its own buffer, a
 * fixed number of times, and compares it with the expected text computed
 * before the threads start: glibc's snprintf for the standard part, and
 * %pS of a known function here and %ps of one in libc (one no sanitizer
 * intercepts), taken once, single-threaded.  The changer checks that a function of the
 * library it just loaded is named with its dlsym name and module, and
 * that its registrations print their handler's output.  No sleeps: the
 * threads start on a barrier and run bounded loops.  .ci/run also runs
 * this under ThreadSanitizer; the ASan build runs it like every suite.
 */
#define _GNU_SOURCE
#include <check.h>
#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <xprintf.h>

#include "check_run.h"

enum { FORMATTERS = 8, ROUNDS = 3000, CHANGES = 150 };

static pthread_barrier_t start;
static char expect[512];
static const char *const fmt_std = "%d|%-8s|%#x|%.3f|%lld|%c|%5.2e|";
#define STD_ARGS(i) 42, "thr", 0xbeefu, 2.71828, -9000000000LL, 'Z', 12345.678

__attribute__((noinline)) int stress_known_function(int x);
__attribute__((noinline)) int stress_known_function(int x)
{
	return x * 3 + 1;
}

static int print_tag(struct xprintf_sink *sink, const void *ptr,
		     const struct xprintf_pointer_spec *spec, void *ctx)
{
	(void)ptr;
	(void)spec;
	return xprintf_sink_write(sink, ctx, strlen(ctx));
}

struct result {
	int bad;
	char first_bad[512];
};

static const void *fn_here(void) { return (const void *)(uintptr_t)&stress_known_function; }
static const void *fn_libc(void) { return (const void *)(uintptr_t)&labs; }

static void *formatter(void *arg)
{
	struct result *res = arg;
	static const unsigned char ip[4] = { 10, 0, 0, 1 };
	pthread_barrier_wait(&start);
	for (int i = 0; i < ROUNDS; i++) {
		char out[512];
		xsnprintf(out, sizeof out, "%d|%-8s|%#x|%.3f|%lld|%c|%5.2e|%pS|%ps|%pI4|%pStable|",
			  STD_ARGS(i), fn_here(), fn_libc(), ip, (void *)ip);
		if (strcmp(out, expect) != 0 && !res->bad++)
			snprintf(res->first_bad, sizeof res->first_bad, "%s", out);
	}
	return NULL;
}

struct change_result {
	void *last; /* a function of the library, after its last dlclose */
	int failures;
	char first[256];
};

static void note(struct change_result *r, const char *what)
{
	if (!r->failures++)
		snprintf(r->first, sizeof r->first, "%s", what);
}

static void *changer(void *arg)
{
	struct change_result *r = arg;
	pthread_barrier_wait(&start);
	for (int i = 0; i < CHANGES; i++) {
		void *h = dlopen(FIXTURE_LIB, RTLD_NOW | RTLD_LOCAL);
		if (!h) {
			note(r, dlerror());
			continue;
		}
		void *f = dlsym(h, "late_global");
		char buf[256];
		xsnprintf(buf, sizeof buf, "%ps", f);
		if (strcmp(buf, "late_global [libxpfix_late.so]") != 0)
			note(r, buf);
		if (xprintf_register_pointer("Tmp", print_tag, "<tmp>") != 0)
			note(r, "register");
		xsnprintf(buf, sizeof buf, "%pTmp", (void *)r);
		if (strcmp(buf, "<tmp>") != 0)
			note(r, buf);
		if (xprintf_unregister_pointer("Tmp") != 0)
			note(r, "unregister");
		dlclose(h);
		r->last = f;
	}
	return NULL;
}

START_TEST(formatting_during_dlopen_and_registration)
{
	ck_assert_int_eq(xprintf_register_pointer("Stable", print_tag, "<stable>"), 0);
	/* The expectation, single-threaded: glibc for the standard part, the
	 * symbol texts as xprintf prints them now (test_symtab_* check those
	 * against nm), the kernel's documented %pI4. */
	char std[256], sym[256];
	snprintf(std, sizeof std, fmt_std, STD_ARGS(0));
	xsnprintf(sym, sizeof sym, "%pS|%ps|", fn_here(), fn_libc());
	ck_assert_msg(strncmp(sym, "stress_known_function+0x0/0x", 28) == 0, "%s", sym);
	ck_assert_msg(strstr(sym, "|labs [libc.so.6]|") != NULL, "%s", sym);
	snprintf(expect, sizeof expect, "%s%s10.0.0.1|<stable>|", std, sym);

	pthread_t t[FORMATTERS + 1];
	struct result res[FORMATTERS] = { 0 };
	struct change_result cr = { 0 };
	ck_assert_int_eq(pthread_barrier_init(&start, NULL, FORMATTERS + 1), 0);
	for (int i = 0; i < FORMATTERS; i++)
		ck_assert_int_eq(pthread_create(&t[i], NULL, formatter, &res[i]), 0);
	ck_assert_int_eq(pthread_create(&t[FORMATTERS], NULL, changer, &cr), 0);
	for (int i = 0; i <= FORMATTERS; i++)
		pthread_join(t[i], NULL);
	pthread_barrier_destroy(&start);
	for (int i = 0; i < FORMATTERS; i++)
		ck_assert_msg(res[i].bad == 0, "thread %d: %d wrong lines, first \"%s\", want \"%s\"", i,
			      res[i].bad, res[i].first_bad, expect);
	ck_assert_msg(cr.failures == 0, "changer: %d failures, first: %s", cr.failures, cr.first);
	/* The library is gone: its address is not named any more. */
	char gone[256];
	xsnprintf(gone, sizeof gone, "%pS", cr.last);
	ck_assert_msg(strstr(gone, "late_") == NULL, "%s", gone);
	ck_assert_int_eq(xprintf_unregister_pointer("Stable"), 0);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("stress_threads");
	TCase *tc = tcase_create("threads");
	tcase_set_timeout(tc, 600);
	tcase_add_test(tc, formatting_during_dlopen_and_registration);
	suite_add_tcase(s, tc);
	return check_run(s);
}
