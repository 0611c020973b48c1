/* dwarf_line.c - DWARF 2-5 line programs, every read bounds-checked.
 * What it reads and why it is not libdw: dwarf_line.h; the decoding
 * pieces it shares with dwarf_inline.c: dwarf_read.h. */
#include "dwarf_line.h"

#include <stdlib.h>
#include <string.h>

#include "dwarf_read.h"

enum {
	LNS_copy = 1, LNS_advance_pc, LNS_advance_line, LNS_set_file, LNS_set_column,
	LNS_negate_stmt, LNS_set_basic_block, LNS_const_add_pc, LNS_fixed_advance_pc,
	LNE_end_sequence = 1, LNE_set_address = 2, LNE_define_file = 3,
};

/* ---- line tables ---- */

static int push_dir(struct xp_dwarf_filetab *t, const char *d)
{
	if (t->ndirs == t->capdirs) {
		size_t cap = t->capdirs ? 2 * t->capdirs : 32;
		const char **nd = realloc(t->dirs, cap * sizeof *nd);
		if (!nd)
			return -1;
		t->dirs = nd;
		t->capdirs = cap;
	}
	t->dirs[t->ndirs++] = d;
	return 0;
}

static int push_file(struct xp_dwarf_filetab *t, const char *name, uint64_t dir)
{
	if (t->nfiles == t->capfiles) {
		size_t cap = t->capfiles ? 2 * t->capfiles : 64;
		struct xp_dwarf_file *nf = realloc(t->files, cap * sizeof *nf);
		if (!nf)
			return -1;
		t->files = nf;
		t->capfiles = cap;
	}
	t->files[t->nfiles++] = (struct xp_dwarf_file){ dir < t->ndirs ? t->dirs[dir] : NULL, name };
	return 0;
}

/* DWARF 5 directory or file entries: a format, then that many entries. */
static int read_entries(struct dw_cursor *c, const struct dw_unit *u, struct xp_dwarf_filetab *t, int files)
{
	uint64_t fmt[32][2];
	unsigned nfmt = (unsigned)dw_read(c, 1);
	if (nfmt > 32) {
		c->bad = 1;
		return 0;
	}
	for (unsigned i = 0; i < nfmt; i++) {
		fmt[i][0] = dw_uleb(c);
		fmt[i][1] = dw_uleb(c);
	}
	uint64_t count = dw_uleb(c);
	for (uint64_t k = 0; k < count && !c->bad; k++) {
		const char *path = NULL;
		uint64_t dir = 0;
		for (unsigned i = 0; i < nfmt && !c->bad; i++) {
			int ok = 1;
			if (fmt[i][0] == LNCT_path && (fmt[i][1] == FORM_string || fmt[i][1] == FORM_strp ||
						       fmt[i][1] == FORM_line_strp || fmt[i][1] == FORM_strx ||
						       (fmt[i][1] >= FORM_strx1 && fmt[i][1] <= FORM_strx4)))
				path = xp_dw_string(c, u, fmt[i][1]);
			else if (fmt[i][0] == LNCT_directory_index)
				dir = xp_dw_udata(c, u, fmt[i][1], &ok);
			else
				ok = xp_dw_skip_form(c, u, fmt[i][1]);
			if (!ok)
				c->bad = 1;
		}
		if (c->bad || !path) {
			c->bad = 1; /* malformed: the table is skipped */
			return 0;
		}
		if ((files ? push_file(t, path, dir) : push_dir(t, path)) < 0)
			return -1;
	}
	return 0;
}

struct program {
	unsigned version, addr_size;
	unsigned min_inst, line_range, opcode_base;
	int line_base;
	const uint8_t *std_lens;
};

const struct xp_dwarf_file *xp_dwarf_filetab_file(const struct xp_dwarf_filetab *t, uint64_t i)
{
	if (t->version < 5)
		return i >= 1 && i <= t->nfiles ? &t->files[i - 1] : NULL;
	return i < t->nfiles ? &t->files[i] : NULL;
}

