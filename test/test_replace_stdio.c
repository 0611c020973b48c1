/* test_replace_stdio.c - XPRINTF_REPLACE_STDIO maps the standard names to
 * xprintf's.  Oracle: %px, which glibc prints as "0x1234abcdx" and xprintf
 * as the zero-padded address; any call that still reached glibc shows. */
#define _GNU_SOURCE
#include <check.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <wchar.h>

#define XPRINTF_REPLACE_STDIO
#include <xprintf.h>

#include "check_run.h"

#if UINTPTR_MAX > 0xffffffffu
#define WANT "000000001234abcd|7"
#else
#define WANT "1234abcd|7"
#endif

static void *const p = (void *)(uintptr_t)0x1234abcdu;

/* Everything written to fd 1 / a stream by fn, read back. */
static void capture_fd(void (*fn)(void), char *out, size_t size)
{
	int pfd[2];
	ck_assert_int_eq(pipe(pfd), 0);
	int saved = dup(STDOUT_FILENO);
	fflush(stdout);
	dup2(pfd[1], STDOUT_FILENO);
	fn();
	fflush(stdout);
	dup2(saved, STDOUT_FILENO);
	close(saved);
	close(pfd[1]);
	ssize_t n = read(pfd[0], out, size - 1);
	close(pfd[0]);
	out[n > 0 ? n : 0] = '\0';
}

static void do_printf(void) { printf("%px|%d", p, 7); }
static void do_dprintf(void) { dprintf(STDOUT_FILENO, "%px|%d", p, 7); }

static int via_vprintf(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int r = vprintf(fmt, ap);
	va_end(ap);
	return r;
}
static void do_vprintf(void) { via_vprintf("%px|%d", p, 7); }

static int via_vdprintf(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int r = vdprintf(STDOUT_FILENO, fmt, ap);
	va_end(ap);
	return r;
}
static void do_vdprintf(void) { via_vdprintf("%px|%d", p, 7); }

START_TEST(test_stdout_and_fd)
{
	void (*fns[])(void) = { do_printf, do_dprintf, do_vprintf, do_vdprintf };
	for (size_t i = 0; i < sizeof fns / sizeof fns[0]; i++) {
		char got[64];
		capture_fd(fns[i], got, sizeof got);
		ck_assert_str_eq(got, WANT);
	}
}
END_TEST

static int via_vfprintf(FILE *f, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int r = vfprintf(f, fmt, ap);
	va_end(ap);
	return r;
}

START_TEST(test_stream)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	ck_assert_ptr_nonnull(f);
	ck_assert_int_eq(fprintf(f, "%px|%d", p, 7), (int)strlen(WANT));
	ck_assert_int_eq(via_vfprintf(f, "%px|%d", p, 7), (int)strlen(WANT));
	fclose(f);
	ck_assert_str_eq(text, WANT WANT);
	free(text);
}
END_TEST

static int via_vsnprintf(char *buf, size_t n, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int r = vsnprintf(buf, n, fmt, ap);
	va_end(ap);
	return r;
}

static int via_vsprintf(char *buf, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int r = vsprintf(buf, fmt, ap);
	va_end(ap);
	return r;
}

static int via_vasprintf(char **out, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int r = vasprintf(out, fmt, ap);
	va_end(ap);
	return r;
}

START_TEST(test_memory)
{
	char buf[64];
	char *heap = NULL;
	ck_assert_int_eq(snprintf(buf, sizeof buf, "%px|%d", p, 7), (int)strlen(WANT));
	ck_assert_str_eq(buf, WANT);
	ck_assert_int_eq(sprintf(buf, "%px|%d", p, 7), (int)strlen(WANT));
	ck_assert_str_eq(buf, WANT);
	ck_assert_int_eq(via_vsnprintf(buf, sizeof buf, "%px|%d", p, 7), (int)strlen(WANT));
	ck_assert_str_eq(buf, WANT);
	ck_assert_int_eq(via_vsprintf(buf, "%px|%d", p, 7), (int)strlen(WANT));
	ck_assert_str_eq(buf, WANT);
	ck_assert_int_eq(asprintf(&heap, "%px|%d", p, 7), (int)strlen(WANT));
	ck_assert_str_eq(heap, WANT);
	free(heap);
	ck_assert_int_eq(via_vasprintf(&heap, "%px|%d", p, 7), (int)strlen(WANT));
	ck_assert_str_eq(heap, WANT);
	free(heap);
}
END_TEST

/* The names are macros for the x-names, so taking an address gives them. */
START_TEST(test_names_are_the_x_functions)
{
	int (*f)(char *, size_t, const char *, ...) = snprintf;
	ck_assert(f == xsnprintf);
	int (*g)(const char *, ...) = printf;
	ck_assert(g == xprintf);
}
END_TEST

static int via_vswprintf(wchar_t *buf, size_t n, const wchar_t *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int r = vswprintf(buf, n, fmt, ap);
	va_end(ap);
	return r;
}

static int via_vfwprintf(FILE *f, const wchar_t *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int r = vfwprintf(f, fmt, ap);
	va_end(ap);
	return r;
}

static int via_vwprintf(const wchar_t *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int r = vwprintf(fmt, ap);
	va_end(ap);
	return r;
}

/* The wide names: the same %px oracle, widened. */
START_TEST(test_wide_names)
{
	wchar_t buf[64], want[64];
	mbstowcs(want, WANT, 64);
	int n = (int)strlen(WANT);
	ck_assert_int_eq(swprintf(buf, 64, L"%px|%d", p, 7), n);
	ck_assert(wcscmp(buf, want) == 0);
	ck_assert_int_eq(via_vswprintf(buf, 64, L"%px|%d", p, 7), n);
	ck_assert(wcscmp(buf, want) == 0);
	/* stdout, here a wide memory stream, for wprintf and vwprintf */
	wchar_t *text = NULL;
	size_t len = 0;
	FILE *f = open_wmemstream(&text, &len);
	ck_assert_ptr_nonnull(f);
	FILE *saved = stdout;
	stdout = f;
	ck_assert_int_eq(wprintf(L"%px|%d", p, 7), n);
	ck_assert_int_eq(via_vwprintf(L"%px|%d", p, 7), n);
	stdout = saved;
	ck_assert_int_eq(fwprintf(f, L"%px|%d", p, 7), n);
	ck_assert_int_eq(via_vfwprintf(f, L"%px|%d", p, 7), n);
	fclose(f);
	ck_assert_uint_eq(len, 4 * (size_t)n);
	for (int i = 0; i < 4; i++)
		ck_assert(wmemcmp(text + i * n, want, (size_t)n) == 0);
	free(text);
	int (*sw)(wchar_t *, size_t, const wchar_t *, ...) = swprintf;
	ck_assert(sw == xswprintf);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("replace_stdio");
	TCase *tc = tcase_create("replace_stdio");
	tcase_add_test(tc, test_stdout_and_fd);
	tcase_add_test(tc, test_stream);
	tcase_add_test(tc, test_memory);
	tcase_add_test(tc, test_names_are_the_x_functions);
	tcase_add_test(tc, test_wide_names);
	suite_add_tcase(s, tc);
	return check_run(s);
}
