/* dwarf_line.c - DWARF 2-5 line programs, every read bounds-checked.
 * What it reads and why it is not libdw: dwarf_line.h. */
#include "dwarf_line.h"

#include <stdlib.h>
#include <string.h>

/* The few DWARF constants used here (dwarf.h spells them as enums). */
enum {
	AT_stmt_list = 0x10, AT_comp_dir = 0x1b, AT_str_offsets_base = 0x72,
	UT_compile = 1, UT_type = 2, UT_partial = 3, UT_skeleton = 4, UT_split_compile = 5,
	LNCT_path = 1, LNCT_directory_index = 2,
	FORM_addr = 0x01, FORM_block2 = 0x03, FORM_block4 = 0x04, FORM_data2 = 0x05,
	FORM_data4 = 0x06, FORM_data8 = 0x07, FORM_string = 0x08, FORM_block = 0x09,
	FORM_block1 = 0x0a, FORM_data1 = 0x0b, FORM_flag = 0x0c, FORM_sdata = 0x0d,
	FORM_strp = 0x0e, FORM_udata = 0x0f, FORM_ref_addr = 0x10, FORM_ref1 = 0x11,
	FORM_ref2 = 0x12, FORM_ref4 = 0x13, FORM_ref8 = 0x14, FORM_ref_udata = 0x15,
	FORM_indirect = 0x16, FORM_sec_offset = 0x17, FORM_exprloc = 0x18,
	FORM_flag_present = 0x19, FORM_strx = 0x1a, FORM_addrx = 0x1b, FORM_ref_sup4 = 0x1c,
	FORM_strp_sup = 0x1d, FORM_data16 = 0x1e, FORM_line_strp = 0x1f, FORM_ref_sig8 = 0x20,
	FORM_implicit_const = 0x21, FORM_loclistx = 0x22, FORM_rnglistx = 0x23,
	FORM_ref_sup8 = 0x24, FORM_strx1 = 0x25, FORM_strx2 = 0x26, FORM_strx3 = 0x27,
	FORM_strx4 = 0x28, FORM_addrx1 = 0x29, FORM_addrx2 = 0x2a, FORM_addrx3 = 0x2b,
	FORM_addrx4 = 0x2c, FORM_GNU_addr_index = 0x1f01, FORM_GNU_str_index = 0x1f02,
	FORM_GNU_ref_alt = 0x1f20, FORM_GNU_strp_alt = 0x1f21,
	LNS_copy = 1, LNS_advance_pc, LNS_advance_line, LNS_set_file, LNS_set_column,
	LNS_negate_stmt, LNS_set_basic_block, LNS_const_add_pc, LNS_fixed_advance_pc,
	LNE_end_sequence = 1, LNE_set_address = 2, LNE_define_file = 3,
};

/* A bounded cursor: a read past end sets bad and yields 0. */
struct cur {
	const uint8_t *p, *end;
	int be, bad;
};

static uint64_t rd(struct cur *c, size_t n)
{
	if (n > 8 || (size_t)(c->end - c->p) < n) {
		c->bad = 1;
		c->p = c->end;
		return 0;
	}
	uint64_t v = 0;
	for (size_t i = 0; i < n; i++)
		v |= (uint64_t)c->p[c->be ? n - 1 - i : i] << (8 * i);
	c->p += n;
	return v;
}

static uint64_t uleb(struct cur *c)
{
	uint64_t v = 0;
	for (unsigned shift = 0; c->p < c->end; shift += 7) {
		uint8_t b = *c->p++;
		if (shift < 64)
			v |= (uint64_t)(b & 0x7f) << shift;
		if (b < 0x80)
			return v;
	}
	c->bad = 1;
	return 0;
}

static int64_t sleb(struct cur *c)
{
	uint64_t v = 0;
	unsigned shift = 0;
	uint8_t b = 0;
	do {
		if (c->p >= c->end) {
			c->bad = 1;
			return 0;
		}
		b = *c->p++;
		if (shift < 64)
			v |= (uint64_t)(b & 0x7f) << shift;
		shift += 7;
	} while (b >= 0x80);
	if (shift < 64 && (b & 0x40))
		v |= ~(uint64_t)0 << shift;
	return (int64_t)v;
}

