/* hex.c - %a: the leading nibble, the mantissa's other nibbles with
 * trailing zeros dropped, rounded to the precision in the current mode. */
#include "hex.h"

#include "digits.h"
#include "field.h"
#include "layout.h"
#include "rounded_digits.h"

#include <float.h>
#include <langinfo.h>
#include <string.h>

static unsigned nibble(const uint32_t m[4], int i)
{
	return (m[i / 8] >> (4 * (i % 8))) & 15u;
}

/* u (below 10^4) at p without leading zeros; returns the end.  The digits
 * are stored most significant first, the places left of the number
 * clamped to p[0] where the later, real digits overwrite them.  GCC may
 * still branch on the length; the plain %a writer (hex_plain), where that
 * showed, stores a four-digit word before the bytes in front of it. */
static inline char *put_exponent_digits(char *p, unsigned u)
{
	int n = (int)xp_dec_len(u);
	const char *hi = xp_two_digits + 2 * (u / 100), *lo = xp_two_digits + 2 * (u % 100);
	p[n > 3 ? n - 4 : 0] = hi[0];
	p[n > 2 ? n - 3 : 0] = hi[1];
	p[n > 1 ? n - 2 : 0] = lo[0];
	p[n - 1] = lo[1];
	return p + n;
}

/* "p+3" / "P-16445" at p; returns the end. */
static char *put_binary_exponent(char *p, int upper, long exp)
{
	*p++ = upper ? 'P' : 'p';
	*p++ = exp < 0 ? '-' : '+';
	unsigned u = (unsigned)(exp < 0 ? -exp : exp); /* below 10^5 (x87 %La: 16445) */
	if (u >= 10000) { /* long double only: then four digits follow the first */
		*p++ = (char)('0' + u / 10000);
		u %= 10000;
		memcpy(p, xp_two_digits + 2 * (u / 100), 2);
		memcpy(p + 2, xp_two_digits + 2 * (u % 100), 2);
		return p + 4;
	}
	return put_exponent_digits(p, u);
}

/* Sign, "0x", zero padding, body, right padding; body holds the rest. */
/* The sign and 0x or 0X in front of a %a field; returns their length. */
static inline size_t hex_prefix(char *p, const struct xp_spec *sp, char sign)
{
	size_t n = sign != 0;
	p[0] = sign;
	p[n] = '0';
	p[n + 1] = sp->conv == 'A' ? 'X' : 'x';
	return n + 2;
}

/* Mantissas of up to 16 nibbles (double, x87) in one 64-bit word. */
static int hex_small(struct xp_sink *s, const struct xp_spec *sp, const struct xp_fpval *v,
		     const struct xp_numeric *num)
{
	int nf = v->nibbles;
	if (nf > 15 || (v->m[2] | v->m[3]) || (sp->prec > 40) || num->radix_len > 8)
		return 0;
	const char *hex = xp_hex_alphabet(sp->conv == 'A');
	uint64_t m = (uint64_t)v->m[1] << 32 | v->m[0];
	uint64_t frac = m & ((1ull << (4 * nf)) - 1);
	unsigned lead = (unsigned)(m >> (4 * nf));
	long exp = v->is_zero ? 0 : (long)v->e + 4 * nf;
	int nd = frac ? nf - __builtin_ctzll(frac) / 4 : 0; /* digits without trailing zeros */
	uint64_t digs = nd ? frac >> (4 * (nf - nd)) : 0;
	int prec = sp->prec < 0 ? nd : sp->prec;
	if (prec < nd) {
		int sh = 4 * (nd - prec);
		uint64_t kept = digs >> sh, drop = digs & ((1ull << sh) - 1);
		uint64_t h = 1ull << (sh - 1);
		int half = (drop & h) != 0, more = (drop & (h - 1)) != 0;
		if (xp_round_away(v->neg, (int)((prec ? kept : lead) & 1), half, more,
				  xp_rounding_mode())) {
			kept++;
			if (prec == 0 || kept >> (4 * prec)) {
				kept = 0;
				if (lead < 15) {
					lead++;
				} else {
					lead = 1;
					exp += 4;
				}
			}
		}
		digs = kept;
		nd = prec;
	}
	char local[96];
	/* no width: build the field straight in the sink's window when it fits */
	/* at most: sign, "0x", lead, radix (8), 40 digits, "p-16445" */
	size_t most = 12 + num->radix_len + (size_t)(prec > nf ? prec : nf) + 8;
	int in_place = !sp->width && (size_t)(s->end - s->pos) >= most;
	char *body = in_place ? s->pos : local;
	char *p = body;
	char sign = xp_float_sign(sp, v->neg);
	size_t np = hex_prefix(p, sp, sign);
	p += np;
	*p++ = hex[lead];
	int point = prec > 0 || (sp->flags & XP_F_ALT);
	if (point) {
		memcpy(p, num->radix, num->radix_len);
		p += num->radix_len;
	}
	/* the first prec of the nf places, written where they go (the field
	 * may be the caller's buffer: nothing past the output; and a staging
	 * buffer copied out would stall, see digits.h) */
	uint64_t al = nd ? digs << (4 * (nf - nd)) : 0;
	int shown = prec < nf ? prec : nf;
	xp_hex_exact(p, al >> (4 * (nf - shown)), (unsigned)shown, sp->conv == 'A');
	if (prec > nf)
		memset(p + nf, '0', (size_t)(prec - nf));
	p += prec;
	p = put_binary_exponent(p, sp->conv == 'A', exp);
	size_t bytes = (size_t)(p - body);
	if (in_place) {
		s->pos += bytes;
		return 1;
	}
	size_t chars = bytes - (point ? num->radix_len - 1 : 0);
	xp_field_built(s, sp->flags, xp_field_fill(sp->width, chars), body, np, bytes);
	return 1;
}

