/* test_symtab_loading.c - when the shared library loads libdw: not at
 * start-up, at the first symbol lookup; and what %pS prints when it cannot
 * (libdw missing, or lacking its functions: plain addresses for good; out
 * of memory: plain this time, the symbol once memory is back).  dlopen()
 * is interposed to play the missing library, the wrong one and the failed
 * allocation; each test runs in a fresh process (Check's fork mode), since
 * a load is for the life of a process. */
#define _GNU_SOURCE
#include <check.h>
#include <dlfcn.h>
#include <errno.h>
#include <link.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <xprintf.h>

#include "check_run.h"
#include "oracle.h"

#define FN(f) ((void *)(uintptr_t)(f))

__attribute__((noinline, used)) int probe_function(int x)
{
	return x * 3 + 1;
}

#define PROBE ((void *)oracle_code(FN(probe_function)))

/* What dlopen("libdw...") does: 0 load it, else fail with that errno;
 * or, when libdw_stand_in is set, load that library in its place. */
static int libdw_error, libdw_requests;
static const char *libdw_stand_in;

void *dlopen(const char *file, int mode)
{
	static void *(*real)(const char *, int);
	if (!real)
		*(void **)&real = dlsym(RTLD_NEXT, "dlopen");
	if (file && strstr(file, "libdw")) {
		libdw_requests++;
		if (libdw_error) {
			errno = libdw_error;
			return NULL;
		}
		if (libdw_stand_in)
			file = libdw_stand_in;
	}
	return real(file, mode);
}

static int find_loaded(struct dl_phdr_info *info, size_t size, void *want)
{
	(void)size;
	return strstr(info->dlpi_name, want) != NULL;
}

static int loaded(const char *name)
{
	return dl_iterate_phdr(find_loaded, (void *)name);
}

/* %pS as glibc prints the same address with %p. */
static void check_plain(void)
{
	char got[128], want[128];
	int n = xsnprintf(got, sizeof got, "%pS", PROBE);
	int wn = snprintf(want, sizeof want, "%p", PROBE);
	ck_assert_str_eq(got, want);
	ck_assert_int_eq(n, wn);
}

START_TEST(not_loaded_until_the_first_lookup)
{
	ck_assert(!loaded("libdw.so"));
	ck_assert(!loaded("libelf.so"));
	char out[128];
	xsnprintf(out, sizeof out, "%d %s %p", 1, "no symbol", FN(probe_function));
	ck_assert_int_eq(libdw_requests, 0);
	ck_assert(!loaded("libdw.so"));
	xsnprintf(out, sizeof out, "%ps", PROBE);
	ck_assert_str_eq(out, "probe_function");
	ck_assert_int_eq(libdw_requests, 1);
	ck_assert(loaded("libdw.so"));
	ck_assert(loaded("libelf.so"));
}
END_TEST

START_TEST(missing_libdw_prints_plain_addresses)
{
	libdw_error = ENOENT;
	check_plain();
	ck_assert_int_eq(xprintf_symbols_preload(), 0);
	check_plain();
	/* Given up on for good: asked once. */
	ck_assert_int_eq(libdw_requests, 1);
	ck_assert(!loaded("libdw.so"));
}
END_TEST

/* A libdw that lacks the functions the library calls (here another
 * library in its place) is as good as none. */
START_TEST(libdw_without_its_functions_prints_plain_addresses)
{
	libdw_stand_in = FIXTURE_DIR "/libxpfix_late.so";
	check_plain();
	check_plain();
	ck_assert_int_eq(libdw_requests, 1);
	ck_assert(loaded("libxpfix_late.so"));
	ck_assert(!loaded("libdw.so"));
}
END_TEST

/* (On descriptor ABIs one %pS looks up twice: is it in .opd, then the
 * symbol; both try to load.) */
START_TEST(out_of_memory_loading_tries_again)
{
	libdw_error = ENOMEM;
	check_plain();
	int tries = libdw_requests;
	ck_assert_int_ge(tries, 1);
	libdw_error = 0;
	char out[128];
	xsnprintf(out, sizeof out, "%ps", PROBE);
	ck_assert_str_eq(out, "probe_function");
	ck_assert_int_eq(libdw_requests, tries + 1);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("symtab_loading");
	TCase *tc = tcase_create("loading");
	tcase_add_test(tc, not_loaded_until_the_first_lookup);
	tcase_add_test(tc, missing_libdw_prints_plain_addresses);
	tcase_add_test(tc, libdw_without_its_functions_prints_plain_addresses);
	tcase_add_test(tc, out_of_memory_loading_tries_again);
	suite_add_tcase(s, tc);
	return check_run(s);
}
