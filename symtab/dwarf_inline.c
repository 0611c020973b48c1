/* dwarf_inline.c - inlined calls from .debug_info: a walk of every DIE of
 * every unit, reading only DW_TAG_inlined_subroutine's attributes and
 * following its abstract origin for the name (dwarf_inline.h). */
#include "dwarf_inline.h"

#include <stdlib.h>

#include "dwarf_read.h"

#define MAX_DEPTH 512  /* DIE nesting; deeper units are skipped */
#define MAX_ORIGIN_HOPS 8
#define MAX_ABBREV_CODE 65536
#define MAX_CACHED_CODES (1u << 20) /* decoded abbreviations kept at once */
#define ALT_KEY (UINT64_C(1) << 63)  /* a key's file: the supplementary one */

/* One file's units, in section order, for references into them. */
struct unit_span {
	uint64_t start, die, end, abbrev;
	struct dw_unit u;
	int rooted; /* u has the bases its root DIE gives */
};
struct units {
	struct unit_span *v;
	size_t n;
	int read;
};

/* One abbreviation: its attribute specifications in .debug_abbrev. */
struct abbrev {
	const uint8_t *specs; /* NULL: no such code */
	uint32_t tag;
	uint8_t children;
};
struct abbrev_table {
	uint64_t key;         /* offset (| ALT_KEY) */
	struct abbrev *code;  /* by code */
	uint32_t ncodes;
};

/* Open addressing, 64-bit keys (offset | ALT_KEY) + 1, 0 empty. */
struct map {
	uint64_t *keys;
	uintptr_t *vals;
	size_t cap, n;
};

struct walk {
	const struct xp_dwarf_sections *sec;
	const struct xp_dwarf_inline_sink *sink;
	void *ctx;
	struct units units[2];       /* [0] the file, [1] its supplementary file */
	struct abbrev_table *tables;
	size_t ntables, captables, cached_codes;
	struct map table_of;         /* abbreviation offset -> 1 + index in tables */
	struct map names;            /* origin DIE -> its name (or 1: none) */
	struct xp_dwarf_filetab files;
	int oom;
};

/* ---- small containers ---- */

static uint64_t mix(uint64_t k)
{
	k ^= k >> 33;
	k *= UINT64_C(0xff51afd7ed558ccd);
	return k ^ (k >> 33);
}

static uintptr_t *map_slot(struct map *m, uint64_t key, int *fresh)
{
	if (2 * (m->n + 1) > m->cap) {
		size_t cap = m->cap ? 2 * m->cap : 1024;
		uint64_t *keys = calloc(cap, sizeof *keys);
		uintptr_t *vals = keys ? malloc(cap * sizeof *vals) : NULL;
		if (!vals) {
			free(keys);
			return NULL;
		}
		for (size_t i = 0; i < m->cap; i++) {
			if (!m->keys[i])
				continue;
			size_t j = mix(m->keys[i]) & (cap - 1);
			while (keys[j])
				j = (j + 1) & (cap - 1);
			keys[j] = m->keys[i];
			vals[j] = m->vals[i];
		}
		free(m->keys);
		free(m->vals);
		m->keys = keys;
		m->vals = vals;
		m->cap = cap;
	}
	size_t i = mix(key + 1) & (m->cap - 1);
	while (m->keys[i] && m->keys[i] != key + 1)
		i = (i + 1) & (m->cap - 1);
	*fresh = !m->keys[i];
	if (*fresh) {
		m->keys[i] = key + 1;
		m->vals[i] = 0;
		m->n++;
	}
	return &m->vals[i];
}

static void map_free(struct map *m)
{
	free(m->keys);
	free(m->vals);
	*m = (struct map){ 0 };
}

/* ---- units and abbreviations ---- */

static const struct xp_dwarf_sections *file_sections(const struct walk *w, int alt)
{
	return alt ? w->sec->alt : w->sec;
}

static int read_units(struct walk *w, int alt)
{
	struct units *us = &w->units[alt];
	const struct xp_dwarf_sections *s = file_sections(w, alt);
	us->read = 1;
	size_t cap = 0;
	for (uint64_t off = 0; s && off < s->info_len;) {
		struct unit_span sp = { .start = off };
		unsigned type;
		int ok = xp_dw_unit_header(s, off, &sp.u, &sp.die, &sp.end, &sp.abbrev, &type);
		off = sp.end;
		if (!ok || type == UT_type)
			continue;
		if (us->n == cap) {
			cap = cap ? 2 * cap : 256;
			struct unit_span *v = realloc(us->v, cap * sizeof *v);
			if (!v)
				return -1;
			us->v = v;
		}
		us->v[us->n++] = sp;
	}
	return 0;
}

