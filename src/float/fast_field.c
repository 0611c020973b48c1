/* fast_field.c - the fast path's fields: %f, %e and %g of a double
 * built whole from the digits, then padded. */
#include "fast.h"

#include <langinfo.h>
#include <string.h>

#include "fast_digits.h"
#include "field.h"
#include "layout.h"
#include "spec.h"

#ifdef __SIZEOF_INT128__
/* Without a width the field is built straight in the sink's window when it
 * has room (no copy); otherwise in the caller's buffer. */
#define XP_FAST_FIELD 64
/* Longest field the fast writers build: sign, 20 integer digits, an 8-byte
 * radix and 19 decimals (%f); %e/%g stay below it. */
#define XP_FAST_FIELD_MAX 48
static inline char *field_start(struct xp_sink *s, const struct xp_spec *sp, char *local)
{
	return !sp->width && (size_t)(s->end - s->pos) >= XP_FAST_FIELD_MAX ? s->pos : local;
}

/* A field built in the window is in place; one built in local (sign
 * first) is padded on its way out. */
static inline void field_end(struct xp_sink *s, const struct xp_spec *sp, const char *body,
			     const char *local, size_t bytes, size_t chars, int has_sign)
{
	if (body != local)
		s->pos += bytes;
	else
		xp_field_built(s, sp->flags, xp_field_fill(sp->width, chars), body, has_sign != 0,
			       bytes);
}

static inline char *put_radix(char *p, const char *radix, size_t radix_len)
{
	if (radix_len == 1) {
		*p++ = radix[0];
		return p;
	}
	memcpy(p, radix, radix_len);
	return p + radix_len;
}

int xp_fast_fixed(struct xp_sink *s, const struct xp_spec *sp, const struct xp_fpval *v,
		  const char *radix, size_t radix_len)
{
	unsigned prec = sp->prec < 0 ? 6 : (unsigned)sp->prec;
	if (prec > 19 || (v->m[2] | v->m[3]) || radix_len > 8)
		return 0;
	int mode = xp_rounding_mode(); /* early, as in xp_fast_exp */
	uint64_t m = (uint64_t)v->m[1] << 32 | v->m[0];
	int e = v->is_zero ? 0 : v->e;
	uint64_t ip, q;
	int half, more;
	if (e >= 0) {
		if (e >= 64 || (e && m >> (64 - e)))
			return 0;
		ip = m << e;
		q = 0;
		half = more = 0;
	} else {
		int sh = -e;
		u128 f = sh < 64 ? m & ((1ull << sh) - 1) : m;
		ip = sh < 64 ? m >> sh : 0;
		u128 x = f * xp_pow10_u64[prec];
		if (sh < 128) {
			q = (uint64_t)(x >> sh);
			u128 rem = x & (((u128)1 << sh) - 1);
			u128 h = (u128)1 << (sh - 1);
			half = rem >= h;
			more = (rem & (h - 1)) != 0;
		} else {
			/* x < 2^128 <= 2^(sh-1) unless sh == 128 */
			u128 h = (u128)1 << 127;
			q = 0;
			half = sh == 128 && x >= h;
			more = sh == 128 ? (x & (h - 1)) != 0 : x != 0;
		}
	}
	if ((half || more) &&
	    xp_round_away(v->neg, (int)((prec ? q : ip) & 1), half, more, mode)) {
		if (++q == xp_pow10_u64[prec] || !prec) {
			q = 0;
			if (++ip == 0)
				return 0; /* 2^64: leave it to the general path */
		}
	}

	char local[XP_FAST_FIELD];
	char *body = field_start(s, sp, local);
	char *p = body;
	char sign = xp_float_sign(sp, v->neg);
	if (sign)
		*p++ = sign;
	int n = (int)xp_dec_len(ip);
	xp_put_fixed(p, ip, n);
	p += n;
	int point = prec || (sp->flags & XP_F_ALT);
	if (point)
		p = put_radix(p, radix, radix_len);
	xp_put_fixed(p, q, (int)prec);
	p += prec;
	size_t bytes = (size_t)(p - body);
	field_end(s, sp, body, local, bytes, bytes - (point ? radix_len - 1 : 0), sign != 0);
	return 1;
}
/* e+XX / E-XXX at p; returns the end. */
static inline char *put_exponent(char *p, const struct xp_spec *sp, int x)
{
	return xp_float_exp(p, sp->conv == 'E' || sp->conv == 'G' ? 'E' : 'e', x);
}

