/* float_hex.c - %a: the leading nibble, the mantissa's other nibbles with
 * trailing zeros dropped, rounded to the precision in the current mode. */
#include "float_hex.h"

#include "float_digits.h"
#include "float_layout.h"

static unsigned nibble(const uint32_t m[4], int i)
{
	return (m[i / 8] >> (4 * (i % 8))) & 15u;
}

void xp_float_hex(struct xp_sink *s, const struct xp_spec *sp, const struct xp_fpval *v,
		  const struct xp_numeric *num)
{
	const char *hex = sp->conv == 'A' ? "0123456789ABCDEF" : "0123456789abcdef";
	int nf = v->nibbles;
	unsigned lead = nibble(v->m, nf);
	unsigned char dig[32];           /* nibbles after the leading one, most significant first */
	int nd = 0;
	long exp = 0;
	if (!v->is_zero) {
		exp = (long)v->e + 4 * nf;
		for (int i = 0; i < nf; i++)
			dig[i] = (unsigned char)nibble(v->m, nf - 1 - i);
		nd = nf;
		while (nd > 0 && dig[nd - 1] == 0)
			nd--;
	}
	int prec = sp->prec;
	if (prec < 0) {
		prec = nd;
	} else if (prec < nd) {
		unsigned last = prec > 0 ? dig[prec - 1] : lead;
		unsigned next = dig[prec];
		int more = (next & 7) != 0 || prec + 1 < nd;
		if (xp_round_away(v->neg, last & 1, next >= 8, more, xp_rounding_mode())) {
			int i = prec - 1;
			while (i >= 0 && dig[i] == 15)
				dig[i--] = 0;
			if (i >= 0) {
				dig[i]++;
			} else if (lead < 15) {
				lead++;
			} else {
				lead = 1;
				exp += 4;
			}
		}
		nd = prec;
	}

	char body[80];
	size_t n = 0;
	char sign = xp_float_sign(sp, v->neg);
	body[n++] = hex[lead];
	size_t lead_len = n;
	char tail[80];
	size_t t = 0;
	for (int i = 0; i < nd; i++)
		tail[t++] = hex[dig[i]];
	size_t zeros = (size_t)prec > (size_t)nd ? (size_t)prec - (size_t)nd : 0;
	char ex[24];
	size_t exlen = 0;
	ex[exlen++] = sp->conv == 'A' ? 'P' : 'p';
	ex[exlen++] = exp < 0 ? '-' : '+';
	{
		char r[20];
		size_t k = 0;
		unsigned long u = exp < 0 ? 0ul - (unsigned long)exp : (unsigned long)exp;
		do
			r[k++] = (char)('0' + u % 10);
		while (u /= 10);
		while (k)
			ex[exlen++] = r[--k];
	}
	int point = prec > 0 || (sp->flags & XP_F_ALT);
	size_t chars = (sign != 0) + 2 + lead_len + (size_t)point + t + zeros + exlen;
	size_t fill = sp->width > chars ? sp->width - chars : 0;
	int left = (sp->flags & XP_F_LEFT) != 0;
	int zero = (sp->flags & XP_F_ZERO) != 0;
	if (fill && !left && !zero)
		xp_pad(s, ' ', fill);
	if (sign)
		xp_putc(s, sign);
	xp_putc(s, '0');
	xp_putc(s, sp->conv == 'A' ? 'X' : 'x');
	if (fill && !left && zero)
		xp_pad(s, '0', fill);
	xp_put(s, body, lead_len);
	if (point)
		xp_put(s, num->radix, num->radix_len);
	xp_put(s, tail, t);
	if (zeros)
		xp_pad(s, '0', zeros);
	xp_put(s, ex, exlen);
	if (fill && left)
		xp_pad(s, ' ', fill);
}
