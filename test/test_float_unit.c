/* test_float_unit.c - corner cases of e E f F g G a A.  The expected
 * strings are what glibc 2.36 prints (each case also checks glibc itself
 * still agrees, so a wrong expectation cannot pass silently). */
#define _GNU_SOURCE
#include <check.h>
#include <errno.h>
#include <fenv.h>
#include <float.h>
#include <locale.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <xprintf.h>

#include "check_run.h"

/* glibc's snprintf, called so the compiler cannot fold it. */
static int (*volatile ref_snprintf)(char *, size_t, const char *, ...) = snprintf;

#define CHECK(want, ...)                                                          \
	do {                                                                      \
		char g_[2048], r_[2048];                                           \
		int rg_ = xsnprintf(g_, sizeof g_, __VA_ARGS__);                   \
		int rr_ = ref_snprintf(r_, sizeof r_, __VA_ARGS__);                \
		ck_assert_str_eq(r_, want);                                        \
		ck_assert_str_eq(g_, want);                                        \
		ck_assert_int_eq(rg_, (int)strlen(want));                          \
		ck_assert_int_eq(rr_, rg_);                                        \
	} while (0)

/* long double cases whose text depends on its format: x87 (x86) and IBM
 * double-double (ppc64, where the ppc64 leg of .ci/run checks them); on
 * other formats the general cases and the differential test cover it. */
#if LDBL_MANT_DIG == 64
#define CHECK_LD(x87, dd, ...) CHECK(x87, __VA_ARGS__)
#elif LDBL_MANT_DIG == 106
#define CHECK_LD(x87, dd, ...) CHECK(dd, __VA_ARGS__)
#else
#define CHECK_LD(x87, dd, ...) ((void)0)
#endif

START_TEST(ties_round_to_even)
{
	CHECK("2", "%.0f", 2.5);
	CHECK("4", "%.0f", 3.5);
	CHECK("0", "%.0f", 0.5);
	CHECK("2", "%.0f", 1.5);
	CHECK("0.12", "%.2f", 0.125);
	CHECK("0.38", "%.2f", 0.375);
	CHECK("1.2e-01", "%.1e", 0.125);
	CHECK("99999999999999991611392", "%.0f", 1e23);
	CHECK("1e+23", "%.0e", 1e23);
	CHECK("9.9999999999999992e+22", "%.16e", 1e23);
	CHECK("0.1", "%.1f", 0.05); /* 0.05 is a little above the tie */
	CHECK("0.10000000000000000555", "%.20f", 0.1);
	CHECK("0.10000000000000001", "%.17g", 0.1);
}
END_TEST

START_TEST(points_and_zeros)
{
	CHECK("0.", "%#.0f", 0.5);
	CHECK("-00.0", "%05.1f", -0.0);
	CHECK("-0.000000", "%f", -0.0);
	CHECK("1.e+00", "%#.0e", 1.0);
	CHECK("1e+00", "%.0e", 1.0);
	CHECK("0.000000e+00", "%e", 0.0);
	CHECK("1.000000e+100", "%e", 1e100);
	CHECK("1.000000E-300", "%E", 1e-300);
	CHECK("+3.14", "%+.2f", 3.14159);
	CHECK(" 3.14", "% .2f", 3.14159);
	CHECK("3.14      |", "%-10.2f|", 3.14159);
	CHECK("-000003.14", "%010.2f", -3.14159);
	CHECK("      3.14", "%*.*f", 10, 2, 3.14159);
	CHECK("2.5 1.000000e+00", "%2$.1f %1$e", 1.0, 2.5);
}
END_TEST

