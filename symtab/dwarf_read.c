/* dwarf_read.c - attribute forms, unit headers and abbreviations, every
 * read bounds-checked (dwarf_read.h). */
#include "dwarf_read.h"

const char *xp_dw_str_at(const uint8_t *sec, size_t len, uint64_t off)
{
	if (!sec || off >= len || !memchr(sec + off, 0, len - off))
		return NULL;
	return (const char *)sec + off;
}

const char *xp_dw_string(struct dw_cursor *c, const struct dw_unit *u, uint64_t form)
{
	const struct xp_dwarf_sections *s = u->sec;
	uint64_t idx;
	switch (form) {
	case FORM_string:
		return dw_cstr(c);
	case FORM_strp:
		return xp_dw_str_at(s->str, s->str_len, dw_read(c, u->offset_size));
	case FORM_line_strp:
		return xp_dw_str_at(s->line_str, s->line_str_len, dw_read(c, u->offset_size));
	case FORM_GNU_strp_alt:
	case FORM_strp_sup: {
		uint64_t off = dw_read(c, u->offset_size);
		return s->alt ? xp_dw_str_at(s->alt->str, s->alt->str_len, off) : NULL;
	}
	case FORM_strx:
	case FORM_GNU_str_index:
		idx = dw_uleb(c);
		break;
	case FORM_strx1:
	case FORM_strx2:
	case FORM_strx3:
	case FORM_strx4:
		idx = dw_read(c, form - FORM_strx1 + 1);
		break;
	default:
		return NULL;
	}
	if (!u->str_offsets_base || !s->str_offsets || idx > SIZE_MAX / 8)
		return NULL;
	uint64_t at = u->str_offsets_base + idx * u->offset_size;
	if (at < u->str_offsets_base || at > s->str_offsets_len || s->str_offsets_len - at < u->offset_size)
		return NULL;
	struct dw_cursor t = { s->str_offsets + at, s->str_offsets + s->str_offsets_len, c->be, 0 };
	return xp_dw_str_at(s->str, s->str_len, dw_read(&t, u->offset_size));
}

uint64_t xp_dw_udata(struct dw_cursor *c, const struct dw_unit *u, uint64_t form, int *ok)
{
	*ok = 1;
	switch (form) {
	case FORM_data1:
		return dw_read(c, 1);
	case FORM_data2:
		return dw_read(c, 2);
	case FORM_data4:
		return dw_read(c, 4);
	case FORM_data8:
		return dw_read(c, 8);
	case FORM_udata:
		return dw_uleb(c);
	case FORM_sec_offset:
		return dw_read(c, u->offset_size);
	default:
		*ok = 0;
		return 0;
	}
}

int xp_dw_skip_form(struct dw_cursor *c, const struct dw_unit *u, uint64_t form)
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
		dw_skip(c, u->addr_size);
		return 1;
	case FORM_ref_addr:
		dw_skip(c, u->version <= 2 ? u->addr_size : u->offset_size);
		return 1;
	case FORM_strp:
	case FORM_line_strp:
	case FORM_sec_offset:
	case FORM_strp_sup:
	case FORM_GNU_ref_alt:
	case FORM_GNU_strp_alt:
		dw_skip(c, u->offset_size);
		return 1;
	case FORM_string:
		dw_cstr(c);
		return 1;
	case FORM_block1:
		dw_skip(c, dw_read(c, 1));
		return 1;
	case FORM_block2:
		dw_skip(c, dw_read(c, 2));
		return 1;
	case FORM_block4:
		dw_skip(c, dw_read(c, 4));
		return 1;
	case FORM_block:
	case FORM_exprloc:
		dw_skip(c, dw_uleb(c));
		return 1;
	case FORM_sdata:
		dw_sleb(c);
		return 1;
	case FORM_udata:
	case FORM_ref_udata:
	case FORM_strx:
	case FORM_addrx:
	case FORM_loclistx:
	case FORM_rnglistx:
	case FORM_GNU_addr_index:
	case FORM_GNU_str_index:
		dw_uleb(c);
		return 1;
	case FORM_flag_present:
	case FORM_implicit_const:
		return 1;
	case FORM_indirect: {
		/* An indirect form naming itself would recurse forever. */
		uint64_t inner = dw_uleb(c);
		return inner != FORM_indirect && xp_dw_skip_form(c, u, inner);
	}
	default:
		if (form < sizeof fixed && fixed[form]) {
			dw_skip(c, fixed[form]);
			return 1;
		}
		return 0;
	}
}

int xp_dw_skip_attrs(struct dw_cursor *c, struct dw_cursor *ac, const struct dw_unit *u)
{
	uint64_t name, form;
	int64_t implicit;
	while (dw_next_spec(ac, &name, &form, &implicit))
		if (!xp_dw_skip_form(c, u, dw_actual_form(c, form)) || c->bad)
			return 0;
	return !ac->bad && !c->bad;
}

const uint8_t *xp_dw_find_abbrev(const struct xp_dwarf_sections *s, uint64_t off, uint64_t code, uint64_t *tag,
				 int *children)
{
	if (off >= s->abbrev_len)
		return NULL;
	struct dw_cursor c = { s->abbrev + off, s->abbrev + s->abbrev_len, 0, 0 };
	while (!c.bad) {
		uint64_t k = dw_uleb(&c);
		if (!k || c.bad)
			return NULL;
		*tag = dw_uleb(&c);
		*children = (int)dw_read(&c, 1);
		if (k == code)
			return c.bad ? NULL : c.p;
		uint64_t name, form;
		int64_t implicit;
		while (dw_next_spec(&c, &name, &form, &implicit))
			;
	}
	return NULL;
}

