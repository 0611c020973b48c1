/* float_fast.c - exact digits of a double with machine integers. */
#include "float_fast.h"

#include <langinfo.h>
#include <string.h>

#include "digits.h"
#include "float_layout.h"
#include "float_pow10.h"
#include "spec.h"

#ifdef __SIZEOF_INT128__
__extension__ typedef unsigned __int128 u128;

/* k digits of x (< 10^k), leading zeros included, ending at out + k. */
static void put_fixed(char *out, uint64_t x, int k)
{
	char *p = out + k;
	while (k >= 2) {
		p -= 2;
		memcpy(p, xp_two_digits + 2 * (x % 100), 2);
		x /= 100;
		k -= 2;
	}
	if (k)
		*--p = (char)('0' + x);
}

/* Decimal digits of x (no leading zeros; "" for 0); returns the count. */
static int put_u128(char *out, u128 x)
{
	if (x == 0)
		return 0;
	if ((uint64_t)(x >> 64) == 0) {
		int n = (int)xp_dec_len((uint64_t)x);
		put_fixed(out, (uint64_t)x, n);
		return n;
	}
	u128 hi = x / xp_pow10_u64[19];
	uint64_t lo = (uint64_t)(x - hi * xp_pow10_u64[19]);
	int n = put_u128(out, hi);
	put_fixed(out + n, lo, 19);
	return n + 19;
}

struct frac {
	u128 f;      /* fraction = f / 2^s */
	int s;
};

/* The next n fraction digits. */
static void frac_digits(struct frac *g, char *out, int n)
{
	while (n > 0) {
		if (g->f == 0) {
			memset(out, '0', (size_t)n);
			return;
		}
		int kmax = g->s <= 64 ? 19 : (128 - g->s) * 3 / 10;
		int k = n < kmax ? n : kmax;
		u128 prod = g->f * xp_pow10_u64[k];
		uint64_t chunk = (uint64_t)(prod >> g->s);
		g->f = prod & (((u128)1 << g->s) - 1);
		put_fixed(out, chunk, k);
		out += k;
		n -= k;
	}
}

/* Round the kept digits buf[0..kept) by buf[kept] and `sticky`; fill res. */
static void finish_digits(struct xp_fast *res, const struct xp_fpval *v, char *buf, size_t kept,
			  int sticky)
{
	int r = buf[kept] - '0';
	int more = (r != 0 && r != 5) || sticky;
	int carry = 0;
	if ((r || more) && xp_round_away(v->neg, kept ? (buf[kept - 1] - '0') & 1 : 0, r >= 5,
					 more, xp_rounding_mode())) {
		size_t i = kept;
		while (i > 0 && buf[i - 1] == '9')
			buf[--i] = '0';
		if (i > 0)
			buf[i - 1]++;
		else
			carry = 1;
	}
	size_t nz = kept;
	while (nz > 0 && buf[nz - 1] == '0')
		nz--;
	if (carry)
		*--buf = '1';
	res->digits = buf;
	res->len = kept + (size_t)carry;
	res->kept = kept;
	res->last_nz = carry ? 1 : nz;
	res->carry = carry;
}

/*
 * e style with at most 17 significant digits, any double-range value:
 * D = floor(v / 10^q) from one 64x128-bit product with a table power of
 * ten T <= 10^-q < T + 1 (in its last place).  The true quotient lies in
 * [F, F + m) / 2^sh for the product F, so D and "is anything left" are
 * known unless that interval straddles an integer; then the big-number
 * path decides.
 */
/*
 * The first sig+1 significant digits of v (sig <= 17) as an integer, any
 * double-range value: D = floor(v / 10^q) from one 64x128-bit product
 * with a table power of ten T <= 10^-q < T + 1 (in its last place).  The
 * true quotient lies in [F, F + m) / 2^sh for the product F, so D and "is
 * anything left" are known unless that interval straddles an integer;
 * then (returns 0) the big-number path decides.  *x is the decimal
 * exponent of the first digit.
 */
