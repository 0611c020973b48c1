/* test_conversions.c - one conversion, flag and length modifier at a time.
 *
 * SAME(...) compares with glibc's vsnprintf at run time (bytes, guard
 * bytes, return value, errno; several buffer sizes).  EXPECT(...) states a
 * hand-derived result where glibc 2.36 is not the oracle (C23 wN/wfN,
 * kernel %p grammar, documented departures) or where doc/contract.md §1
 * gives the text.
 */
#define _GNU_SOURCE
#include <check.h>
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

#include <xprintf.h>

#include "check_printf.h"
#include "check_run.h"

static const int ints[] = { 0, 1, -1, 7, -42, 127, 128, 255, 256, -129, 32767, -32768, 65535,
	1234567, -1234567, INT_MAX, INT_MIN };
static const long long llongs[] = { 0, 1, -1, 4294967296ll, -4294967297ll, 1234567890123ll,
	LLONG_MAX, LLONG_MIN };
#define N(a) (sizeof(a) / sizeof((a)[0]))

/* ---- integer conversions ---- */

START_TEST(test_int_conversions)
{
	static const char *const fmts[] = { "%d", "%i", "%u", "%o", "%x", "%X", "%b", "%B" };
	for (size_t f = 0; f < N(fmts); f++)
		for (size_t i = 0; i < N(ints); i++)
			SAME(fmts[f], ints[i]);
	SAME("[%d|%i|%u|%o|%x|%X|%b|%B]", 1, 2, 3u, 8u, 255u, 255u, 5u, 6u);
}
END_TEST

START_TEST(test_int_flags)
{
	static const char *const flags[] = { "", "-", "+", " ", "#", "0", "'", "I", "-+", "+ ",
		"-0", "#0", "+0", " 0", "-#", "'0", "'#", "+'", "0-+ #'I" };
	static const char convs[] = "diuoxXbB";
	static const char *const wp[] = { "", "8", ".3", "12.5", ".0", "1", "20.15", "-7" };
	char fmt[40];
	for (size_t f = 0; f < N(flags); f++)
		for (size_t c = 0; c < sizeof convs - 1; c++)
			for (size_t w = 0; w < N(wp); w++) {
				snprintf(fmt, sizeof fmt, "[%%%s%s%c]", flags[f], wp[w], convs[c]);
				SAME(fmt, 0);
				SAME(fmt, 42);
				SAME(fmt, -1234567);
				SAME(fmt, INT_MIN);
			}
}
END_TEST

START_TEST(test_int_length_modifiers)
{
	for (size_t i = 0; i < N(ints); i++) {
		SAME("%hhd %hhu %hhx %hho %hhb", ints[i], ints[i], ints[i], ints[i], ints[i]);
		SAME("%hd %hu %hX %ho %hB", ints[i], ints[i], ints[i], ints[i], ints[i]);
	}
	for (size_t i = 0; i < N(llongs); i++) {
		long l = (long)llongs[i];
		long long q = llongs[i];
		SAME("%ld %lu %lx %lo %lb", l, l, l, l, l);
		SAME("%lld %llu %llX %llo %llb", q, q, q, q, q);
		SAME("%qd %qu %qx", q, q, q);
		SAME("%Ld %Lu %Lx", q, q, q); /* glibc reads L as long long for integers */
		SAME("%jd %ju %jx", (intmax_t)q, (uintmax_t)q, (uintmax_t)q);
		SAME("%zd %zu %zx %Zd %Zu", (ssize_t)q, (size_t)q, (size_t)q, (ssize_t)q, (size_t)q);
		SAME("%td %tu %tx", (ptrdiff_t)q, (ptrdiff_t)q, (ptrdiff_t)q);
	}
	SAME("%hhd", -129); /* doc/contract.md §1: 127 */
	EXPECT("127", "%hhd", -129);
	SAME("%'+20lld|%-#25llx|%0 22lo", LLONG_MIN, LLONG_MIN, LLONG_MAX);
}
END_TEST

/* C23 wN / wfN: glibc 2.36 prints these literally; results from C23 (and
 * glibc >= 2.39): the value is converted to the N-bit (or fastest
 * at-least-N-bit, on x86-64 glibc: 8, 64, 64, 64) type. */
