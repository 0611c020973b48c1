/* test_ext_bitmap.c - %*pb and %*pbl.  Oracle: the kernel's bitmap() and
 * large_bitmap() tests and printk-formats.rst; for other sizes glibc's
 * %x of each 32-bit chunk (built independently below). */
#include <limits.h>

#include "ext_check.h"

#define LONG_BITS (sizeof(unsigned long) * CHAR_BIT)

static void set_bit(unsigned long *map, unsigned i)
{
	map[i / LONG_BITS] |= 1UL << (i % LONG_BITS);
}

START_TEST(kernel_test_suite)
{
	unsigned long bits[1] = { 0 };
	EXPECT("00000|00000", "%20pb|%*pb", bits, 20, bits);
	EXPECT("|", "%20pbl|%*pbl", bits, 20, bits);
	static const unsigned primes[] = { 2, 3, 5, 7, 11, 13, 17, 19 };
	for (size_t i = 0; i < sizeof primes / sizeof primes[0]; i++)
		set_bit(bits, primes[i]);
	EXPECT("a28ac|a28ac", "%20pb|%*pb", bits, 20, bits);
	EXPECT("2-3,5,7,11,13,17,19|2-3,5,7,11,13,17,19", "%20pbl|%*pbl", bits, 20, bits);
	bits[0] = (1UL << 20) - 1;
	EXPECT("fffff|fffff", "%20pb|%*pb", bits, 20, bits);
	EXPECT("0-19|0-19", "%20pbl|%*pbl", bits, 20, bits);
}
END_TEST

START_TEST(kernel_large_bitmap)
{
	enum { NBITS = 1 << 16 };
	static unsigned long big[NBITS / LONG_BITS];
	memset(big, 0, sizeof big);
	for (unsigned i = 1; i <= 20; i++)
		set_bit(big, i);
	for (unsigned i = 60000; i < 60015; i++)
		set_bit(big, i);
	EXPECT("1-20,60000-60014", "%*pbl", NBITS, big);
}
END_TEST

START_TEST(document_examples)
{
	/* 0779 = bits 0 3 4 5 6 8 9 10: "0,3-6,8-10" (a 16-bit map). */
	unsigned long bits[1] = { 0x779 };
	EXPECT("0779|0,3-6,8-10", "%16pb|%16pbl", bits, bits);
}
END_TEST

START_TEST(chunks_against_glibc)
{
	/* Chunks of 32 bits, most significant first; the first has only the
	 * digits its bits need.  Oracle: glibc's %0*x per chunk. */
	unsigned long map[4];
	for (size_t i = 0; i < 4; i++)
		map[i] = (unsigned long)0x9e3779b97f4a7c15ull * (i + 1);
	for (unsigned nbits = 1; nbits <= 2 * LONG_BITS + 33; nbits++) {
		char want[256], *p = want;
		unsigned top = nbits % 32 ? nbits % 32 : 32;
		for (long i = (long)(nbits - top); i >= 0; i -= 32) {
			unsigned n = (unsigned)i == nbits - top ? top : 32;
			unsigned long v = map[(size_t)i / LONG_BITS] >> ((size_t)i % LONG_BITS);
			unsigned chunk = (unsigned)(v & (n == 32 ? 0xffffffffUL : (1UL << n) - 1));
			p += sprintf(p, "%s%0*x", p == want ? "" : ",", (int)((n + 3) / 4), chunk);
		}
		EXPECT(want, "%*pb", (int)nbits, map);
	}
}
END_TEST

START_TEST(ranges)
{
	unsigned long map[2] = { 0, 0 };
	set_bit(map, 0);
	set_bit(map, 63);
	set_bit(map, 64);
	set_bit(map, 65);
	set_bit(map, 127);
	EXPECT("0,63-65,127|0,63-65|0,63", "%128pbl|%127pbl|%64pbl", map, map, map);
	/* Bits beyond the width are not read or shown. */
	EXPECT("0,00000001", "%33pb", map);
	/* Bit 32 is the first chunk's only bit. */
	set_bit(map, 32);
	EXPECT("1,00000001", "%33pb", map);
}
END_TEST

START_TEST(width_rules)
{
	unsigned long map[1] = { 5 };
	/* No width: no bits.  Precision, '-' and '0' change nothing. */
	EXPECT("[][]", "[%pb][%pbl]", map, map);
	EXPECT("5|0,2|5", "%-3pb|%3.1pbl|%03pb", map, map, map);
	EXPECT("0,2", "%*pbl", -3, map);
}
END_TEST

START_TEST(bad_pointers)
{
	EXPECT_BAD_POINTERS("b");
	EXPECT_BAD_POINTERS("bl");
	/* As the kernel, the width still pads the marker. */
	EXPECT("              (null)", "%20pb", (void *)NULL);
}
END_TEST

static void add(TCase *tc)
{
	tcase_add_test(tc, kernel_test_suite);
	tcase_add_test(tc, kernel_large_bitmap);
	tcase_add_test(tc, document_examples);
	tcase_add_test(tc, chunks_against_glibc);
	tcase_add_test(tc, ranges);
	tcase_add_test(tc, width_rules);
	tcase_add_test(tc, bad_pointers);
}

int main(void) { return ext_run_suite("ext_bitmap", add); }