/* 10^j as T * 2^exp with 10^j in [T, T + err) * 2^exp: straight from the
 * double-range table (err 1), else as a product of a coarse and a fine
 * power (err 5: each factor is low by under one unit, and the product's
 * truncation adds at most one more, doubled when it is renormalised). */
static int pow10_get(int j, uint64_t *thi, uint64_t *tlo, int *texp, int *exact, unsigned *err)
{
	if (j >= XP_POW10_MIN && j <= XP_POW10_MAX) {
		const struct xp_pow10 *t = &xp_pow10_tab[j - XP_POW10_MIN];
		*thi = t->hi, *tlo = t->lo, *texp = t->exp, *exact = t->exact, *err = 1;
		return 1;
	}
	int b = ((j % 64) + 64) % 64, k = (j - b) / 64;
	if (k < XP_POW10_KMIN || k > XP_POW10_KMAX)
		return 0;
	const struct xp_pow10 *c = &xp_pow10_coarse[k - XP_POW10_KMIN], *f = &xp_pow10_fine[b];
	/* 256-bit product, top 128 bits */
	u128 ll = (u128)c->lo * f->lo, lh = (u128)c->lo * f->hi;
	u128 hl = (u128)c->hi * f->lo, hh = (u128)c->hi * f->hi;
	u128 mid = (ll >> 64) + (uint64_t)lh + (uint64_t)hl;
	u128 top = hh + (lh >> 64) + (hl >> 64) + (mid >> 64);
	uint64_t p1 = (uint64_t)mid;
	int e = c->exp + f->exp + 128;
	if (!(top >> 127)) {
		top = top << 1 | p1 >> 63;
		e--;
	}
	*thi = (uint64_t)(top >> 64), *tlo = (uint64_t)top, *texp = e, *exact = 0, *err = 5;
	return 1;
}

/*
 * The first sig+1 significant digits of v (sig <= 17, mantissa <= 64
 * bits) as an integer: D = floor(v / 10^q) from one 64x128-bit product
 * with a power of ten T <= 10^-q < T + err (in its last place).  The true
 * quotient lies in [F, F + err*m) / 2^sh for the product F, so D and "is
 * anything left" are known unless that interval straddles an integer;
 * then (returns 0) the big-number path decides.  *x is the decimal
 * exponent of the first digit.
 */
static int table_digits(const struct xp_fpval *v, size_t sig, uint64_t *out, int *sticky_out,
			int *x_out)
{
	uint64_t m = (uint64_t)v->m[1] << 32 | v->m[0];
	int len = 64 - __builtin_clzll(m);
	int k2 = v->e + len - 1;                 /* 2^k2 <= v < 2^(k2+1) */
	int xest = (int)(((int64_t)k2 * 78913) >> 18); /* floor(k2 log10 2) */
	int q = xest - (int)sig;                 /* D has sig+1 or sig+2 digits */
	uint64_t thi, tlo;
	int texp, exact;
	unsigned err;
	if (!pow10_get(-q, &thi, &tlo, &texp, &exact, &err))
		return 0;
	u128 em = (u128)m * err;
	u128 plo = (u128)m * tlo, phi = (u128)m * thi;
	u128 mid = (plo >> 64) + (uint64_t)phi;
	uint64_t f0 = (uint64_t)plo, f1 = (uint64_t)mid;
	uint64_t f2 = (uint64_t)(phi >> 64) + (uint64_t)(mid >> 64);
	int sh = -(v->e + texp);
	uint64_t dq;
	int frac_zero, straddle;
	if (sh >= 128 && sh < 192) {
		int b = sh - 128;
		uint64_t fh = b ? f2 & ((1ull << b) - 1) : 0;
		dq = b ? f2 >> b : f2;
		u128 low = (u128)f1 << 64 | f0;
		frac_zero = fh == 0 && low == 0;
		straddle = (b == 0 || fh == (1ull << b) - 1) && low + em < low;
	} else if (sh >= 64 && sh < 128) {
		int b = sh - 64;
		u128 top = (u128)f2 << 64 | f1;
		u128 q128 = b ? top >> b : top;
		if (q128 >> 64)
			return 0;
		dq = (uint64_t)q128;
		u128 fr = ((u128)(b ? f1 & ((1ull << b) - 1) : 0) << 64) | f0;
		frac_zero = fr == 0;
		straddle = em >= ((u128)1 << sh) || fr >= ((u128)1 << sh) - em;
	} else {
		return 0;
	}
	int sticky;
	if (exact) {
		sticky = !frac_zero;
	} else {
		if (frac_zero || straddle)
			return 0;
		sticky = 1;
	}
	int x = xest;
	if (dq >= xp_pow10_u64[sig + 1]) {
		sticky |= dq % 10 != 0;
		dq /= 10;
		x++;
	}
	if (dq < xp_pow10_u64[sig] || dq >= xp_pow10_u64[sig + 1])
		return 0;
	*out = dq;
	*sticky_out = sticky;
	*x_out = x;
	return 1;
}