START_TEST(test_c23_wn)
{
	EXPECT("44", "%w8d", 300);
	EXPECT("-56", "%w8d", 200);
	EXPECT("255", "%w8u", -1);
	EXPECT("ff", "%w8x", 0x1ff);
	EXPECT("4464", "%w16d", 70000);
	EXPECT("-1", "%w16d", 65535);
	EXPECT("2345", "%w16x", 0x12345);
	EXPECT("-1", "%w32d", -1);
	EXPECT("4294967295", "%w32u", -1);
	EXPECT("-9223372036854775808", "%w64d", (int64_t)INT64_MIN);
	EXPECT("18446744073709551615", "%w64u", (uint64_t)UINT64_MAX);
	EXPECT("1111111111111111111111111111111111111111111111111111111111111111", "%w64b", (uint64_t)UINT64_MAX);
	EXPECT("44", "%wf8d", 300);                       /* int_fast8_t: signed char */
	EXPECT("70000", "%wf16d", (int_fast16_t)70000);   /* int_fast16_t: long */
	EXPECT("1099511627776", "%wf32d", (int_fast32_t)1 << 40);
	EXPECT("-1", "%wf64d", (int_fast64_t)-1);
	EXPECT("  +044|", "%+6.3w8d|", 300);
	EXPECT("0x2c", "%#w8x", 300);
	EXPECT("1000000", "%'w32d", 1000000); /* C locale: no grouping */
	/* Positional: the argument is read with the wN type. */
	EXPECT("7 44", "%2$d %1$w8d", 300, 7);
	EXPECT("-1 x", "%1$w64d %2$s", (int64_t)-1, "x");
	/* %wN n stores into an N-bit object. */
	int8_t n8 = 0x55;
	int64_t n64 = -1;
	EXPECT("abc", "abc%w8n%w64n", &n8, &n64);
	ck_assert_int_eq(n8, 3);
	ck_assert_int_eq(n64, 3);
	/* Not a valid N: 'w' is an unknown conversion, as glibc 2.36 prints it. */
	SAME("%w7d|", 5);
	SAME("%wd|", 5);
	SAME("%w|");
}
END_TEST

/* ---- width and precision ---- */

START_TEST(test_width_precision)
{
	static const char *const fmts[] = { "[%5d]", "[%-5d]", "[%05d]", "[%.5d]", "[%8.5d]", "[%-8.5d]",
		"[%08.5d]", "[%.0d]", "[%5.0d]", "[%#.0o]", "[%#.0x]", "[%+.0d]", "[% .0d]", "[%#5.3o]",
		"[%#8.3x]", "[%#08x]", "[%#-8x]", "[%#.3b]", "[%#010B]", "[%0100d]", "[%.100d]" };
	for (size_t f = 0; f < N(fmts); f++) {
		SAME(fmts[f], 0);
		SAME(fmts[f], 1);
		SAME(fmts[f], -12);
		SAME(fmts[f], 012345);
	}
	/* the corner cases of doc/contract.md §1 */
	EXPECT("", "%.0d", 0);
	EXPECT("0", "%#.0o", 0);
	EXPECT("+", "%+.0d", 0);
	EXPECT("  ab", "%04s", "ab"); /* %05s pads with spaces */
	SAME("%05s|%-05s|%05c", "ab", "cd", 'e');
}
END_TEST

