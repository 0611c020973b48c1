/* test_ext_mac.c - %pM %pMR %pMF %pm %pmR.  Oracle: the kernel's mac()
 * test and printk-formats.rst. */
#include "ext_check.h"

START_TEST(kernel_test_suite)
{
	const unsigned char addr[6] = { 0x2d, 0x48, 0xd6, 0xfc, 0x7a, 0x05 };
	EXPECT("2d:48:d6:fc:7a:05", "%pM", addr);
	EXPECT("05:7a:fc:d6:48:2d", "%pMR", addr);
	EXPECT("2d-48-d6-fc-7a-05", "%pMF", addr);
	EXPECT("2d48d6fc7a05", "%pm", addr);
	EXPECT("057afcd6482d", "%pmR", addr);
}
END_TEST

START_TEST(document_examples)
{
	const unsigned char addr[6] = { 0, 1, 2, 3, 4, 5 };
	EXPECT("00:01:02:03:04:05|05:04:03:02:01:00|00-01-02-03-04-05|000102030405|050403020100",
	       "%pM|%pMR|%pMF|%pm|%pmR", addr, addr, addr, addr, addr);
	/* Only the first letter counts: m has no separator to change. */
	EXPECT("000102030405|00-01-02-03-04-05|05:04:03:02:01:00", "%pmF|%pMFR|%pMRF", addr, addr,
	       addr);
}
END_TEST

START_TEST(width_precision_left)
{
	const unsigned char addr[6] = { 0xde, 0xad, 0xbe, 0xef, 0x00, 0x01 };
	EXPECT_AS_STRING("M", addr, "de:ad:be:ef:00:01");
	EXPECT_AS_STRING("mR", addr, "0100efbeadde");
}
END_TEST

START_TEST(bad_pointers)
{
	EXPECT_BAD_POINTERS("M");
	EXPECT_BAD_POINTERS("mR");
}
END_TEST

static void add(TCase *tc)
{
	tcase_add_test(tc, kernel_test_suite);
	tcase_add_test(tc, document_examples);
	tcase_add_test(tc, width_precision_left);
	tcase_add_test(tc, bad_pointers);
}

int main(void) { return ext_run_suite("ext_mac", add); }
