/* test_ext_hex.c - %*ph %*phC %*phD %*phN.  Oracle: the kernel's
 * hex_string() test and printk-formats.rst (field width = length, omitted
 * = 1 byte, 0 = nothing, at most 64). */
#include "ext_check.h"

START_TEST(kernel_test_suite)
{
	const char buf[3] = { (char)0xc0, (char)0xff, (char)0xee };
	EXPECT("c0 ff ee|c0:ff:ee|c0-ff-ee|c0ffee", "%3ph|%3phC|%3phD|%3phN", buf, buf, buf, buf);
	EXPECT("c0 ff ee|c0:ff:ee|c0-ff-ee|c0ffee", "%*ph|%*phC|%*phD|%*phN", 3, buf, 3, buf, 3, buf,
	       3, buf);
}
END_TEST

static void expected_dump(char *out, const unsigned char *b, int n, char sep)
{
	char *p = out;
	for (int i = 0; i < n; i++) {
		p += sprintf(p, "%02x", b[i]);
		if (sep && i + 1 < n)
			*p++ = sep;
	}
	*p = '\0';
}

START_TEST(document_ranges)
{
	unsigned char b[100];
	for (int i = 0; i < 100; i++)
		b[i] = (unsigned char)i;
	char want[400];
	/* 00 01 02 ... 3f: every length up to the limit, glibc's %02x as oracle. */
	for (int n = 1; n <= 64; n++) {
		expected_dump(want, b, n, ' ');
		EXPECT(want, "%*ph", n, b);
		expected_dump(want, b, n, ':');
		EXPECT(want, "%*phC", n, b);
		expected_dump(want, b, n, 0);
		EXPECT(want, "%*phN", n, b);
	}
	/* Longer buffers print their first 64 bytes. */
	expected_dump(want, b, 64, '-');
	EXPECT(want, "%*phD", 65, b);
	EXPECT(want, "%100phD", b);
}
END_TEST

START_TEST(width_rules)
{
	const unsigned char b[4] = { 0xde, 0xad, 0xbe, 0xef };
	/* Omitted: one byte; '0' is a flag, not a width. */
	EXPECT("de|de|de", "%ph|%phC|%0ph", b, b, b);
	/* An explicit 0 prints nothing, even for a NULL pointer (as the kernel). */
	EXPECT("[][]", "[%*ph][%*phN]", 0, b, 0, (void *)NULL);
	/* A negative width is '-' and its magnitude; '-' changes nothing. */
	EXPECT("de ad|de ad be", "%*ph|%-3ph", -2, b, b);
	/* Positional: the width from its own argument. */
	EXPECT("de ad be|de:ad", "%2$*1$ph|%3$*4$phC", 3, b, b, 2);
	/* Precision is ignored; letters after the first are consumed. */
	EXPECT("de:ad|de:ad", "%2.1phC|%2phCDN", b, b);
}
END_TEST

START_TEST(bad_pointers)
{
	EXPECT_BAD_POINTERS("h");
	EXPECT_BAD_POINTERS("hN");
	EXPECT("    (null)", "%*ph", 10, (void *)NULL);
}
END_TEST

static void add(TCase *tc)
{
	tcase_add_test(tc, kernel_test_suite);
	tcase_add_test(tc, document_ranges);
	tcase_add_test(tc, width_rules);
	tcase_add_test(tc, bad_pointers);
}

int main(void) { return ext_run_suite("ext_hex", add); }
