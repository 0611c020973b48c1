/* float_decimal.c - the exact big-number digit generator. */
#include "float_decimal.h"

#include <string.h>

#define CHUNK 1000000000u

/* w[0..n) = m << shift (n covers the result; all words written). */
static int place(uint32_t *w, const uint32_t m[4], int shift)
{
	int ws = shift / 32, bs = shift % 32;
	int n = ws + 5;
	memset(w, 0, (size_t)n * sizeof *w);
	for (int i = 0; i < 4; i++) {
		uint64_t x = (uint64_t)m[i] << bs;
		w[ws + i] |= (uint32_t)x;
		w[ws + i + 1] |= (uint32_t)(x >> 32);
	}
	while (n > 0 && !w[n - 1])
		n--;
	return n;
}

static int count_digits(uint32_t x)
{
	int d = 1;
	while (x >= 10)
		x /= 10, d++;
	return d;
}

/* Binary w[0..n) to base 1e9 chunks (destroys w). */
static void int_to_chunks(struct xp_decgen *g, uint32_t *w, int n)
{
	g->nic = 0;
	while (n > 2) {
		uint64_t r = 0;
		for (int i = n - 1; i >= 0; i--) {
			uint64_t cur = r << 32 | w[i];
			w[i] = (uint32_t)(cur / CHUNK);
			r = cur % CHUNK;
		}
		g->ic[g->nic++] = (uint32_t)r;
		while (n > 0 && !w[n - 1])
			n--;
	}
	uint64_t x = n == 2 ? (uint64_t)w[1] << 32 | w[0] : n == 1 ? w[0] : 0;
	while (x) {
		g->ic[g->nic++] = (uint32_t)(x % CHUNK);
		x /= CHUNK;
	}
	g->int_digits = g->nic ? 9 * (g->nic - 1) + count_digits(g->ic[g->nic - 1]) : 0;
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
		uint32_t ip[4] = {0, 0, 0, 0};
		int ws = s / 32, bs = s % 32;
		for (int i = 0; i + ws < 4; i++) {
			uint64_t x = f[i + ws];
			if (i + ws + 1 < 4)
				x |= (uint64_t)f[i + ws + 1] << 32;
			ip[i] = (uint32_t)(x >> bs);
		}
		int n = 4;
		while (n > 0 && !ip[n - 1])
			n--;
		int_to_chunks(g, ip, n);
		for (int i = 0; i < 4; i++) {
			int lo = 32 * i;
			if (lo >= s)
				f[i] = 0;
			else if (s - lo < 32)
				f[i] &= (1u << (s - lo)) - 1;
		}
	} else {
		g->nic = 0;
		g->int_digits = 0;
	}
	g->fn = (s + 31) / 32;
	int n = place(g->fw, f, 32 * g->fn - s);
	g->fhi = n < g->fn ? n : g->fn;
	g->flo = 0;
	while (g->flo < g->fhi && !g->fw[g->flo])
		g->flo++;
	if (g->flo == g->fhi)
		g->flo = g->fhi = 0;
}

/* The next 9 fraction digits as a number. */
static uint32_t frac_chunk(struct xp_decgen *g)
{
	if (g->flo == g->fhi)
		return 0;
	uint64_t carry = 0;
	for (int i = g->flo; i < g->fhi; i++) {
		uint64_t cur = (uint64_t)g->fw[i] * CHUNK + carry;
		g->fw[i] = (uint32_t)cur;
		carry = cur >> 32;
	}
	uint32_t out = 0;
	if (g->fhi < g->fn) {
		if (carry)
			g->fw[g->fhi++] = (uint32_t)carry;
	} else {
		out = (uint32_t)carry;
	}
	while (g->flo < g->fhi && !g->fw[g->flo])
		g->flo++;
	if (g->flo == g->fhi)
		g->flo = g->fhi = 0;
	return out;
}

static void put9(char *p, uint32_t x)
{
	for (int i = 8; i >= 0; i--) {
		p[i] = (char)('0' + x % 10);
		x /= 10;
	}
}

/* Refill buf with the next chunk. */
static void refill(struct xp_decgen *g)
{
	g->bpos = 0;
	g->blen = 9;
	if (g->nic > 0) {
		uint32_t c = g->ic[--g->nic];
		put9(g->buf, c);
		if (g->nic == (int)((g->int_digits - 1) / 9)) {
			/* the top chunk: only its significant digits */
			int d = g->int_digits - 9 * g->nic;
			g->bpos = 9 - d;
		}
		return;
	}
	put9(g->buf, frac_chunk(g));
}

size_t xp_decgen_skip_zeros(struct xp_decgen *g)
{
	size_t z = 0;
	if (g->nic > 0 || g->flo == g->fhi)
		return 0;
	for (;;) {
		if (g->bpos == g->blen)
			refill(g);
		while (g->bpos < g->blen && g->buf[g->bpos] == '0')
			g->bpos++, z++;
		if (g->bpos < g->blen)
			return z;
	}
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