static void skip(struct cur *c, uint64_t n)
{
	if ((uint64_t)(c->end - c->p) < n) {
		c->bad = 1;
		c->p = c->end;
	} else {
		c->p += n;
	}
}

/* A NUL-terminated string in place, or NULL. */
static const char *cstr(struct cur *c)
{
	const uint8_t *nul = memchr(c->p, 0, (size_t)(c->end - c->p));
	if (!nul) {
		c->bad = 1;
		c->p = c->end;
		return NULL;
	}
	const char *s = (const char *)c->p;
	c->p = nul + 1;
	return s;
}

/* The string at off in a string section, or NULL. */
static const char *str_at(const uint8_t *sec, size_t len, uint64_t off)
{
	if (!sec || off >= len || !memchr(sec + off, 0, len - off))
		return NULL;
	return (const char *)sec + off;
}

struct unit {
	const struct xp_dwarf_sections *sec;
	unsigned version, addr_size, offset_size;
	uint64_t str_offsets_base;
};

/* A string-class attribute value; strx forms need str_offsets_base. */
static const char *read_string(struct cur *c, const struct unit *u, uint64_t form)
{
	const struct xp_dwarf_sections *s = u->sec;
	uint64_t idx;
	switch (form) {
	case FORM_string:
		return cstr(c);
	case FORM_strp:
		return str_at(s->str, s->str_len, rd(c, u->offset_size));
	case FORM_line_strp:
		return str_at(s->line_str, s->line_str_len, rd(c, u->offset_size));
	case FORM_strx:
	case FORM_GNU_str_index:
		idx = uleb(c);
		break;
	case FORM_strx1:
	case FORM_strx2:
	case FORM_strx3:
	case FORM_strx4:
		idx = rd(c, form - FORM_strx1 + 1);
		break;
	default:
		return NULL;
	}
	if (!u->str_offsets_base || !s->str_offsets)
		return NULL;
	uint64_t at = u->str_offsets_base + idx * u->offset_size;
	if (at < u->str_offsets_base || at > s->str_offsets_len || s->str_offsets_len - at < u->offset_size)
		return NULL;
	struct cur t = { s->str_offsets + at, s->str_offsets + s->str_offsets_len, c->be, 0 };
	return str_at(s->str, s->str_len, rd(&t, u->offset_size));
}

/* An unsigned constant, or a section offset. */
static uint64_t read_udata(struct cur *c, const struct unit *u, uint64_t form, int *ok)
{
	*ok = 1;
	switch (form) {
	case FORM_data1:
		return rd(c, 1);
	case FORM_data2:
		return rd(c, 2);
	case FORM_data4:
		return rd(c, 4);
	case FORM_data8:
		return rd(c, 8);
	case FORM_udata:
		return uleb(c);
	case FORM_sec_offset:
		return rd(c, u->offset_size);
	default:
		*ok = 0;
		return 0;
	}
}

