/* test_float_binary128.c - the IEEE binary128 long double path (aarch64,
 * s390x, ...) and the IBM double-double one (ppc64) exercised on this host: random binary128 bit patterns are
 * decoded with xp_decode_binary128 and formatted by the engine; the oracle
 * is libquadmath's quadmath_snprintf (GCC's port of glibc's printf_fp)
 * on the same bits as __float128. */
#define _GNU_SOURCE
#include <check.h>
#include <quadmath.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_run.h"
#include "float/decode.h"
#include "sink_dest.h"
#include "spec.h"

static uint64_t st = 0x123456789abcdefull;
static uint64_t next(void)
{
	st ^= st << 13;
	st ^= st >> 7;
	st ^= st << 17;
	return st;
}

START_TEST(binary128_matches_libquadmath)
{
	static const char convs[] = "eEfFgGaA";
	static const char *flagsets[] = {"", "#", "+", "-", "0", " ", "#0"};
	long bad = 0, n = getenv("XPRINTF_DIFF_CASES") ? strtol(getenv("XPRINTF_DIFF_CASES"), NULL, 0) / 10 : 20000;
	for (long i = 0; i < n; i++) {
		uint64_t hi = next(), lo = next();
		unsigned k = (unsigned)(next() % 8);
		unsigned ex = k < 4 ? (unsigned)(16383 - 200 + next() % 400) : (unsigned)(next() % 0x7fff);
		if (k == 7)
			ex = 0;
		hi = (hi & 0x8000ffffffffffffull) | (uint64_t)ex << 48;
		if (k == 3)
			lo &= ~0ull << (next() % 64); /* short binary fractions: ties */
		__float128 q;
		uint64_t w[2] = {lo, hi};
		memcpy(&q, w, sizeof q);

		char conv = convs[next() % 8];
		const char *fl = flagsets[next() % 7];
		int prec = (int)(next() % 40) - 5;
		int width = (int)(next() % 30);
		if (conv == 'f' || conv == 'F') {
			/* keep %f of huge values affordable */
			if (ex > 16383 + 400)
				conv = 'e';
		}
		char qfmt[32], want[8192], got[8192];
		if (prec >= 0)
			snprintf(qfmt, sizeof qfmt, "%%%s%d.%dQ%c", fl, width, prec, conv);
		else
			snprintf(qfmt, sizeof qfmt, "%%%s%dQ%c", fl, width, conv);
		int rw = quadmath_snprintf(want, sizeof want, qfmt, q);

		struct xp_spec sp;
		int overflow = 0;
		char xfmt[32];
		if (prec >= 0)
			snprintf(xfmt, sizeof xfmt, "%s%d.%dL%c", fl, width, prec, conv);
		else
			snprintf(xfmt, sizeof xfmt, "%s%dL%c", fl, width, conv);
		xp_parse_directive(xfmt, &sp, &overflow);
		struct xp_fpval fv;
		xp_decode_binary128(&fv, hi, lo);
		struct xp_buffer_sink b;
		xp_buffer_init(&b, got, sizeof got);
		xp_convert_fpval(&b.sink, &sp, &fv);
		int rg = (int)xp_sink_count(&b.sink);
		xp_buffer_finish(&b);
		if (i < 3 && getenv("XPRINTF_DIFF_SHOW"))
			printf("sample %s: \"%.60s\" / \"%.60s\"\n", qfmt, want, got);
		if (rw != rg || strcmp(want, got)) {
			if (++bad <= 10)
				fprintf(stderr, "MISMATCH case=%ld %s bits=%016llx%016llx\n  quadmath %d \"%.200s\"\n  xprintf  %d \"%.200s\"\n",
					i, qfmt, (unsigned long long)hi, (unsigned long long)lo, rw, want, rg, got);
		}
	}
	printf("[binary128] cases=%ld mismatches=%ld\n", n, bad);
	ck_assert_int_eq(bad, 0);
}
END_TEST

START_TEST(binary128_hex_leading_digit)
{
	/* binary128 prints a leading 1 (glibc's ldbl-128), unlike x87's 0x8p-3 */
	struct xp_fpval fv;
	struct xp_spec sp;
	int overflow = 0;
	char got[64];
	xp_parse_directive("La", &sp, &overflow);
	xp_decode_binary128(&fv, 0x3fff000000000000ull, 0);
	struct xp_buffer_sink b;
	xp_buffer_init(&b, got, sizeof got);
	xp_convert_fpval(&b.sink, &sp, &fv);
	xp_buffer_finish(&b);
	ck_assert_str_eq(got, "0x1p+0");
}
END_TEST

