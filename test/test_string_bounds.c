/* test_string_bounds.c - %s and %ls never read past the string's page: each
 * string (every length 0..40, NUL-terminated or, under a precision, not)
 * ends exactly at the end of a readable page whose next page is PROT_NONE,
 * so a byte read past it faults; terminated strings also end a few bytes
 * before it, at every alignment, and start right after a PROT_NONE page.
 * Covers the driver's lengths, inline copies and precision counts (masked
 * moves in the AVX-512 loop, overlapping moves and the branch-free count
 * in the plain one) against glibc's output, with each driver loop the CPU
 * has. */
#define _GNU_SOURCE
#include <check.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include <wchar.h>

#include <xprintf.h>

#include "check_run.h"
#include "run.h"

static int (*volatile ref_snprintf)(char *, size_t, const char *, ...) = snprintf;

static char *page_start; /* first byte of a readable page after a PROT_NONE one */
static char *page_end;   /* first byte of the PROT_NONE page after it */

static void setup(void)
{
	long pg = sysconf(_SC_PAGESIZE);
	char *m = mmap(NULL, (size_t)pg * 3, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
		       -1, 0);
	ck_assert_ptr_ne(m, MAP_FAILED);
	ck_assert_int_eq(mprotect(m, (size_t)pg, PROT_NONE), 0);
	ck_assert_int_eq(mprotect(m + 2 * pg, (size_t)pg, PROT_NONE), 0);
	page_start = m + pg;
	page_end = m + 2 * pg;
}

/* n bytes 'a'.. at the end of the page, NUL-terminated when nul. */
static const char *place(size_t n, int nul)
{
	char *s = page_end - n - (nul ? 1 : 0);
	for (size_t i = 0; i < n; i++)
		s[i] = (char)('a' + i % 26);
	if (nul)
		s[n] = '\0';
	return s;
}

static void same_with_loop(const char *fmt, const char *str)
{
	char got[128], want[128];
	memset(got, '#', sizeof got);
	memset(want, '#', sizeof want);
	int g = xsnprintf(got, sizeof got, fmt, str, str);
	int w = ref_snprintf(want, sizeof want, fmt, str, str);
	ck_assert_msg(g == w && memcmp(got, want, sizeof got) == 0,
		      "%s of %zu bytes: xsnprintf \"%s\" (%d), glibc \"%s\" (%d)", fmt, strlen(str),
		      got, g, want, w);
}

/* The check with the driver loop this CPU runs, then (where that is the
 * AVX-512 one) with the plain one too. */
static void same(const char *fmt, const char *str)
{
	int chosen = xp_run_choose();
	same_with_loop(fmt, str);
	if (chosen == XP_LOOP_AVX512) {
		xp_run_loop = XP_LOOP_PLAIN;
		same_with_loop(fmt, str);
		xp_run_loop = chosen;
	}
}

static const char *const string_formats[] = {
	"%s", "[%s|%s]", "[%-20s|%20s]", "%-32s", "%33s", "%.3s", "[%10.3s|%-4.1s]",
	"%.0s", "%.4s", "%.16s", "%.17s", "%5.40s", "%-1.2s", "x%sy%.5sz",
};

static void same_in_every_format(const char *str)
{
	for (size_t f = 0; f < sizeof string_formats / sizeof string_formats[0]; f++)
		same(string_formats[f], str);
}

START_TEST(terminated_strings_at_page_end)
{
	for (size_t n = 0; n <= 40; n++)
		same_in_every_format(place(n, 1));
}
END_TEST

/* Every length 0..70 at every alignment in a 64-byte span: the NUL a few
 * bytes before the PROT_NONE page, the bytes after it non-zero (a length
 * that ran on would count them or fault). */
START_TEST(terminated_strings_near_page_end)
{
	for (size_t gap = 1; gap <= 64; gap++) {
		for (size_t n = 0; n <= 70; n++) {
			memset(page_end - 128, 'z', 128);
			char *s = page_end - gap - n - 1;
			memset(s, 'a' + (int)(n % 26), n);
			s[n] = '\0';
			same_in_every_format(s);
		}
	}
}
END_TEST

/* Strings that start a page whose previous page is PROT_NONE: nothing
 * before the string's page is read either. */
START_TEST(terminated_strings_at_page_start)
{
	for (size_t n = 0; n <= 70; n++) {
		memset(page_start, 'q', n);
		page_start[n] = '\0';
		same_in_every_format(page_start);
	}
}
END_TEST

/* Without a NUL, only a precision no larger than the array bounds the read
 * (C11 7.21.6.1p8). */
START_TEST(arrays_without_nul_under_precision)
{
	for (size_t n = 0; n <= 40; n++) {
		const char *s = place(n, 0);
		for (size_t prec = 0; prec <= n; prec++) {
			char fmt[32];
			snprintf(fmt, sizeof fmt, "[%%.%zus]", prec);
			same(fmt, s);
			snprintf(fmt, sizeof fmt, "[%%-12.%zus]", prec);
			same(fmt, s);
			snprintf(fmt, sizeof fmt, "[%%7.%zus]", prec);
			same(fmt, s);
		}
	}
}
END_TEST

/* The same for %ls: wide characters up to the page end, no L'\0', each one
 * byte in the C locale, so that the precision covers exactly the array. */
START_TEST(wide_arrays_without_nul_under_precision)
{
	for (size_t n = 0; n <= 12; n++) {
		wchar_t *ws = (wchar_t *)(void *)page_end - n;
		for (size_t i = 0; i < n; i++)
			ws[i] = (wchar_t)('a' + i);
		char fmt[32], got[64], want[64];
		snprintf(fmt, sizeof fmt, "[%%5.%zuls]", n);
		int g = xsnprintf(got, sizeof got, fmt, ws);
		int w = ref_snprintf(want, sizeof want, fmt, ws);
		ck_assert_msg(g == w && strcmp(got, want) == 0, "%s: xsnprintf \"%s\" (%d), glibc \"%s\" (%d)",
			      fmt, got, g, want, w);
	}
}
END_TEST

int main(void)
{
	Suite *s = suite_create("string_bounds");
	TCase *tc = tcase_create("page_end");
	tcase_add_unchecked_fixture(tc, setup, NULL);
	tcase_add_test(tc, terminated_strings_at_page_end);
	tcase_add_test(tc, terminated_strings_near_page_end);
	tcase_add_test(tc, terminated_strings_at_page_start);
	tcase_add_test(tc, arrays_without_nul_under_precision);
	tcase_add_test(tc, wide_arrays_without_nul_under_precision);
	suite_add_tcase(s, tc);
	return check_run(s);
}
