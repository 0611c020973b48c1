/* decimal.c - the exact big-number digit generator. */
#include "decimal.h"

#include <string.h>

#define CHUNK 10000000000000000000ull /* 10^19, >= 2^63: already normalised */

/* hi:lo = a * b */
static inline uint64_t mul64(uint64_t a, uint64_t b, uint64_t *hi)
{
#ifdef __SIZEOF_INT128__
	__extension__ unsigned __int128 p = (unsigned __int128)a * b;
	*hi = (uint64_t)(p >> 64);
	return (uint64_t)p;
#else
	uint64_t al = (uint32_t)a, ah = a >> 32, bl = (uint32_t)b, bh = b >> 32;
	uint64_t ll = al * bl, lh = al * bh, hl = ah * bl, hh = ah * bh;
	uint64_t mid = (ll >> 32) + (uint32_t)lh + (uint32_t)hl;
	*hi = hh + (lh >> 32) + (hl >> 32) + (mid >> 32);
	return (mid << 32) | (uint32_t)ll;
#endif
}

/*
 * (u1:u0) / 10^19 with u1 < 10^19, by multiplying with the precomputed
 * reciprocal (Moller and Granlund, "Improved division by invariant
 * integers", algorithm 4): no hardware division in the inner loop.
 */
#define CHUNK_INV 0xd83c94fb6d2ac34aull /* floor((2^128 - 1) / 10^19) - 2^64 */

static inline uint64_t div_chunk(uint64_t u1, uint64_t u0, uint64_t *rem)
{
	uint64_t q1, q0 = mul64(CHUNK_INV, u1, &q1);
	q0 += u0;
	q1 += u1 + (q0 < u0) + 1;
	uint64_t r = u0 - q1 * CHUNK;
	if (r > q0) {
		q1--;
		r += CHUNK;
	}
	if (r >= CHUNK) {
		q1++;
		r -= CHUNK;
	}
	*rem = r;
	return q1;
}

/* w[0..n) = m << shift, the 128-bit m given as four 32-bit words. */
static int place(uint64_t *w, const uint32_t m[4], int shift)
{
	int ws = shift / 64, bs = shift % 64;
	uint64_t lo = (uint64_t)m[1] << 32 | m[0], hi = (uint64_t)m[3] << 32 | m[2];
	int n = ws + 3;
	memset(w, 0, (size_t)n * sizeof *w);
	w[ws] = lo << bs;
	w[ws + 1] = bs ? (hi << bs) | (lo >> (64 - bs)) : hi;
	w[ws + 2] = bs ? hi >> (64 - bs) : 0;
	while (n > 0 && !w[n - 1])
		n--;
	return n;
}

static int count_digits(uint64_t x)
{
	int d = 1;
	while (x >= 10)
		x /= 10, d++;
	return d;
}

/*
 * Binary w[0..n) to base 1e19 chunks (destroys w).  Division runs from
 * the top limb down, so a second, third and fourth division by 10^19 can
 * consume each quotient limb as soon as the first produces it: one sweep
 * yields four chunks from four independent dependency chains.
 */
static void int_to_chunks(struct xp_decgen *g, uint64_t *w, int n)
{
	g->nic = 0;
	while (n >= 4) {
		uint64_t ra = 0, rb = 0, rc = 0, rd = 0;
		for (int i = n - 1; i >= 0; i--) {
			uint64_t qa = div_chunk(ra, w[i], &ra);
			uint64_t qb = div_chunk(rb, qa, &rb);
			uint64_t qc = div_chunk(rc, qb, &rc);
			w[i] = div_chunk(rd, qc, &rd);
		}
		g->ic[g->nic++] = ra;
		g->ic[g->nic++] = rb;
		g->ic[g->nic++] = rc;
		g->ic[g->nic++] = rd;
		while (n > 0 && !w[n - 1])
			n--;
	}
	while (n > 0) {
		uint64_t r = 0;
		int i = n - 1;
		if (w[i] < CHUNK) {
			r = w[i];
			w[i--] = 0;
		}
		for (; i >= 0; i--)
			w[i] = div_chunk(r, w[i], &r);
		g->ic[g->nic++] = r;
		while (n > 0 && !w[n - 1])
			n--;
	}
	while (g->nic > 0 && !g->ic[g->nic - 1])
		g->nic--; /* a four-chunk sweep may end above the number */
	g->int_digits = g->nic ? XP_CHUNK_DIGITS * (g->nic - 1) + count_digits(g->ic[g->nic - 1]) : 0;
}

