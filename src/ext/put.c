/* put.c - small number writers shared by the %p extensions. */
#include "../digits.h"
#include "../ext.h"

void xp_ext_put_hex2(struct xp_sink *s, unsigned char byte, int upper)
{
	const char *hex = xp_hex_alphabet(upper);
	char two[2] = { hex[byte >> 4], hex[byte & 15] };
	xp_put(s, two, 2);
}

void xp_ext_put_dec(struct xp_sink *s, unsigned long long v)
{
	char buf[24];
	char *end = buf + sizeof buf;
	char *p = xp_dec_backwards(end, v);
	xp_put(s, p, (size_t)(end - p));
}

void xp_ext_put_dec_padded(struct xp_sink *s, long long v, unsigned digits)
{
	char buf[24];
	char *end = buf + sizeof buf;
	unsigned long long mag = v < 0 ? 0ull - (unsigned long long)v : (unsigned long long)v;
	char *p = xp_dec_backwards(end, mag);
	if (v < 0) {
		xp_putc(s, '-');
		if (digits)
			digits--; /* as glibc's %0*d: the sign counts */
	}
	size_t n = (size_t)(end - p);
	if (n < digits)
		xp_pad(s, '0', digits - n);
	xp_put(s, p, n);
}
