/* test_ext_ipv4.c - %pI4 / %pi4 with h n b l.  Oracle: the kernel's
 * printk-formats.rst and its printf test suite (ip4()). */
#include <arpa/inet.h>
#include <netinet/in.h>

#include "ext_check.h"

START_TEST(kernel_examples)
{
	struct in_addr a = { htonl(0x7f000001) };
	EXPECT("127.000.000.001|127.0.0.1", "%pi4|%pI4", &a, &a);
	const unsigned char doc[4] = { 1, 2, 3, 4 };
	EXPECT("1.2.3.4", "%pI4", doc);
	EXPECT("001.002.003.004", "%pi4", doc);
}
END_TEST

START_TEST(byte_order_letters)
{
	const unsigned char b[4] = { 1, 2, 3, 4 };
	EXPECT("1.2.3.4|1.2.3.4|4.3.2.1", "%pI4n|%pI4b|%pI4l", b, b, b);
	EXPECT("001.002.003.004|004.003.002.001", "%pi4b|%pi4l", b, b);
	/* h: the bytes are a host-order integer. */
	unsigned host = 0x01020304u;
	EXPECT("1.2.3.4|001.002.003.004", "%pI4h|%pi4h", &host, &host);
	/* Only the first letter counts; the rest is consumed. */
	EXPECT("4.3.2.1|1.2.3.4x", "%pI4lb|%pI4nx%s", b, b, "x");
}
END_TEST

START_TEST(positional)
{
	const unsigned char a[4] = { 1, 2, 3, 4 }, b[4] = { 5, 6, 7, 8 };
	EXPECT("5.6.7.8 1.2.3.4 005.006.007.008", "%2$pI4 %1$pI4 %2$pi4", a, b);
}
END_TEST

START_TEST(digits)
{
	const unsigned char b[4] = { 0, 9, 10, 255 };
	EXPECT("0.9.10.255|000.009.010.255", "%pI4|%pi4", b, b);
}
END_TEST

/* Every value in every place: %pI4 as inet_ntop prints it, %pi4 as
 * glibc's "%03u.%03u.%03u.%03u", reversed by l. */
START_TEST(every_octet)
{
	for (unsigned v = 0; v < 256; v++) {
		const unsigned char b[4] = { (unsigned char)v, (unsigned char)(255 - v), (unsigned char)(v * 7),
					     (unsigned char)(v ^ 0x5a) };
		char ntop[INET_ADDRSTRLEN], want[64];
		ck_assert_ptr_nonnull(inet_ntop(AF_INET, b, ntop, sizeof ntop));
		snprintf(want, sizeof want, "%s|%03u.%03u.%03u.%03u|%u.%u.%u.%u", ntop, b[0], b[1], b[2], b[3], b[3],
			 b[2], b[1], b[0]);
		EXPECT(want, "%pI4|%pi4|%pI4l", b, b, b);
	}
}
END_TEST

START_TEST(width_precision_left)
{
	const unsigned char b[4] = { 192, 168, 1, 10 };
	EXPECT_AS_STRING("I4", b, "192.168.1.10");
	EXPECT_AS_STRING("i4l", b, "010.001.168.192");
}
END_TEST

START_TEST(bad_pointers)
{
	EXPECT_BAD_POINTERS("I4");
	EXPECT_BAD_POINTERS("i4h");
}
END_TEST

static void add(TCase *tc)
{
	tcase_add_test(tc, kernel_examples);
	tcase_add_test(tc, byte_order_letters);
	tcase_add_test(tc, positional);
	tcase_add_test(tc, digits);
	tcase_add_test(tc, every_octet);
	tcase_add_test(tc, width_precision_left);
	tcase_add_test(tc, bad_pointers);
}

int main(void) { return ext_run_suite("ext_ipv4", add); }