/* The unit of file alt holding the DIE at off, or NULL. */
static const struct unit_span *unit_of(struct walk *w, int alt, uint64_t off)
{
	struct units *us = &w->units[alt];
	if (!us->read && read_units(w, alt) < 0) {
		w->oom = 1;
		return NULL;
	}
	size_t lo = 0, hi = us->n;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (us->v[mid].start <= off)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (!lo || off < us->v[lo - 1].die || off >= us->v[lo - 1].end)
		return NULL;
	struct unit_span *sp = &us->v[lo - 1];
	if (!sp->rooted) {
		/* A name in DW_FORM_strx (clang's) needs the root's
		 * DW_AT_str_offsets_base, which the header does not give. */
		struct dw_unit u = sp->u;
		struct dw_root root;
		if (xp_dw_read_root(file_sections(w, alt), &u, sp->die, sp->abbrev, &root))
			sp->u = u;
		sp->rooted = 1;
	}
	return sp;
}

static void drop_tables(struct walk *w)
{
	for (size_t i = 0; i < w->ntables; i++)
		free(w->tables[i].code);
	w->ntables = w->cached_codes = 0;
	map_free(&w->table_of);
}

static struct abbrev_table *decode_table(struct walk *w, const struct xp_dwarf_sections *s, uint64_t off,
					 struct abbrev_table *t)
{
	uint32_t cap = 0;
	t->code = NULL;
	t->ncodes = 0;
	struct dw_cursor c = { s->abbrev + off, s->abbrev + s->abbrev_len, 0, 0 };
	while (off < s->abbrev_len && !c.bad) {
		uint64_t code = dw_uleb(&c);
		if (!code || c.bad)
			break;
		struct abbrev a = { .tag = (uint32_t)dw_uleb(&c) };
		a.children = (uint8_t)dw_read(&c, 1);
		a.specs = c.p;
		uint64_t name, form;
		int64_t implicit;
		while (dw_next_spec(&c, &name, &form, &implicit))
			;
		if (c.bad || code >= MAX_ABBREV_CODE)
			break;
		if (code >= cap) {
			uint32_t ncap = cap ? cap : 64;
			while (ncap <= code)
				ncap *= 2;
			struct abbrev *v = realloc(t->code, ncap * sizeof *v);
			if (!v) {
				free(t->code);
				w->oom = 1;
				return NULL;
			}
			for (uint32_t i = cap; i < ncap; i++)
				v[i] = (struct abbrev){ 0 };
			t->code = v;
			cap = ncap;
		}
		if (!t->code[code].specs)
			t->code[code] = a; /* the first of a duplicated code wins */
		if (code >= t->ncodes)
			t->ncodes = (uint32_t)code + 1;
	}
	return t;
}

/* The decoded abbreviation table at off of file alt, or NULL. */
static const struct abbrev_table *table_at(struct walk *w, int alt, uint64_t off)
{
	if (w->cached_codes > MAX_CACHED_CODES)
		drop_tables(w); /* bounded memory: decode again on demand */
	int fresh;
	uint64_t key = off | (alt ? ALT_KEY : 0);
	uintptr_t *slot = off < ALT_KEY ? map_slot(&w->table_of, key, &fresh) : NULL;
	if (!slot) {
		w->oom = off < ALT_KEY;
		return NULL;
	}
	if (!fresh)
		return &w->tables[*slot - 1];
	if (w->ntables == w->captables) {
		size_t cap = w->captables ? 2 * w->captables : 256;
		struct abbrev_table *v = realloc(w->tables, cap * sizeof *v);
		if (!v) {
			w->oom = 1;
			return NULL;
		}
		w->tables = v;
		w->captables = cap;
	}
	struct abbrev_table *t = &w->tables[w->ntables];
	t->key = key;
	if (!decode_table(w, file_sections(w, alt), off, t))
		return NULL;
	w->cached_codes += t->ncodes;
	*slot = ++w->ntables;
	return t;
}

/* ---- attribute values ---- */

/* A reference's target: *alt and the offset in that file's .debug_info;
 * 0 for a form that is not a reference this reader follows. */
