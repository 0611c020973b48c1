/* ipv4.c - %pI4 (1.2.3.4) and %pi4 (001.002.003.004), letters h n b l. */
#include "../ext.h"
#include "ip.h"

#include <string.h>

#include "../digits.h"

/* One octet's digits at d (three with leading_zeros); returns the end. */
static char *put_octet(char *d, unsigned b, int leading_zeros)
{
	if (leading_zeros || b >= 100) {
		*d++ = (char)('0' + b / 100);
		b %= 100;
		memcpy(d, &xp_two_digits[2 * b], 2);
		return d + 2;
	}
	if (b >= 10) {
		memcpy(d, &xp_two_digits[2 * b], 2);
		return d + 2;
	}
	*d = (char)('0' + b);
	return d + 1;
}

/* The whole address made in a buffer, then one write. */
void xp_ip4_put(struct xp_sink *s, const unsigned char addr[4], int leading_zeros, char order)
{
	int reversed = order == 'l';
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	reversed |= order == 'h';
#endif
	char text[32], *d = text; /* 15 at most; 32: xp_put's widest inline copy */
	for (int i = 0; i < 4; i++) {
		d = put_octet(d, addr[reversed ? 3 - i : i], leading_zeros);
		*d++ = '.';
	}
	xp_put(s, text, (size_t)(d - 1 - text));
}

int xp_ext_ipv4(struct xp_sink *s, const struct xp_ext_call *c)
{
	/* Only the first letter counts, as in the kernel's ip4_string(). */
	xp_ip4_put(s, c->ptr, c->ext->name[0] == 'i', xp_ext_letter(c, 0));
	return 0;
}