#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
/* The len (<= 16) low bytes of w at p, lowest first, and nothing past them:
 * at most two overlapping stores. */
static inline void store_bytes(char *p, u128 w, size_t len)
{
	if (len >= 8) {
		uint64_t a = (uint64_t)w, b = (uint64_t)(w >> (8 * (len - 8)));
		memcpy(p, &a, 8);
		memcpy(p + len - 8, &b, 8);
	} else if (len >= 4) {
		uint32_t a = (uint32_t)w, b = (uint32_t)(w >> (8 * (len - 4)));
		memcpy(p, &a, 4);
		memcpy(p + len - 4, &b, 4);
	} else if (len) {
		p[0] = (char)w;
		p[len / 2] = (char)(w >> (8 * (len / 2)));
		p[len - 1] = (char)(w >> (8 * (len - 1)));
	}
}

/*
 * %e/%g of k, the sig (<= 8) rounded significant digits, first digit at
 * 10^x, with a one-byte radix.  The digits stay in a register (one byte
 * each, xp_dec8_lanes) and the number is assembled there: no staging
 * buffer whose copy would wait on its byte stores (see digits.h), no loop
 * over the digits, no branch on where the point falls.
 */
static int exp_from_word(struct xp_sink *s, const struct xp_spec *sp, int neg, uint64_t k,
			 size_t sig, int x, int carry, char radix)
{
	const u128 zeros = (u128)0x3030303030303030ull << 64 | 0x3030303030303030ull;
	unsigned char c = sp->conv | 0x20;
	int alt = (sp->flags & XP_F_ALT) != 0;
	uint64_t raw = xp_dec8_lanes((unsigned)k) >> (8 * (8 - sig)); /* digit i in byte i */
	/* digits up to the last nonzero one (the first is never 0) */
	size_t nz = c == 'g' && !alt ? (size_t)(71 - __builtin_clzll(raw)) / 8 : sig;

	char local[XP_FAST_FIELD];
	char *body = field_start(s, sp, local);
	char *p = body;
	char sign = xp_float_sign(sp, neg);
	*p = sign;
	p += sign != 0;
	int point;
	if (c == 'g' && x < (long)sig && x >= -4) {
		size_t show = alt ? sig : nz; /* significant digits printed */
		u128 w;
		size_t len;
		if (x >= 0) {
			size_t ni = (size_t)x + 1;
			point = show > ni || alt;
			/* open a gap for the point after the ni integer digits */
			u128 low = ((u128)1 << (8 * ni)) - 1;
			w = (((u128)raw & low) | ((u128)raw & ~low) << 8 | zeros) & ~((u128)0xff << (8 * ni));
			w |= (u128)(unsigned char)radix << (8 * ni);
			len = ni + (size_t)point + (show > ni ? show - ni : 0);
		} else {
			/* "0", the point, -x-1 zeros, the digits */
			size_t lz = (size_t)(-x - 1);
			point = 1;
			w = ((zeros & ~(u128)0xff00) | (u128)(unsigned char)radix << 8) |
			    (u128)raw << (8 * (2 + lz));
			len = 2 + lz + show;
		}
		store_bytes(p, w, len);
		p += len;
	} else {
		size_t frac = c == 'e' ? sig - 1 : !alt ? nz - 1 : carry && x == (long)sig ? 0 : sig - 1;
		uint64_t ascii = raw | 0x3030303030303030ull;
		*p++ = (char)ascii;
		point = frac > 0 || alt;
		*p = radix;
		p += point;
		/* frac <= 7 digits; the bytes stored past them lie where the
		 * exponent (4 bytes at least) goes next */
		uint64_t rest = ascii >> 8;
		if (frac >= 4)
			memcpy(p, &rest, 8);
		else
			memcpy(p, &rest, 4);
		p = put_exponent(p + frac, sp, x);
	}
	size_t bytes = (size_t)(p - body);
	field_end(s, sp, body, local, bytes, bytes, sign != 0);
	return 1;
}
#endif

