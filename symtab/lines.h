/* lines.h - one module's source lines as a compact, read-only index.
 *
 * The builder takes line-table rows in address order (what lines_dwarf.c
 * reads from DWARF) and keeps, for every address, the row that covers it:
 * the last row at or below the address, as llvm-symbolizer picks it.  A
 * row with line 0 covers the gaps between sequences (and their ends): an
 * address there has no line.  Rows that repeat the previous row's file and
 * line are dropped (they change no answer).
 *
 * Storage, fixed-width so a lookup is a few loads and no decoding loop:
 * the addresses are cut into 256-byte buckets, and each bucket's rows are
 * one run of the stream, a row being its address's low byte followed by
 * its path and line packed in 3 or 4 bytes (the split chosen per module
 * from its paths and largest line; the path as its index in the file
 * table, which holds each path's place and length, so that the text
 * around a path is written while its bytes still load; or, when only that
 * fits, as its offset in the names), or a pair of 32-bit words.
 A bucket whose first row is not at its start begins
 * with a copy of the row before (low byte 0), so a lookup never leaves its
 * bucket.  The bucket table holds each run's place and how many of its
 * rows lie before each 64-byte quarter: a lookup scans a quarter's few
 * rows, each byte beside its row's payload.  A bucket without rows points
 * at the row before, if any.
 * No lock, no allocation, no libdw.
 */
#ifndef XP_SYMTAB_LINES_H
#define XP_SYMTAB_LINES_H

#include <stddef.h>
#include <stdint.h>

#define XP_LINES_BUCKET_SHIFT 8 /* a row keeps its address's low byte */

/* A row as the builder takes it: line 0 ends a sequence. */
struct xp_linerow {
	uintptr_t addr;
	uint32_t file; /* index into the file table */
	uint32_t line;
};

struct xp_lineidx {
	uintptr_t base;              /* address of offset 0 */
	uint32_t nbuckets;
	const struct xp_linebucket {
		uint32_t pos;        /* the bucket's run in stream */
		uint8_t before[3];   /* its rows below 64, 128, 192; [0] 0xff: no rows */
		uint8_t last;        /* its row count - 1 */
	} *bucket;
	const uint8_t *stream;
	unsigned payload;            /* bytes after a row's low byte: 3 or 4 packed, 8 a pair */
	unsigned line_bits;          /* packed: path << line_bits | line */
	const struct xp_linefile {
		uint32_t at, len;    /* a path: names + at, len bytes */
	} *files;                    /* a row's path is an index here; NULL: an offset in names */
	const char *names;           /* NUL-terminated paths */
	size_t names_len;
	size_t rows_in;              /* rows handed to the builder */
	size_t nrows;                /* rows stored, bucket starts included */
	size_t bytes;                /* the one allocation behind it all */
	void *block;
};

/* Build li from rows[0..n) (addresses ascending; equal addresses keep the
 * last) and the file table (nfiles paths at names + file_at[i]).  Rows
 * outside [base, base + 4 GiB) are left out.  0, or -1 when out of memory
 * (li is then empty). */
int xp_lineidx_build(struct xp_lineidx *li, uintptr_t base, const struct xp_linerow *rows, size_t n,
		     const char *names, size_t names_len, const uint32_t *file_at, uint32_t nfiles);

/* The source line covering addr: 1 with *file (*file_len bytes) and
 * *line, or 0 (no row, or a row with line 0).  No locks, no allocation. */
int xp_lineidx_find(const struct xp_lineidx *li, uintptr_t addr, const char **file, size_t *file_len,
		    unsigned *line);

/* The bucket a find of addr reads, or NULL past the table. */
static inline const struct xp_linebucket *xp_lineidx_bucket(const struct xp_lineidx *li, uintptr_t addr)
{
	uintptr_t bucket = (addr - li->base) >> XP_LINES_BUCKET_SHIFT;
	return addr >= li->base && bucket < li->nbuckets ? &li->bucket[bucket] : NULL;
}

/* Start loading the bucket a find of addr reads first. */
static inline void xp_lineidx_prefetch(const struct xp_lineidx *li, uintptr_t addr)
{
	const struct xp_linebucket *bk = xp_lineidx_bucket(li, addr);
	if (bk)
		__builtin_prefetch(bk);
}

/* Then, the bucket in hand, start loading its rows. */
static inline void xp_lineidx_prefetch_rows(const struct xp_lineidx *li, uintptr_t addr)
{
	const struct xp_linebucket *bk = xp_lineidx_bucket(li, addr);
	if (bk && bk->pos != UINT32_MAX)
		__builtin_prefetch(li->stream + bk->pos);
}

void xp_lineidx_free(struct xp_lineidx *li);

#endif