START_TEST(test_star)
{
	for (int w = -12; w <= 12; w += 3) {
		SAME("[%*d]", w, 42);
		SAME("[%-*d]", w, 42);
		SAME("[%0*d]", w, -42);
		SAME("[%*s]", w, "abc");
		SAME("[%.*d]", w, 42);
		SAME("[%.*s]", w, "abcdefgh");
		SAME("[%*.*x]", w, w + 3, 0xbeefu);
		SAME("[%*c]", w, 'z');
		SAME("[%*p]", w, (void *)0x1234);
	}
	SAME("[%.*d]", INT_MIN, 1);
	/* Widths near 2^31 (glibc takes seconds to pad them, so by hand, as
	 * glibc 2.36 prints into a 100-byte buffer): the buffer is filled,
	 * then -1 EOVERFLOW.  -INT_MIN means '-' with width 2^31. */
	char want[512];
	memset(want, ' ', sizeof want - 1);
	want[sizeof want - 1] = '\0';
	want[0] = '[';
	expect_at(__FILE__, __LINE__, want, -1, EOVERFLOW, "[%*d]", INT_MAX, 1);
	want[1] = '3';
	expect_at(__FILE__, __LINE__, want, -1, EOVERFLOW, "[%-*d]", INT_MIN, 3);
	want[1] = '1';
	expect_at(__FILE__, __LINE__, want, -1, EOVERFLOW, "[%*d]", INT_MIN + 1, 1);
	/* "*5" without '$': glibc takes '5' as an unknown conversion and
	 * consumes only the width argument. */
	SAME("[%*5d]", 3);
	SAME("[%*5d]", -3);
	SAME("[%.*5d]", 3);
	SAME("[%-*12x]", 4);
}
END_TEST

START_TEST(test_overflowing_width_precision)
{
	EXPECT_ERR("ab", EOVERFLOW, "ab%2147483648d", 1);
	EXPECT_ERR("ab", EOVERFLOW, "ab%.2147483648d", 1);
	EXPECT_ERR("", EOVERFLOW, "%99999999999999999999s", "x");
	EXPECT_ERR("", EOVERFLOW, "%*99999999999d", 1);
	EXPECT_ERR("", EOVERFLOW, "%.*99999999999d", 1);
	EXPECT_ERR("", EOVERFLOW, "%99999999999$d", 1);
	SAME("ab%2147483648d", 1);
	SAME("%.2147483648s", "x");
	SAME("%*99999999999d", 1, 2);
	SAME("%99999999999$d", 1);
	/* 2^31 - 1 is still a width; the output then is exactly INT_MAX. */
	char c[4];
	ck_assert_int_eq(xsnprintf(c, sizeof c, "%2147483647d", 7), INT_MAX);
	ck_assert_str_eq(c, "   ");
	errno = 0;
	ck_assert_int_eq(xsnprintf(c, sizeof c, "x%2147483647d", 7), -1);
	ck_assert_int_eq(errno, EOVERFLOW);
}
END_TEST

/* ---- positional arguments ---- */

START_TEST(test_positional)
{
	SAME("%2$s %1$d", 7, "seven");
	SAME("%3$s|%1$d|%2$x|%1$d", 10, 255u, "z");
	SAME("%1$*2$d|", 42, 8);
	SAME("%1$-*2$d|", 42, 8);
	SAME("%1$*2$d|", 42, -8);
	SAME("%2$.*1$s|", 3, "abcdef");
	SAME("%2$.*1$s|", -3, "abcdef");
	SAME("%3$*1$.*2$x|%1$d", 10, 4, 0xabcu);
	SAME("%4$*3$.*2$ld|%1$c", 'q', 6, -12, 123456789L);
	SAME("%2$lld %1$hhd %3$p %4$s %5$lc", 300, LLONG_MIN, (void *)0xdead, "s", (wint_t)'w');
	SAME("%1$s %1$s %1$.2s", "repeat");
	SAME("%1$d%%%1$5d%m", 3);
	long long cnt = 0;
	SAME("%2$s%1$lln", &cnt, "abc");
	/* More arguments than the on-stack table holds. */
#define A10(b) b + 0, b + 1, b + 2, b + 3, b + 4, b + 5, b + 6, b + 7, b + 8, b + 9
	SAME("%70$d %1$d %35$d %64$d %65$d %66$d", A10(0), A10(10), A10(20), A10(30), A10(40), A10(50), A10(60));
#undef A10
	/* q and L integers read long long (glibc 2.36 reads int: a documented departure). */
	EXPECT("-56063504952", "%1$qd", -56063504952ll);
	EXPECT("x -56063504952", "%2$s %1$Ld", -56063504952ll, "x");
}
END_TEST

/* ---- characters and strings ---- */