START_TEST(g_style)
{
	/* the register path of %e/%g (up to 8 digits): where the point falls,
	 * leading zeros, 1..7 fraction digits before the exponent, '#' */
	CHECK("12345679", "%.8g", 12345678.9);
	CHECK("0.00012345678", "%.8g", 0.00012345678);
	CHECK("0.000123", "%g", 0.000123);
	CHECK("100.000", "%#g", 100.0);
	CHECK("-1.00e-04", "%.2e", -9.996e-5);
	CHECK("5e+300", "%.0e", 5e300);
	CHECK("5.e+00", "%#.0e", 5.0);
	CHECK("0.0999", "%.3g", 0.0999);
	CHECK("1.5000000", "%#.8g", 1.5);
	CHECK("-0.0025     |", "%-12.4g|", -0.0025);
	CHECK("+1.2300000E+02", "%+.7E", 123.0);
	CHECK("1E-300", "%G", 1e-300);
	CHECK("100000", "%g", 100000.0);
	CHECK("1e+06", "%g", 1000000.0);
	CHECK("0.0001", "%g", 0.0001);
	CHECK("1e-05", "%g", 0.00001);
	CHECK("1.5", "%g", 1.5);
	CHECK("1.00000", "%#g", 1.0);
	CHECK("0", "%g", 0.0);
	CHECK("0.00000", "%#g", 0.0);
	CHECK("0.", "%#.0g", 0.0);
	CHECK("1e+06", "%g", 999999.5);
	CHECK("1.e+06", "%#g", 999999.5); /* glibc keeps no zeros after this round up */
	CHECK("1.00e+06", "%#.3g", 999999.5);
	CHECK("100.", "%#.3g", 99.95);
	CHECK("1E+01", "%.0G", 9.5);
	CHECK("123456", "%g", 123456.5); /* a tie: to even */
}
END_TEST

/* The driver's double path (plain and '-'/'0'/width/precision shapes go
 * straight to the fast writers): what it must hand back to the general
 * path (inf, nan, zero in e/g style) and what it writes itself. */
START_TEST(driver_double_path)
{
	CHECK("inf", "%f", INFINITY);
	CHECK("-NAN", "%G", -NAN);
	CHECK("  -inf", "%6.2e", -INFINITY);
	CHECK("-0", "%g", -0.0);
	CHECK("0.000", "%.3f", 0.0);
	CHECK("0e+00", "%.0e", 0.0);
	CHECK("4.94066e-324", "%g", 4.9406564584124654e-324);
	CHECK("1.797693e+308", "%e", DBL_MAX);
	CHECK("   3.142", "%8.3f", 3.14159);
	CHECK("-3.1416e+00 |", "%-12.4e|", -3.14159);
	CHECK("-00000001.5", "%011g", -1.5);
	CHECK("1.2345678901234567e+19", "%.16e", 12345678901234567890.0);
	CHECK("18446744073709551616.0", "%.1f", 18446744073709551616.0);
	CHECK("0.1000000000000000055511", "%.22f", 0.1); /* past the fixed writer's 19 */
}
END_TEST

START_TEST(specials)
{
	CHECK("       inf", "%010f", INFINITY);
	CHECK("-inf      |", "%-10f|", -INFINITY);
	CHECK("+nan", "%+f", NAN);
	CHECK("-nan", "%f", -NAN);
	CHECK("INF", "%F", INFINITY);
	CHECK(" nan", "% e", NAN);
	CHECK("      -INF", "%010A", -INFINITY);
	CHECK("-inf", "%Lg", -(long double)INFINITY);
	CHECK("NAN", "%LE", (long double)NAN);
}
END_TEST