int xp_dw_unit_header(const struct xp_dwarf_sections *s, uint64_t off, struct dw_unit *u, uint64_t *die,
		      uint64_t *end, uint64_t *abbrev, unsigned *type)
{
	*end = s->info_len;
	if (!s->info || off >= s->info_len)
		return 0;
	struct dw_cursor c = { s->info + off, s->info + s->info_len, s->big_endian, 0 };
	*u = (struct dw_unit){ .sec = s, .offset_size = 4 };
	uint64_t len = dw_read(&c, 4);
	if (len == 0xffffffff) {
		len = dw_read(&c, 8);
		u->offset_size = 8;
	} else if (len >= 0xfffffff0) {
		return 0;
	}
	if (c.bad || len > (uint64_t)(c.end - c.p))
		return 0;
	c.end = c.p + len;
	*end = (uint64_t)(c.end - s->info);
	u->version = (unsigned)dw_read(&c, 2);
	if (u->version < 2 || u->version > 5)
		return 0;
	*type = UT_compile;
	if (u->version >= 5) {
		*type = (unsigned)dw_read(&c, 1);
		u->addr_size = (unsigned)dw_read(&c, 1);
		*abbrev = dw_read(&c, u->offset_size);
		if (*type == UT_skeleton || *type == UT_split_compile)
			dw_read(&c, 8); /* dwo_id */
		else if (*type == UT_type)
			dw_skip(&c, 8 + u->offset_size); /* signature, type offset */
	} else {
		*abbrev = dw_read(&c, u->offset_size);
		u->addr_size = (unsigned)dw_read(&c, 1);
	}
	if (c.bad || (u->addr_size != 4 && u->addr_size != 8))
		return 0;
	*die = (uint64_t)(c.p - s->info);
	return 1;
}

/* An address-class value: FORM_addr, or an index into .debug_addr. */
uint64_t xp_dw_address(struct dw_cursor *c, const struct dw_unit *u, uint64_t form, uint64_t addr_base, int *ok)
{
	uint64_t idx;
	*ok = 1;
	switch (form) {
	case FORM_addr:
		return dw_read(c, u->addr_size);
	case FORM_addrx:
	case FORM_GNU_addr_index:
		idx = dw_uleb(c);
		break;
	case FORM_addrx1:
	case FORM_addrx2:
	case FORM_addrx3:
	case FORM_addrx4:
		idx = dw_read(c, form - FORM_addrx1 + 1);
		break;
	default:
		*ok = 0;
		return 0;
	}
	return xp_dw_addr_index(u, addr_base, idx, ok);
}

uint64_t xp_dw_addr_index(const struct dw_unit *u, uint64_t addr_base, uint64_t idx, int *ok)
{
	const struct xp_dwarf_sections *s = u->sec;
	uint64_t at = addr_base + idx * u->addr_size;
	if (!s->addr || idx > SIZE_MAX / 8 || at < addr_base || at > s->addr_len || s->addr_len - at < u->addr_size) {
		*ok = 0;
		return 0;
	}
	struct dw_cursor t = { s->addr + at, s->addr + s->addr_len, s->big_endian, 0 };
	*ok = 1;
	return dw_read(&t, u->addr_size);
}

int xp_dw_read_root(const struct xp_dwarf_sections *s, struct dw_unit *u, uint64_t die, uint64_t abbrev,
		    struct dw_root *root)
{
	*root = (struct dw_root){ 0 };
	struct dw_cursor c = { s->info + die, s->info + s->info_len, s->big_endian, 0 };
	const uint8_t *a = xp_dw_find_abbrev(s, abbrev, dw_uleb(&c), &root->tag, &root->children);
	if (!a || c.bad)
		return 0;
	struct dw_cursor ac = { a, s->abbrev + s->abbrev_len, 0, 0 };
	uint64_t comp_form = 0, low_form = 0;
	struct dw_cursor comp_at = { 0 }, low_at = { 0 };
	uint64_t name, form;
	int64_t implicit;
	while (dw_next_spec(&ac, &name, &form, &implicit)) {
		form = dw_actual_form(&c, form);
		int ok = 1;
		if (name == AT_stmt_list) {
			root->stmt_list = xp_dw_udata(&c, u, form, &ok);
			root->have_stmt_list = ok;
			ok = 1;
		} else if (name == AT_str_offsets_base) {
			u->str_offsets_base = xp_dw_udata(&c, u, form, &ok);
		} else if (name == AT_addr_base || name == AT_GNU_addr_base) {
			root->addr_base = xp_dw_udata(&c, u, form, &ok);
		} else if (name == AT_rnglists_base) {
			root->rnglists_base = xp_dw_udata(&c, u, form, &ok);
		} else if (name == AT_comp_dir || name == AT_low_pc) {
			/* strx and addrx need bases that may follow */
			*(name == AT_comp_dir ? &comp_at : &low_at) = c;
			*(name == AT_comp_dir ? &comp_form : &low_form) = form;
			ok = xp_dw_skip_form(&c, u, form);
		} else {
			ok = xp_dw_skip_form(&c, u, form);
		}
		if (!ok || c.bad) {
			c.p = NULL; /* what was read before still holds */
			break;
		}
	}
	if (c.bad)
		return 0;
	root->children_at = c.p ? (uint64_t)(c.p - s->info) : 0;
	if (comp_form)
		root->comp_dir = xp_dw_string(&comp_at, u, comp_form);
	int ok;
	if (low_form)
		root->low_pc = xp_dw_address(&low_at, u, low_form, root->addr_base, &ok);
	return 1;
}