static int read_ref(struct dw_cursor *c, const struct unit_span *sp, uint64_t form, int *alt, uint64_t *off)
{
	*alt = 0;
	switch (form) {
	case FORM_ref1:
	case FORM_ref2:
	case FORM_ref4:
	case FORM_ref8:
		*off = sp->start + dw_read(c, form == FORM_ref1 ? 1 : form == FORM_ref2 ? 2 : form == FORM_ref4 ? 4 : 8);
		return 1;
	case FORM_ref_udata:
		*off = sp->start + dw_uleb(c);
		return 1;
	case FORM_ref_addr:
		*off = dw_read(c, sp->u.version <= 2 ? sp->u.addr_size : sp->u.offset_size);
		return 1;
	case FORM_GNU_ref_alt:
	case FORM_ref_sup4:
	case FORM_ref_sup8:
		*alt = 1;
		*off = dw_read(c, form == FORM_ref_sup4 ? 4 : form == FORM_ref_sup8 ? 8 : sp->u.offset_size);
		return 1;
	default:
		return 0;
	}
}

/* The name of the function the DIE at off (file alt) stands for: its
 * linkage name, or its specification's or origin's, else the first
 * DW_AT_name on the way; NULL when none. */
static const char *origin_name(struct walk *w, int alt, uint64_t off)
{
	int fresh;
	uintptr_t *cached = map_slot(&w->names, off | (alt ? ALT_KEY : 0), &fresh);
	if (!cached) {
		w->oom = 1;
		return NULL;
	}
	if (!fresh)
		return *cached > 1 ? (const char *)*cached : NULL;
	const char *linkage = NULL, *plain = NULL;
	for (int hop = 0; hop < MAX_ORIGIN_HOPS && !linkage; hop++) {
		const struct xp_dwarf_sections *s = file_sections(w, alt);
		const struct unit_span *sp = s ? unit_of(w, alt, off) : NULL;
		const struct abbrev_table *t = sp ? table_at(w, alt, sp->abbrev) : NULL;
		if (!t)
			break;
		struct dw_cursor c = { s->info + off, s->info + sp->end, s->big_endian, 0 };
		uint64_t code = dw_uleb(&c);
		if (c.bad || code >= t->ncodes || !t->code[code].specs)
			break;
		struct dw_cursor ac = { t->code[code].specs, s->abbrev + s->abbrev_len, 0, 0 };
		int next_alt = 0, have_next = 0;
		uint64_t next = 0, name, form;
		int64_t implicit;
		while (dw_next_spec(&ac, &name, &form, &implicit)) {
			form = dw_actual_form(&c, form);
			int ok = 1;
			if (name == AT_linkage_name || name == AT_MIPS_linkage_name) {
				linkage = xp_dw_string(&c, &sp->u, form);
			} else if (name == AT_name) {
				const char *n = xp_dw_string(&c, &sp->u, form);
				plain = plain ? plain : n;
			} else if (name == AT_abstract_origin || name == AT_specification) {
				int a;
				uint64_t o;
				ok = read_ref(&c, sp, form, &a, &o);
				if (ok && !have_next) {
					have_next = 1;
					next_alt = alt || a; /* a plain ref in the supplementary file stays there */
					next = o;
				}
			} else {
				ok = xp_dw_skip_form(&c, &sp->u, form);
			}
			if (!ok || c.bad)
				break;
		}
		if (!have_next || (next == off && next_alt == alt))
			break;
		alt = next_alt;
		off = next;
	}
	const char *name = linkage ? linkage : plain;
	*cached = name ? (uintptr_t)name : 1;
	return name;
}

/* Ranges of a DW_AT_ranges value (DWARF 2-4: .debug_ranges; 5:
 * .debug_rnglists), base the unit's base address. */
