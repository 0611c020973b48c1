/* ipv6.c - %pI6 (0001:0002:...), %pi6 (32 hex digits), %pI6c (RFC 5952). */
#include "../digits.h"
#include "../ext.h"
#include "ip.h"

void xp_ip6_put_full(struct xp_sink *s, const unsigned char addr[16], int colons)
{
	for (int i = 0; i < 16; i += 2) {
		xp_ext_put_hex2(s, addr[i], 0);
		xp_ext_put_hex2(s, addr[i + 1], 0);
		if (colons && i < 14)
			xp_putc(s, ':');
	}
}

static int is_zero(const unsigned char *p, int n)
{
	for (int i = 0; i < n; i++)
		if (p[i])
			return 0;
	return 1;
}

/* ::ffff:a.b.c.d, or the kernel's ISATAP test (interface id 0[02]00:5efe). */
static int has_ipv4_tail(const unsigned char a[16])
{
	if (is_zero(a, 10) && a[10] == 0xff && a[11] == 0xff)
		return 1;
	return (a[8] | 0x02) == 0x02 && a[9] == 0 && a[10] == 0x5e && a[11] == 0xfe;
}

void xp_ip6_put_compressed(struct xp_sink *s, const unsigned char addr[16])
{
	const char *hex = xp_hex_alphabet(0);
	int v4 = has_ipv4_tail(addr);
	int groups = v4 ? 6 : 8;
	unsigned word[8];
	for (int i = 0; i < 8; i++)
		word[i] = (unsigned)addr[2 * i] << 8 | addr[2 * i + 1];

	/* The longest run of zero groups; a single one stays (RFC 5952 4.2.2). */
	int best = -1, best_len = 1;
	for (int i = 0; i < groups; i++) {
		int n = 0;
		while (i + n < groups && word[i + n] == 0)
			n++;
		if (n > best_len) {
			best = i;
			best_len = n;
		}
	}

	int need_colon = 0;
	for (int i = 0; i < groups; i++) {
		if (i == best) {
			/* Any group before it already ended without its colon. */
			xp_put(s, "::", 2);
			need_colon = 0;
			i += best_len - 1;
			continue;
		}
		if (need_colon)
			xp_putc(s, ':');
		int started = 0;
		for (int shift = 12; shift >= 0; shift -= 4) {
			unsigned d = (word[i] >> shift) & 15;
			if (started || d || shift == 0) {
				xp_putc(s, hex[d]);
				started = 1;
			}
		}
		need_colon = 1;
	}
	if (v4) {
		if (need_colon)
			xp_putc(s, ':');
		xp_ip4_put(s, addr + 12, 0, 'n');
	}
}

int xp_ext_ipv6(struct xp_sink *s, const struct xp_ext_call *c)
{
	int colons = c->ext->name[0] == 'I';
	if (colons && xp_ext_letter(c, 0) == 'c')
		xp_ip6_put_compressed(s, c->ptr);
	else
		xp_ip6_put_full(s, c->ptr, colons);
	return 0;
}