static int fast_e_table(struct xp_fast *res, const struct xp_fpval *v, size_t sig, char *store)
{
	uint64_t dq;
	int sticky, x;
	if (!table_digits(v, sig, &dq, &sticky, &x))
		return 0;
	char *buf = store + 1;
	put_fixed(buf, dq, (int)sig + 1);
	if (x >= 0) {
		res->ni = x + 1;
		res->lead = 0;
	} else {
		res->ni = 0;
		res->lead = (size_t)(-x - 1);
	}
	finish_digits(res, v, buf, sig, sticky);
	return 1;
}

/* out[0..na+nb) = a * b, limbs least significant first */
static void mul_limbs(const uint64_t *a, int na, const uint64_t *b, int nb, uint64_t *out)
{
	memset(out, 0, (size_t)(na + nb) * sizeof *out);
	for (int i = 0; i < na; i++) {
		uint64_t carry = 0;
		for (int j = 0; j < nb; j++) {
			u128 t = (u128)a[i] * b[j] + out[i + j] + carry;
			out[i + j] = (uint64_t)t;
			carry = (uint64_t)(t >> 64);
		}
		out[i + nb] = carry;
	}
}

/* Bits [pos, pos + 128) of f[0..n); *above: a bit at pos + 128 or higher is set. */
static u128 extract128(const uint64_t *f, int n, int pos, int *above)
{
	int li = pos / 64, bi = pos % 64;
	uint64_t w0 = li < n ? f[li] : 0, w1 = li + 1 < n ? f[li + 1] : 0;
	uint64_t w2 = li + 2 < n ? f[li + 2] : 0;
	uint64_t lo = bi ? w0 >> bi | w1 << (64 - bi) : w0;
	uint64_t hi = bi ? w1 >> bi | w2 << (64 - bi) : w1;
	int up = bi ? (w2 >> bi) != 0 : w2 != 0;
	for (int i = li + 3; i < n; i++)
		up |= f[i] != 0;
	*above = up;
	return (u128)hi << 64 | lo;
}

/* 10^j as a 256-bit T with 10^j in [T, T + 5) * 2^exp (coarse x fine). */
static int pow10w_get(int j, uint64_t t[4], int *texp, int *exact)
{
	int b = ((j % 64) + 64) % 64, k = (j - b) / 64;
	if (k < XP_POW10_KMIN || k > XP_POW10_KMAX)
		return 0;
	const struct xp_pow10w *c = &xp_pow10w_coarse[k - XP_POW10_KMIN], *f = &xp_pow10w_fine[b];
	uint64_t p[8];
	mul_limbs(c->w, 4, f->w, 4, p);
	int e = c->exp + f->exp + 256;
	uint64_t lost;
	if (p[7] >> 63) {
		memcpy(t, p + 4, 4 * sizeof *t);
		lost = p[0] | p[1] | p[2] | p[3];
	} else {
		for (int i = 0; i < 4; i++)
			t[i] = p[4 + i] << 1 | p[3 + i] >> 63;
		lost = p[0] | p[1] | p[2] | (p[3] << 1);
		e--;
	}
	*texp = e;
	*exact = c->exact && f->exact && !lost;
	return 1;
}

