/* test_ext_sockaddr.c - %pIS / %piS over struct sockaddr.  Oracle:
 * printk-formats.rst ("Further examples") and the kernel's ip4() test. */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>

#include "ext_check.h"

static struct sockaddr_in v4(unsigned addr, unsigned short port)
{
	struct sockaddr_in sa;
	memset(&sa, 0, sizeof sa);
	sa.sin_family = AF_INET;
	sa.sin_port = htons(port);
	sa.sin_addr.s_addr = htonl(addr);
	return sa;
}

/* The document's IPv6 example: 1:2:3:4:5:6:7:8, port 12345, flow info
 * 123456789, scope 1234567890. */
static struct sockaddr_in6 v6(void)
{
	struct sockaddr_in6 sa;
	memset(&sa, 0, sizeof sa);
	sa.sin6_family = AF_INET6;
	sa.sin6_port = htons(12345);
	sa.sin6_flowinfo = htonl(123456789);
	sa.sin6_scope_id = 1234567890;
	inet_pton(AF_INET6, "1:2:3:4:5:6:7:8", &sa.sin6_addr);
	return sa;
}

START_TEST(kernel_test_suite)
{
	struct sockaddr_in sa = v4(0x7f000001, 12345);
	EXPECT("127.000.000.001|127.0.0.1", "%piS|%pIS", &sa, &sa);
	sa.sin_addr.s_addr = htonl(0x01020304);
	EXPECT("001.002.003.004:12345|1.2.3.4:12345", "%piSp|%pISp", &sa, &sa);
}
END_TEST

START_TEST(document_examples)
{
	struct sockaddr_in a4 = v4(0x01020304, 12345);
	struct sockaddr_in6 a6 = v6();
	EXPECT("1.2.3.4|0001:0002:0003:0004:0005:0006:0007:0008", "%pIS|%pIS", &a4, &a6);
	EXPECT("001.002.003.004|00010002000300040005000600070008", "%piS|%piS", &a4, &a6);
	EXPECT("1.2.3.4|1:2:3:4:5:6:7:8", "%pISc|%pISc", &a4, &a6);
	EXPECT("1.2.3.4:12345|[1:2:3:4:5:6:7:8]:12345", "%pISpc|%pISpc", &a4, &a6);
	EXPECT("1.2.3.4|[1:2:3:4:5:6:7:8]/123456789", "%pISfc|%pISfc", &a4, &a6);
	EXPECT("1.2.3.4|[1:2:3:4:5:6:7:8]%1234567890", "%pISsc|%pISsc", &a4, &a6);
	EXPECT("1.2.3.4:12345|[1:2:3:4:5:6:7:8]:12345/123456789", "%pISpfc|%pISpfc", &a4, &a6);
}
END_TEST

START_TEST(letter_combinations)
{
	struct sockaddr_in a4 = v4(0x01020304, 80);
	struct sockaddr_in6 a6 = v6();
	/* Every letter in any order; p f s bracket, c compresses. */
	EXPECT("[0001:0002:0003:0004:0005:0006:0007:0008]:12345/123456789%1234567890",
	       "%pISpfs", &a6);
	EXPECT("[1:2:3:4:5:6:7:8]:12345/123456789%1234567890", "%pISscfp", &a6);
	EXPECT("[00010002000300040005000600070008]:12345", "%piSp", &a6);
	EXPECT("[00010002000300040005000600070008]:12345", "%piSpc", &a6); /* no c for i */
	/* Flow info keeps its 28 bits (the top 4 are the traffic class). */
	a6.sin6_flowinfo = htonl(0xf0000001u);
	EXPECT("[1:2:3:4:5:6:7:8]/1", "%pIScf", &a6);
	/* Byte order letters apply to IPv4 only; the last one wins. */
	EXPECT("4.3.2.1:80|1.2.3.4:80|4.3.2.1", "%pISlp|%pISplb|%pISbl", &a4, &a4, &a4);
	EXPECT("[1:2:3:4:5:6:7:8]:12345", "%pISlcph", &a6);
	/* IPv4 ignores the IPv6 letters. */
	EXPECT("1.2.3.4", "%pISfsc", &a4);
	/* Letters stop at a digit. */
	EXPECT("1.2.3.4", "%pIS2p", &a4);
	/* Another family is the kernel's "(einval)". */
	struct sockaddr other = { .sa_family = AF_UNIX };
	EXPECT("(einval)|  (einval)", "%pISp|%10pIS", &other, &other);
}
END_TEST

START_TEST(ipv4_mapped_compressed)
{
	struct sockaddr_in6 a6;
	memset(&a6, 0, sizeof a6);
	a6.sin6_family = AF_INET6;
	a6.sin6_port = htons(443);
	inet_pton(AF_INET6, "::ffff:10.1.2.3", &a6.sin6_addr);
	EXPECT("[::ffff:10.1.2.3]:443", "%pISpc", &a6);
}
END_TEST

START_TEST(width_precision_left)
{
	struct sockaddr_in a4 = v4(0x0a000001, 8080);
	struct sockaddr_in6 a6 = v6();
	EXPECT_AS_STRING("ISp", &a4, "10.0.0.1:8080");
	EXPECT_AS_STRING("ISpc", &a6, "[1:2:3:4:5:6:7:8]:12345");
}
END_TEST

START_TEST(bad_pointers)
{
	EXPECT_BAD_POINTERS("IS");
	EXPECT_BAD_POINTERS("iSpfs");
}
END_TEST

static void add(TCase *tc)
{
	tcase_add_test(tc, kernel_test_suite);
	tcase_add_test(tc, document_examples);
	tcase_add_test(tc, letter_combinations);
	tcase_add_test(tc, ipv4_mapped_compressed);
	tcase_add_test(tc, width_precision_left);
	tcase_add_test(tc, bad_pointers);
}

int main(void) { return ext_run_suite("ext_sockaddr", add); }
