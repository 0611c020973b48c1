/* fast_digits.c - exact digits of a double with machine integers. */
#include "fast.h"

#include <string.h>

#include "fast_digits.h"
#include "pow10.h"

#ifdef __SIZEOF_INT128__
/* Decimal digits of x (no leading zeros; "" for 0); returns the count. */
static int put_u128(char *out, u128 x)
{
	if (x == 0)
		return 0;
	if ((uint64_t)(x >> 64) == 0) {
		int n = (int)xp_dec_len((uint64_t)x);
		xp_put_fixed(out, (uint64_t)x, n);
		return n;
	}
	u128 hi = x / xp_pow10_u64[19];
	uint64_t lo = (uint64_t)(x - hi * xp_pow10_u64[19]);
	int n = put_u128(out, hi);
	xp_put_fixed(out + n, lo, 19);
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
		xp_put_fixed(out, chunk, k);
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
	const struct xp_pow10 *c = &xp_pow10_coarse[k - XP_POW10_KMIN], *f = xp_pow10_fine(b);
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

int xp_fast_table_digits(const struct xp_fpval *v, size_t sig, uint64_t *out, int *sticky_out,
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

/* The digits of an %e-style value whose leading digit has decimal
 * exponent x: where the point falls, then the rounding. */
static void finish_e_digits(struct xp_fast *res, const struct xp_fpval *v, char *buf, size_t sig, int sticky,
			    int x)
{
	if (x >= 0) {
		res->ni = x + 1;
		res->lead = 0;
	} else {
		res->ni = 0;
		res->lead = (size_t)(-x - 1);
	}
	finish_digits(res, v, buf, sig, sticky);
}

static int fast_e_table(struct xp_fast *res, const struct xp_fpval *v, size_t sig, char *store)
{
	uint64_t dq;
	int sticky, x;
	if (!xp_fast_table_digits(v, sig, &dq, &sticky, &x))
		return 0;
	char *buf = store + 1;
	xp_put_fixed(buf, dq, (int)sig + 1);
	finish_e_digits(res, v, buf, sig, sticky, x);
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
		xp_put_fixed(out + k - 19, (uint64_t)(x - hi * xp_pow10_u64[19]), 19);
	} else {
		xp_put_fixed(out, (uint64_t)x, k);
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
	finish_e_digits(res, v, buf, sig, sticky, x);
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
#else
int xp_fast_digits(struct xp_fast *res, const struct xp_fpval *v, int e_mode, size_t prec,
		   char *store)
{
	(void)res, (void)v, (void)e_mode, (void)prec, (void)store;
	return 0;
}
#endif