/* k digits of x (< 10^k, k <= 38), leading zeros included */
static void put_fixed128(char *out, u128 x, int k)
{
	if (k > 19) {
		u128 hi = x / xp_pow10_u64[19];
		put_fixed128(out, hi, k - 19);
		put_fixed(out + k - 19, (uint64_t)(x - hi * xp_pow10_u64[19]), 19);
	} else {
		put_fixed(out, (uint64_t)x, k);
	}
}

/*
 * e style with 18 to 36 significant digits for a mantissa of at most 64
 * bits at any exponent (long double's huge and tiny ones): as
 * table_digits, with 256-bit powers of ten; the true quotient lies in
 * [F, F + 5m) / 2^sh, so D is known unless F and F + 5m differ in it.
 */
static int fast_e_wide(struct xp_fast *res, const struct xp_fpval *v, size_t sig, char *store)
{
	uint64_t m = (uint64_t)v->m[1] << 32 | v->m[0];
	int len = 64 - __builtin_clzll(m);
	int k2 = v->e + len - 1;
	int xest = (int)(((int64_t)k2 * 78913) >> 18);
	uint64_t t[4];
	int texp, exact;
	if (!pow10w_get((int)sig - xest, t, &texp, &exact))
		return 0;
	uint64_t f[5];
	mul_limbs(&m, 1, t, 4, f);
	int sh = -(v->e + texp);
	if (sh < 0 || sh >= 320)
		return 0;
	int above;
	u128 d = extract128(f, 5, sh, &above);
	if (above)
		return 0;
	int frac_zero = 1;
	for (int i = 0; i < sh / 64; i++)
		frac_zero &= f[i] == 0;
	if (sh % 64)
		frac_zero &= (f[sh / 64] & ((1ull << (sh % 64)) - 1)) == 0;
	int sticky;
	if (exact) {
		sticky = !frac_zero;
	} else {
		if (frac_zero)
			return 0;
		/* f + 5m: does the quotient change? */
		uint64_t g[5];
		u128 em = (u128)m * 5;
		u128 acc = (u128)f[0] + (uint64_t)em;
		g[0] = (uint64_t)acc;
		acc = (acc >> 64) + f[1] + (uint64_t)(em >> 64);
		g[1] = (uint64_t)acc;
		for (int i = 2; i < 5; i++) {
			acc = (acc >> 64) + f[i];
			g[i] = (uint64_t)acc;
		}
		int above2;
		if (extract128(g, 5, sh, &above2) != d || above2 || (acc >> 64))
			return 0;
		sticky = 1;
	}
	u128 p0 = 1;
	for (size_t i = 0; i < sig; i++)
		p0 *= 10;
	u128 p1 = p0 * 10;
	int x = xest;
	if (d >= p1) {
		u128 q10 = d / 10;
		sticky |= d - q10 * 10 != 0;
		d = q10;
		x++;
	}
	if (d < p0 || d >= p1)
		return 0;
	char *buf = store + 1;
	put_fixed128(buf, d, (int)sig + 1);
	if (x >= 0) {
		res->ni = x + 1;
		res->lead = 0;
	} else {
		res->ni = 0;
		res->lead = (size_t)(-x - 1);
	}
	finish_digits(res, v, buf, sig, sticky);
	return 1;
}

