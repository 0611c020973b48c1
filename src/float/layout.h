/* layout.h - sign, padding, grouping and radix around the digits. */
#ifndef XP_FLOAT_LAYOUT_H
#define XP_FLOAT_LAYOUT_H

#include "digits.h"
#include "locale_numeric.h"
#include "rounded_digits.h"
#include "spec.h"

/* [sign][integer][radix][frac_lz zeros][frac_n digits][exp], digits from d. */
struct xp_fout {
	char sign;              /* 0, '-', '+' or ' ' */
	unsigned char int_zero; /* the integer part is a literal 0 */
	unsigned char point;    /* print the radix */
	unsigned char group;    /* insert thousands separators */
	size_t int_n;           /* integer digits taken from d (unless int_zero) */
	size_t frac_lz, frac_n;
	char exp[16];
	size_t exp_len;
};

/* The sign character a directive's flags ask for. */
static inline char xp_float_sign(const struct xp_spec *sp, int neg)
{
	if (neg)
		return '-';
	if (sp->flags & XP_F_PLUS)
		return '+';
	if (sp->flags & XP_F_SPACE)
		return ' ';
	return 0;
}

/* "e+05" at p: at least two exponent digits; returns the end.  Inline:
 * the fast %e/%g writers end with it. */
static inline char *xp_float_exp(char *p, char letter, int x)
{
	*p++ = letter;
	*p++ = x < 0 ? '-' : '+';
	unsigned u = x < 0 ? 0u - (unsigned)x : (unsigned)x; /* below 10^4 in every format (4966) */
	if (u >= 1000) {
		memcpy(p, xp_two_digits + 2 * (u / 100), 2);
		p += 2;
		u %= 100;
	} else if (u >= 100) {
		*p++ = (char)('0' + u / 100);
		u %= 100;
	}
	memcpy(p, xp_two_digits + 2 * u, 2);
	return p + 2;
}

void xp_float_layout(struct xp_sink *s, const struct xp_spec *sp, const struct xp_fout *o,
		     struct xp_digits *d, const struct xp_numeric *num);

/* inf / nan, padded with spaces whatever the flags. */
void xp_float_special(struct xp_sink *s, const struct xp_spec *sp, int neg, const char *word);

#endif