START_TEST(test_char_string)
{
	for (int c = -300; c < 300; c += 7)
		SAME("[%c|%3c|%-3c|%.0c]", c, c, c, c);
	SAME("%c", 0);
	SAME("[%s|%10s|%-10s|%.2s|%10.2s|%.0s|%.20s]", "hello", "hello", "hello", "hello", "hello",
	     "hello", "hello");
	SAME("[%s]", "\xff\x80 bytes \x01");
	SAME("[%s|%.5s|%.6s|%10s|%-10.3s]", NULL, NULL, NULL, NULL, NULL);
	EXPECT("(null)", "%s", NULL);
	EXPECT("", "%.5s", NULL);
	EXPECT("(null)", "%.6s", NULL);
	SAME("[%ls|%.5ls|%S]", NULL, NULL, NULL);
	SAME("[%+#' 0s]", "flags");
}
END_TEST

START_TEST(test_wide_utf8)
{
	use_locale("en_US.UTF-8");
	static const wint_t wc[] = { L'a', 0xe9, 0x20ac, 0x4e2d, 0x1f600, 0x7f, 0x80 };
	for (size_t i = 0; i < N(wc); i++) {
		SAME("[%lc|%5lc|%-5lc|%C]", wc[i], wc[i], wc[i], wc[i]);
		SAME("[%.0lc|%05lc]", wc[i], wc[i]);
	}
	SAME("[%ls|%8ls|%-8ls|%.3ls|%.4ls|%S]", L"h\xe9llo", L"\x20ac\x20ac", L"\x20ac\x20ac", L"\x20ac\x20ac",
	     L"\x20ac\x20ac", L"\x1f600!");
	EXPECT("", "%.1ls", L"\xe9");    /* no partial character */
	EXPECT("\xc3\xa9", "%.2ls", L"\xe9");
	SAME("%.1ls", L"\xe9");
	/* %lc of L'\0' writes one NUL and counts it. */
	char buf[8];
	memset(buf, 'x', sizeof buf);
	ck_assert_int_eq(xsnprintf(buf, sizeof buf, "a%lcb", (wint_t)0), 3);
	ck_assert(memcmp(buf, "a\0b\0", 4) == 0);
	SAME("a%lcb", (wint_t)0);
	/* No multibyte form: -1 EILSEQ after the text before it. */
	EXPECT_ERR("ab", EILSEQ, "ab%lccd", (wint_t)0xd800);
	EXPECT_ERR("ab", EILSEQ, "ab%lscd", L"x\xd800y");
	SAME("ab%lccd", (wint_t)0xd800);
	SAME("ab%lscd", L"x\xd800y");
	SAME("ab%Ccd", (wint_t)0x110000);
	SAME("ab%.1lscd", L"x\xd800y"); /* the bad character lies beyond the precision */
	SAME("ab%5Scd", L"\xd800");
}
END_TEST

START_TEST(test_wide_c_locale)
{
	use_locale("C");
	SAME("[%lc|%5lc|%C]", (wint_t)'a', (wint_t)'b', (wint_t)'c');
	SAME("[%ls|%5.2S]", L"ascii", L"ascii");
	EXPECT_ERR("x", EILSEQ, "x%lc", (wint_t)0xe9);
	EXPECT_ERR("x", EILSEQ, "x%ls", L"caf\xe9");
	SAME("x%lc", (wint_t)0xe9);
	SAME("x%ls", L"caf\xe9");
	SAME("x%.3ls|", L"caf\xe9");
	SAME("x%C", (wint_t)0x80);
}
END_TEST

/* ---- pointers ---- */

START_TEST(test_pointer)
{
	void *const ps[] = { NULL, (void *)1, (void *)0x1234, (void *)UINTPTR_MAX, (void *)0x7ffd12345678 };
	static const char *const fmts[] = { "[%p]", "[%20p]", "[%-20p]", "[%020p]", "[%+p]", "[% p]",
		"[%#p]", "[%.3p]", "[%.20p]", "[%'p]", "[%+020p]", "[%-+ #020.17p]" };
	for (size_t f = 0; f < N(fmts); f++)
		for (size_t i = 0; i < N(ps); i++)
			SAME(fmts[f], ps[i]);
	EXPECT("(nil)", "%p", NULL);
	EXPECT("0x000000000000001234", "%020p", (void *)0x1234);
	EXPECT("+0x1234", "%+p", (void *)0x1234);
	/* Not followed by a letter or digit: glibc's %p. */
	SAME("%p{i=%lx}", (void *)0x1234, 7L);
	SAME("%p %p\n%p-%p", (void *)1, (void *)2, (void *)3, (void *)4);
	SAME("%p", (void *)0x99);
}
END_TEST