#if DBL_MANT_DIG == 53 && DBL_MAX_EXP == 1024 && DBL_MIN_EXP == -1021
/* The field of xp_float_hex_plain, its window checked; inline twice so
 * that upper is a constant in each copy (no selects on it).  Signs, digit
 * counts and exponent lengths are as random as the data: every position
 * is computed, none is branched on (a mispredicted exponent length cost
 * a fifth of the call). */
static inline __attribute__((always_inline)) void hex_plain(struct xp_sink *s, uint64_t bits,
							   int upper, char radix)
{
	unsigned biased = (unsigned)(bits >> 52) & 0x7ffu;
	uint64_t frac = bits & ((1ull << 52) - 1);
	int exp = biased ? (int)biased - 1023 : frac ? -1022 : 0;
	unsigned u = (unsigned)(exp < 0 ? -exp : exp); /* at most 1074 */
	unsigned n = 1u + (u >= 10) + (u >= 100) + (u >= 1000);
	/* [-]0x1[.digits]p+n: p after the sign, tail at the 'p' */
	char *p = s->pos + (bits >> 63);
	unsigned nd = frac ? 13 - (unsigned)__builtin_ctzll(frac) / 4 : 0; /* trailing zeros dropped */
	char *tail = p + 3 + (frac ? 1 + nd : 0);
	/* The exponent first, as four digits ("0074") ending where the field
	 * ends; the up to three bytes it writes before its own digits lie in
	 * the 'p', the sign and the digit before them, written after it. */
	char four[4];
	memcpy(four, xp_two_digits + 2 * (u / 100), 2);
	memcpy(four + 2, xp_two_digits + 2 * (u % 100), 2);
	memcpy(tail + n - 2, four, 4);
	s->pos[0] = '-'; /* overwritten by the '0' when positive */
	p[0] = '0';
	p[1] = upper ? 'X' : 'x';
	p[2] = biased ? '1' : '0'; /* glibc: subnormals as 0x0.<digits>p-1022 */
	if (frac) {
		p[3] = radix;
		xp_hex_exact(p + 4, frac >> (4 * (13 - nd)), nd, upper);
	}
	tail[0] = upper ? 'P' : 'p';
	tail[1] = exp < 0 ? '-' : '+';
	s->pos = tail + 2 + n;
}
#endif

int xp_float_hex_plain(struct xp_sink *s, double d, int upper, const char *radix)
{
#if DBL_MANT_DIG != 53 || DBL_MAX_EXP != 1024 || DBL_MIN_EXP != -1021
	(void)s, (void)d, (void)upper, (void)radix;
	return 0; /* not IEEE binary64: the decoding path knows the layout */
#else
	uint64_t bits;
	memcpy(&bits, &d, sizeof bits);
	/* not finite; a radix of other than one byte; a window shorter than
	 * sign, "0x", lead, radix, 13 digits, "p-1074" */
	if ((~bits & 0x7ffull << 52) == 0 || !radix[0] || radix[1] ||
	    (size_t)(s->end - s->pos) < 25)
		return 0;
	if (upper)
		hex_plain(s, bits, 1, radix[0]);
	else
		hex_plain(s, bits, 0, radix[0]);
	return 1;
#endif
}

void xp_float_hex(struct xp_sink *s, const struct xp_spec *sp, const struct xp_fpval *v,
		  const struct xp_numeric *num)
{
	if (hex_small(s, sp, v, num))
		return;
	const char *hex = xp_hex_alphabet(sp->conv == 'A');
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
	size_t exlen = (size_t)(put_binary_exponent(ex, sp->conv == 'A', exp) - ex);
	int point = prec > 0 || (sp->flags & XP_F_ALT);
	char pre[3];
	size_t np = hex_prefix(pre, sp, sign);
	size_t chars = np + lead_len + (size_t)point + t + zeros + exlen;
	size_t right = xp_field_open(s, sp->flags, xp_field_fill(sp->width, chars), pre, np);
	xp_put(s, body, lead_len);
	if (point)
		xp_put(s, num->radix, num->radix_len);
	xp_put(s, tail, t);
	if (zeros)
		xp_pad(s, '0', zeros);
	xp_put(s, ex, exlen);
	xp_field_close(s, sp->flags, right);
}
