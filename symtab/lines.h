/* lines.h - one module's source lines as a compact, read-only index.
 *
 * The builder takes line-table rows in address order (what lines_dwarf.c
 * reads with libdw) and keeps, for every address, the row that covers it:
 * the last row at or below the address, as llvm-symbolizer picks it.  A
 * row with line 0 covers the gaps between sequences (and their ends): an
 * address there has no line.  Rows that repeat the previous row's file and
 * line are dropped (they change no answer).
 *
 * Storage: the rows in blocks of XP_LINES_BLOCK, each with its first
 * address, the byte offset of its encoding and its first row's file and
 * line side by side.  A block's encoding: the length of its address deltas
 * (a byte), the other rows' address deltas, then their line steps
 * (line delta with a file-changed bit[, file]), all ULEB128; a file is the
 * offset of its path in the names.  A lookup sums address deltas until it
 * passes the address, then applies that many line steps.  A table with
 * one count per 256 bytes of addresses narrows the binary search for the
 * block to the few that start there; then at most one block is decoded:
 * no lock, no allocation, no libdw.
 */
#ifndef XP_SYMTAB_LINES_H
#define XP_SYMTAB_LINES_H

#include <stddef.h>
#include <stdint.h>

#define XP_LINES_BLOCK 8

/* A row as the builder takes it: line 0 ends a sequence. */
struct xp_linerow {
	uintptr_t addr;
	uint32_t file; /* index into the file table */
	uint32_t line;
};

struct xp_lineidx {
	uintptr_t base;            /* address of offset 0 */
	uint32_t nblocks;
	const struct xp_lineblk {
		uint32_t addr;     /* first address of the block, - base */
		uint32_t pos;      /* where its encoding starts in stream */
		uint32_t file;     /* the first row's path (offset in names) */
		uint32_t line;     /* and line */
	} *blk;
	uint32_t npages;
	const uint32_t *page;      /* page[p]: blocks starting at or below p * 256 */
	const uint8_t *stream;
	const char *names;         /* NUL-terminated paths */
	size_t names_len;
	size_t rows_in;            /* rows handed to the builder */
	size_t rows_kept;          /* rows stored */
	size_t bytes;              /* the one allocation behind it all */
	void *block;
};

/* Build li from rows[0..n) (addresses ascending; equal addresses keep the
 * last) and the file table (nfiles paths at names + file_at[i]).  Rows
 * outside [base, base + 4 GiB) are left out.  0, or -1 when out of memory
 * (li is then empty). */
int xp_lineidx_build(struct xp_lineidx *li, uintptr_t base, const struct xp_linerow *rows, size_t n,
		     const char *names, size_t names_len, const uint32_t *file_at, uint32_t nfiles);

/* The source line covering addr: 1 with *file and *line, or 0 (no row, or
 * a row with line 0).  No locks, no allocation. */
int xp_lineidx_find(const struct xp_lineidx *li, uintptr_t addr, const char **file, unsigned *line);

void xp_lineidx_free(struct xp_lineidx *li);

#endif