/* Run one line program, calling fn for every row. */
static int run_program(struct dw_cursor *c, const struct program *g, struct xp_dwarf_filetab *t, const char *comp_dir,
		       xp_dwarf_row_fn fn, void *ctx)
{
	/* Unsigned so that a malformed program wraps instead of overflowing;
	 * rows whose line is out of range print no line. */
	uint64_t addr = 0, file = 1, line = 1;
	while (c->p < c->end && !c->bad) {
		unsigned op = *c->p++;
		int emit = 0, end = 0;
		if (op >= g->opcode_base) {
			unsigned adj = op - g->opcode_base;
			addr += (uint64_t)g->min_inst * (adj / g->line_range);
			line += (uint64_t)(int64_t)(g->line_base + (int)(adj % g->line_range));
			emit = 1;
		} else if (op == 0) {
			uint64_t len = dw_uleb(c);
			if (c->bad || len == 0 || len > (uint64_t)(c->end - c->p))
				return 0;
			struct dw_cursor sub = { c->p, c->p + len, c->be, 0 };
			c->p += len;
			switch (dw_read(&sub, 1)) {
			case LNE_end_sequence:
				emit = end = 1;
				break;
			case LNE_set_address:
				addr = dw_read(&sub, len - 1);
				break;
			case LNE_define_file: {
				const char *name = dw_cstr(&sub);
				uint64_t dir = dw_uleb(&sub);
				if (!sub.bad && push_file(t, name, dir) < 0)
					return -1;
				break;
			}
			default:
				break; /* discriminators and vendor extensions */
			}
		} else {
			switch (op) {
			case LNS_copy:
				emit = 1;
				break;
			case LNS_advance_pc:
				addr += g->min_inst * dw_uleb(c);
				break;
			case LNS_advance_line:
				line += (uint64_t)dw_sleb(c);
				break;
			case LNS_set_file:
				file = dw_uleb(c);
				break;
			case LNS_const_add_pc:
				addr += (uint64_t)g->min_inst * ((255 - g->opcode_base) / g->line_range);
				break;
			case LNS_fixed_advance_pc:
				addr += dw_read(c, 2);
				break;
			default:
				for (unsigned i = 0; i < g->std_lens[op - 1]; i++)
					dw_uleb(c);
				break;
			}
		}
		if (emit && !c->bad) {
			uint32_t l = line <= UINT32_MAX ? (uint32_t)line : 0;
			int rc = fn(ctx, addr, xp_dwarf_filetab_file(t, file), l, end, comp_dir);
			if (rc)
				return rc;
		}
		if (end) {
			addr = 0;
			file = 1;
			line = 1;
		}
	}
	return 0;
}

/* The header of the line table at off, for a unit whose compilation
 * directory is comp_dir: its files into t (t->comp_dir the directory rows
 * are relative to), its program's parameters into *g and its opcodes'
 * span into *prog.  1, 0 when malformed (t->nfiles 0), -1 out of memory. */