void xp_decgen_init(struct xp_decgen *g, const struct xp_fpval *v)
{
	g->bpos = g->blen = 0;
	g->flo = g->fhi = g->fn = 0;
	if (v->e >= 0) {
		int n = place(g->fw, v->m, v->e);
		int_to_chunks(g, g->fw, n);
		return;
	}
	int s = -v->e;
	uint32_t f[4];
	memcpy(f, v->m, sizeof f);
	if (s < 128) {
		/* Integer part m >> s; the fraction keeps the low s bits. */
		uint64_t lo = (uint64_t)f[1] << 32 | f[0], hi = (uint64_t)f[3] << 32 | f[2];
		uint64_t ip[2];
		if (s >= 64) {
			ip[0] = s > 64 ? hi >> (s - 64) : hi;
			ip[1] = 0;
		} else {
			ip[0] = s ? (lo >> s) | (hi << (64 - s)) : lo;
			ip[1] = s ? hi >> s : hi;
		}
		int n = ip[1] ? 2 : ip[0] ? 1 : 0;
		int_to_chunks(g, ip, n);
		for (int i = 0; i < 4; i++) {
			int low = 32 * i;
			if (low >= s)
				f[i] = 0;
			else if (s - low < 32)
				f[i] &= (1u << (s - low)) - 1;
		}
	} else {
		g->nic = 0;
		g->int_digits = 0;
	}
	g->fn = (s + 63) / 64;
	int n = place(g->fw, f, 64 * g->fn - s);
	g->fhi = n < g->fn ? n : g->fn;
	g->flo = 0;
	while (g->flo < g->fhi && !g->fw[g->flo])
		g->flo++;
	if (g->flo == g->fhi)
		g->flo = g->fhi = 0;
}

/* The next 19 fraction digits as a number. */
static uint64_t frac_chunk(struct xp_decgen *g)
{
	if (g->flo == g->fhi)
		return 0;
	uint64_t carry = 0;
	for (int i = g->flo; i < g->fhi; i++) {
		uint64_t hi, lo = mul64(g->fw[i], CHUNK, &hi);
		lo += carry;
		hi += lo < carry;
		g->fw[i] = lo;
		carry = hi;
	}
	uint64_t out = 0;
	if (g->fhi < g->fn) {
		if (carry)
			g->fw[g->fhi++] = carry;
	} else {
		out = carry;
	}
	while (g->flo < g->fhi && !g->fw[g->flo])
		g->flo++;
	if (g->flo == g->fhi)
		g->flo = g->fhi = 0;
	return out;
}

static const char pairs[200] =
	"00010203040506070809101112131415161718192021222324252627282930313233343536373839"
	"40414243444546474849505152535455565758596061626364656667686970717273747576777879"
	"8081828384858687888990919293949596979899";

/* 9 digits of x < 10^9 */
static void put9(char *p, uint32_t x)
{
	p[8] = (char)('0' + x % 10);
	x /= 10;
	for (int i = 6; i >= 0; i -= 2) {
		memcpy(p + i, pairs + 2 * (x % 100), 2);
		x /= 100;
	}
}

/* 19 digits of x < 10^19, in 32-bit pieces */
static void put19(char *p, uint64_t x)
{
	uint64_t r = x % 1000000000000000000ull;
	p[0] = (char)('0' + x / 1000000000000000000ull);
	put9(p + 1, (uint32_t)(r / 1000000000u));
	put9(p + 10, (uint32_t)(r % 1000000000u));
}

/* Refill buf with the next chunk. */
static void refill(struct xp_decgen *g)
{
	g->bpos = 0;
	g->blen = XP_CHUNK_DIGITS;
	if (g->nic > 0) {
		uint64_t c = g->ic[--g->nic];
		put19(g->buf, c);
		if (g->nic == (g->int_digits - 1) / XP_CHUNK_DIGITS) {
			/* the top chunk: only its significant digits */
			int d = g->int_digits - XP_CHUNK_DIGITS * g->nic;
			g->bpos = XP_CHUNK_DIGITS - d;
		}
		return;
	}
	put19(g->buf, frac_chunk(g));
}

size_t xp_decgen_skip_zeros(struct xp_decgen *g)
{
	size_t z = 0;
	if (g->nic > 0 || g->flo == g->fhi)
		return 0;
	uint64_t c;
	while ((c = frac_chunk(g)) == 0)
		z += XP_CHUNK_DIGITS;
	put19(g->buf, c);
	g->blen = XP_CHUNK_DIGITS;
	g->bpos = 0;
	while (g->buf[g->bpos] == '0')
		g->bpos++, z++;
	return z;
}

void xp_decgen_take(struct xp_decgen *g, char *out, size_t n)
{
	while (n) {
		if (g->bpos == g->blen) {
			if (g->nic == 0 && g->flo == g->fhi) {
				memset(out, '0', n);
				return;
			}
			refill(g);
		}
		size_t k = (size_t)(g->blen - g->bpos);
		if (k > n)
			k = n;
		memcpy(out, g->buf + g->bpos, k);
		g->bpos += (int)k;
		out += k;
		n -= k;
	}
}

int xp_decgen_sticky(const struct xp_decgen *g)
{
	for (int i = g->bpos; i < g->blen; i++)
		if (g->buf[i] != '0')
			return 1;
	for (int i = 0; i < g->nic; i++)
		if (g->ic[i])
			return 1;
	return g->flo != g->fhi;
}
