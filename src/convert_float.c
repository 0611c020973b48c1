/* convert_float.c - e E f F g G a A: decode, pick the digits, lay out. */
#include "convert.h"

#include <langinfo.h>
#include <string.h>

#include "float_decode.h"
#include "float_digits.h"
#include "float_fast.h"
#include "float_hex.h"
#include "float_layout.h"
#include "locale_numeric.h"

/* Kept digits stored on the stack up to this many; longer ones replay. */
#define XP_DIGIT_STORE 512

static void decimal(struct xp_sink *s, const struct xp_spec *sp, const struct xp_fpval *v,
		    const struct xp_numeric *num)
{
	char store[XP_DIGIT_STORE];
	struct xp_digits d;
	struct xp_fout o = {0};
	unsigned char c = sp->conv | 0x20;
	int alt = (sp->flags & XP_F_ALT) != 0;
	size_t prec = sp->prec < 0 ? 6 : (size_t)sp->prec;
	size_t fmax = xp_frac_digits_max(v);
	o.sign = xp_float_sign(sp, v->neg);
	o.group = (sp->flags & XP_F_GROUP) != 0;

	if (c == 'f') {
		int fni;
		size_t ni;
		if (xp_fast_plan(&d, v, 0, prec, &fni, store, sizeof store)) {
			ni = (size_t)fni;
		} else {
			ni = (size_t)xp_digits_start(&d, v, 0, store, sizeof store);
			size_t take = prec < fmax ? prec : fmax;
			xp_digits_plan(&d, ni + take);
		}
		o.int_n = ni + (size_t)d.carry;
		o.int_zero = o.int_n == 0;
		o.point = prec > 0 || alt;
		o.frac_n = prec;
		xp_float_layout(s, sp, &o, &d, num);
		return;
	}

	size_t sig = c == 'g' && prec == 0 ? 1 : c == 'g' ? prec : prec + 1;
	int fni;
	size_t ni;
	if (xp_fast_plan(&d, v, 1, sig, &fni, store, sizeof store)) {
		ni = (size_t)fni;
	} else {
		ni = (size_t)xp_digits_start(&d, v, 1, store, sizeof store);
		size_t avail = ni + fmax - d.lead_zeros; /* digits of the exact expansion */
		xp_digits_plan(&d, sig < avail ? sig : avail);
	}
	long x;
	if (v->is_zero)
		x = 0;
	else if (ni)
		x = (long)ni - 1 + d.carry;
	else
		x = -(long)d.lead_zeros - 1 + d.carry;
	size_t nz = d.last_nz; /* significant digits after stripping zeros */

	if (c == 'g' && x < (long)sig && x >= -4) {
		if (x >= 0) {
			o.int_n = (size_t)x + 1;
			o.frac_n = alt ? sig - o.int_n : nz > o.int_n ? nz - o.int_n : 0;
		} else {
			o.int_zero = 1;
			o.frac_lz = (size_t)(-x - 1);
			o.frac_n = alt ? sig : nz;
		}
		o.point = o.frac_n > 0 || alt;
		if (!o.point)
			o.frac_lz = 0;
		xp_float_layout(s, sp, &o, &d, num);
		return;
	}
	o.int_n = 1;
	if (c == 'e')
		o.frac_n = sig - 1;
	else if (alt)
		/* glibc: a round up from f style (x was sig - 1) into e style
		 * keeps the f style's zero fraction digits: %#g of 999999.5 is 1.e+06 */
		o.frac_n = d.carry && x == (long)sig ? 0 : sig - 1;
	else
		o.frac_n = nz > 1 ? nz - 1 : 0;
	o.point = o.frac_n > 0 || alt;
	o.exp_len = xp_float_exp(o.exp, (sp->conv == 'E' || sp->conv == 'G') ? 'E' : 'e', x);
	xp_float_layout(s, sp, &o, &d, num);
}

int xp_convert_float(struct xp_sink *s, const struct xp_spec *sp, const union xp_arg *v)
{
	struct xp_fpval fv;
	if (sp->ldbl)
		xp_decode_long_double(&fv, v->ld);
	else
		xp_decode_double(&fv, v->d);
	int upper = sp->conv == 'E' || sp->conv == 'F' || sp->conv == 'G' || sp->conv == 'A';
	if (fv.kind == XP_FP_INF) {
		xp_float_special(s, sp, fv.neg, upper ? "INF" : "inf");
		return 0;
	}
	if (fv.kind == XP_FP_NAN) {
		xp_float_special(s, sp, fv.neg, upper ? "NAN" : "nan");
		return 0;
	}
	struct xp_numeric num;
	if (sp->flags & XP_F_GROUP) {
		xp_numeric_get(&num);
	} else {
		/* only the radix: the common case skips the grouping lookups */
		num.radix = nl_langinfo(RADIXCHAR);
		num.radix_len = num.radix[0] && !num.radix[1] ? 1 : strlen(num.radix);
		num.thousands_len = 0;
		num.thousands_sep = num.grouping = "";
	}
	if ((sp->conv | 0x20) == 'a')
		xp_float_hex(s, sp, &fv, &num);
	else
		decimal(s, sp, &fv, &num);
	return 0;
}