/* The kernel's %p grammar: the whole [A-Za-z0-9]* run is consumed; a name
 * no handler claims prints the plain pointer. */
START_TEST(test_pointer_extension_grammar)
{
	char want[64];
	void *p = (void *)0x1234;
	EXPECT("0x1234|", "%pZq12|", p);
	EXPECT("0x1234|", "%pZ|", p);
	EXPECT("0x1234 Z", "%p7 Z", p);
	EXPECT("(nil).", "%pZZ.", NULL);
	EXPECT("[  0x1234]", "[%8pZ]", p);
	EXPECT("[0x1234  ]", "[%-8pZ]", p);
	/* %px: the raw address, lowercase hex, zero-padded to 16 digits, no 0x. */
	snprintf(want, sizeof want, "%016lx|", (unsigned long)(uintptr_t)p);
	EXPECT("0000000000001234|", "%px|", p);
	EXPECT("0000000000000000", "%px", NULL);
	EXPECT("ffffffffffffffff", "%px", (void *)UINTPTR_MAX);
	snprintf(want, sizeof want, "%016lx", (unsigned long)(uintptr_t)&want);
	expect_at(__FILE__, __LINE__, want, 16, 0, "%px", (void *)&want);
}
END_TEST

/* ---- %n %m %% and the rest ---- */

START_TEST(test_count)
{
	signed char hh = 0;
	short h = 0;
	int n = 0;
	long l = 0;
	long long ll = 0;
	intmax_t j = 0;
	size_t z = 0;
	ptrdiff_t t = 0;
	EXPECT("hello, world!", "hello%hhn, %hnworld%n!%ln%lln%jn%zn%tn", &hh, &h, &n, &l, &ll, &j, &z, &t);
	ck_assert_int_eq(hh, 5);
	ck_assert_int_eq(h, 7);
	ck_assert_int_eq(n, 12);
	ck_assert(l == 13 && ll == 13 && j == 13 && z == 13 && t == 13);
	/* Counts what would have been written, not what fits. */
	int want_n = -1, got_n = -1;
	char buf[4];
	int rw = snprintf(buf, sizeof buf, "%300d%n", 1, &want_n);
	int rg = xsnprintf(buf, sizeof buf, "%300d%n", 1, &got_n);
	ck_assert_int_eq(rg, rw);
	ck_assert_int_eq(got_n, want_n);
	/* %hhn keeps the other bytes; wraps like glibc. */
	int wide_w = 0x7f7f7f7f, wide_g = 0x7f7f7f7f;
	snprintf(buf, sizeof buf, "%260d%hhn", 1, (signed char *)&wide_w);
	xsnprintf(buf, sizeof buf, "%260d%hhn", 1, (signed char *)&wide_g);
	ck_assert_int_eq(wide_g, wide_w);
}
END_TEST