static int read_header(const struct xp_dwarf_sections *s, uint64_t off, const struct dw_unit *cu,
		       const char *comp_dir, struct xp_dwarf_filetab *t, struct program *gp, struct dw_cursor *prog)
{
	t->ndirs = t->nfiles = 0;
	t->comp_dir = comp_dir;
	if (off >= s->line_len)
		return 0;
	struct dw_cursor c = { s->line + off, s->line + s->line_len, s->big_endian, 0 };
	struct dw_unit u = *cu;
	uint64_t len = dw_read(&c, 4);
	u.offset_size = 4;
	if (len == 0xffffffff) {
		len = dw_read(&c, 8);
		u.offset_size = 8;
	}
	if (c.bad || len > (uint64_t)(c.end - c.p))
		return 0;
	c.end = c.p + len;
	struct program g = { .version = (unsigned)dw_read(&c, 2), .addr_size = cu->addr_size };
	if (g.version < 2 || g.version > 5)
		return 0;
	u.version = g.version;
	if (g.version >= 5) {
		g.addr_size = (unsigned)dw_read(&c, 1);
		dw_read(&c, 1); /* segment selector size */
	}
	uint64_t header_len = dw_read(&c, u.offset_size);
	if (c.bad || header_len > (uint64_t)(c.end - c.p))
		return 0;
	*prog = (struct dw_cursor){ c.p + header_len, c.end, c.be, 0 };
	c.end = c.p + header_len;
	g.min_inst = (unsigned)dw_read(&c, 1);
	if (g.version >= 4)
		dw_read(&c, 1); /* maximum operations per instruction: VLIW only */
	dw_read(&c, 1);         /* default_is_stmt */
	g.line_base = (int8_t)dw_read(&c, 1);
	g.line_range = (unsigned)dw_read(&c, 1);
	g.opcode_base = (unsigned)dw_read(&c, 1);
	g.std_lens = c.p;
	dw_skip(&c, g.opcode_base ? g.opcode_base - 1 : 0);
	if (c.bad || !g.line_range || !g.opcode_base)
		return 0;

	t->version = g.version;
	int rc = 0;
	if (g.version >= 5) {
		rc = read_entries(&c, &u, t, 0);
		if (!rc && !c.bad)
			rc = read_entries(&c, &u, t, 1);
		if (!rc && t->ndirs)
			comp_dir = comp_dir ? comp_dir : t->dirs[0];
	} else {
		rc = push_dir(t, comp_dir);
		for (const char *d; !rc && (d = dw_cstr(&c)) && *d;)
			rc = push_dir(t, d);
		for (const char *name; !rc && (name = dw_cstr(&c)) && *name;) {
			uint64_t dir = dw_uleb(&c);
			dw_uleb(&c); /* modification time */
			dw_uleb(&c); /* length */
			rc = push_file(t, name, dir);
		}
	}
	t->comp_dir = comp_dir;
	if (rc < 0)
		return -1;
	if (c.bad) {
		t->nfiles = 0;
		return 0;
	}
	*gp = g;
	return 1;
}

/* The line table at off, for a unit whose compilation directory is
 * comp_dir.  0 (also when malformed), -1 out of memory, or fn's value. */
static int read_table(const struct xp_dwarf_sections *s, uint64_t off, const struct dw_unit *cu,
		      const char *comp_dir, struct xp_dwarf_filetab *t, xp_dwarf_row_fn fn, void *ctx)
{
	struct program g;
	struct dw_cursor prog;
	int rc = read_header(s, off, cu, comp_dir, t, &g, &prog);
	return rc <= 0 ? rc : run_program(&prog, &g, t, t->comp_dir, fn, ctx);
}

int xp_dwarf_line_files(const struct xp_dwarf_sections *s, uint64_t off, const struct dw_unit *cu,
			const char *comp_dir, struct xp_dwarf_filetab *t)
{
	struct program g;
	struct dw_cursor prog;
	return read_header(s, off, cu, comp_dir, t, &g, &prog) < 0 ? -1 : 0;
}

void xp_dwarf_filetab_free(struct xp_dwarf_filetab *t)
{
	free(t->dirs);
	free(t->files);
	*t = (struct xp_dwarf_filetab){ 0 };
}

/* ---- compile units ---- */

static int read_units(const struct xp_dwarf_sections *s, struct xp_dwarf_filetab *t, xp_dwarf_row_fn fn, void *ctx)
{
	uint64_t off = 0, die, end, abbrev;
	while (off < s->info_len) {
		struct dw_unit u;
		unsigned type;
		int ok = xp_dw_unit_header(s, off, &u, &die, &end, &abbrev, &type);
		off = end;
		struct dw_root root;
		/* (type units have no lines of their own) */
		if (!ok || type == UT_type || !xp_dw_read_root(s, &u, die, abbrev, &root) || !root.have_stmt_list)
			continue;
		int rc = read_table(s, root.stmt_list, &u, root.comp_dir, t, fn, ctx);
		if (rc)
			return rc;
	}
	return 0;
}

int xp_dwarf_lines(const struct xp_dwarf_sections *s, xp_dwarf_row_fn fn, void *ctx)
{
	struct xp_dwarf_filetab t = { 0 }; /* one set of arrays for every table */
	int rc = read_units(s, &t, fn, ctx);
	xp_dwarf_filetab_free(&t);
	return rc;
}