/* IBM double-double (ppc64 long double) decoded on this host, compared
 * with libquadmath on the same sum as __float128.  glibc prints the exact
 * sum only while lo's bits lie within the 53 below hi's last place plus
 * what are zeros anyway (it truncates the rest): the pairs are made so. */
START_TEST(double_double_matches_libquadmath)
{
	static const char convs[] = "eEfFgG";
	long bad = 0, n = 20000;
	for (long i = 0; i < n; i++) {
		uint64_t hb = (next() & 0x800fffffffffffffull) | (uint64_t)(1023 - 300 + next() % 600) << 52;
		double hi, lo;
		memcpy(&hi, &hb, sizeof hi);
		int ehi = (int)(hb >> 52 & 0x7ff);
		int gap = 53 + (int)(next() % 8); /* |lo| < an ulp of hi */
		/* glibc keeps lo's top 106 - 53 - (gap - 53) bits */
		uint64_t lfrac = next() & 0x000fffffffffffffull & ~0ull << (gap - 53);
		uint64_t lb = (next() & 0x8000000000000000ull) | lfrac | (uint64_t)(ehi - gap) << 52;
		memcpy(&lo, &lb, sizeof lo);
		if (next() % 4 == 0)
			lo = 0;
		__float128 q = (__float128)hi + (__float128)lo;
		char conv = convs[next() % 6];
		int prec = (int)(next() % 40);
		char qfmt[32], xfmt[32], want[8192], got[8192];
		snprintf(qfmt, sizeof qfmt, "%%.%dQ%c", prec, conv);
		snprintf(xfmt, sizeof xfmt, ".%dL%c", prec, conv);
		int rw = quadmath_snprintf(want, sizeof want, qfmt, q);
		struct xp_spec sp;
		int overflow = 0;
		xp_parse_directive(xfmt, &sp, &overflow);
		struct xp_fpval fv;
		xp_decode_double_double(&fv, hi, lo, 0);
		struct xp_buffer_sink b;
		xp_buffer_init(&b, got, sizeof got);
		xp_convert_fpval(&b.sink, &sp, &fv);
		int rg = (int)xp_sink_count(&b.sink);
		xp_buffer_finish(&b);
		if (rw != rg || strcmp(want, got)) {
			if (++bad <= 10)
				fprintf(stderr, "MISMATCH dd case=%ld %s hi=%a lo=%a\n  quadmath %d \"%.200s\"\n  xprintf  %d \"%.200s\"\n",
					i, qfmt, hi, lo, rw, want, rg, got);
		}
	}
	printf("[double-double] cases=%ld mismatches=%ld\n", n, bad);
	ck_assert_int_eq(bad, 0);
}
END_TEST

/* What glibc 2.36 printed on ppc64 (big-endian, under qemu-ppc64) for
 * pairs where it is not the exact sum: lo's bits truncated, the borrow of
 * a negative lo, non-canonical pairs, %a's 28 nibbles with lo's guard bits. */
