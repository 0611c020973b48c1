/* lines.c - encode line-table rows into blocks, and find the covering row.
 * The format is described in lines.h. */
#include "lines.h"

#include <stdlib.h>
#include <string.h>

#define PAGE_SHIFT 8 /* 256-byte buckets: a few blocks each in libc */

static uint8_t *put_uleb(uint8_t *p, uint64_t v)
{
	while (v >= 0x80) {
		*p++ = (uint8_t)(v | 0x80);
		v >>= 7;
	}
	*p++ = (uint8_t)v;
	return p;
}

static inline uint64_t get_uleb(const uint8_t **pp)
{
	const uint8_t *p = *pp;
	uint64_t v = *p++;
	if (v >= 0x80) {
		v &= 0x7f;
		unsigned shift = 7;
		uint8_t b;
		do {
			b = *p++;
			v |= (uint64_t)(b & 0x7f) << shift;
			shift += 7;
		} while (b >= 0x80 && shift < 64);
	}
	*pp = p;
	return v;
}

/* The line delta and whether the file changes, in one number. */
static uint64_t line_step(uint32_t from, uint32_t to, int file_changed)
{
	int64_t d = (int64_t)to - (int64_t)from;
	uint64_t zz = d < 0 ? ((uint64_t)(-(d + 1)) << 1) | 1 : (uint64_t)d << 1;
	return zz << 1 | (uint64_t)(file_changed != 0);
}

static uint32_t apply_step(uint32_t line, uint64_t zz)
{
	int64_t d = zz & 1 ? -(int64_t)(zz >> 1) - 1 : (int64_t)(zz >> 1);
	return (uint32_t)((int64_t)line + d);
}

/* The rows that change an answer: per address the last, and not one that
 * repeats the previous kept row's file and line.  Returns their count. */
static size_t keep_rows(struct xp_linerow *out, const struct xp_linerow *rows, size_t n, uintptr_t base)
{
	size_t k = 0;
	for (size_t i = 0; i < n; i++) {
		const struct xp_linerow *r = &rows[i];
		if (r->addr < base || r->addr - base > UINT32_MAX)
			continue;
		if (i + 1 < n && rows[i + 1].addr == r->addr)
			continue; /* a later row at the same address wins */
		if (k && out[k - 1].line == r->line && (r->line == 0 || out[k - 1].file == r->file))
			continue;
		out[k] = *r;
		if (!r->line)
			out[k].file = 0;
		k++;
	}
	return k;
}

/* One block's encoding (rows kept[i0 .. i0+m)) into p, or only its
 * length when p is NULL: the length of the address deltas (one byte), the
 * first row's file and line, the other rows' address deltas, then their
 * line steps (with a file after those that change it). */
static size_t encode_block(uint8_t *p, const struct xp_linerow *kept, size_t i0, size_t m)
{
	uint8_t scratch[1 + 2 * 10 + (XP_LINES_BLOCK - 1) * 30]; /* the longest a block can be */
	uint8_t *out = p ? p : scratch, *q = out + 1;
	const struct xp_linerow *r = &kept[i0];
	uint8_t *deltas = q;
	for (size_t i = 1; i < m; i++)
		q = put_uleb(q, r[i].addr - r[i - 1].addr);
	out[0] = (uint8_t)(q - deltas);
	for (size_t i = 1; i < m; i++) {
		int changed = r[i].file != r[i - 1].file;
		q = put_uleb(q, line_step(r[i - 1].line, r[i].line, changed));
		if (changed)
			q = put_uleb(q, r[i].file);
	}
	return (size_t)(q - out);
}

