/* fourcc.c - %p4cc: a V4L2/DRM pixel format code, "YUYV little-endian
 * (0x56595559)": characters least significant byte first, bit 31 = big
 * endian.  The kernel's generic forms %p4ch (host order), %p4chR
 * (reversed), %p4cl (little endian), %p4cb (big endian) print the code most
 * significant byte first, then its value: "ABCD (0x41424344)".
 * Non-printable bytes print as '.'; other letters print "(%p4?)". */
#include "../ext.h"

#include <stdint.h>
#include <string.h>

static uint32_t swap32(uint32_t v)
{
	return v >> 24 | (v >> 8 & 0xff00u) | (v << 8 & 0xff0000u) | v << 24;
}

static void put_code_char(struct xp_sink *s, uint32_t v, int shift)
{
	unsigned char b = (unsigned char)(v >> shift);
	xp_putc(s, b >= 0x20 && b < 0x7f ? (char)b : '.');
}

static void put_value(struct xp_sink *s, uint32_t v)
{
	xp_put(s, " (0x", 4);
	for (int shift = 24; shift >= 0; shift -= 8)
		xp_ext_put_hex2(s, (unsigned char)(v >> shift), 0);
	xp_putc(s, ')');
}

int xp_ext_fourcc(struct xp_sink *s, const struct xp_ext_call *c)
{
	uint32_t code;
	memcpy(&code, c->ptr, sizeof code);
	int little_host = __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__;
	switch (xp_ext_letter(c, 0)) {
	case 'c': {
		uint32_t chars = code & 0x7fffffffu;
		for (int shift = 0; shift < 32; shift += 8)
			put_code_char(s, chars, shift);
		xp_ext_puts(s, code >> 31 ? " big-endian" : " little-endian");
		put_value(s, code);
		return 0;
	}
	case 'h':
		if (xp_ext_letter(c, 1) == 'R')
			code = swap32(code);
		break;
	case 'l':
		if (!little_host)
			code = swap32(code);
		break;
	case 'b':
		if (little_host)
			code = swap32(code);
		break;
	default:
		xp_ext_puts(s, "(%p4?)");
		return 0;
	}
	for (int shift = 24; shift >= 0; shift -= 8)
		put_code_char(s, code, shift);
	put_value(s, code);
	return 0;
}