START_TEST(hex)
{
	CHECK_LD("0x8p-3", "0x1p+0", "%La", 1.0L);
	CHECK_LD("0X8P-3", "0X1P+0", "%LA", 1.0L);
	CHECK("0x1p+0", "%a", 1.0);
	CHECK("0x2p+0", "%.0a", 1.5);
	CHECK("0x1.8p+0", "%a", 1.5);
	CHECK("0x0p+0", "%a", 0.0);
	CHECK("-0x0.000p+0", "%.3a", -0.0);
	CHECK("0x0.0000000000001p-1022", "%a", 4.9406564584124654e-324);
	CHECK("0x1.fffffffffffffp+1023", "%a", DBL_MAX);
	CHECK("0x1.p+0", "%#a", 1.0);
	CHECK("0x1.000p+0", "%.3a", 1.0);
	CHECK_LD("0x1p+4", "0x2p+3", "%.0La", 15.5L);
	CHECK_LD("0x0.000000000000001p-16385", "0x0.0000000000001p-1022", "%La", LDBL_TRUE_MIN);
	CHECK_LD("0xf.fffffffffffffffp+16380", "0x1.fffffffffffff7ffffffffffff8p+1023", "%La", LDBL_MAX);
	/* the plain shape's own path: signs, subnormals, 1..4 exponent digits */
	CHECK("-0x1.999999999999ap-4", "%a", -0.1);
	CHECK("0X1.7E43C8800759CP+996", "%A", 1e300);
	CHECK("-0x0.03739a252b281p-1022", "%a", -3e-310);
	CHECK("0x1p-1022", "%a", 0x1p-1022);
	/* the plain %a writer places the exponent by its length: each boundary,
	 * with and without fraction digits and a sign before them */
	CHECK("0x1p+9", "%a", 0x1p+9);
	CHECK("-0x1.4p+10", "%a", -0x1.4p+10);
	CHECK("0x1.0000000000001p-99", "%a", 0x1.0000000000001p-99);
	CHECK("-0x1p+100", "%a", -0x1p+100);
	CHECK("0X1.ABCP+999", "%A", 0x1.abcp+999);
	CHECK("-0x1.fp-1000", "%a", -0x1.fp-1000);
	CHECK("0x1.8p-1", "%a", 0.75);
	CHECK("-0x0p+0", "%a", -0.0);
	CHECK("0X1P+1", "%A", 2.0);
	CHECK("0x1.0000000000001p+0", "%a", 0x1.0000000000001p+0);
	CHECK("-0x1.4f8b588e368f1p-17", "%a", -1e-5);
	CHECK("-0x0p+0", "%a", -0.0);
	CHECK("inf", "%a", INFINITY);
	CHECK("-INF", "%A", -INFINITY);
	CHECK("nan", "%a", NAN);
	CHECK("-NAN", "%A", -NAN);
	CHECK("x-0x1.999999999999ap-4", "x%a", -0.1);
	for (size_t n = 0; n < 24; n++) { /* the window too short for the plain path */
		char g[24], r[24];
		memset(g, '#', sizeof g);
		memset(r, '#', sizeof r);
		ck_assert_int_eq(xsnprintf(g, n, "%a", -0.1), ref_snprintf(r, n, "%a", -0.1));
		ck_assert_mem_eq(g, r, sizeof g);
	}
	CHECK("0x00000001.8p+0", "%015a", 1.5);
	CHECK("+0x1.8p+0", "%+a", 1.5);
}
END_TEST

START_TEST(long_double)
{
	CHECK("1.500000", "%Lf", 1.5L);
	CHECK_LD("1.189731e+4932", "1.797693e+308", "%Le", LDBL_MAX);
	CHECK_LD("3.3621e-4932", "2.00417e-292", "%Lg", LDBL_MIN);
	CHECK("0.333333", "%qf", 1.0L / 3);
	CHECK_LD("0.3333333333333333333424", "0.3333333333333333333333", "%.22llf", 1.0L / 3);
	CHECK_LD("3.6451995318824746025e-4951", "4.9406564584124654418e-324", "%.19Le", LDBL_TRUE_MIN);
}
END_TEST

START_TEST(extremes)
{
	CHECK("179769313486231570814527423731704356798070567525844996598917476803157260780028538"
	      "760589558632766878171540458953514382464234321326889464182768467546703537516986049"
	      "910576551282076245490090389328944075868508455133942304583236903222948165808559332"
	      "123348274797826204144723168738177180919299881250404026184124858368.000000",
	      "%f", DBL_MAX);
	char got[1200], want[1200];
	int rg = xsnprintf(got, sizeof got, "%.1100f", 1.0);
	int rw = ref_snprintf(want, sizeof want, "%.1100f", 1.0);
	ck_assert_int_eq(rg, 1102);
	ck_assert_int_eq(rw, rg);
	ck_assert_str_eq(got, want);
	rg = xsnprintf(got, sizeof got, "%.1074f", 4.9406564584124654e-324);
	rw = ref_snprintf(want, sizeof want, "%.1074f", 4.9406564584124654e-324);
	ck_assert_int_eq(rg, 1076);
	ck_assert_int_eq(rw, rg);
	ck_assert_str_eq(got, want);
	ck_assert_str_eq(got + rg - 5, "65625"); /* 2^-1074 ends in ...65625 */
}
END_TEST

START_TEST(truncation)
{
	char buf[8];
	memset(buf, 'x', sizeof buf);
	ck_assert_int_eq(xsnprintf(buf, 5, "%f", 3.14159), 8);
	ck_assert_str_eq(buf, "3.14");
	ck_assert_int_eq(buf[5], 'x');
	ck_assert_int_eq(xsnprintf(NULL, 0, "%e", 1.0), 12);
	ck_assert_int_eq(xsnprintf(buf, 1, "%a", 1.0), 6);
	ck_assert_int_eq(buf[0], 0);
	/* glibc refuses a field past INT_MAX with EOVERFLOW */
	errno = 0;
	ck_assert_int_eq(xsnprintf(buf, sizeof buf, "%2147483646f|%f", 1.0, 1.0), -1);
	ck_assert_int_eq(errno, EOVERFLOW);
}
END_TEST

