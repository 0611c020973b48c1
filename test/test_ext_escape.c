/* test_ext_escape.c - %*pE[achnops].  Oracle: printk-formats.rst's three
 * examples (with \" for the quote, Linux >= 5.15) and the escape0 table of
 * the kernel's lib/test-string_helpers.c, which gives string_escape_mem()'s
 * output for each combination of classes (letters: s space, c special,
 * o octal, h hex, p printable passes, n null; a = s c n o). */
#include "ext_check.h"

static const char doc_buf[10] = { 0x1b, 0x62, 0x20, 0x5c, 0x43, 0x07, 0x22, (char)0x90, 0x0d, 0x5d };

START_TEST(document_examples)
{
	EXPECT("\\eb \\C\\a\"\\220\\r]", "%*pE", 10, doc_buf);
	EXPECT("\\x1bb \\C\\x07\"\\x90\\x0d]", "%*pEhp", 10, doc_buf);
	EXPECT("\\e\\142\\040\\\\\\103\\a\\\"\\220\\r\\135", "%*pEa", 10, doc_buf);
	/* No letters means "any, printable passes". */
	EXPECT("\\eb \\C\\a\"\\220\\r]", "%*pEap", 10, doc_buf);
	EXPECT("\\eb \\C\\a\"\\220\\r]", "%*pEpa", 10, doc_buf);
}
END_TEST

static const struct {
	const char *in;
	const char *letters;
	const char *out;
} kernel_cases[] = {
	{ "\f\\ \n\r\t\v", "s", "\\f\\ \\n\\r\\t\\v" },
	{ "\f\\ \n\r\t\v", "so", "\\f\\134\\040\\n\\r\\t\\v" },
	{ "\f\\ \n\r\t\v", "sh", "\\f\\x5c\\x20\\n\\r\\t\\v" },
	{ "\\h\\\"\a\033\\", "c", "\\\\h\\\\\\\"\\a\\e\\\\" },
	{ "\\h\\\"\a\033\\", "co", "\\\\\\150\\\\\\\"\\a\\e\\\\" },
	{ "\\h\\\"\a\033\\", "ch", "\\\\\\x68\\\\\\\"\\a\\e\\\\" },
	{ "\033b \\C\007\"\x90\r]", "s", "\033b \\C\007\"\x90\\r]" },
	{ "\033b \\C\007\"\x90\r]", "c", "\\eb \\\\C\\a\\\"\x90\r]" },
	{ "\033b \\C\007\"\x90\r]", "sc", "\\eb \\\\C\\a\\\"\x90\\r]" },
	{ "\033b \\C\007\"\x90\r]", "o", "\\033\\142\\040\\134\\103\\007\\042\\220\\015\\135" },
	{ "\033b \\C\007\"\x90\r]", "so", "\\033\\142\\040\\134\\103\\007\\042\\220\\r\\135" },
	{ "\033b \\C\007\"\x90\r]", "co", "\\e\\142\\040\\\\\\103\\a\\\"\\220\\015\\135" },
	{ "\033b \\C\007\"\x90\r]", "sco", "\\e\\142\\040\\\\\\103\\a\\\"\\220\\r\\135" },
	{ "\033b \\C\007\"\x90\r]", "p", "\033b \\C\007\"\x90\r]" },
	{ "\033b \\C\007\"\x90\r]", "sp", "\033b \\C\007\"\x90\\r]" },
	{ "\033b \\C\007\"\x90\r]", "cp", "\\eb \\C\\a\"\x90\r]" },
	{ "\033b \\C\007\"\x90\r]", "scp", "\\eb \\C\\a\"\x90\\r]" },
	{ "\033b \\C\007\"\x90\r]", "op", "\\033b \\C\\007\"\\220\\015]" },
	{ "\033b \\C\007\"\x90\r]", "sop", "\\033b \\C\\007\"\\220\\r]" },
	{ "\033b \\C\007\"\x90\r]", "csop", "\\eb \\C\\a\"\\220\\r]" },
	{ "\033b \\C\007\"\x90\r]", "ph", "\\x1bb \\C\\x07\"\\x90\\x0d]" },
};

START_TEST(kernel_string_helpers_table)
{
	for (size_t i = 0; i < sizeof kernel_cases / sizeof kernel_cases[0]; i++) {
		const char *in = kernel_cases[i].in, *out = kernel_cases[i].out;
		const char *letters = kernel_cases[i].letters;
		char fmt[32], in2[64], out2[128];
		snprintf(fmt, sizeof fmt, "%%*pE%s", letters);
		EXPECT(out, fmt, (int)strlen(in), in);
		/* The test's NUL injection: with n, a leading NUL prints \0. */
		snprintf(fmt, sizeof fmt, "%%*pE%sn", letters);
		in2[0] = '\0';
		memcpy(in2 + 1, in, strlen(in) + 1);
		snprintf(out2, sizeof out2, "\\0%s", out);
		EXPECT(out2, fmt, (int)strlen(in) + 1, in2);
		/* Octal wins over hex. */
		if (strchr(letters, 'o')) {
			snprintf(fmt, sizeof fmt, "%%*pEh%s", letters);
			EXPECT(out, fmt, (int)strlen(in), in);
		}
	}
}
END_TEST

START_TEST(high_bytes_are_not_printable)
{
	/* UTF-8 "é" and Latin-1 0xa0..0xff: escaped even with p. */
	const char utf8[] = "\xc3\xa9";
	EXPECT("\\303\\251|\\xc3\\xa9|\\240", "%*pE|%*pEhp|%*pEop", 2, utf8, 2, utf8, 1, "\xa0");
	/* Without o or h, nothing can escape them: they pass through. */
	EXPECT("\xc3\xa9", "%*pEsc", 2, utf8);
}
END_TEST

START_TEST(null_byte)
{
	const char nul[3] = { 'a', 0, 'b' };
	EXPECT("a\\0b|a\\000b|a\\x00b", "%*pEpn|%*pEpo|%*pEph", 3, nul, 3, nul, 3, nul);
	/* No class takes it: the byte itself. */
	EXPECT_N("a\0b", 3, "%*pEsp", 3, nul);
}
END_TEST

START_TEST(width_rules)
{
	/* Omitted: one byte.  0: nothing, even for NULL.  Negative: '-'. */
	EXPECT("\\e|[]|[]", "%pE|[%*pE]|[%*pE]", doc_buf, 0, doc_buf, 0, (void *)NULL);
	EXPECT("\\eb", "%*pE", -2, doc_buf);
	/* Precision and '-' change nothing; letters stop at the first other. */
	EXPECT("\\eb|\\eb|\\e\\142", "%2.1pE|%-2pE|%2pEazp", doc_buf, doc_buf, doc_buf);
}
END_TEST

START_TEST(bad_pointers)
{
	/* The kernel's null_pointer() and invalid_pointer() tests. */
	EXPECT("(null)", "%pE", (void *)NULL);
	EXPECT("(efault)", "%pE", (void *)0xab);
	EXPECT("(efault)", "%pE", ERR_PTR(-11));
	EXPECT_BAD_POINTERS("E");
	EXPECT_BAD_POINTERS("Ehp");
}
END_TEST

static void add(TCase *tc)
{
	tcase_add_test(tc, document_examples);
	tcase_add_test(tc, kernel_string_helpers_table);
	tcase_add_test(tc, high_bytes_are_not_printable);
	tcase_add_test(tc, null_byte);
	tcase_add_test(tc, width_rules);
	tcase_add_test(tc, bad_pointers);
}

int main(void) { return ext_run_suite("ext_escape", add); }