START_TEST(test_errno)
{
	static const int es[] = { 0, ENOENT, EINVAL, EILSEQ, EOVERFLOW, 133, 12345, -1, INT_MAX };
	for (size_t i = 0; i < N(es); i++) {
		/* SAME sets errno itself, so compare by hand. */
		char want[256], got[256];
		errno = es[i];
		int rw = snprintf(want, sizeof want, "[%m|%#m|%20m|%-12.3m|%#10m|%.2m]");
		errno = es[i];
		int rg = xsnprintf(got, sizeof got, "[%m|%#m|%20m|%-12.3m|%#10m|%.2m]");
		ck_assert_int_eq(rg, rw);
		ck_assert_str_eq(got, want);
		ck_assert_int_eq(errno, es[i]);
	}
	/* xsnprintf reads errno only when it meets a directive off its fast
	 * path: the fast ones before %m must not have disturbed it. */
	for (size_t i = 0; i < N(es); i++) {
		static const char fmt[] = "%d %s %x %p %c %.3f %-5s|%08x|%e %m|%Lg %#m";
		char want[256], got[256];
		errno = es[i];
		int rw = snprintf(want, sizeof want, fmt, -42, "str", 0xbeefu, (void *)es, 'c',
				  1.25, "ab", 7u, 1e300, 2.5L);
		errno = es[i];
		int rg = xsnprintf(got, sizeof got, fmt, -42, "str", 0xbeefu, (void *)es, 'c',
				   1.25, "ab", 7u, 1e300, 2.5L);
		ck_assert_int_eq(rg, rw);
		ck_assert_str_eq(got, want);
		ck_assert_int_eq(errno, es[i]);
	}
	char buf[64];
	errno = 0;
	xsnprintf(buf, sizeof buf, "%m|%#m");
	ck_assert_str_eq(buf, "Success|0");
	errno = ENOENT;
	xsnprintf(buf, sizeof buf, "%#m|%m");
	ck_assert_str_eq(buf, "ENOENT|No such file or directory");
	errno = 12345;
	xsnprintf(buf, sizeof buf, "%m|%#m");
	ck_assert_str_eq(buf, "Unknown error 12345|12345");
}
END_TEST

START_TEST(test_percent_and_unknown)
{
	SAME("100%%");
	SAME("%5%|%-5%|%05%|%.3%|%+ #'%");
	EXPECT("%", "%5%");
	SAME("%y|%5.3y|%-#+ 08.2k|%'Iv|%lly|%hhy|%.y|%08.3y|%0y|%I0#k");
	EXPECT("%5.3y", "%5.3y");
	SAME("%y %d %s", 5, "five");
	SAME("%1$d %y %2$s", 5, "five");
	SAME("%*y|%.*y", 5, 6);
	/* A numbered unknown directive: its argument counts, as an int. */
	SAME("%1$*2$H|", 7, -5);
	SAME("%1$*2$.*3$H|%1$m", 7, 5, 3);
	SAME("%2$*1$H|%2$s", 7, "s");
}
END_TEST

/* glibc's positional path (after a n$ or an unknown conversion, the
 * unknown one included) keeps a '0' flag under a negative '*' width:
 * unknown directives reprint it, %e %f %g pad with zeros on the right,
 * %a is not padded; the other conversions pad with spaces.  Its
 * sequential path drops the '0'. */
START_TEST(test_zero_flag_negative_star)
{
	for (int w = -20; w <= 20; w += 5) {
		SAME("%0*H|%+'0*.*Y|%#' +0I*.*Y", w, w, 15, w, -3);
		SAME("%1$0*2$H|%1$s", "x", w);
		static const char *const floats[] = { "f", "e", "g", "F", "E", "G", "a", "A" };
		for (size_t i = 0; i < N(floats); i++) {
			char seq[64], pos[64], after[64], ld[64];
			snprintf(seq, sizeof seq, "[%%0*%s]", floats[i]);
			snprintf(pos, sizeof pos, "[%%1$0#*2$.3%s|%%1$-0*2$%s]", floats[i], floats[i]);
			snprintf(after, sizeof after, "%%H[%%0'*%s|%%0*.*%s]", floats[i], floats[i]);
			snprintf(ld, sizeof ld, "[%%3$0*2$.22L%s]", floats[i]);
			SAME(seq, w, -1234.5625);
			SAME(pos, 1.5, w);
			SAME(pos, -1e300, w);
			SAME(pos, 0.0 / 0.0, w);
			SAME(after, w, 1234567.5, w, 2, -0.0);
			SAME(ld, 1, w, 1.1715e-18L);
		}
		SAME("%H[%0*d|%0*s|%0*c|%0*p|%0*m|%0*%|%0*lc|%0*ls|%#0*o|%0*.2x]", w, 3, w, "ab", w, 'c',
		     w, (void *)0x12, w, w, w, (wint_t)L'w', w, L"wide", w, 8, w, 3);
		SAME("%1$0*2$d|%3$0*2$s|%4$0*2$p", 5, w, "ab", (void *)0x12);
		SAME("%hc[%0*.3f]", 'a', w, 1.5);
	}
	use_locale("de_DE.UTF-8");
	SAME("%1$0'*2$f|%1$0'*2$.2e|%1$0*2$a", 1234567.25, -30);
}
END_TEST