static int read_ranges(struct walk *w, const struct unit_span *sp, const struct dw_root *root, uint64_t form,
		       uint64_t value, uint32_t call)
{
	const struct xp_dwarf_sections *s = w->sec;
	const struct dw_unit *u = &sp->u;
	uint64_t base = root->low_pc;
	uint64_t all_ones = u->addr_size == 8 ? UINT64_MAX : UINT32_MAX;
	if (u->version < 5) {
		if (!s->ranges || value >= s->ranges_len)
			return 0;
		struct dw_cursor c = { s->ranges + value, s->ranges + s->ranges_len, s->big_endian, 0 };
		while (!c.bad) {
			uint64_t lo = dw_read(&c, u->addr_size), hi = dw_read(&c, u->addr_size);
			if (c.bad || (!lo && !hi))
				break;
			if (lo == all_ones)
				base = hi;
			else if (lo < hi && w->sink->range(w->ctx, call, base + lo, base + hi) < 0)
				return -1;
		}
		return 0;
	}
	if (!s->rnglists)
		return 0;
	if (form == FORM_rnglistx) {
		uint64_t at = root->rnglists_base + value * u->offset_size;
		if (value > SIZE_MAX / 8 || at < root->rnglists_base || at > s->rnglists_len ||
		    s->rnglists_len - at < u->offset_size)
			return 0;
		struct dw_cursor t = { s->rnglists + at, s->rnglists + s->rnglists_len, s->big_endian, 0 };
		value = root->rnglists_base + dw_read(&t, u->offset_size);
	}
	if (value >= s->rnglists_len)
		return 0;
	struct dw_cursor c = { s->rnglists + value, s->rnglists + s->rnglists_len, s->big_endian, 0 };
	while (!c.bad) {
		unsigned kind = (unsigned)dw_read(&c, 1);
		uint64_t lo = 0, hi = 0;
		int ok = 1, ok2 = 1;
		switch (kind) {
		case 0: /* end_of_list */
			return 0;
		case 1: /* base_addressx */
			base = xp_dw_addr_index(u, root->addr_base, dw_uleb(&c), &ok);
			continue;
		case 2: /* startx_endx */
			lo = xp_dw_addr_index(u, root->addr_base, dw_uleb(&c), &ok);
			hi = xp_dw_addr_index(u, root->addr_base, dw_uleb(&c), &ok2);
			break;
		case 3: /* startx_length */
			lo = xp_dw_addr_index(u, root->addr_base, dw_uleb(&c), &ok);
			hi = lo + dw_uleb(&c);
			break;
		case 4: /* offset_pair */
			lo = base + dw_uleb(&c);
			hi = base + dw_uleb(&c);
			break;
		case 5: /* base_address */
			base = dw_read(&c, u->addr_size);
			continue;
		case 6: /* start_end */
			lo = dw_read(&c, u->addr_size);
			hi = dw_read(&c, u->addr_size);
			break;
		case 7: /* start_length */
			lo = dw_read(&c, u->addr_size);
			hi = lo + dw_uleb(&c);
			break;
		default:
			return 0; /* an unknown kind: its length is unknown too */
		}
		if (!c.bad && ok && ok2 && lo < hi && w->sink->range(w->ctx, call, lo, hi) < 0)
			return -1;
	}
	return 0;
}

/* ---- the walk ---- */

/* What an inlined subroutine's DIE says. */
struct inlined_die {
	uint64_t low, high, ranges, call_file, call_line, origin;
	uint64_t ranges_form;
	int has_low, has_high, high_is_offset, has_ranges, has_origin, origin_alt;
};

static int read_inlined(struct dw_cursor *c, struct dw_cursor *ac, const struct unit_span *sp,
			const struct dw_root *root, struct inlined_die *d)
{
	*d = (struct inlined_die){ 0 };
	uint64_t name, form;
	int64_t implicit;
	while (dw_next_spec(ac, &name, &form, &implicit)) {
		form = dw_actual_form(c, form);
		int ok = 1;
		switch (name) {
		case AT_low_pc:
			d->low = xp_dw_address(c, &sp->u, form, root->addr_base, &ok);
			d->has_low = ok;
			ok = ok || xp_dw_skip_form(c, &sp->u, form);
			break;
		case AT_high_pc:
			if (form == FORM_addr || (form >= FORM_addrx1 && form <= FORM_addrx4) || form == FORM_addrx ||
			    form == FORM_GNU_addr_index) {
				d->high = xp_dw_address(c, &sp->u, form, root->addr_base, &ok);
				d->has_high = ok;
				ok = 1;
			} else {
				d->high = form == FORM_implicit_const ? (uint64_t)implicit
								      : xp_dw_udata(c, &sp->u, form, &ok);
				d->has_high = d->high_is_offset = form == FORM_implicit_const || ok;
				ok = 1;
			}
			break;
		case AT_ranges:
			d->ranges_form = form;
			d->ranges = form == FORM_rnglistx ? dw_uleb(c) : xp_dw_udata(c, &sp->u, form, &ok);
			d->has_ranges = ok;
			ok = 1;
			break;
		case AT_call_file:
		case AT_call_line: {
			uint64_t v = form == FORM_implicit_const ? (uint64_t)implicit : xp_dw_udata(c, &sp->u, form, &ok);
			if (!ok) {
				v = 0;
				ok = xp_dw_skip_form(c, &sp->u, form);
			}
			*(name == AT_call_file ? &d->call_file : &d->call_line) = v;
			break;
		}
		case AT_abstract_origin:
			d->has_origin = read_ref(c, sp, form, &d->origin_alt, &d->origin);
			ok = d->has_origin || xp_dw_skip_form(c, &sp->u, form);
			break;
		default:
			ok = xp_dw_skip_form(c, &sp->u, form);
			break;
		}
		if (!ok || c->bad)
			return 0;
	}
	return !ac->bad && !c->bad;
}

