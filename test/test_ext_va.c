/* test_ext_va.c - %pV: a struct xprintf_va_format formatted in place.
 * Oracle: glibc's vsnprintf of the inner format and arguments. */
#include <errno.h>

#include "ext_check.h"

/* "[" inner "]" through %pV must equal glibc's "[" vsnprintf(inner) "]". */
static void expect_like_glibc(const char *inner, ...)
{
	va_list ap, aq;
	va_start(ap, inner);
	va_copy(aq, ap);
	char want[EXT_BUF];
	want[0] = '[';
	int n = vsnprintf(want + 1, sizeof want - 2, inner, aq);
	va_end(aq);
	ck_assert(n >= 0 && n < (int)sizeof want - 2);
	want[n + 1] = ']';
	want[n + 2] = '\0';
	struct xprintf_va_format vf = { inner, &ap };
	EXPECT(want, "[%pV]", &vf);
	va_end(ap);
}

START_TEST(recursive_formatting)
{
	expect_like_glibc("plain text");
	expect_like_glibc("%d %s %5.2d %#x %c %%", -42, "str", 3, 255u, 'z');
	expect_like_glibc("%2$s %1$s %3$*4$d", "world", "hello", 7, 6);
	expect_like_glibc("%-10s|%010.3o|%lld|%zu", "left", 12345u, -9000000000LL, (size_t)77);
	expect_like_glibc("");
}
END_TEST

/* A logging wrapper: the reason %pV exists. */
static void log_msg(char *out, size_t size, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	struct xprintf_va_format vf = { fmt, &ap };
	xsnprintf(out, size, "app: %pV (%d)", (void *)&vf, 7);
	va_end(ap);
}

START_TEST(logging_wrapper)
{
	char out[64];
	log_msg(out, sizeof out, "%s=%d", "x", 3);
	ck_assert_str_eq(out, "app: x=3 (7)");
	/* The caller's va_list is copied, not consumed. */
	log_msg(out, sizeof out, "%pI4 and %pM", "\x01\x02\x03\x04", "\0\1\2\3\4\5");
	ck_assert_str_eq(out, "app: 1.2.3.4 and 00:01:02:03:04:05 (7)");
}
END_TEST

static void expect_nested(const char *expect, const char *outer, const char *inner, ...)
{
	va_list ap;
	va_start(ap, inner);
	struct xprintf_va_format vf = { inner, &ap };
	EXPECT(expect, outer, &vf);
	va_end(ap);
}

static void nested_twice(const char *expect, const char *inner2, ...)
{
	va_list ap;
	va_start(ap, inner2);
	struct xprintf_va_format in = { inner2, &ap };
	expect_nested(expect, "<%pV>", "(%pV)", &in);
	va_end(ap);
}

START_TEST(nesting_and_padding)
{
	nested_twice("<(1-2)>", "%d-%d", 1, 2);
	/* Width, precision and '-' apply to the whole output as for %s. */
	expect_nested("[     ab-12]", "[%10pV]", "%s-%d", "ab", 12);
	expect_nested("[ab-12     ]", "[%-10pV]", "%s-%d", "ab", 12);
	expect_nested("[ab-]", "[%.3pV]", "%s-%d", "ab", 12);
	expect_nested("[  ab-]", "[%5.3pV]", "%s-%d", "ab", 12);
}
END_TEST

static int format_inner(char *out, size_t size, const char *inner, ...)
{
	va_list ap;
	va_start(ap, inner);
	struct xprintf_va_format vf = { inner, &ap };
	int r = xsnprintf(out, size, "x%pVy", (void *)&vf);
	va_end(ap);
	return r;
}

START_TEST(inner_errors_fail_the_call)
{
	char out[32];
	errno = 0;
	ck_assert_int_eq(format_inner(out, sizeof out, "bad %"), -1);
	ck_assert_int_eq(errno, EINVAL);
	errno = 0;
	ck_assert_int_eq(format_inner(out, sizeof out, "%2147483648d", 1), -1);
	ck_assert_int_eq(errno, EOVERFLOW);
}
END_TEST

START_TEST(bad_pointers)
{
	EXPECT_BAD_POINTERS("V");
	/* A struct whose format or va_list pointer is bad prints the marker. */
	struct xprintf_va_format nofmt = { NULL, NULL };
	EXPECT("[(null)]", "[%pV]", &nofmt);
	va_list ap;
	struct xprintf_va_format nova = { "x", NULL };
	(void)ap;
	EXPECT("[(null)]", "[%pV]", &nova);
}
END_TEST

static void add(TCase *tc)
{
	tcase_add_test(tc, recursive_formatting);
	tcase_add_test(tc, logging_wrapper);
	tcase_add_test(tc, nesting_and_padding);
	tcase_add_test(tc, inner_errors_fail_the_call);
	tcase_add_test(tc, bad_pointers);
}

int main(void) { return ext_run_suite("ext_va", add); }
