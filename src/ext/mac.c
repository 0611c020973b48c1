/* mac.c - %pM 00:01:02:03:04:05, %pMR reversed, %pMF dashes, %pm and %pmR
 * without separators.  Only the first letter counts, as in the kernel. */
#include "../ext.h"

int xp_ext_mac(struct xp_sink *s, const struct xp_ext_call *c)
{
	const unsigned char *addr = c->ptr;
	char letter = xp_ext_letter(c, 0);
	char sep = letter == 'F' ? '-' : ':';
	int reversed = letter == 'R';
	int separated = c->ext->name[0] == 'M';
	for (int i = 0; i < 6; i++) {
		xp_ext_put_hex2(s, addr[reversed ? 5 - i : i], 0);
		if (separated && i < 5)
			xp_putc(s, sep);
	}
	return 0;
}