static const struct {
	uint64_t hi, lo;
	const char *fmt, *want;
} glibc_ppc64[] = {
	{ 0x41e74e11a59b73b4ull, 0x3e6d5a297ad77bcaull, "%.40Le", "3.1279383488578739712987010037328896565215e+09" },
	{ 0x41e74e11a59b73b4ull, 0x3e6d5a297ad77bcaull, "%La", "0x1.74e11a59b73b41d5a297ad77bcap+31" },
	{ 0x41e74e11a59b73b4ull, 0x3e6d5a297ad77bcaull, "%.3La", "0x1.74ep+31" },
	{ 0x41e74e11a59b73b4ull, 0x3e6d5a297ad77bcaull, "%.20Lg", "3127938348.8578739713" },
	{ 0x41e74e11a59b73b4ull, 0x3e6d5a297ad77bcaull, "%.10Lf", "3127938348.8578739713" },
	{ 0x41e74e11a59b73b4ull, 0x3e6d5a297ad77bcaull, "%#.0La", "0x1.p+31" },
	{ 0x40c82684cbd1d21dull, 0xbd31813209620e88ull, "%.40Le", "1.2365037470080942449951529664795744263055e+04" },
	{ 0x40c82684cbd1d21dull, 0xbd31813209620e88ull, "%La", "0x1.82684cbd1d21cf73f66fb4ef8bcp+13" },
	{ 0x40c82684cbd1d21dull, 0xbd31813209620e88ull, "%.3La", "0x1.827p+13" },
	{ 0x40c82684cbd1d21dull, 0xbd31813209620e88ull, "%.20Lg", "12365.03747008094245" },
	{ 0x40c82684cbd1d21dull, 0xbd31813209620e88ull, "%.10Lf", "12365.0374700809" },
	{ 0x40c82684cbd1d21dull, 0xbd31813209620e88ull, "%#.0La", "0x2.p+13" },
	{ 0x3ff0000000000000ull, 0xbc90000000000001ull, "%.40Le", "9.9999999999999994448884876874216065286677e-01" },
	{ 0x3ff0000000000000ull, 0xbc90000000000001ull, "%La", "0x1.fffffffffffff7ffffffffffff8p-1" },
	{ 0x3ff0000000000000ull, 0xbc90000000000001ull, "%.3La", "0x2.000p-1" },
	{ 0x3ff0000000000000ull, 0xbc90000000000001ull, "%.20Lg", "0.99999999999999994449" },
	{ 0x3ff0000000000000ull, 0xbc90000000000001ull, "%.10Lf", "1.0000000000" },
	{ 0x3ff0000000000000ull, 0xbc90000000000001ull, "%#.0La", "0x2.p-1" },
	{ 0x7fefffffffffffffull, 0x7fefffffffffffffull, "%.40Le", "1.7976931348623157081452742373170435679807e+308" },
	{ 0x7fefffffffffffffull, 0x7fefffffffffffffull, "%La", "0x1.fffffffffffffp+1023" },
	{ 0x7fefffffffffffffull, 0x7fefffffffffffffull, "%.3La", "0x2.000p+1023" },
	{ 0x7fefffffffffffffull, 0x7fefffffffffffffull, "%.20Lg", "1.7976931348623157081e+308" },
	{ 0x7fefffffffffffffull, 0x7fefffffffffffffull, "%#.0La", "0x2.p+1023" },
	{ 0x79c54a71774d2a64ull, 0xf557f3ae18400000ull, "%.40Le", "3.7741387433930324498476667281002535692400e+278" },
	{ 0x79c54a71774d2a64ull, 0xf557f3ae18400000ull, "%La", "0x1.54a71774d2a63ffffd018a3cf8p+925" },
	{ 0x79c54a71774d2a64ull, 0xf557f3ae18400000ull, "%.3La", "0x1.54ap+925" },
	{ 0x79c54a71774d2a64ull, 0xf557f3ae18400000ull, "%.20Lg", "3.7741387433930324498e+278" },
	{ 0x79c54a71774d2a64ull, 0xf557f3ae18400000ull, "%#.0La", "0x1.p+925" },
	{ 0x3ff0000000000000ull, 0x3870000000000001ull, "%.40Le", "1.0000000000000000000000000000000000000000e+00" },
	{ 0x3ff0000000000000ull, 0x3870000000000001ull, "%La", "0x1p+0" },
	{ 0x3ff0000000000000ull, 0x3870000000000001ull, "%.3La", "0x1.000p+0" },
	{ 0x3ff0000000000000ull, 0x3870000000000001ull, "%.20Lg", "1" },
	{ 0x3ff0000000000000ull, 0x3870000000000001ull, "%.10Lf", "1.0000000000" },
	{ 0x3ff0000000000000ull, 0x3870000000000001ull, "%#.0La", "0x1.p+0" },
	{ 0x000123456789abcdull, 0x0000000000000007ull, "%.40Le", "1.5822747438273484538281368682330010323311e-309" },
	{ 0x000123456789abcdull, 0x0000000000000007ull, "%La", "0x0.123456789abcfp-1022" },
	{ 0x000123456789abcdull, 0x0000000000000007ull, "%.3La", "0x0.123p-1022" },
	{ 0x000123456789abcdull, 0x0000000000000007ull, "%.20Lg", "1.5822747438273484538e-309" },
	{ 0x000123456789abcdull, 0x0000000000000007ull, "%.10Lf", "0.0000000000" },
	{ 0x000123456789abcdull, 0x0000000000000007ull, "%#.0La", "0x0.p-1022" },
	{ 0x0000000000000000ull, 0x3ff0000000000000ull, "%.40Le", "0.0000000000000000000000000000000000000000e+00" },
	{ 0x0000000000000000ull, 0x3ff0000000000000ull, "%La", "0x0p+0" },
	{ 0x0000000000000000ull, 0x3ff0000000000000ull, "%.3La", "0x0.000p+0" },
	{ 0x0000000000000000ull, 0x3ff0000000000000ull, "%.20Lg", "0" },
	{ 0x0000000000000000ull, 0x3ff0000000000000ull, "%.10Lf", "0.0000000000" },
	{ 0x0000000000000000ull, 0x3ff0000000000000ull, "%#.0La", "0x0.p+0" },
	{ 0x0010000000000000ull, 0x8000000000000001ull, "%.40Le", "2.2250738585072008890245868760858598876504e-308" },
	{ 0x0010000000000000ull, 0x8000000000000001ull, "%La", "0x0.ffffffffffffep-1022" },
	{ 0x0010000000000000ull, 0x8000000000000001ull, "%.3La", "0x1.000p-1022" },
	{ 0x0010000000000000ull, 0x8000000000000001ull, "%.20Lg", "2.225073858507200889e-308" },
	{ 0x0010000000000000ull, 0x8000000000000001ull, "%.10Lf", "0.0000000000" },
	{ 0x0010000000000000ull, 0x8000000000000001ull, "%#.0La", "0x1.p-1022" },
	{ 0xbff8000000000000ull, 0x3c88000000000000ull, "%.40Le", "-1.4999999999999999583666365765566297341138e+00" },
	{ 0xbff8000000000000ull, 0x3c88000000000000ull, "%La", "-0x1.7ffffffffffffdp+0" },
	{ 0xbff8000000000000ull, 0x3c88000000000000ull, "%.3La", "-0x1.800p+0" },
	{ 0xbff8000000000000ull, 0x3c88000000000000ull, "%.20Lg", "-1.4999999999999999584" },
	{ 0xbff8000000000000ull, 0x3c88000000000000ull, "%.10Lf", "-1.5000000000" },
	{ 0xbff8000000000000ull, 0x3c88000000000000ull, "%#.0La", "-0x1.p+0" },
	{ 0x4000000000000000ull, 0x4000000000000000ull, "%.40Le", "2.0000000000000000000000000000000000000000e+00" },
	{ 0x4000000000000000ull, 0x4000000000000000ull, "%La", "0x1p+1" },
	{ 0x4000000000000000ull, 0x4000000000000000ull, "%.3La", "0x1.000p+1" },
	{ 0x4000000000000000ull, 0x4000000000000000ull, "%.20Lg", "2" },
	{ 0x4000000000000000ull, 0x4000000000000000ull, "%.10Lf", "2.0000000000" },
	{ 0x4000000000000000ull, 0x4000000000000000ull, "%#.0La", "0x1.p+1" },
};