/* One inlined call: its record, then its ranges.  Its number, or
 * XP_DWARF_NO_CALL (no code, or out of memory: w->oom). */
static uint32_t add_call(struct walk *w, const struct unit_span *sp, const struct dw_root *root,
			 const struct inlined_die *d, uint32_t parent, uint64_t *files_of)
{
	if (!d->has_ranges && !(d->has_low && d->has_high))
		return XP_DWARF_NO_CALL;
	if (root->have_stmt_list && *files_of != sp->start) {
		if (xp_dwarf_line_files(w->sec, root->stmt_list, &sp->u, root->comp_dir, &w->files) < 0) {
			w->oom = 1;
			return XP_DWARF_NO_CALL;
		}
		*files_of = sp->start;
	}
	struct xp_dwarf_inlined in = {
		.parent = parent,
		.name = d->has_origin ? origin_name(w, d->origin_alt, d->origin) : NULL,
		.call_file = root->have_stmt_list ? xp_dwarf_filetab_file(&w->files, d->call_file) : NULL,
		.comp_dir = root->have_stmt_list ? w->files.comp_dir : root->comp_dir,
		.call_line = d->call_line <= UINT32_MAX ? (uint32_t)d->call_line : 0,
	};
	if (w->oom)
		return XP_DWARF_NO_CALL;
	uint32_t call = w->sink->call(w->ctx, &in);
	if (call == XP_DWARF_NO_CALL) {
		w->oom = 1;
		return call;
	}
	int rc = 0;
	if (d->has_ranges) {
		rc = read_ranges(w, sp, root, d->ranges_form, d->ranges, call);
	} else {
		uint64_t hi = d->high_is_offset ? d->low + d->high : d->high;
		if (d->low < hi)
			rc = w->sink->range(w->ctx, call, d->low, hi);
	}
	if (rc < 0)
		w->oom = 1;
	return call;
}

static void walk_unit(struct walk *w, const struct unit_span *sp, uint64_t *files_of)
{
	const struct xp_dwarf_sections *s = w->sec;
	struct dw_unit u = sp->u;
	struct dw_root root;
	if (!xp_dw_read_root(s, &u, sp->die, sp->abbrev, &root) || !root.children || !root.children_at)
		return;
	struct unit_span span = *sp;
	span.u = u; /* with its str_offsets_base */
	const struct abbrev_table *t = table_at(w, 0, sp->abbrev);
	if (!t)
		return;
	uint32_t parent[MAX_DEPTH];
	struct dw_cursor c = { s->info + root.children_at, s->info + sp->end, s->big_endian, 0 };
	size_t depth = 1;
	parent[1] = XP_DWARF_NO_CALL;
	while (depth > 0 && !c.bad && c.p < c.end && !w->oom) {
		uint64_t code = dw_uleb(&c);
		if (!code) {
			depth--;
			continue;
		}
		if (code >= t->ncodes || !t->code[code].specs)
			return; /* malformed: the rest of the unit is unreadable */
		const struct abbrev *a = &t->code[code];
		struct dw_cursor ac = { a->specs, s->abbrev + s->abbrev_len, 0, 0 };
		uint32_t inner = parent[depth];
		if (a->tag == TAG_inlined_subroutine) {
			struct inlined_die d;
			if (!read_inlined(&c, &ac, &span, &root, &d))
				return;
			uint32_t call = add_call(w, &span, &root, &d, parent[depth], files_of);
			if (call != XP_DWARF_NO_CALL)
				inner = call;
		} else if (!xp_dw_skip_attrs(&c, &ac, &span.u)) {
			return;
		}
		if (a->children) {
			if (++depth >= MAX_DEPTH)
				return;
			parent[depth] = inner;
		}
	}
}

int xp_dwarf_inlines(const struct xp_dwarf_sections *s, const struct xp_dwarf_inline_sink *sink, void *ctx)
{
	struct walk w = { .sec = s, .sink = sink, .ctx = ctx };
	if (s->info && read_units(&w, 0) < 0)
		w.oom = 1;
	uint64_t files_of = UINT64_MAX; /* the unit w.files holds */
	for (size_t i = 0; i < w.units[0].n && !w.oom; i++)
		walk_unit(&w, &w.units[0].v[i], &files_of);
	drop_tables(&w);
	free(w.tables);
	map_free(&w.names);
	xp_dwarf_filetab_free(&w.files);
	free(w.units[0].v);
	free(w.units[1].v);
	return w.oom ? -1 : 0;
}
