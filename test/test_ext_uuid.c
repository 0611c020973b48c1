/* test_ext_uuid.c - %pUb %pUB %pUl %pUL.  Oracle: the kernel's uuid()
 * test (printk-formats.rst has a typo in its l/L examples: 0c0e0e0f). */
#include "ext_check.h"

static const unsigned char uuid[16] = { 0x0, 0x1, 0x2, 0x3, 0x4, 0x5, 0x6, 0x7,
					0x8, 0x9, 0xa, 0xb, 0xc, 0xd, 0xe, 0xf };

START_TEST(kernel_test_suite)
{
	EXPECT("00010203-0405-0607-0809-0a0b0c0d0e0f", "%pUb", uuid);
	EXPECT("00010203-0405-0607-0809-0A0B0C0D0E0F", "%pUB", uuid);
	EXPECT("03020100-0504-0706-0809-0a0b0c0d0e0f", "%pUl", uuid);
	EXPECT("03020100-0504-0706-0809-0A0B0C0D0E0F", "%pUL", uuid);
}
END_TEST

START_TEST(default_is_b)
{
	EXPECT("00010203-0405-0607-0809-0a0b0c0d0e0f|00010203-0405-0607-0809-0a0b0c0d0e0f",
	       "%pU|%pUx", uuid, uuid);
}
END_TEST

START_TEST(width_precision_left)
{
	EXPECT_AS_STRING("UL", uuid, "03020100-0504-0706-0809-0A0B0C0D0E0F");
	EXPECT_AS_STRING("Ub", uuid, "00010203-0405-0607-0809-0a0b0c0d0e0f");
}
END_TEST

START_TEST(bad_pointers)
{
	EXPECT_BAD_POINTERS("Ub");
	EXPECT_BAD_POINTERS("UL");
}
END_TEST

static void add(TCase *tc)
{
	tcase_add_test(tc, kernel_test_suite);
	tcase_add_test(tc, default_is_b);
	tcase_add_test(tc, width_precision_left);
	tcase_add_test(tc, bad_pointers);
}

int main(void) { return ext_run_suite("ext_uuid", add); }
