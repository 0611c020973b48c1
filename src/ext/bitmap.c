/* bitmap.c - %*pb (hex, 32-bit chunks, most significant first, separated
 * by ',') and %*pbl (ranges "0,3-6,8-10") over an unsigned long array.
 * The field width is the number of bits; omitted means none. */
#include "../digits.h"
#include "../ext.h"

#include <limits.h>

#define LONG_BITS (sizeof(unsigned long) * CHAR_BIT)

static int bit(const unsigned long *map, size_t i)
{
	return (int)(map[i / LONG_BITS] >> (i % LONG_BITS) & 1);
}

/* The 32 bits from bit i (i a multiple of 32), masked to n bits. */
static unsigned long chunk(const unsigned long *map, size_t i, unsigned n)
{
	unsigned long v = map[i / LONG_BITS] >> (i % LONG_BITS);
	return n >= 32 ? v & 0xffffffffUL : v & ((1UL << n) - 1);
}

static void put_hex(struct xp_sink *s, const unsigned long *map, size_t nbits)
{
	if (!nbits)
		return;
	/* The top chunk prints only the digits its bits need. */
	unsigned top = (unsigned)(nbits % 32);
	if (!top)
		top = 32;
	size_t i = nbits - top;
	unsigned n = top;
	for (;;) {
		char buf[8];
		char *end = buf + sizeof buf;
		char *p = xp_hex_backwards(end, chunk(map, i, n), 0);
		size_t digits = (n + 3) / 4;
		if ((size_t)(end - p) < digits)
			xp_pad(s, '0', digits - (size_t)(end - p));
		xp_put(s, p, (size_t)(end - p));
		if (!i)
			break;
		xp_putc(s, ',');
		i -= 32;
		n = 32;
	}
}

static void put_list(struct xp_sink *s, const unsigned long *map, size_t nbits)
{
	int first = 1;
	for (size_t i = 0; i < nbits; i++) {
		if (!bit(map, i))
			continue;
		size_t last = i;
		while (last + 1 < nbits && bit(map, last + 1))
			last++;
		if (!first)
			xp_putc(s, ',');
		first = 0;
		xp_ext_put_dec(s, i);
		if (last > i) {
			xp_putc(s, '-');
			xp_ext_put_dec(s, last);
		}
		i = last;
	}
}

int xp_ext_bitmap(struct xp_sink *s, const struct xp_ext_call *c)
{
	size_t nbits = c->spec->width;
	if (xp_ext_letter(c, 0) == 'l')
		put_list(s, c->ptr, nbits);
	else
		put_hex(s, c->ptr, nbits);
	return 0;
}
