/* convert_float.c - e E f F g G a A: decode, pick the digits, lay out. */
#include "convert.h"
#include "field.h"

#include <langinfo.h>
#include <stdlib.h>
#include <string.h>

#include "float/decode.h"
#include "float/fast.h"
#include "float/hex.h"
#include "float/layout.h"
#include "float/rounded_digits.h"
#include "locale_numeric.h"
#include "outdigits.h"

/* Kept digits stored on the stack up to this many; longer ones replay. */
#define XP_DIGIT_STORE 512
/* Fields up to this long are built on the stack and copied in one go. */
#define XP_BODY_MAX 320

/* What the layout needs from either digit source. */
struct planned {
	size_t ni;        /* integer digits before rounding */
	size_t lead;      /* leading fraction zeros skipped (e style) */
	size_t last_nz;   /* last nonzero final digit, 1-based */
	int carry;
};

/* The field of a fast-path result, built whole: no grouping, bounded size. */
static int put_direct(struct xp_sink *s, const struct xp_spec *sp, const struct xp_fout *o,
		      const struct xp_fast *f, const struct xp_numeric *num)
{
	size_t body_n = (o->int_zero ? 1 : o->int_n) + o->frac_lz + o->frac_n;
	if (body_n + o->exp_len + num->radix_len + 1 > XP_BODY_MAX)
		return 0;
	char body[XP_BODY_MAX];
	char *p = body;
	if (o->sign)
		*p++ = o->sign;
	size_t at = 0; /* position in the final digit string */
	if (o->int_zero) {
		*p++ = '0';
	} else {
		size_t k = o->int_n <= f->len ? o->int_n : f->len;
		memcpy(p, f->digits, k);
		memset(p + k, '0', o->int_n - k);
		p += o->int_n;
		at = k;
	}
	if (o->point) {
		memcpy(p, num->radix, num->radix_len);
		p += num->radix_len;
	}
	memset(p, '0', o->frac_lz);
	p += o->frac_lz;
	size_t k = f->len - at;
	if (k > o->frac_n)
		k = o->frac_n;
	memcpy(p, f->digits + at, k);
	memset(p + k, '0', o->frac_n - k);
	p += o->frac_n;
	memcpy(p, o->exp, o->exp_len);
	p += o->exp_len;

	size_t bytes = (size_t)(p - body);
	size_t chars = bytes - (o->point ? num->radix_len - 1 : 0);
	xp_field_built(s, sp->flags, xp_field_fill(sp->width, chars), body, o->sign != 0, bytes);
	return 1;
}

static void decimal(struct xp_sink *s, const struct xp_spec *sp, const struct xp_fpval *v,
		    const struct xp_numeric *num)
{
	char store[XP_DIGIT_STORE];
	struct xp_digits d;
	struct xp_fast f;
	struct planned pl;
	struct xp_fout o = {0};
	unsigned char c = sp->conv | 0x20;
	int alt = (sp->flags & XP_F_ALT) != 0;
	size_t prec = sp->prec < 0 ? 6 : (size_t)sp->prec;
	size_t fmax = xp_frac_digits_max(v);
	int e_mode = c != 'f';
	size_t sig = c == 'f' ? prec : c == 'e' ? prec + 1 : prec ? prec : 1;
	int fast = xp_fast_digits(&f, v, e_mode, sig, store);
	if (fast) {
		pl.ni = (size_t)f.ni;
		pl.lead = f.lead;
		pl.last_nz = f.last_nz;
		pl.carry = f.carry;
	} else {
		pl.ni = (size_t)xp_digits_start(&d, v, e_mode, store, sizeof store);
		if (!e_mode) {
			xp_digits_plan(&d, pl.ni + (prec < fmax ? prec : fmax));
		} else {
			size_t avail = pl.ni + fmax - d.lead_zeros; /* digits of the exact expansion */
			xp_digits_plan(&d, sig < avail ? sig : avail);
		}
		pl.lead = d.lead_zeros;
		pl.last_nz = d.last_nz;
		pl.carry = d.carry;
	}
	o.sign = xp_float_sign(sp, v->neg);
	o.group = (sp->flags & XP_F_GROUP) != 0;

	if (c == 'f') {
		o.int_n = pl.ni + (size_t)pl.carry;
		o.int_zero = o.int_n == 0;
		o.point = prec > 0 || alt;
		o.frac_n = prec;
	} else {
		long x;
		if (v->is_zero)
			x = 0;
		else if (pl.ni)
			x = (long)pl.ni - 1 + pl.carry;
		else
			x = -(long)pl.lead - 1 + pl.carry;
		size_t nz = pl.last_nz; /* significant digits after stripping zeros */
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
		} else {
			o.int_n = 1;
			if (c == 'e')
				o.frac_n = sig - 1;
			else if (alt)
				/* glibc: a round up from f style (x was sig - 1) into e style
				 * keeps the f style's zero fraction digits: %#g of 999999.5
				 * is 1.e+06 */
				o.frac_n = pl.carry && x == (long)sig ? 0 : sig - 1;
			else
				o.frac_n = nz > 1 ? nz - 1 : 0;
			o.point = o.frac_n > 0 || alt;
			o.exp_len = (size_t)(xp_float_exp(o.exp, (sp->conv == 'E' || sp->conv == 'G') ? 'E' : 'e',
							  (int)x) - o.exp);
		}
	}
	if (fast) {
		if (!o.group && put_direct(s, sp, &o, &f, num))
			return;
		/* hand the finished string to the general layout */
		d.v = v;
		d.kept = f.len;
		d.up = d.carry = 0;
		d.store = f.digits;
		d.stored = 1;
		d.replay = 0;
		d.pos = 0;
	}
	xp_float_layout(s, sp, &o, &d, num);
}

