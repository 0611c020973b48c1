/* float_fast.c - exact digits of a double with machine integers. */
#include "float_fast.h"

#include <string.h>

#include "float_pow10.h"

#ifdef __SIZEOF_INT128__
__extension__ typedef unsigned __int128 u128;

static const uint64_t pow10_64[20] = {
	1ull, 10ull, 100ull, 1000ull, 10000ull, 100000ull, 1000000ull, 10000000ull,
	100000000ull, 1000000000ull, 10000000000ull, 100000000000ull, 1000000000000ull,
	10000000000000ull, 100000000000000ull, 1000000000000000ull, 10000000000000000ull,
	100000000000000000ull, 1000000000000000000ull, 10000000000000000000ull,
};

static const char two_digits[200] =
	"00010203040506070809101112131415161718192021222324252627282930313233343536373839"
	"40414243444546474849505152535455565758596061626364656667686970717273747576777879"
	"8081828384858687888990919293949596979899";

/* k digits of x (< 10^k), leading zeros included, ending at out + k. */
static void put_fixed(char *out, uint64_t x, int k)
{
	char *p = out + k;
	while (k >= 2) {
		p -= 2;
		memcpy(p, two_digits + 2 * (x % 100), 2);
		x /= 100;
		k -= 2;
	}
	if (k)
		*--p = (char)('0' + x);
}

static int digits_u64(uint64_t x)
{
	int n = 1;
	while (n < 20 && x >= pow10_64[n])
		n++;
	return n;
}

/* Decimal digits of x (no leading zeros; "" for 0); returns the count. */
static int put_u128(char *out, u128 x)
{
	if (x == 0)
		return 0;
	if ((uint64_t)(x >> 64) == 0) {
		int n = digits_u64((uint64_t)x);
		put_fixed(out, (uint64_t)x, n);
		return n;
	}
	u128 hi = x / pow10_64[19];
	uint64_t lo = (uint64_t)(x - hi * pow10_64[19]);
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
		u128 prod = g->f * pow10_64[k];
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
static int fast_e_table(struct xp_fast *res, const struct xp_fpval *v, size_t sig, char *store)
{
	uint64_t m = (uint64_t)v->m[1] << 32 | v->m[0];
	int len = 64 - __builtin_clzll(m);
	int k2 = v->e + len - 1;                 /* 2^k2 <= v < 2^(k2+1) */
	int xest = (int)(((int64_t)k2 * 78913) >> 18); /* floor(k2 log10 2) */
	int q = xest - (int)sig;                 /* D has sig+1 or sig+2 digits */
	int j = -q;
	if (j < XP_POW10_MIN || j > XP_POW10_MAX)
		return 0;
	const struct xp_pow10 *t = &xp_pow10_tab[j - XP_POW10_MIN];
	u128 plo = (u128)m * t->lo, phi = (u128)m * t->hi;
	u128 mid = (plo >> 64) + (uint64_t)phi;
	uint64_t f0 = (uint64_t)plo, f1 = (uint64_t)mid;
	uint64_t f2 = (uint64_t)(phi >> 64) + (uint64_t)(mid >> 64);
	int sh = -(v->e + t->exp);
	uint64_t dq;
	int frac_zero, straddle;
	if (sh >= 128 && sh < 192) {
		int b = sh - 128;
		uint64_t fh = b ? f2 & ((1ull << b) - 1) : 0;
		dq = b ? f2 >> b : f2;
		u128 low = (u128)f1 << 64 | f0;
		frac_zero = fh == 0 && low == 0;
		straddle = (b == 0 || fh == (1ull << b) - 1) && low + m < low;
	} else if (sh >= 64 && sh < 128) {
		int b = sh - 64;
		u128 top = (u128)f2 << 64 | f1;
		u128 q128 = b ? top >> b : top;
		if (q128 >> 64)
			return 0;
		dq = (uint64_t)q128;
		u128 fr = ((u128)(b ? f1 & ((1ull << b) - 1) : 0) << 64) | f0;
		frac_zero = fr == 0;
		straddle = fr >= ((u128)1 << sh) - m;
	} else {
		return 0;
	}
	int sticky;
	if (t->exact) {
		sticky = !frac_zero;
	} else {
		if (frac_zero || straddle)
			return 0;
		sticky = 1;
	}
	int x = xest;
	if (dq >= pow10_64[sig + 1]) {
		sticky |= dq % 10 != 0;
		dq /= 10;
		x++;
	}
	if (dq < pow10_64[sig] || dq >= pow10_64[sig + 1])
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
		return 0;
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
