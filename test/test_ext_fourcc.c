/* test_ext_fourcc.c - %p4cc and the generic %p4ch %p4chR %p4cl %p4cb.
 * Oracle: printk-formats.rst and the kernel's fourcc_pointer() test. */
#include <stdint.h>

#include "ext_check.h"

static uint32_t to_le(uint32_t v)
{
	unsigned char b[4] = { (unsigned char)v, (unsigned char)(v >> 8), (unsigned char)(v >> 16),
			       (unsigned char)(v >> 24) };
	uint32_t r;
	memcpy(&r, b, 4);
	return r;
}

static uint32_t to_be(uint32_t v)
{
	unsigned char b[4] = { (unsigned char)(v >> 24), (unsigned char)(v >> 16), (unsigned char)(v >> 8),
			       (unsigned char)v };
	uint32_t r;
	memcpy(&r, b, 4);
	return r;
}

START_TEST(kernel_test_suite)
{
	static const struct { uint32_t code; const char *str; } cc[] = {
		{ 0x3231564e, "NV12 little-endian (0x3231564e)" },
		{ 0xb231564e, "NV12 big-endian (0xb231564e)" },
		{ 0x10111213, ".... little-endian (0x10111213)" },
		{ 0x20303159, "Y10  little-endian (0x20303159)" },
	};
	for (size_t i = 0; i < sizeof cc / sizeof cc[0]; i++)
		EXPECT(cc[i].str, "%p4cc", &cc[i].code);
	uint32_t h = 0x41424344, l = to_le(0x41424344), b = to_be(0x41424344);
	EXPECT("ABCD (0x41424344)", "%p4ch", &h);
	EXPECT("DCBA (0x44434241)", "%p4chR", &h);
	EXPECT("ABCD (0x41424344)", "%p4cl", &l);
	EXPECT("ABCD (0x41424344)", "%p4cb", &b);
}
END_TEST

START_TEST(document_examples)
{
	uint32_t bg12 = 0x32314742, y10 = 0x20303159, nv12 = 0xb231564e, yuyv = 0x56595559;
	EXPECT("BG12 little-endian (0x32314742)", "%p4cc", &bg12);
	EXPECT("Y10  little-endian (0x20303159)", "%p4cc", &y10);
	EXPECT("NV12 big-endian (0xb231564e)", "%p4cc", &nv12);
	EXPECT("YUYV little-endian (0x56595559)", "%p4cc", &yuyv);
	/* Host order on this (little-endian) machine, given 0x67503030. */
	uint32_t gp = 0x67503030;
	EXPECT("gP00 (0x67503030)|00Pg (0x30305067)", "%p4ch|%p4chR", &gp, &gp);
}
END_TEST

START_TEST(unaligned_and_unknown)
{
	/* The code is a u32 in host order (the kernel's too): store it so. */
	unsigned char raw[5] = { 0 };
	uint32_t yuyv_code = 0x56595559;
	memcpy(raw + 1, &yuyv_code, sizeof yuyv_code);
	EXPECT("YUYV little-endian (0x56595559)", "%p4cc", raw + 1);
	uint32_t c = 0x3231564e;
	EXPECT("(%p4?)|(%p4?)|(%p4?)", "%p4cx|%p4c|%p4cR", &c, &c, &c);
	/* "4" alone, or "4" and another letter, is no extension: plain %p. */
	char want[64];
	snprintf(want, sizeof want, "%p|%p", (void *)&c, (void *)&c);
	EXPECT(want, "%p4|%p4x", &c, &c);
}
END_TEST

START_TEST(width_precision_left)
{
	uint32_t yuyv = 0x56595559;
	EXPECT_AS_STRING("4cc", &yuyv, "YUYV little-endian (0x56595559)");
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	/* Stored bytes 59 55 59 56 read big-endian. */
	EXPECT_AS_STRING("4cb", &yuyv, "YUYV (0x59555956)");
#else
	/* Stored bytes 56 59 55 59, already big-endian. */
	EXPECT_AS_STRING("4cb", &yuyv, "VYUY (0x56595559)");
#endif
}
END_TEST

START_TEST(bad_pointers)
{
	EXPECT_BAD_POINTERS("4cc");
	EXPECT_BAD_POINTERS("4chR");
}
END_TEST

static void add(TCase *tc)
{
	tcase_add_test(tc, kernel_test_suite);
	tcase_add_test(tc, document_examples);
	tcase_add_test(tc, unaligned_and_unknown);
	tcase_add_test(tc, width_precision_left);
	tcase_add_test(tc, bad_pointers);
}

int main(void) { return ext_run_suite("ext_fourcc", add); }