/* A sink that keeps nothing and counts characters: bytes, but in a UTF-8
 * locale only those that start one. */
struct char_count_sink {
	struct xp_sink sink;
	size_t chars;
	int utf8;
	char buf[256];
};

static size_t count_chars(const struct char_count_sink *c, const char *p, size_t n)
{
	if (!c->utf8)
		return n;
	size_t k = 0;
	for (size_t i = 0; i < n; i++)
		k += ((unsigned char)p[i] & 0xc0) != 0x80;
	return k;
}

static void char_count_drain(struct xp_sink *s, const char *p, size_t n)
{
	struct char_count_sink *c = (struct char_count_sink *)s;
	c->chars += count_chars(c, s->base, (size_t)(s->pos - s->base)) + count_chars(c, p, n);
	s->pos = s->base;
}

/* e f g under the I flag, where the locale has digits of its own: glibc
 * pads by the characters of the number as without the flag, then writes
 * the number rewritten; its padding zeros stay ASCII. */
static void float_outdigits(struct xp_sink *s, const struct xp_spec *sp, const struct xp_fpval *v,
			    const struct xp_outdigits *od)
{
	struct xp_spec bare = *sp;
	bare.width = 0;
	bare.flags &= ~(XP_F_LEFT | XP_F_ZERO | XP_F_ZERO_LEFT | XP_F_PLUS | XP_F_SPACE | XP_F_I18N);
	struct xp_fpval body = *v;
	body.neg = 0;
	char sign = xp_float_sign(sp, v->neg);

	struct char_count_sink c = { .chars = 0, .utf8 = MB_CUR_MAX > 1 };
	c.sink.base = c.sink.pos = c.buf;
	c.sink.end = c.buf + sizeof c.buf;
	c.sink.drain = char_count_drain;
	xp_convert_fpval(&c.sink, &bare, &body);
	char_count_drain(&c.sink, NULL, 0);
	size_t chars = c.chars + (sign != 0);
	size_t right = xp_field_open(s, sp->flags, xp_field_fill(sp->width, chars), &sign, sign != 0);
	struct xp_outdigits_sink o;
	xp_outdigits_sink_init(&o, s, od);
	xp_convert_fpval(&o.sink, &bare, &body);
	xp_outdigits_sink_finish(&o);
	xp_field_close(s, sp->flags, right);
}

int xp_convert_float(struct xp_sink *s, const struct xp_spec *sp, const union xp_arg *v)
{
	struct xp_fpval fv = { .pseudo_denormal = 0 };
	if (sp->ldbl)
		xp_decode_long_double(&fv, v->ld, (sp->conv | 0x20) == 'a');
	else
		xp_decode_double(&fv, v->d);
	xp_convert_fpval(s, sp, &fv);
	return 0;
}

void xp_convert_fpval(struct xp_sink *s, const struct xp_spec *sp, const struct xp_fpval *pv)
{
	/* Read through pv, not from a copy: its fields were stored one by one
	 * just now, and a struct copy's 16-byte loads over them would wait for
	 * those stores to retire. */
	const struct xp_fpval *v = pv;
	int upper = sp->conv == 'E' || sp->conv == 'F' || sp->conv == 'G' || sp->conv == 'A';
	if (v->kind == XP_FP_INF) {
		xp_float_special(s, sp, v->neg, upper ? "INF" : "inf");
		return;
	}
	if (v->kind == XP_FP_NAN) {
		xp_float_special(s, sp, v->neg, upper ? "NAN" : "nan");
		return;
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
	unsigned char c = sp->conv | 0x20;
	if ((sp->flags & XP_F_I18N) && c != 'a') {
		struct xp_outdigits od;
		if (xp_outdigits_get(&od)) {
			float_outdigits(s, sp, v, &od);
			return;
		}
	}
	if (c == 'a') {
		if (sp->flags & XP_F_ZERO_LEFT) {
			/* glibc pads %a neither left nor right then */
			struct xp_spec bare = *sp;
			bare.width = 0;
			xp_float_hex(s, &bare, v, &num);
			return;
		}
		xp_float_hex(s, sp, v, &num);
		return;
	}
	struct xp_fpval fixed;
	if (v->pseudo_denormal && (v->m[0] || v->m[1] & 0x7fffffffu)) {
		/* glibc's decimal conversions read it as a denormal without its
		 * integer bit, unless that leaves zero (then as the hardware
		 * does, 2^-16382); %La keeps the bit, as above. */
		fixed = *v;
		fixed.m[1] &= 0x7fffffffu;
		v = &fixed;
	}
	if (!(sp->flags & (XP_F_GROUP | XP_F_ZERO_LEFT))) {
		if (c == 'f' ? xp_fast_fixed(s, sp, v, num.radix, num.radix_len)
			     : (c == 'e' || c == 'g') && xp_fast_exp(s, sp, v, num.radix, num.radix_len))
			return;
	}
	decimal(s, sp, v, &num);
}
