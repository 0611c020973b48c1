/* ipv4.c - %pI4 (1.2.3.4) and %pi4 (001.002.003.004), letters h n b l. */
#include "../ext.h"
#include "ip.h"

void xp_ip4_put(struct xp_sink *s, const unsigned char addr[4], int leading_zeros, char order)
{
	int reversed = order == 'l';
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	reversed |= order == 'h';
#endif
	for (int i = 0; i < 4; i++) {
		unsigned char b = addr[reversed ? 3 - i : i];
		if (leading_zeros)
			xp_ext_put_dec_padded(s, b, 3);
		else
			xp_ext_put_dec(s, b);
		if (i < 3)
			xp_putc(s, '.');
	}
}

int xp_ext_ipv4(struct xp_sink *s, const struct xp_ext_call *c)
{
	/* Only the first letter counts, as in the kernel's ip4_string(). */
	xp_ip4_put(s, c->ptr, c->ext->name[0] == 'i', xp_ext_letter(c, 0));
	return 0;
}