START_TEST(test_incomplete_directive)
{
	/* A '%' ending the format: -1 EINVAL, the text before is written. */
	EXPECT_ERR("abc", EINVAL, "abc%");
	EXPECT_ERR("abc", EINVAL, "abc%-5");
	EXPECT_ERR("abc1", EINVAL, "abc%d%.", 1);
	EXPECT_ERR("", EINVAL, "%l");
	SAME("abc%");
	SAME("abc%#-5.3");
	SAME("abc%ll");
	SAME("abc%d%", 1);
	/* After glibc left its fast path (n$, an unknown conversion, or a single
	 * 'h' before anything but an integer, n or %), it prints it. */
	SAME("%1$d abc%", 5);
	SAME("%y abc%");
	SAME("%y abc%-08");
	SAME("%hs abc%", "s");
	SAME("%hc abc%-5", 'c');
	SAME("%hC abc%", (wint_t)'w');
	SAME("%hS abc%", L"w");
	SAME("%hp abc%", (void *)1);
	SAME("%hm abc%");
	SAME("%hhs abc%", "s");  /* hh, l, ...: fast path, EINVAL */
	SAME("%h% abc%");
	SAME("%hd abc%", 1);
	SAME("%hn abc%", &(short){ 0 });
}
END_TEST

/* ---- locale-dependent grouping ---- */

START_TEST(test_grouping_en_us)
{
	use_locale("en_US.UTF-8");
	EXPECT("01,234,567", "%'.10d", 1234567);
	EXPECT("0000001,234,567", "%'015d", 1234567);
	static const char *const fmts[] = { "%'d", "%'u", "%'x", "%'X", "%'o", "%'b", "%'.10d", "%'015d",
		"%'-15d|", "%'+d", "%'#x", "%'#o", "%'.2d", "%'20.12d", "%'lld", "%'hhd", "%'Id", "%'#015x" };
	for (size_t f = 0; f < N(fmts); f++) {
		for (size_t i = 0; i < N(ints); i++)
			SAME(fmts[f], ints[i]);
	}
	for (size_t i = 0; i < N(llongs); i++)
		SAME("%'lld|%'llu|%'llx|%'30.25lld", llongs[i], llongs[i], llongs[i], llongs[i]);
}
END_TEST

START_TEST(test_grouping_de_de)
{
	use_locale("de_DE.UTF-8");
	EXPECT("1.234.567", "%'d", 1234567);
	for (size_t i = 0; i < N(ints); i++)
		SAME("%'d|%'u|%'x|%'015d|%'.9d", ints[i], ints[i], ints[i], ints[i], ints[i]);
}
END_TEST

/* The I flag: the locale's output digits, as glibc prints them. */
START_TEST(test_outdigits)
{
	use_locale("fa_IR.UTF-8");
	EXPECT("\u06f1\u06f2\u06f3", "%Id", 123);
	EXPECT("\u06f1\u066c\u06f2\u06f3\u06f4\u066c\u06f5\u06f6\u06f7", "%'Id", 1234567);
	EXPECT("  \u06f1\u06f2\u06f3|00\u06f1\u06f2\u06f3|ff", "%I8d|%I08d|%Ix", 123, 123, 255);
	EXPECT("\u06f1\u066b\u06f5", "%I.1f", 1.5);
	static const char *const locs[] = { "fa_IR.UTF-8", "hi_IN.UTF-8", "de_DE.UTF-8", "C" };
	for (size_t i = 0; i < N(locs); i++) {
		use_locale(locs[i]);
		SAME("%Id|%'Id|%I8d|%-I8d|%I08d|%I.5d|%I8.5d|%I+d|% Id|%I'15d|%I.0d", 123, 1234567, 123,
		     123, 123, 123, 123, 7, 7, 1234567, 0);
		SAME("%Iu|%Ix|%Io|%IX|%Ib|%Ihd|%Ild|%I*d|%I#m", 123u, 255, 8, 255, 5, 70000, 123456789L,
		     10, 42);
		SAME("%If|%I'f|%Ie|%Ig|%Ia|%I20f|%I-20f|%I020f|%I'020f|%IE|%I#.0f|%If|%I10.3Lf",
		     1234.5, 1234567.5, 1234.5, 1234.5, 1.5, 1.5, 1.5, -1.5, 1234567.5, 1e10, 3.0,
		     1.0 / 0.0, 2.5L);
		SAME("%I'20.2f|%I'-20.2f|%I'.0f|%I'+020.3f|%I'-+20.3e", 1234567.5, 1234567.5,
		     12345.0, -9876543.21, -9876543.21);
		SAME("%1$I0*2$f|%1$I'0*2$.2e", 1234567.5, -30);
		SAME("%Ic|%Is|%Ip|%I5%%|%IH", '5', "12", (void *)0x12);
	}
}
END_TEST

