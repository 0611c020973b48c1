/* uuid.c - %pUb (default) / %pUB big endian, %pUl / %pUL little-endian
 * first three fields; upper-case letters print upper-case hex. */
#include "../ext.h"

int xp_ext_uuid(struct xp_sink *s, const struct xp_ext_call *c)
{
	static const unsigned char big[16] = { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15 };
	static const unsigned char little[16] = { 3, 2, 1, 0, 5, 4, 7, 6, 8, 9, 10, 11, 12, 13, 14, 15 };
	const unsigned char *bytes = c->ptr;
	char letter = xp_ext_letter(c, 0);
	const unsigned char *order = letter == 'l' || letter == 'L' ? little : big;
	int upper = letter == 'B' || letter == 'L';
	for (int i = 0; i < 16; i++) {
		xp_ext_put_hex2(s, bytes[order[i]], upper);
		if (i == 3 || i == 5 || i == 7 || i == 9)
			xp_putc(s, '-');
	}
	return 0;
}