/* Every buffer size around the fast writers' in-place limit: same bytes as
 * glibc, nothing touched past what glibc touches. */
START_TEST(buffer_sizes)
{
	static const struct {
		const char *fmt;
		double v;
	} c[] = {{"%.19f", -1.8e19}, {"%.17e", -1.2345678901234567e-300}, {"%.17g", 0.00012345678901234567},
		 {"%a", -0x1.fffffffffffffp+1023}, {"%.3f", 123.456}, {"%g", 1e-5}};
	for (size_t k = 0; k < sizeof c / sizeof c[0]; k++)
		for (size_t n = 0; n <= 72; n++) {
			char want[80], got[80];
			memset(want, '#', sizeof want);
			memset(got, '#', sizeof got);
			int rw = ref_snprintf(want, n, c[k].fmt, c[k].v);
			int rg = xsnprintf(got, n, c[k].fmt, c[k].v);
			ck_assert_int_eq(rg, rw);
			ck_assert_msg(memcmp(want, got, sizeof want) == 0, "%s size %zu", c[k].fmt, n);
		}
}
END_TEST

START_TEST(rounding_modes)
{
	ck_assert_int_eq(fesetround(FE_UPWARD), 0);
	CHECK("3", "%.0f", 2.5);
	CHECK("-2", "%.0f", -2.5);
	CHECK("0.000001", "%f", 1e-300);
	CHECK("0x2p+0", "%.0a", 1.25);
	CHECK("1.00001", "%g", 1.000001);
	ck_assert_int_eq(fesetround(FE_DOWNWARD), 0);
	CHECK("2", "%.0f", 2.5);
	CHECK("-3", "%.0f", -2.5);
	CHECK("-0.000001", "%f", -1e-300);
	CHECK("0x1p+0", "%.0a", 1.75);
	ck_assert_int_eq(fesetround(FE_TOWARDZERO), 0);
	CHECK("-2", "%.0f", -2.9);
	CHECK("0.0", "%.1f", 0.05);
	CHECK("9.99999e+05", "%.5e", 999999.9);
	ck_assert_int_eq(fesetround(FE_TONEAREST), 0);
	CHECK("1.00000e+06", "%.5e", 999999.9);
}
END_TEST

START_TEST(locale_de)
{
	if (!setlocale(LC_ALL, "de_DE.UTF-8")) {
		printf("SKIP locale_de: de_DE.UTF-8 is not installed (run .ci/setup)\n");
		return;
	}
	CHECK("1.234.567,89", "%'.2f", 1234567.891);
	CHECK("1234567,89", "%.2f", 1234567.891);
	CHECK("0,5", "%.1f", 0.5);
	CHECK("0x1,8p+0", "%a", 1.5);
	CHECK("1,23457e+06", "%'g", 1234567.0);
	CHECK("123.456", "%'g", 123456.5);
	CHECK("0001.234.567,89", "%'015.2f", 1234567.891);
	CHECK("1.234,", "%'#.0f", 1234.0);
	setlocale(LC_ALL, "C");
}
END_TEST

START_TEST(locale_en)
{
	if (!setlocale(LC_ALL, "en_US.UTF-8")) {
		printf("SKIP locale_en: en_US.UTF-8 is not installed (run .ci/setup)\n");
		return;
	}
	CHECK("1,234,567.89", "%'.2f", 1234567.891);
	CHECK("-1,000", "%'.0f", -999.5);
	CHECK("100,000", "%'g", 100000.0);
	setlocale(LC_ALL, "C");
}
END_TEST

int main(void)
{
	Suite *s = suite_create("float_unit");
	TCase *tc = tcase_create("unit");
	tcase_add_test(tc, ties_round_to_even);
	tcase_add_test(tc, points_and_zeros);
	tcase_add_test(tc, g_style);
	tcase_add_test(tc, driver_double_path);
	tcase_add_test(tc, specials);
	tcase_add_test(tc, hex);
	tcase_add_test(tc, long_double);
	tcase_add_test(tc, extremes);
	tcase_add_test(tc, truncation);
	tcase_add_test(tc, buffer_sizes);
	tcase_add_test(tc, rounding_modes);
	tcase_add_test(tc, locale_de);
	tcase_add_test(tc, locale_en);
	suite_add_tcase(s, tc);
	return check_run(s);
}
