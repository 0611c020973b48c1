/* test_ext_px.c - %px, the address as the kernel's pointer_string() and
 * number() print it.  Oracles: outputs worked out from those two functions
 * for the shapes where the kernel's number() and C's %x part ways ('0'
 * beside a precision, a zero address, no width), and glibc's %lx for every
 * other combination of flags, width and precision. */
#include <stdint.h>

#include "ext_check.h"

#define DIGITS ((int)(2 * sizeof(void *)))

START_TEST(kernel_number)
{
	char want[128];
	void *p = (void *)0x1234;
	/* No width: zero padded to the width of a pointer, '-' then pads with
	 * spaces after, '#' counts its 0x in, a precision is only a minimum. */
	snprintf(want, sizeof want, "%0*x|%-*x|0x%0*x|%0*x", DIGITS, 0x1234, DIGITS, 0x1234,
		 DIGITS - 2, 0x1234, DIGITS, 0x1234);
	EXPECT(want, "%px|%-px|%#px|%.4px", p, p, p, p);
	EXPECT("00000000000000000000001234", "%.26px", p);
	/* A width, even a '*' of 0, replaces the default. */
	EXPECT("1234|0x1234|  0x1234|1234  ", "%*px|%#*px|%#8px|%-6px", 0, p, 0, p, p, p);
	EXPECT("              0x1234|0x000000000000001234", "%#20px|%#020px", p, p);
	/* C's %020.8x would drop the '0'; the kernel pads with zeros. */
	EXPECT("            00001234|00000000000000001234", "%20.8px|%020.8px", p, p);
	EXPECT("0x00001234      |0x0000000000001234", "%-#16.8px|%#0*.8px", p, 18, p);
	/* '+' and ' ' mean nothing to an unsigned number. */
	EXPECT("1234|1234", "%+*px|% *px", 0, p, 0, p);
	/* A zero address keeps its digit and its 0x, whatever the precision. */
	snprintf(want, sizeof want, "%0*d|0x%0*d", DIGITS, 0, DIGITS - 2, 0);
	EXPECT(want, "%px|%#px", (void *)NULL, (void *)NULL);
	EXPECT("0|0x0|0|  0x0|0x000", "%*px|%#*px|%*.0px|%#5.0px|%#05.0px", 0, (void *)NULL, 0,
	       (void *)NULL, 0, (void *)NULL, (void *)NULL, (void *)NULL);
	/* A negative '*' width is '-'. */
	EXPECT("1234    |0x1234  |", "%*px|%#*px|", -8, p, -8, p);
}
END_TEST

/* Everything else as glibc's %lx: the same flags, width and precision,
 * and with no width the kernel's own, "016" (zero padded), added. */
START_TEST(as_glibc_hex)
{
	static const char flag_chars[] = "-#0+ ";
	static const int widths[] = { -1, 0, 1, 6, 16, 17, 25, -25, -3 }; /* -1: none */
	static const int precs[] = { -2, -1, 0, 1, 8, 16, 20 };           /* -2: none */
	int local;
	const uintptr_t values[] = { 1, 0x1234, (uintptr_t)&local, UINTPTR_MAX, (uintptr_t)1 << 31 };
	unsigned long checked = 0;
	for (unsigned set = 0; set < 1u << 5; set++)
		for (size_t w = 0; w < sizeof widths / sizeof widths[0]; w++)
			for (size_t q = 0; q < sizeof precs / sizeof precs[0]; q++) {
				char flags[8] = "", fmt[32], ref[48];
				for (int b = 0, k = 0; b < 5; b++)
					if (set & 1u << b)
						flags[k++] = flag_chars[b], flags[k] = '\0';
				int width_given = widths[w] != -1, prec = precs[q];
				int left = strchr(flags, '-') || (width_given && widths[w] < 0);
				int zero = strchr(flags, '0') || !width_given;
				if (zero && !left && prec >= 0)
					continue; /* C drops the '0' there: kernel_number */
				/* %px takes its width from '*' always (0 is a width) and
				 * its precision from '*' always (-1 is none). */
				snprintf(fmt, sizeof fmt, "%%%s%s.*px", flags, width_given ? "*" : "");
				snprintf(ref, sizeof ref, "%%%s%s.*lx", flags, width_given ? "*" : "0*");
				int ref_width = width_given ? widths[w] : DIGITS;
				int ref_prec = prec == -2 ? -1 : prec;
				for (size_t v = 0; v < sizeof values / sizeof values[0]; v++) {
					char want[64], got[64];
					int n = snprintf(want, sizeof want, ref, ref_width, ref_prec,
							 (unsigned long)values[v]);
					int r = width_given ? xsnprintf(got, sizeof got, fmt, widths[w],
									ref_prec, (void *)values[v])
							    : xsnprintf(got, sizeof got, fmt, ref_prec,
									(void *)values[v]);
					ck_assert_msg(r == n && strcmp(got, want) == 0,
						      "\"%s\" (width %d, precision %d) of %#lx: \"%s\" (%d), "
						      "want \"%s\" (%d)", fmt, widths[w], ref_prec,
						      (unsigned long)values[v], got, r, want, n);
					checked++;
				}
			}
	ck_assert_uint_gt(checked, 3000);
}
END_TEST

START_TEST(no_pointer_check)
{
	/* %px reads nothing through its pointer: error pointers print. */
	char want[128];
	snprintf(want, sizeof want, "%0*lx|%0*lx", DIGITS, (unsigned long)(uintptr_t)-11, DIGITS,
		 (unsigned long)0xab);
	EXPECT(want, "%px|%px", (void *)(intptr_t)-11, (void *)0xab);
}
END_TEST

static void add(TCase *tc)
{
	tcase_add_test(tc, kernel_number);
	tcase_add_test(tc, as_glibc_hex);
	tcase_add_test(tc, no_pointer_check);
}

int main(void) { return ext_run_suite("ext_px", add); }