int xp_fast_digits(struct xp_fast *res, const struct xp_fpval *v, int e_mode, size_t prec,
		   char *store)
{
	if (v->m[2] | v->m[3])
		return 0;
	uint64_t m = (uint64_t)v->m[1] << 32 | v->m[0];
	if (e_mode && prec <= 17 && !v->is_zero && fast_e_table(res, v, prec, store))
		return 1;
	int e = v->is_zero ? 0 : v->e;
	if (e > 64 || e < -124)
		return e_mode && prec > 17 && prec <= 36 && !v->is_zero &&
		       fast_e_wide(res, v, prec, store);
	/* store[0] is kept free for a carry's leading 1. */
	char *buf = store + 1;
	size_t room = XP_FAST_STORE - 1;
	struct frac g = {0, 0};
	int n;
	if (e >= 0) {
		n = put_u128(buf, (u128)m << e);
	} else {
		g.s = -e;
		u128 mm = m;
		n = put_u128(buf, g.s < 128 ? mm >> g.s : 0);
		g.f = mm & (((u128)1 << g.s) - 1);
	}
	size_t fmax = e < 0 ? (size_t)-e : 0;
	size_t kept, lead = 0, have = (size_t)n;
	if (!e_mode) {
		size_t take = prec < fmax ? prec : fmax;
		kept = (size_t)n + take;
		if (kept + 1 > room)
			return 0;
		frac_digits(&g, buf + n, (int)(kept + 1 - (size_t)n));
		have = kept + 1;
	} else {
		if (n == 0 && g.f) {
			/* skip the fraction's leading zeros, a chunk at a time */
			for (;;) {
				if (have + 19 > room)
					return 0;
				frac_digits(&g, buf + have, 19);
				size_t i = have;
				while (i < have + 19 && buf[i] == '0')
					i++;
				have += 19;
				if (i < have) {
					lead = i;
					break;
				}
			}
		}
		size_t avail = (size_t)n + fmax - lead;
		kept = prec < avail ? prec : avail;
		if (lead + kept + 1 > room)
			return 0;
		if (have < lead + kept + 1) {
			frac_digits(&g, buf + have, (int)(lead + kept + 1 - have));
			have = lead + kept + 1;
		}
		buf += lead;
		have -= lead;
	}
	/* round at kept: next digit, then anything nonzero after it */
	int more = g.f != 0;
	for (size_t i = kept + 1; !more && i < have; i++)
		more = buf[i] != '0';
	res->lead = lead;
	finish_digits(res, v, buf, kept, more);
	res->ni = n;
	return 1;
}
/* Pad and write a field built whole in body (sign first). */
static void put_body(struct xp_sink *s, const struct xp_spec *sp, const char *body, size_t bytes,
		     size_t chars, int has_sign)
{
	size_t fill = sp->width > chars ? sp->width - chars : 0;
	if (!fill) {
		xp_put(s, body, bytes);
	} else if (sp->flags & XP_F_LEFT) {
		xp_put(s, body, bytes);
		xp_pad(s, ' ', fill);
	} else if (sp->flags & XP_F_ZERO) {
		size_t sg = has_sign != 0;
		xp_put(s, body, sg);
		xp_pad(s, '0', fill);
		xp_put(s, body + sg, bytes - sg);
	} else {
		xp_pad(s, ' ', fill);
		xp_put(s, body, bytes);
	}
}

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

static inline void field_end(struct xp_sink *s, const struct xp_spec *sp, const char *body,
			     const char *local, size_t bytes, size_t chars, int has_sign)
{
	if (body != local)
		s->pos += bytes;
	else
		put_body(s, sp, body, bytes, chars, has_sign);
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
	put_fixed(p, ip, n);
	p += n;
	int point = prec || (sp->flags & XP_F_ALT);
	if (point)
		p = put_radix(p, radix, radix_len);
	put_fixed(p, q, (int)prec);
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
	if (!table_digits(v, sig, &dq, &sticky, &x))
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
	put_fixed(dig, k, (int)sig);
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

int xp_fast_digits(struct xp_fast *res, const struct xp_fpval *v, int e_mode, size_t prec,
		   char *store)
{
	(void)res, (void)v, (void)e_mode, (void)prec, (void)store;
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
