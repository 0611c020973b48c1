/* test_null_format.c - a NULL format fails as in glibc (-1, EINVAL) and
 * never crashes; a program under the preload can pass one.  Oracle:
 * glibc's own functions, called the same way, looked up in libc.so.6
 * itself (sanitizer runtimes interpose the names and crash on NULL). */
#define _GNU_SOURCE
#include <check.h>
#include <dlfcn.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <xprintf.h>

#include "check_run.h"

/* Through a volatile pointer: the compiler must not see the NULL. */
static const char *volatile null_format = NULL;

static int (*glibc_snprintf)(char *, size_t, const char *, ...);
static int (*glibc_fprintf)(FILE *, const char *, ...);
static int (*glibc_printf)(const char *, ...);
static int (*glibc_dprintf)(int, const char *, ...);

static void *from_libc(const char *name)
{
	void *libc = dlopen("libc.so.6", RTLD_NOW | RTLD_NOLOAD);
	void *sym = libc ? dlsym(libc, name) : NULL;
	if (!sym) {
		fprintf(stderr, "no %s in libc.so.6\n", name);
		exit(EXIT_FAILURE);
	}
	return sym;
}

/* POSIX: a dlsym result converts to a function pointer; ISO C needs memcpy. */
#define LOOKUP(var, name)                          \
	do {                                       \
		void *sym_ = from_libc(name);      \
		memcpy(&(var), &sym_, sizeof sym_); \
	} while (0)

START_TEST(test_buffers)
{
	char want[8] = "#######", got[8] = "#######";
	errno = 0;
	int rw = glibc_snprintf(want, sizeof want, null_format);
	int ew = errno;
	errno = 0;
	int rg = xsnprintf(got, sizeof got, null_format);
	ck_assert_int_eq(rg, rw);
	ck_assert_int_eq(errno, ew);
	ck_assert_mem_eq(got, want, sizeof want);
	errno = 0;
	ck_assert_int_eq(xsprintf(got, null_format), rw);
	ck_assert_int_eq(errno, EINVAL);
}
END_TEST

START_TEST(test_streams_and_fds)
{
	errno = 0;
	int rw = glibc_fprintf(stderr, null_format);
	int ew = errno;
	ck_assert_int_eq(rw, -1);
	errno = 0;
	ck_assert_int_eq(xfprintf(stderr, null_format), rw);
	ck_assert_int_eq(errno, ew);
	errno = 0;
	ck_assert_int_eq(xprintf(null_format), glibc_printf(null_format));
	ck_assert_int_eq(errno, ew);
	errno = 0;
	ck_assert_int_eq(xdprintf(STDERR_FILENO, null_format), glibc_dprintf(STDERR_FILENO, null_format));
	ck_assert_int_eq(errno, ew);
}
END_TEST

START_TEST(test_heap)
{
	char *s = (char *)"untouched";
	errno = 0;
	ck_assert_int_eq(xasprintf(&s, null_format), -1);
	ck_assert_int_eq(errno, EINVAL);
	ck_assert_ptr_null(s); /* xprintf's rule: NULL on failure */
}
END_TEST

int main(void)
{
	LOOKUP(glibc_snprintf, "snprintf");
	LOOKUP(glibc_fprintf, "fprintf");
	LOOKUP(glibc_printf, "printf");
	LOOKUP(glibc_dprintf, "dprintf");
	Suite *su = suite_create("null_format");
	TCase *tc = tcase_create("null_format");
	tcase_add_test(tc, test_buffers);
	tcase_add_test(tc, test_streams_and_fds);
	tcase_add_test(tc, test_heap);
	suite_add_tcase(su, tc);
	return check_run(su);
}