START_TEST(test_grouping_c)
{
	use_locale("C");
	EXPECT("1234567", "%'d", 1234567);
	SAME("%'d|%'x|%'015d", 1234567, 1234567, -1234567);
}
END_TEST

/* ---- the other entry points agree with xsnprintf ---- */

static int via_vsprintf(char *buf, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int r = xvsprintf(buf, fmt, ap);
	va_end(ap);
	return r;
}

START_TEST(test_sprintf)
{
	char want[64], got[64];
	memset(got, 0xa5, sizeof got);
	memset(want, 0xa5, sizeof want);
	int rw = sprintf(want, "%s-%05d-%x", "id", 42, 0xcafeu);
	int rg = xsprintf(got, "%s-%05d-%x", "id", 42, 0xcafeu);
	ck_assert_int_eq(rg, rw);
	ck_assert(memcmp(got, want, sizeof got) == 0);
	memset(got, 0xa5, sizeof got);
	rg = via_vsprintf(got, "%s-%05d-%x", "id", 42, 0xcafeu);
	ck_assert_int_eq(rg, rw);
	ck_assert(memcmp(got, want, sizeof got) == 0);
	/* NULL with size 0 only counts. */
	ck_assert_int_eq(xsnprintf(NULL, 0, "%s%d", "abc", 12345), 8);
	/* Sizes beyond INT_MAX and the address space are fine bounds too. */
	memset(got, 0xa5, sizeof got);
	memset(want, 0xa5, sizeof want);
	rw = snprintf(want, SIZE_MAX, "%s-%d", "ab", 5);
	rg = xsnprintf(got, SIZE_MAX, "%s-%d", "ab", 5);
	ck_assert_int_eq(rg, rw);
	ck_assert(memcmp(got, want, sizeof got) == 0);
	rg = xsnprintf(got, (size_t)INT_MAX + 10, "%s-%d", "cd", 6);
	ck_assert_int_eq(rg, 4);
	ck_assert_str_eq(got, "cd-6");
}
END_TEST

int main(void)
{
	Suite *s = suite_create("units");
	struct {
		const char *name;
		const TTest *test;
	} tests[] = {
		{ "int", test_int_conversions },
		{ "int_flags", test_int_flags },
		{ "length", test_int_length_modifiers },
		{ "c23_wn", test_c23_wn },
		{ "width_precision", test_width_precision },
		{ "star", test_star },
		{ "overflow", test_overflowing_width_precision },
		{ "positional", test_positional },
		{ "char_string", test_char_string },
		{ "wide_utf8", test_wide_utf8 },
		{ "wide_c", test_wide_c_locale },
		{ "pointer", test_pointer },
		{ "pointer_ext", test_pointer_extension_grammar },
		{ "count", test_count },
		{ "errno", test_errno },
		{ "percent_unknown", test_percent_and_unknown },
		{ "zero_negative_star", test_zero_flag_negative_star },
		{ "incomplete", test_incomplete_directive },
		{ "grouping_en_us", test_grouping_en_us },
		{ "grouping_de_de", test_grouping_de_de },
		{ "grouping_c", test_grouping_c },
		{ "outdigits", test_outdigits },
		{ "sprintf", test_sprintf },
	};
	for (size_t i = 0; i < N(tests); i++) {
		TCase *tc = tcase_create(tests[i].name);
		tcase_add_test(tc, tests[i].test);
		suite_add_tcase(s, tc);
	}
	return check_run(s);
}
