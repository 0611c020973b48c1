/* test_smoke.c - the library links and formats; oracle: glibc's snprintf. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <xprintf.h>

START_TEST(test_matches_glibc)
{
	char want[64], got[64];
	int rw = snprintf(want, sizeof want, "%d|%-5s|%#x", 42, "ab", 255u);
	int rg = xsnprintf(got, sizeof got, "%d|%-5s|%#x", 42, "ab", 255u);
	ck_assert_int_eq(rg, rw);
	ck_assert_str_eq(got, want);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("smoke");
	TCase *tc = tcase_create("smoke");
	tcase_add_test(tc, test_matches_glibc);
	suite_add_tcase(s, tc);
	SRunner *sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
