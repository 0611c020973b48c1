/* float_fast.c - exact digits of a double with machine integers. */
#include "float_fast.h"

#include <string.h>

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

int xp_fast_plan(struct xp_digits *d, const struct xp_fpval *v, int e_mode, size_t prec,
		 int *ni, char *store, size_t cap)
{
	if (v->m[2] | v->m[3])
		return 0;
	uint64_t m = (uint64_t)v->m[1] << 32 | v->m[0];
	int e = v->is_zero ? 0 : v->e;
	if (e > 64 || e < -124 || cap < XP_FAST_STORE)
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
	int r = buf[kept] - '0';
	int more = (r != 0 && r != 5) || g.f != 0;
	for (size_t i = kept + 1; !more && i < have; i++)
		more = buf[i] != '0';
	int up = 0;
	if (r || more)
		up = xp_round_away(v->neg, kept ? (buf[kept - 1] - '0') & 1 : 0, r >= 5, more,
				   xp_rounding_mode());
	int carry = 0;
	if (up) {
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
	d->v = v;
	d->e_mode = e_mode;
	d->lead_zeros = lead;
	d->kept = kept;
	d->last_non9 = 0;
	d->last_nz = carry ? 1 : nz;
	d->up = d->carry = carry;
	d->store = buf;
	d->cap = kept;
	d->stored = 1;
	d->replay = 0;
	d->pos = 0;
	*ni = n;
	return 1;
}
#else
int xp_fast_plan(struct xp_digits *d, const struct xp_fpval *v, int e_mode, size_t prec,
		 int *ni, char *store, size_t cap)
{
	(void)d, (void)v, (void)e_mode, (void)prec, (void)ni, (void)store, (void)cap;
	return 0;
}
#endif
