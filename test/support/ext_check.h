/* ext_check.h - checks shared by the %p extension suites.
 *
 * ext_expect() is the kernel's own test(): the output must be the expected
 * text (from printk-formats.rst or the kernel's printf test suite) with
 * the right return value for a large buffer, for every truncated size
 * (never a byte past the buffer, always terminated), and from xasprintf.
 * ext_expect_as_string() checks width, precision and '-' around an
 * extension against glibc's %s of the expected text.
 */
#ifndef XP_TEST_EXT_CHECK_H
#define XP_TEST_EXT_CHECK_H

#include <check.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <xprintf.h>

#include "check_run.h"

#define EXT_BUF 512
#define EXT_CANARY '$'

static inline void ext_vexpect(const char *file, int line, const char *expect, size_t elen,
			const char *fmt, va_list ap)
{
	char buf[EXT_BUF + 16];
	ck_assert_msg(elen < EXT_BUF, "%s:%d: expectation too long", file, line);
	size_t sizes[] = { EXT_BUF, 0, 1, elen / 2, elen, elen + 1 };
	for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
		size_t size = sizes[k];
		memset(buf, EXT_CANARY, sizeof buf);
		va_list aq;
		va_copy(aq, ap);
		int r = xvsnprintf(buf, size, fmt, aq);
		va_end(aq);
		ck_assert_msg(r == (int)elen, "%s:%d: xsnprintf(buf, %zu, \"%s\") returned %d, want %zu",
			      file, line, size, fmt, r, elen);
		if (size) {
			size_t written = elen < size - 1 ? elen : size - 1;
			ck_assert_msg(memcmp(buf, expect, written) == 0 && buf[written] == '\0',
				      "%s:%d: xsnprintf(buf, %zu, \"%s\") wrote \"%.*s\", want \"%.*s\"",
				      file, line, size, fmt, (int)written, buf, (int)written, expect);
		}
		for (size_t i = size; i < sizeof buf; i++)
			ck_assert_msg(buf[i] == EXT_CANARY, "%s:%d: \"%s\" wrote past %zu bytes",
				      file, line, fmt, size);
	}
	char *heap = NULL;
	va_list aq;
	va_copy(aq, ap);
	int r = xvasprintf(&heap, fmt, aq);
	va_end(aq);
	ck_assert_msg(r == (int)elen && heap && memcmp(heap, expect, elen + 1) == 0,
		      "%s:%d: xasprintf(\"%s\") gave %d \"%s\", want \"%s\"", file, line, fmt, r,
		      heap ? heap : "(NULL)", expect);
	free(heap);
}

static inline void ext_expect_at(const char *file, int line, const char *expect, size_t elen,
			  const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	ext_vexpect(file, line, expect, elen, fmt, ap);
	va_end(ap);
}

#define EXPECT(expect, ...) ext_expect_at(__FILE__, __LINE__, expect, strlen(expect), __VA_ARGS__)
/* Expected output with NUL bytes: give its length. */
#define EXPECT_N(expect, len, ...) ext_expect_at(__FILE__, __LINE__, expect, len, __VA_ARGS__)

/* Width, precision and '-' apply to "%p<ext>" as "%s" applies to expect. */
static inline void ext_expect_as_string_at(const char *file, int line, const char *ext,
				    const void *ptr, const char *expect)
{
	static const char *const mods[] = { "", "-", "1", "30", "-30", ".0", ".3", "-12.5",
					    "40.50", "-.7", "0", "-0", "08" };
	for (size_t i = 0; i < sizeof mods / sizeof mods[0]; i++) {
		char fmt[64], sfmt[64], want[EXT_BUF];
		snprintf(fmt, sizeof fmt, "%%%sp%s|", mods[i], ext);
		/* glibc's %s ignores '0'; the kernel pads strings with spaces too. */
		snprintf(sfmt, sizeof sfmt, "%%%ss|", strcmp(mods[i], "08") ? mods[i] : "8");
		int n = snprintf(want, sizeof want, sfmt, expect);
		ext_expect_at(file, line, want, (size_t)n, fmt, ptr);
	}
	for (int w = -25; w <= 25; w += 10) {
		char fmt[64], want[EXT_BUF];
		snprintf(fmt, sizeof fmt, "%%*p%s|%%.*p%s", ext, ext);
		int n = snprintf(want, sizeof want, "%*s|%.*s", w, expect, w, expect);
		ext_expect_at(file, line, want, (size_t)n, fmt, w, ptr, w, ptr);
	}
}

#define EXPECT_AS_STRING(ext, ptr, expect) \
	ext_expect_as_string_at(__FILE__, __LINE__, ext, ptr, expect)

/* NULL and error pointers print the kernel's markers, padded as %s. */
#define ERR_PTR(e) ((void *)(long)(e))
static inline void ext_expect_bad_pointers_at(const char *file, int line, const char *ext)
{
	char fmt[64];
	snprintf(fmt, sizeof fmt, "%%p%s", ext);
	ext_expect_at(file, line, "(null)", 6, fmt, (void *)NULL);
	ext_expect_at(file, line, "(efault)", 8, fmt, (void *)0xab);
	ext_expect_at(file, line, "(efault)", 8, fmt, (void *)4095);
	ext_expect_at(file, line, "(efault)", 8, fmt, ERR_PTR(-11));
	ext_expect_at(file, line, "(efault)", 8, fmt, ERR_PTR(-4095));
	ext_expect_at(file, line, "(efault)", 8, fmt, ERR_PTR(-4096)); /* the top page's first */
	snprintf(fmt, sizeof fmt, "[%%10p%s|%%-10p%s|%%.3p%s]", ext, ext, ext);
	ext_expect_at(file, line, "[    (null)|(efault)  |(nu]", 27, fmt, (void *)NULL,
		      ERR_PTR(-1), (void *)NULL);
}

#define EXPECT_BAD_POINTERS(ext) ext_expect_bad_pointers_at(__FILE__, __LINE__, ext)

/* A suite of one test case, run; the exit status of main. */
static inline int ext_run_suite(const char *name, void (*add)(TCase *tc))
{
	Suite *s = suite_create(name);
	TCase *tc = tcase_create(name);
	add(tc);
	suite_add_tcase(s, tc);
	return check_run(s);
}

#endif
