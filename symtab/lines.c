/* lines.c - lay line-table rows out in self-contained 256-byte buckets,
 * and find the covering row.  The layout is described in lines.h. */
#include "lines.h"

#include <stdlib.h>
#include <string.h>

#define BUCKET_SHIFT XP_LINES_BUCKET_SHIFT
#define QUARTER_SHIFT 6 /* and its bucket counts rows per quarter */
#define NO_ROWS 0xff    /* before[0] of a bucket without rows */
#define NO_ROW UINT32_MAX /* pos of a bucket with no row at or below it */

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

static unsigned bits_for(uint64_t v)
{
	unsigned b = 0;
	while (b < 64 && v >> b)
		b++;
	return b;
}

/* How the builder lays the kept rows out. */
struct layout {
	const struct xp_linerow *kept;
	size_t k;
	uintptr_t base;
	unsigned payload;            /* bytes after a row's low byte: 3, 4 or 8 */
	unsigned line_bits;          /* of a packed payload */
};

static size_t bucket_of(const struct layout *L, size_t i)
{
	return (size_t)(L->kept[i].addr - L->base) >> BUCKET_SHIFT;
}

/* A row's payload: path and line packed in 3 or 4 bytes, or a pair. */
static uint8_t *put_payload(const struct layout *L, uint8_t *p, const struct xp_linerow *r)
{
	uint32_t w[2] = { r ? r->file : 0, r ? r->line : 0 };
	uint32_t packed = (uint32_t)((uint64_t)w[0] << L->line_bits | w[1]);
	if (L->payload == 3) {
		p[0] = (uint8_t)packed;
		p[1] = (uint8_t)(packed >> 8);
		p[2] = (uint8_t)(packed >> 16);
	} else if (L->payload == 4) {
		memcpy(p, &packed, sizeof packed);
	} else {
		memcpy(p, w, sizeof w);
	}
	return p + L->payload;
}

/* Lay the rows out into bucket[] and stream (NULL: only measure).
 * Returns the stream's length and, in *runs, the rows it holds. */
static size_t lay_out(const struct layout *L, struct xp_linebucket *bucket, size_t nbuckets, uint8_t *stream,
		      size_t *runs)
{
	size_t len = 0, rows = 0, i = 0;
	uint32_t last_row = NO_ROW;
	for (size_t b = 0; b < nbuckets; b++) {
		size_t j = i;
		while (j < L->k && bucket_of(L, j) == b)
			j++;
		if (i == j) {
			if (bucket)
				bucket[b] = (struct xp_linebucket){ last_row, { NO_ROWS, 0, 0 }, 0 };
			continue;
		}
		int carry = ((L->kept[i].addr - L->base) & 0xff) != 0;
		size_t n = j - i + (size_t)carry;
		if (stream) {
			struct xp_linebucket *bk = &bucket[b];
			*bk = (struct xp_linebucket){ (uint32_t)len, { 0, 0, 0 }, (uint8_t)(n - 1) };
			uint8_t *p = stream + len;
			if (carry) {
				*p++ = 0;
				p = put_payload(L, p, i ? &L->kept[i - 1] : NULL);
			}
			for (size_t r = i; r < j; r++) {
				*p++ = (uint8_t)(L->kept[r].addr - L->base);
				p = put_payload(L, p, &L->kept[r]);
			}
			for (size_t r = 0; r < n; r++) {
				unsigned lo = stream[len + r * (1 + L->payload)];
				for (unsigned q = lo >> QUARTER_SHIFT; q < 3; q++)
					bk->before[q]++;
			}
		}
		len += n * (1 + L->payload);
		last_row = (uint32_t)(len - (1 + L->payload));
		rows += n;
		i = j;
	}
	*runs = rows;
	return len;
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
	uint32_t max_line = 0;
	for (size_t i = 0; i < k; i++) {
		if (kept[i].line && !(kept[i].file < nfiles && file_at[kept[i].file] < names_len))
			kept[i].line = 0; /* a file the table lacks: no answer */
		if (!kept[i].line)
			kept[i].file = 0;
		if (kept[i].line > max_line)
			max_line = kept[i].line;
	}
	/* Path and line packed in 3 bytes if they fit, else in 4, else a
	 * pair; the path as the file's index, or when only its offset in
	 * the names fits, as that. */
	unsigned line_need = bits_for(max_line);
	unsigned by_offset = names_len > 1 ? bits_for(names_len - 1) : 0;
	unsigned by_index = nfiles > 1 ? bits_for(nfiles - 1) : 0;
	struct layout L = { kept, k, base, 8, 0 };
	uint32_t ntable = nfiles; /* file table entries kept for the lookups */
	for (unsigned width = 3; width <= 4 && L.payload == 8; width++) {
		if (by_index + line_need <= 8 * width) {
			L = (struct layout){ kept, k, base, width, 8 * width - by_index };
		} else if (by_offset + line_need <= 8 * width) {
			L = (struct layout){ kept, k, base, width, 8 * width - by_offset };
			ntable = 0;
		}
	}
	if (!ntable)
		for (size_t i = 0; i < k; i++)
			kept[i].file = kept[i].line ? file_at[kept[i].file] : 0;
	size_t nbuckets = k ? bucket_of(&L, k - 1) + 1 : 0, nrows;
	size_t stream_len = lay_out(&L, NULL, nbuckets, NULL, &nrows);
	/* Word-sized arrays first, the byte stream after them: no padding. */
	size_t bytes = nbuckets * sizeof(struct xp_linebucket) + (size_t)ntable * sizeof(struct xp_linefile) +
		       stream_len + names_len;
	char *block = stream_len < NO_ROW ? malloc(bytes ? bytes : 1) : NULL;
	if (!block) {
		free(kept);
		return -1;
	}
	struct xp_linebucket *bucket = (struct xp_linebucket *)block;
	struct xp_linefile *files = (struct xp_linefile *)(bucket + nbuckets);
	uint8_t *stream = (uint8_t *)(files + ntable);
	char *pool = (char *)stream + stream_len;
	for (uint32_t f = 0; f < ntable; f++) {
		/* (A row whose file lies outside the names has no line.) */
		uint32_t at = file_at[f] < names_len ? file_at[f] : 0;
		const char *nul = names_len ? memchr(names + at, 0, names_len - at) : NULL;
		files[f] = (struct xp_linefile){ at, nul ? (uint32_t)(nul - (names + at)) : 0 };
	}
	if (names_len)
		memcpy(pool, names, names_len);
	lay_out(&L, bucket, nbuckets, stream, &nrows);
	free(kept);
	*li = (struct xp_lineidx){
		.base = base,
		.nbuckets = (uint32_t)nbuckets,
		.bucket = bucket,
		.stream = stream,
		.payload = L.payload,
		.line_bits = L.line_bits,
		.files = ntable ? files : NULL,
		.names = pool,
		.names_len = names_len,
		.rows_in = n,
		.nrows = nrows,
		.bytes = bytes,
		.block = block,
	};
	return 0;
}