/* Step over an attribute value; 0 for a form this reader does not know. */
static int skip_form(struct cur *c, const struct unit *u, uint64_t form)
{
	static const uint8_t fixed[] = {
		[FORM_data1] = 1, [FORM_ref1] = 1, [FORM_flag] = 1, [FORM_strx1] = 1, [FORM_addrx1] = 1,
		[FORM_data2] = 2, [FORM_ref2] = 2, [FORM_strx2] = 2, [FORM_addrx2] = 2,
		[FORM_strx3] = 3, [FORM_addrx3] = 3,
		[FORM_data4] = 4, [FORM_ref4] = 4, [FORM_ref_sup4] = 4, [FORM_strx4] = 4, [FORM_addrx4] = 4,
		[FORM_data8] = 8, [FORM_ref8] = 8, [FORM_ref_sig8] = 8, [FORM_ref_sup8] = 8,
		[FORM_data16] = 16,
	};
	switch (form) {
	case FORM_addr:
		skip(c, u->addr_size);
		return 1;
	case FORM_ref_addr:
		skip(c, u->version <= 2 ? u->addr_size : u->offset_size);
		return 1;
	case FORM_strp:
	case FORM_line_strp:
	case FORM_sec_offset:
	case FORM_strp_sup:
	case FORM_GNU_ref_alt:
	case FORM_GNU_strp_alt:
		skip(c, u->offset_size);
		return 1;
	case FORM_string:
		cstr(c);
		return 1;
	case FORM_block1:
		skip(c, rd(c, 1));
		return 1;
	case FORM_block2:
		skip(c, rd(c, 2));
		return 1;
	case FORM_block4:
		skip(c, rd(c, 4));
		return 1;
	case FORM_block:
	case FORM_exprloc:
		skip(c, uleb(c));
		return 1;
	case FORM_sdata:
		sleb(c);
		return 1;
	case FORM_udata:
	case FORM_ref_udata:
	case FORM_strx:
	case FORM_addrx:
	case FORM_loclistx:
	case FORM_rnglistx:
	case FORM_GNU_addr_index:
	case FORM_GNU_str_index:
		uleb(c);
		return 1;
	case FORM_flag_present:
	case FORM_implicit_const:
		return 1;
	case FORM_indirect:
		return skip_form(c, u, uleb(c));
	default:
		if (form < sizeof fixed && fixed[form]) {
			skip(c, fixed[form]);
			return 1;
		}
		return 0;
	}
}

/* ---- line tables ---- */

struct table {
	const char **dirs;
	struct xp_dwarf_file *files;
	size_t ndirs, nfiles, capdirs, capfiles;
};

static int push_dir(struct table *t, const char *d)
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