int xp_lineidx_build(struct xp_lineidx *li, uintptr_t base, const struct xp_linerow *rows, size_t n,
		     const char *names, size_t names_len, const uint32_t *file_at, uint32_t nfiles)
{
	memset(li, 0, sizeof *li);
	li->base = base;
	li->rows_in = n;
	struct xp_linerow *kept = malloc((n ? n : 1) * sizeof *kept);
	if (!kept)
		return -1;
	size_t k = keep_rows(kept, rows, n, base);
	for (size_t i = 0; i < k; i++) {
		if (kept[i].line && kept[i].file < nfiles && file_at[kept[i].file] < names_len)
			kept[i].file = file_at[kept[i].file]; /* from here on: the path's offset */
		else
			kept[i].line = kept[i].file = 0; /* a file the table lacks: no answer */
	}
	size_t nblocks = (k + XP_LINES_BLOCK - 1) / XP_LINES_BLOCK;
	size_t stream_len = 0;
	for (size_t i = 0; i < k; i += XP_LINES_BLOCK)
		stream_len += encode_block(NULL, kept, i, k - i < XP_LINES_BLOCK ? k - i : XP_LINES_BLOCK);
	size_t npages = k ? ((kept[k - 1].addr - base) >> PAGE_SHIFT) + 2 : 0;
	size_t bytes = nblocks * sizeof(struct xp_lineblk) + npages * sizeof(uint32_t) + stream_len + names_len;
	if (stream_len > UINT32_MAX) {
		free(kept);
		return -1;
	}
	char *blk = malloc(bytes ? bytes : 1);
	if (!blk) {
		free(kept);
		return -1;
	}
	struct xp_lineblk *blocks = (struct xp_lineblk *)blk;
	uint32_t *page = (uint32_t *)(blocks + nblocks);
	uint8_t *stream = (uint8_t *)(page + npages);
	char *pool = (char *)stream + stream_len;
	if (names_len)
		memcpy(pool, names, names_len);
	size_t at = 0;
	for (size_t i = 0; i < k; i += XP_LINES_BLOCK) {
		blocks[i / XP_LINES_BLOCK] = (struct xp_lineblk){
			(uint32_t)(kept[i].addr - base), (uint32_t)at, kept[i].file, kept[i].line
		};
		at += encode_block(stream + at, kept, i, k - i < XP_LINES_BLOCK ? k - i : XP_LINES_BLOCK);
	}
	free(kept);
	for (size_t pg = 0, b = 0; pg < npages; pg++) {
		while (b < nblocks && blocks[b].addr <= (uint64_t)pg << PAGE_SHIFT)
			b++;
		page[pg] = (uint32_t)b;
	}
	*li = (struct xp_lineidx){
		.base = base,
		.nblocks = (uint32_t)nblocks,
		.blk = blocks,
		.npages = (uint32_t)npages,
		.page = page,
		.stream = stream,
		.names = pool,
		.names_len = names_len,
		.rows_in = n,
		.rows_kept = k,
		.bytes = bytes,
		.block = blk,
	};
	return 0;
}

int xp_lineidx_find(const struct xp_lineidx *li, uintptr_t addr, const char **file, unsigned *line)
{
	if (!li->nblocks || addr < li->base || addr - li->base > UINT32_MAX)
		return 0;
	uint32_t off = (uint32_t)(addr - li->base);
	size_t pg = off >> PAGE_SHIFT;
	/* The block is the last one starting at or below off: among those
	 * counted by page[pg] .. page[pg + 1]. */
	size_t lo = pg < li->npages ? li->page[pg] : li->nblocks;
	size_t hi = pg + 1 < li->npages ? li->page[pg + 1] : li->nblocks;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (li->blk[mid].addr <= off)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (!lo)
		return 0;
	size_t b = lo - 1;
	size_t m = b + 1 < li->nblocks ? XP_LINES_BLOCK : li->rows_kept - b * XP_LINES_BLOCK;
	const struct xp_lineblk *blk = &li->blk[b];
	const uint8_t *p = li->stream + blk->pos;
	size_t deltas_len = *p++;
	uint64_t f = blk->file;
	uint32_t l = blk->line;
	/* How many rows after the first lie at or below off: the address
	 * deltas alone, then as many line steps. */
	const uint8_t *steps = p + deltas_len;
	uint32_t at = blk->addr;
	size_t j = 0;
	while (j + 1 < m) {
		uint64_t d = get_uleb(&p);
		if (d > (uint64_t)(off - at))
			break;
		at += (uint32_t)d;
		j++;
	}
	for (size_t i = 0; i < j; i++) {
		uint64_t step = get_uleb(&steps);
		l = apply_step(l, step >> 1);
		if (step & 1)
			f = get_uleb(&steps);
	}
	if (!l || f >= li->names_len)
		return 0;
	*file = li->names + f;
	*line = l;
	return 1;
}

void xp_lineidx_free(struct xp_lineidx *li)
{
	free(li->block);
	memset(li, 0, sizeof *li);
}