int xp_lineidx_find(const struct xp_lineidx *li, uintptr_t addr, const char **file, size_t *file_len,
		    unsigned *line)
{
	if (!li->nbuckets || addr < li->base || addr - li->base > UINT32_MAX)
		return 0;
	uint32_t off = (uint32_t)(addr - li->base);
	size_t b = off >> BUCKET_SHIFT;
	unsigned t = off & 0xff;
	if (b >= li->nbuckets) {
		b = li->nbuckets - 1; /* past the last row's bucket: the last row */
		t = 0xff;
	}
	const struct xp_linebucket *bk = &li->bucket[b];
	size_t stride = 1 + li->payload;
	const uint8_t *row;
	if (bk->before[0] == NO_ROWS) {
		if (bk->pos == NO_ROW)
			return 0; /* below the first row */
		row = li->stream + bk->pos; /* the row before */
	} else {
		/* Row 0 sits at low byte 0: some row of the bucket covers t. */
		const uint8_t *run = li->stream + bk->pos;
		unsigned q = t >> QUARTER_SHIFT;
		size_t i = q ? bk->before[q - 1] : 0;
		size_t end = q < 3 ? bk->before[q] : (size_t)bk->last + 1;
		while (i < end && run[i * stride] <= t)
			i++;
		row = run + (i - 1) * stride;
	}
	const uint8_t *p = row + 1;
	uint32_t key, l;
	if (li->payload == 8) {
		memcpy(&key, p, sizeof key);
		memcpy(&l, p + sizeof key, sizeof l);
	} else {
		uint32_t packed;
		if (li->payload == 3)
			packed = (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16;
		else
			memcpy(&packed, p, sizeof packed);
		l = (uint32_t)(packed & ((1ull << li->line_bits) - 1));
		key = (uint32_t)((uint64_t)packed >> li->line_bits);
	}
	if (!l)
		return 0;
	if (li->files) {
		*file = li->names + li->files[key].at;
		*file_len = li->files[key].len;
	} else {
		*file = li->names + key;
		*file_len = strlen(*file);
	}
	*line = l;
	return 1;
}

void xp_lineidx_free(struct xp_lineidx *li)
{
	free(li->block);
	memset(li, 0, sizeof *li);
}