START_TEST(double_double_as_glibc_on_ppc64)
{
	for (size_t i = 0; i < sizeof glibc_ppc64 / sizeof glibc_ppc64[0]; i++) {
		double hi, lo;
		memcpy(&hi, &glibc_ppc64[i].hi, sizeof hi);
		memcpy(&lo, &glibc_ppc64[i].lo, sizeof lo);
		struct xp_spec sp;
		int overflow = 0;
		xp_parse_directive(glibc_ppc64[i].fmt + 1, &sp, &overflow);
		struct xp_fpval fv;
		xp_decode_double_double(&fv, hi, lo, (sp.conv | 0x20) == 'a');
		char got[512];
		struct xp_buffer_sink b;
		xp_buffer_init(&b, got, sizeof got);
		xp_convert_fpval(&b.sink, &sp, &fv);
		xp_buffer_finish(&b);
		ck_assert_msg(!strcmp(got, glibc_ppc64[i].want), "%s of {%a, %a}: glibc \"%s\", xprintf \"%s\"",
			      glibc_ppc64[i].fmt, hi, lo, glibc_ppc64[i].want, got);
	}
}
END_TEST

int main(void)
{
	Suite *s = suite_create("float_binary128");
	TCase *tc = tcase_create("binary128");
	tcase_set_timeout(tc, 0);
	tcase_add_test(tc, binary128_matches_libquadmath);
	tcase_add_test(tc, binary128_hex_leading_digit);
	tcase_add_test(tc, double_double_matches_libquadmath);
	tcase_add_test(tc, double_double_as_glibc_on_ppc64);
	suite_add_tcase(s, tc);
	return check_run(s);
}
