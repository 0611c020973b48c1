/* lines_dwarf.c - a module's DWARF line tables, read once into a line index.
 *
 * The tables come from the file dwarf_file.c opens; they are copied into
 * the compact index (lines.h) and the file is closed again.  dwarf_line.c
 * decodes the tables; paths are cleaned as dwarf_paths.h says.
 */
#include "lines_dwarf.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "dwarf_file.h"
#include "dwarf_paths.h"

struct seq {
	uintptr_t lo, hi;
	size_t first, count; /* rows, the closing line-0 row included */
};

/* Everything a read accumulates; freed at the end whatever happened. */
struct reader {
	struct xp_linerow *rows;
	size_t nrows, caprows;
	struct seq *seqs;
	size_t nseqs, capseqs;
	struct xp_strset paths;
	int oom;
	/* the sequence being read */
	uintptr_t bias;
	const struct xp_exec_ranges *code;
	int skip;             /* -1 none open, 1 the open one is left out */
	size_t seq_first;
	uintptr_t prev;
};

static int add_row(struct reader *r, uintptr_t addr, uint32_t file, uint32_t line)
{
	struct xp_linerow *rows = xp_grow(r->rows, &r->caprows, r->nrows + 1, sizeof *rows, 4096);
	if (!rows)
		return -1;
	r->rows = rows;
	r->rows[r->nrows++] = (struct xp_linerow){ addr, file, line };
	return 0;
}

/* One row, sequence by sequence; sequences outside the module's code
 * (discarded functions at address 0 or a tombstone) are left out. */
static int on_row(void *ctx, uint64_t a, const struct xp_dwarf_file *f, uint32_t lineno, int end,
		  const char *comp_dir)
{
	struct reader *r = ctx;
	uintptr_t addr = (uintptr_t)(a + r->bias);
	if (r->skip < 0) {
		r->skip = !xp_exec_ranges_has(r->code, addr);
		r->seq_first = r->nrows;
		r->prev = addr;
		r->paths.last_name = NULL; /* a new unit may have another comp_dir */
	}
	if (addr < r->prev)
		r->skip = 1; /* rows out of order: not a sequence we can trust */
	r->prev = addr;
	if (!r->skip) {
		uint32_t line = end || !f ? 0 : lineno, file = 0;
		if (line && (file = xp_strset_add_path(&r->paths, f, comp_dir)) == UINT32_MAX)
			return r->oom = -1;
		if (add_row(r, addr, file, line) < 0)
			return r->oom = -1;
	}
	if (end) {
		if (!r->skip) {
			struct seq *s = xp_grow(r->seqs, &r->capseqs, r->nseqs + 1, sizeof *s, 256);
			if (!s)
				return r->oom = -1;
			r->seqs = s;
			r->seqs[r->nseqs++] = (struct seq){
				r->rows[r->seq_first].addr, addr, r->seq_first, r->nrows - r->seq_first
			};
		} else {
			r->nrows = r->seq_first;
		}
		r->skip = -1;
	}
	return 0;
}

static int by_lo(const void *pa, const void *pb)
{
	const struct seq *a = pa, *b = pb;
	if (a->lo != b->lo)
		return a->lo < b->lo ? -1 : 1;
	return a->first < b->first ? -1 : a->first > b->first;
}

/* The rows of all sequences in address order; a sequence overlapping an
 * earlier one is left out (a duplicate table, or a discarded copy). */
static struct xp_linerow *order_rows(struct reader *r, size_t *n)
{
	if (r->nseqs)
		qsort(r->seqs, r->nseqs, sizeof *r->seqs, by_lo);
	struct xp_linerow *out = malloc((r->nrows ? r->nrows : 1) * sizeof *out);
	if (!out)
		return NULL;
	size_t k = 0;
	uintptr_t end = 0;
	for (size_t i = 0; i < r->nseqs; i++) {
		const struct seq *s = &r->seqs[i];
		if (k && s->lo < end)
			continue;
		memcpy(out + k, r->rows + s->first, s->count * sizeof *out);
		k += s->count;
		end = s->hi;
	}
	*n = k;
	return out;
}

int xp_lines_read(struct xp_lineidx *li, Dwfl_Module *mod, uintptr_t base, uintptr_t bias,
		  const struct xp_debuginfo_ctx *ctx)
{
	memset(li, 0, sizeof *li);
	struct xp_exec_ranges x;
	xp_exec_ranges_of(mod, bias, &x);
	struct xp_dwarf_source src;
	struct reader r = { .bias = bias, .code = &x, .skip = -1 };
	int rc = 0;
	if (xp_dwarf_source_open(&src, mod, ctx, 0) && src.sec.line && xp_dwarf_lines(&src.sec, on_row, &r) < 0)
		rc = -1;
	size_t n = 0;
	struct xp_linerow *ordered = rc < 0 || r.oom ? NULL : order_rows(&r, &n);
	if (!ordered || xp_lineidx_build(li, base, ordered, n, r.paths.bytes, r.paths.len, r.paths.at, r.paths.n) < 0)
		rc = -1;
	free(ordered);
	free(r.rows);
	free(r.seqs);
	xp_strset_free(&r.paths);
	xp_dwarf_source_close(&src);
	if (rc < 0)
		errno = ENOMEM;
	return rc;
}