int xp_fast_exp(struct xp_sink *s, const struct xp_spec *sp, const struct xp_fpval *v,
		const char *radix, size_t radix_len)
{
	unsigned char c = sp->conv | 0x20;
	size_t prec = sp->prec < 0 ? 6 : (size_t)sp->prec;
	size_t sig = c == 'e' ? prec + 1 : prec ? prec : 1;
	if (sig > 17 || v->is_zero || (v->m[2] | v->m[3]) || radix_len > 8)
		return 0;
	/* read first: the control word's store and reload then overlap the
	 * digits' arithmetic instead of following it */
	int mode = xp_rounding_mode();
	uint64_t dq;
	int sticky, x;
	if (!xp_fast_table_digits(v, sig, &dq, &sticky, &x))
		return 0;
	/* dq = sig kept digits and the round digit */
	unsigned r = (unsigned)(dq % 10);
	uint64_t k = dq / 10;
	int half = r >= 5, more = (r != 0 && r != 5) || sticky;
	int carry = 0;
	if ((r || more) && xp_round_away(v->neg, (int)(k & 1), half, more, mode)) {
		if (++k == xp_pow10_u64[sig]) {
			k = xp_pow10_u64[sig - 1];
			x++;
			carry = 1;
		}
	}
	int alt = (sp->flags & XP_F_ALT) != 0;
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	if (sig <= 8 && radix_len == 1)
		return exp_from_word(s, sp, v->neg, k, sig, x, carry, radix[0]);
#endif
	char dig[20];
	xp_put_fixed(dig, k, (int)sig);
	size_t nz = sig; /* digits up to the last nonzero one */
	if (c == 'g' && !alt)
		while (nz > 1 && dig[nz - 1] == '0')
			nz--;

	char local[XP_FAST_FIELD];
	char *body = field_start(s, sp, local);
	char *p = body;
	char sign = xp_float_sign(sp, v->neg);
	if (sign)
		*p++ = sign;
	int point;
	if (c == 'g' && x < (long)sig && x >= -4) {
		size_t show = alt ? sig : nz; /* significant digits printed */
		if (x >= 0) {
			size_t ni = (size_t)x + 1;
			memcpy(p, dig, ni);
			p += ni;
			point = show > ni || alt;
			if (point) {
				p = put_radix(p, radix, radix_len);
			}
			if (show > ni) {
				memcpy(p, dig + ni, show - ni);
				p += show - ni;
			}
		} else {
			*p++ = '0';
			point = 1;
			p = put_radix(p, radix, radix_len);
			size_t lz = (size_t)(-x - 1);
			memset(p, '0', lz);
			p += lz;
			memcpy(p, dig, show);
			p += show;
		}
	} else {
		size_t frac = c == 'e' ? sig - 1 : !alt ? nz - 1 : carry && x == (long)sig ? 0 : sig - 1;
		*p++ = dig[0];
		point = frac > 0 || alt;
		if (point) {
			p = put_radix(p, radix, radix_len);
		}
		memcpy(p, dig + 1, frac);
		p = put_exponent(p + frac, sp, x);
	}
	size_t bytes = (size_t)(p - body);
	field_end(s, sp, body, local, bytes, bytes - (point ? radix_len - 1 : 0), sign != 0);
	return 1;
}

#else
int xp_fast_exp(struct xp_sink *s, const struct xp_spec *sp, const struct xp_fpval *v,
		const char *radix, size_t radix_len)
{
	(void)s, (void)sp, (void)v, (void)radix, (void)radix_len;
	return 0;
}

int xp_fast_fixed(struct xp_sink *s, const struct xp_spec *sp, const struct xp_fpval *v,
		  const char *radix, size_t radix_len)
{
	(void)s, (void)sp, (void)v, (void)radix, (void)radix_len;
	return 0;
}
#endif

int xp_fast_double(struct xp_sink *s, double d, unsigned flags, unsigned width, int prec,
		   unsigned char conv)
{
	unsigned char c = conv | 0x20;
	if ((c != 'e' && c != 'f' && c != 'g') || (flags & XP_F_GROUP))
		return 0;
	struct xp_fpval v;
	xp_decode_double(&v, d);
	if (v.kind != XP_FP_FINITE)
		return 0;
	const char *radix = nl_langinfo(RADIXCHAR);
	if (!radix[0] || radix[1])
		return 0;
	struct xp_spec sp = { .flags = flags, .width = width, .prec = prec, .conv = conv,
			      .type = XP_A_DOUBLE };
	return c == 'f' ? xp_fast_fixed(s, &sp, &v, radix, 1) : xp_fast_exp(s, &sp, &v, radix, 1);
}
