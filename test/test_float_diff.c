/* test_float_diff.c - e E f F g G a A against glibc's snprintf: random
 * seeded values and directives (every flag, digit, '*' and '*m$' widths
 * and precisions of both signs, on glibc's sequential and positional
 * paths), in every rounding mode and in de_DE, en_US, fa_IR and hi_IN
 * (the I flag's output digits).
 * Oracle: glibc 2.36's snprintf, byte for byte and the return value.
 * XPRINTF_DIFF_CASES=N runs N cases per mode and locale (long mode, e.g.
 * 10000000; CK_RUN_CASE=nearest|modes|locales runs one group);
 * XPRINTF_DIFF_SEED=S changes the seed. */
#define _GNU_SOURCE
#include <check.h>
#include <fenv.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <xprintf.h>

#include "check_run.h"
#include "float_cases.h"

#define FULL 16384

static char want[FULL + 16], got[FULL + 16];

static unsigned long long seed_base(void)
{
	const char *e = getenv("XPRINTF_DIFF_SEED");
	return e ? strtoull(e, NULL, 0) : 0x5eed2026ull;
}

static long case_count(long dflt)
{
	const char *e = getenv("XPRINTF_DIFF_CASES");
	return e ? strtol(e, NULL, 0) : dflt;
}

/* Run n cases; returns the number of mismatches (the first few printed). */
static long run_cases(const char *label, unsigned long long seed, long n)
{
	uint64_t st = seed * 0x9E3779B97F4A7C15ull + 1;
	long bad = 0;
	for (long i = 0; i < n; i++) {
		struct float_case c;
		float_case_make(&c, &st, FULL);
		memset(want, 'W', c.bufsize + 1);
		memset(got, 'W', c.bufsize + 1);
		int rw = float_case_call(&c, snprintf, want, c.bufsize);
		int rg = float_case_call(&c, xsnprintf, got, c.bufsize);
		if (rw == rg && memcmp(want, got, c.bufsize + 1) == 0)
			continue;
		if (++bad <= 10) {
			char desc[160];
			float_case_describe(&c, desc, sizeof desc);
			for (int k = 0, n = 0; k < c.nargs - 1; k++)
				n += snprintf(desc + strlen(desc), sizeof desc - strlen(desc), "%s int %d",
					      n ? "," : " and", c.ints[k]);
			want[c.bufsize] = got[c.bufsize] = 0;
			fprintf(stderr,
				"MISMATCH [%s] seed=%llu case=%ld fmt=\"%s\" %s bufsize=%zu\n"
				"  glibc   %d \"%.300s\"\n  xprintf %d \"%.300s\"\n",
				label, seed, i, c.fmt, desc, c.bufsize, rw, want, rg, got);
		}
	}
	if (bad)
		fprintf(stderr, "[%s] seed=%llu: %ld mismatches in %ld cases\n", label, seed, bad, n);
	return bad;
}

static void run_mode(const char *label, int mode, long dflt)
{
	long n = case_count(dflt);
	unsigned long long seed = seed_base() + (unsigned)mode;
	ck_assert_int_eq(fesetround(mode), 0);
	long bad = run_cases(label, seed, n);
	fesetround(FE_TONEAREST);
	printf("[%s] seed=%llu cases=%ld mismatches=%ld\n", label, seed, n, bad);
	ck_assert_msg(bad == 0, "%ld mismatches (seed %llu), see stderr", bad, seed);
}

START_TEST(diff_nearest) { run_mode("nearest", FE_TONEAREST, 200000); }
END_TEST
START_TEST(diff_upward) { run_mode("upward", FE_UPWARD, 25000); }
END_TEST
START_TEST(diff_downward) { run_mode("downward", FE_DOWNWARD, 25000); }
END_TEST
START_TEST(diff_towardzero) { run_mode("towardzero", FE_TOWARDZERO, 25000); }
END_TEST

static void run_locale(const char *loc, long dflt)
{
	if (!setlocale(LC_ALL, loc)) {
		printf("SKIP: locale %s is not installed (run .ci/setup)\n", loc);
		return;
	}
	char label[64];
	snprintf(label, sizeof label, "%s", loc);
	long n = case_count(dflt);
	long bad = run_cases(label, seed_base() + 17, n);
	setlocale(LC_ALL, "C");
	printf("[%s] cases=%ld mismatches=%ld\n", label, n, bad);
	ck_assert_msg(bad == 0, "%ld mismatches in %s, see stderr", bad, loc);
}

START_TEST(diff_de_DE) { run_locale("de_DE.UTF-8", 25000); }
END_TEST
START_TEST(diff_en_US) { run_locale("en_US.UTF-8", 10000); }
END_TEST
/* The I flag's output digits; fa_IR's decimal point and separator too. */
START_TEST(diff_fa_IR) { run_locale("fa_IR.UTF-8", 25000); }
END_TEST
START_TEST(diff_hi_IN) { run_locale("hi_IN.UTF-8", 10000); }
END_TEST

int main(void)
{
	/* Three cases so that CK_RUN_CASE=nearest|modes|locales picks one. */
	Suite *s = suite_create("float_diff");
	TCase *near = tcase_create("nearest");
	tcase_set_timeout(near, 0);
	tcase_add_test(near, diff_nearest);
	suite_add_tcase(s, near);
	TCase *modes = tcase_create("modes");
	tcase_set_timeout(modes, 0);
	tcase_add_test(modes, diff_upward);
	tcase_add_test(modes, diff_downward);
	tcase_add_test(modes, diff_towardzero);
	suite_add_tcase(s, modes);
	TCase *locs = tcase_create("locales");
	tcase_set_timeout(locs, 0);
	tcase_add_test(locs, diff_de_DE);
	tcase_add_test(locs, diff_en_US);
	tcase_add_test(locs, diff_fa_IR);
	tcase_add_test(locs, diff_hi_IN);
	suite_add_tcase(s, locs);
	return check_run(s);
}
