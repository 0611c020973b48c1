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

#include "float_decode.h"
#include "sinks.h"
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

/* IBM double-double (ppc64 long double) decoded on this host: the exact
 * sum hi + lo, compared with libquadmath on the same sum as __float128
 * (exact while the pair spans at most 113 bits). */
START_TEST(double_double_matches_libquadmath)
{
	static const char convs[] = "eEfFgG";
	long bad = 0, n = 20000;
	for (long i = 0; i < n; i++) {
		uint64_t hb = (next() & 0x800fffffffffffffull) | (uint64_t)(1023 - 300 + next() % 600) << 52;
		double hi, lo;
		memcpy(&hi, &hb, sizeof hi);
		int ehi = (int)(hb >> 52 & 0x7ff);
		int gap = 54 + (int)(next() % 7); /* |lo| < half an ulp of hi; <= 113 bits */
		uint64_t lb = (next() & 0x800fffffffffffffull) | (uint64_t)(ehi - gap) << 52;
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
		xp_decode_double_double(&fv, hi, lo);
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

int main(void)
{
	Suite *s = suite_create("float_binary128");
	TCase *tc = tcase_create("binary128");
	tcase_set_timeout(tc, 0);
	tcase_add_test(tc, binary128_matches_libquadmath);
	tcase_add_test(tc, binary128_hex_leading_digit);
	tcase_add_test(tc, double_double_matches_libquadmath);
	suite_add_tcase(s, tc);
	SRunner *sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