static int push_file(struct table *t, const char *name, uint64_t dir)
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
static int read_entries(struct cur *c, const struct unit *u, struct table *t, int files)
{
	uint64_t fmt[32][2];
	unsigned nfmt = (unsigned)rd(c, 1);
	if (nfmt > 32) {
		c->bad = 1;
		return 0;
	}
	for (unsigned i = 0; i < nfmt; i++) {
		fmt[i][0] = uleb(c);
		fmt[i][1] = uleb(c);
	}
	uint64_t count = uleb(c);
	for (uint64_t k = 0; k < count && !c->bad; k++) {
		const char *path = NULL;
		uint64_t dir = 0;
		for (unsigned i = 0; i < nfmt && !c->bad; i++) {
			int ok = 1;
			if (fmt[i][0] == LNCT_path && (fmt[i][1] == FORM_string || fmt[i][1] == FORM_strp ||
						       fmt[i][1] == FORM_line_strp || fmt[i][1] == FORM_strx ||
						       (fmt[i][1] >= FORM_strx1 && fmt[i][1] <= FORM_strx4)))
				path = read_string(c, u, fmt[i][1]);
			else if (fmt[i][0] == LNCT_directory_index)
				dir = read_udata(c, u, fmt[i][1], &ok);
			else
				ok = skip_form(c, u, fmt[i][1]);
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

static const struct xp_dwarf_file *file_at(const struct table *t, unsigned version, uint64_t i)
{
	if (version < 5)
		return i >= 1 && i <= t->nfiles ? &t->files[i - 1] : NULL;
	return i < t->nfiles ? &t->files[i] : NULL;
}

/* Run one line program, calling fn for every row. */
static int run_program(struct cur *c, const struct program *g, struct table *t, const char *comp_dir,
		       xp_dwarf_row_fn fn, void *ctx)
{
	uint64_t addr = 0, file = 1;
	int64_t line = 1;
	while (c->p < c->end && !c->bad) {
		unsigned op = *c->p++;
		int emit = 0, end = 0;
		if (op >= g->opcode_base) {
			unsigned adj = op - g->opcode_base;
			addr += (uint64_t)g->min_inst * (adj / g->line_range);
			line += g->line_base + (int)(adj % g->line_range);
			emit = 1;
		} else if (op == 0) {
			uint64_t len = uleb(c);
			if (c->bad || len == 0 || len > (uint64_t)(c->end - c->p))
				return 0;
			struct cur sub = { c->p, c->p + len, c->be, 0 };
			c->p += len;
			switch (rd(&sub, 1)) {
			case LNE_end_sequence:
				emit = end = 1;
				break;
			case LNE_set_address:
				addr = rd(&sub, len - 1);
				break;
			case LNE_define_file: {
				const char *name = cstr(&sub);
				uint64_t dir = uleb(&sub);
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
				addr += g->min_inst * uleb(c);
				break;
			case LNS_advance_line:
				line += sleb(c);
				break;
			case LNS_set_file:
				file = uleb(c);
				break;
			case LNS_const_add_pc:
				addr += (uint64_t)g->min_inst * ((255 - g->opcode_base) / g->line_range);
				break;
			case LNS_fixed_advance_pc:
				addr += rd(c, 2);
				break;
			default:
				for (unsigned i = 0; i < g->std_lens[op - 1]; i++)
					uleb(c);
				break;
			}
		}
		if (emit && !c->bad) {
			uint32_t l = line > 0 && line <= UINT32_MAX ? (uint32_t)line : 0;
			int rc = fn(ctx, addr, file_at(t, g->version, file), l, end, comp_dir);
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

/* The line table at off, for a unit whose compilation directory is
 * comp_dir.  0 (also when malformed), -1 out of memory, or fn's value. */
static int read_table(const struct xp_dwarf_sections *s, uint64_t off, const struct unit *cu,
		      const char *comp_dir, struct table *t, xp_dwarf_row_fn fn, void *ctx)
{
	if (off >= s->line_len)
		return 0;
	struct cur c = { s->line + off, s->line + s->line_len, s->big_endian, 0 };
	struct unit u = *cu;
	uint64_t len = rd(&c, 4);
	u.offset_size = 4;
	if (len == 0xffffffff) {
		len = rd(&c, 8);
		u.offset_size = 8;
	}
	if (c.bad || len > (uint64_t)(c.end - c.p))
		return 0;
	c.end = c.p + len;
	struct program g = { .version = (unsigned)rd(&c, 2), .addr_size = cu->addr_size };
	if (g.version < 2 || g.version > 5)
		return 0;
	u.version = g.version;
	if (g.version >= 5) {
		g.addr_size = (unsigned)rd(&c, 1);
		rd(&c, 1); /* segment selector size */
	}
	uint64_t header_len = rd(&c, u.offset_size);
	if (c.bad || header_len > (uint64_t)(c.end - c.p))
		return 0;
	struct cur prog = { c.p + header_len, c.end, c.be, 0 };
	c.end = c.p + header_len;
	g.min_inst = (unsigned)rd(&c, 1);
	if (g.version >= 4)
		rd(&c, 1); /* maximum operations per instruction: VLIW only */
	rd(&c, 1);         /* default_is_stmt */
	g.line_base = (int8_t)rd(&c, 1);
	g.line_range = (unsigned)rd(&c, 1);
	g.opcode_base = (unsigned)rd(&c, 1);
	g.std_lens = c.p;
	skip(&c, g.opcode_base ? g.opcode_base - 1 : 0);
	if (c.bad || !g.line_range || !g.opcode_base)
		return 0;

	t->ndirs = t->nfiles = 0;
	int rc = 0;
	if (g.version >= 5) {
		rc = read_entries(&c, &u, t, 0);
		if (!rc && !c.bad)
			rc = read_entries(&c, &u, t, 1);
		if (!rc && t->ndirs)
			comp_dir = comp_dir ? comp_dir : t->dirs[0];
	} else {
		rc = push_dir(t, comp_dir);
		for (const char *d; !rc && (d = cstr(&c)) && *d;)
			rc = push_dir(t, d);
		for (const char *name; !rc && (name = cstr(&c)) && *name;) {
			uint64_t dir = uleb(&c);
			uleb(&c); /* modification time */
			uleb(&c); /* length */
			rc = push_file(t, name, dir);
		}
	}
	if (!rc && !c.bad)
		rc = run_program(&prog, &g, t, comp_dir, fn, ctx);
	return rc;
}

/* ---- compile units ---- */

/* The attribute list of abbreviation code in the table at off, or NULL. */
static const uint8_t *find_abbrev(const struct xp_dwarf_sections *s, uint64_t off, uint64_t code)
{
	if (off >= s->abbrev_len)
		return NULL;
	struct cur c = { s->abbrev + off, s->abbrev + s->abbrev_len, 0, 0 };
	while (!c.bad) {
		uint64_t k = uleb(&c);
		if (!k || c.bad)
			return NULL;
		uleb(&c);    /* tag */
		rd(&c, 1);   /* children */
		if (k == code)
			return c.bad ? NULL : c.p;
		for (;;) {
			uint64_t name = uleb(&c), form = uleb(&c);
			if (form == FORM_implicit_const)
				sleb(&c);
			if (c.bad || (!name && !form))
				break;
		}
	}
	return NULL;
}

static int read_units(const struct xp_dwarf_sections *s, struct table *t, xp_dwarf_row_fn fn, void *ctx)
{
	uint64_t off = 0;
	while (s->info && off < s->info_len) {
		struct cur c = { s->info + off, s->info + s->info_len, s->big_endian, 0 };
		struct unit u = { .sec = s, .offset_size = 4 };
		uint64_t len = rd(&c, 4);
		if (len == 0xffffffff) {
			len = rd(&c, 8);
			u.offset_size = 8;
		} else if (len >= 0xfffffff0) {
			return 0;
		}
		if (c.bad || len > (uint64_t)(c.end - c.p))
			return 0;
		c.end = c.p + len;
		off = (uint64_t)(c.end - s->info);
		u.version = (unsigned)rd(&c, 2);
		uint64_t abbrev_off;
		if (u.version < 2 || u.version > 5)
			continue;
		if (u.version >= 5) {
			unsigned type = (unsigned)rd(&c, 1);
			u.addr_size = (unsigned)rd(&c, 1);
			abbrev_off = rd(&c, u.offset_size);
			if (type == UT_skeleton || type == UT_split_compile)
				rd(&c, 8); /* dwo_id */
			else if (type != UT_compile && type != UT_partial)
				continue; /* type units have no lines of their own */
		} else {
			abbrev_off = rd(&c, u.offset_size);
			u.addr_size = (unsigned)rd(&c, 1);
		}
		const uint8_t *a = find_abbrev(s, abbrev_off, uleb(&c));
		if (!a || c.bad)
			continue;
		struct cur ac = { a, s->abbrev + s->abbrev_len, 0, 0 };
		uint64_t stmt_list = 0, comp_form = 0;
		int have_stmt = 0;
		struct cur comp_at = { 0 };
		const char *comp_dir = NULL;
		for (;;) {
			uint64_t name = uleb(&ac), form = uleb(&ac);
			if (form == FORM_implicit_const)
				sleb(&ac);
			if (ac.bad || (!name && !form))
				break;
			while (form == FORM_indirect && !c.bad)
				form = uleb(&c);
			int ok = 1;
			if (name == AT_stmt_list) {
				stmt_list = read_udata(&c, &u, form, &ok);
				have_stmt = ok;
				ok = 1;
			} else if (name == AT_str_offsets_base) {
				u.str_offsets_base = read_udata(&c, &u, form, &ok);
			} else if (name == AT_comp_dir) {
				comp_at = c; /* strx needs str_offsets_base, which may follow */
				comp_form = form;
				ok = skip_form(&c, &u, form);
			} else {
				ok = skip_form(&c, &u, form);
			}
			if (!ok || c.bad)
				break;
		}
		if (c.bad || !have_stmt)
			continue;
		if (comp_form)
			comp_dir = read_string(&comp_at, &u, comp_form);
		int rc = read_table(s, stmt_list, &u, comp_dir, t, fn, ctx);
		if (rc)
			return rc;
	}
	return 0;
}

int xp_dwarf_lines(const struct xp_dwarf_sections *s, xp_dwarf_row_fn fn, void *ctx)
{
	struct table t = { 0 }; /* one set of arrays for every table */
	int rc = read_units(s, &t, fn, ctx);
	free(t.dirs);
	free(t.files);
	return rc;
}
