/* test_ext_ipv6.c - %pI6, %pi6, %pI6c.  Oracle: printk-formats.rst, and
 * RFC 5952's own examples for the compressed form (section 4), plus the
 * kernel's IPv4 tails (IPv4-mapped, ISATAP). */
#include <arpa/inet.h>

#include "ext_check.h"

/* Parse with inet_pton so each address is written the readable way. */
static const unsigned char *addr6(const char *text)
{
	static unsigned char slots[8][16];
	static int next;
	unsigned char *a = slots[next++ % 8];
	ck_assert_msg(inet_pton(AF_INET6, text, a) == 1, "bad test address %s", text);
	return a;
}

START_TEST(kernel_examples)
{
	const unsigned char *a = addr6("1:2:3:4:5:6:7:8");
	EXPECT("0001:0002:0003:0004:0005:0006:0007:0008", "%pI6", a);
	EXPECT("00010002000300040005000600070008", "%pi6", a);
	EXPECT("1:2:3:4:5:6:7:8", "%pI6c", a);
	/* c only compresses the colon form. */
	EXPECT("00010002000300040005000600070008", "%pi6c", a);
}
END_TEST

START_TEST(rfc5952)
{
	static const struct { const char *in, *out; } cases[] = {
		{ "2001:0db8:0000:0000:0000:0000:0000:0001", "2001:db8::1" },  /* 4.1, 4.2.1 */
		{ "2001:db8:0:1:1:1:1:1", "2001:db8:0:1:1:1:1:1" },            /* 4.2.2: one 0 stays */
		{ "2001:0:0:1:0:0:0:1", "2001:0:0:1::1" },                     /* 4.2.3: longest run */
		{ "2001:db8:0:0:1:0:0:1", "2001:db8::1:0:0:1" },               /* 4.2.3: first on a tie */
		{ "2001:DB8::ABCD", "2001:db8::abcd" },                        /* 4.3: lowercase */
		{ "::", "::" },
		{ "::1", "::1" },
		{ "1::", "1::" },
		{ "1:0:0:0:0:0:0:0", "1::" },
		{ "0:0:1:0:0:0:2:3", "0:0:1::2:3" },
		{ "fe80::1:20:300:4000", "fe80::1:20:300:4000" },
		{ "::ffff:1.2.3.4", "::ffff:1.2.3.4" },                        /* 5: IPv4-mapped */
		{ "::ffff:0.0.0.0", "::ffff:0.0.0.0" },
		{ "::1.2.3.4", "::102:304" },                                  /* compatible: no tail */
		{ "fe80::5efe:192.168.1.1", "fe80::5efe:192.168.1.1" },        /* ISATAP, as the kernel */
		{ "fe80::200:5efe:10.0.0.1", "fe80::200:5efe:10.0.0.1" },
		{ "2001:db8:1:2:3:4:5:6", "2001:db8:1:2:3:4:5:6" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
		EXPECT(cases[i].out, "%pI6c", addr6(cases[i].in));
}
END_TEST

START_TEST(width_precision_left)
{
	EXPECT_AS_STRING("I6c", addr6("2001:db8::1"), "2001:db8::1");
	EXPECT_AS_STRING("I6", addr6("::1"), "0000:0000:0000:0000:0000:0000:0000:0001");
	EXPECT_AS_STRING("i6", addr6("ff02::2"), "ff020000000000000000000000000002");
}
END_TEST

START_TEST(bad_pointers)
{
	EXPECT_BAD_POINTERS("I6");
	EXPECT_BAD_POINTERS("i6");
	EXPECT_BAD_POINTERS("I6c");
}
END_TEST

static void add(TCase *tc)
{
	tcase_add_test(tc, kernel_examples);
	tcase_add_test(tc, rfc5952);
	tcase_add_test(tc, width_precision_left);
	tcase_add_test(tc, bad_pointers);
}

int main(void) { return ext_run_suite("ext_ipv6", add); }
