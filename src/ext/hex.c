/* hex.c - %*ph "00 01 02", %*phC colons, %*phD dashes, %*phN no separator.
 * The field width is the length: 1 byte when omitted, at most 64 (the
 * kernel's limits); an explicit 0 prints nothing (see the table row). */
#include "../ext.h"

int xp_ext_hex(struct xp_sink *s, const struct xp_ext_call *c)
{
	const unsigned char *buf = c->ptr;
	char sep;
	switch (xp_ext_letter(c, 0)) {
	case 'C': sep = ':'; break;
	case 'D': sep = '-'; break;
	case 'N': sep = 0; break;
	default: sep = ' '; break;
	}
	size_t len = 1;
	if (xp_ext_width_given(c->spec))
		len = c->spec->width < 64 ? c->spec->width : 64;
	for (size_t i = 0; i < len; i++) {
		xp_ext_put_hex2(s, buf[i], 0);
		if (sep && i + 1 < len)
			xp_putc(s, sep);
	}
	return 0;
}
