/* test_ext_time.c - %ptT (time_t *, UTC) and %ptR (struct tm *) with
 * d t r s.  Oracle: the kernel's time_and_date() test, and for other
 * instants glibc's gmtime_r + snprintf. */
#include <time.h>

#include "ext_check.h"

static const struct tm rtc = { .tm_sec = 43, .tm_min = 35, .tm_hour = 5, .tm_mday = 26,
			       .tm_mon = 10, .tm_year = 118 }; /* 1543210543 */

START_TEST(kernel_rtc)
{
	EXPECT("(%pt?)", "%pt", &rtc);
	EXPECT("2018-11-26T05:35:43", "%ptR", &rtc);
	EXPECT("0118-10-26T05:35:43", "%ptRr", &rtc);
	EXPECT("05:35:43|2018-11-26", "%ptRt|%ptRd", &rtc, &rtc);
	EXPECT("05:35:43|0118-10-26", "%ptRtr|%ptRdr", &rtc, &rtc);
	EXPECT("05:35:43|2018-11-26", "%ptRttr|%ptRdtr", &rtc, &rtc);
	EXPECT("05:35:43 tr|2018-11-26 tr", "%ptRt tr|%ptRd tr", &rtc, &rtc);
}
END_TEST

START_TEST(kernel_time64)
{
	time_t t = 1546615943; /* 2019-01-04T15:32:23 */
	EXPECT("2019-01-04T15:32:23", "%ptT", &t);
	EXPECT("0119-00-04T15:32:23", "%ptTr", &t);
	EXPECT("15:32:23|2019-01-04", "%ptTt|%ptTd", &t, &t);
	EXPECT("15:32:23|0119-00-04", "%ptTtr|%ptTdr", &t, &t);
	EXPECT("2019-01-04 15:32:23", "%ptTs", &t);
	EXPECT("0119-00-04 15:32:23", "%ptTsr", &t);
	EXPECT("15:32:23|2019-01-04", "%ptTts|%ptTds", &t, &t);
	EXPECT("15:32:23|0119-00-04", "%ptTtrs|%ptTdrs", &t, &t);
	/* The first unknown letter ends them; the rest is consumed. */
	EXPECT("2019-01-04T15:32:23|2019-01-04", "%ptTxs|%ptTdd", &t, &t);
}
END_TEST

START_TEST(against_gmtime)
{
	/* Leap days, centuries, before 1970, far future: gmtime_r as oracle. */
	static const long long instants[] = {
		0, -1, 59, 86399, 86400, 951782400, 951868799, 4107542400LL, -2208988800LL,
		-62135596800LL, 253402300799LL, 1709208000, 1234567890, -86401, 2147483647,
		2147483648LL, 32503680000LL, -11644473600LL,
	};
	for (size_t i = 0; i < sizeof instants / sizeof instants[0]; i++) {
		time_t t = (time_t)instants[i];
		struct tm tm;
		ck_assert_ptr_nonnull(gmtime_r(&t, &tm));
		char want[64];
		snprintf(want, sizeof want, "%04d-%02d-%02dT%02d:%02d:%02d|%04d-%02d-%02d %02d:%02d:%02d",
			 tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec,
			 tm.tm_year, tm.tm_mon, tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec);
		EXPECT(want, "%ptT|%ptTrs", &t, &t);
		EXPECT(want, "%ptR|%ptRrs", &tm, &tm);
	}
	/* A day at a time across four centuries (leap rules). */
	for (long long t0 = -12219292800LL; t0 < 253402300799LL; t0 += 86400LL * 97 + 3607) {
		time_t t = (time_t)t0;
		struct tm tm;
		gmtime_r(&t, &tm);
		char want[32];
		snprintf(want, sizeof want, "%04d-%02d-%02dT%02d:%02d:%02d", tm.tm_year + 1900,
			 tm.tm_mon + 1, tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec);
		char got[32];
		xsnprintf(got, sizeof got, "%ptT", (void *)&t);
		ck_assert_msg(strcmp(got, want) == 0, "%lld: %s, want %s", t0, got, want);
	}
}
END_TEST

START_TEST(width_precision_left)
{
	time_t t = 1546615943;
	EXPECT_AS_STRING("tT", &t, "2019-01-04T15:32:23");
	EXPECT_AS_STRING("tRd", &rtc, "2018-11-26");
	EXPECT_AS_STRING("t", &t, "(%pt?)");
}
END_TEST

START_TEST(bad_pointers)
{
	EXPECT_BAD_POINTERS("tT");
	EXPECT_BAD_POINTERS("tRd");
	/* Without T or R the kernel's time_and_date() prints its marker before
	 * it looks at the pointer: NULL and error pointers too. */
	EXPECT("(%pt?)|(%pt?)|(%pt?)|(%pt?)", "%pt|%ptx|%pt|%ptd", (void *)NULL, (void *)NULL,
	       ERR_PTR(-11), (void *)0xab);
	EXPECT("[  (%pt?)|(%p]", "[%8pt|%.3ptq]", (void *)NULL, (void *)NULL);
}
END_TEST

static void add(TCase *tc)
{
	tcase_add_test(tc, kernel_rtc);
	tcase_add_test(tc, kernel_time64);
	tcase_add_test(tc, against_gmtime);
	tcase_add_test(tc, width_precision_left);
	tcase_add_test(tc, bad_pointers);
}

int main(void) { return ext_run_suite("ext_time", add); }
