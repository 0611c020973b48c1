/* dwarf_read.h - the pieces both DWARF readers (dwarf_line.c for line
 * programs, dwarf_inline.c for inlined calls) decode with: a bounded
 * cursor, attribute forms, unit headers and abbreviation tables.
 *
 * Every read is checked against its section's end: a read past it marks
 * the cursor bad and yields 0, so that malformed DWARF is skipped where it
 * goes wrong, never read beyond.
 */
#ifndef XP_SYMTAB_DWARF_READ_H
#define XP_SYMTAB_DWARF_READ_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "dwarf_line.h"

/* The DWARF constants the readers use (dwarf.h spells them as enums). */
enum {
	TAG_inlined_subroutine = 0x1d, TAG_subprogram = 0x2e,
	AT_name = 0x03, AT_stmt_list = 0x10, AT_low_pc = 0x11, AT_high_pc = 0x12, AT_comp_dir = 0x1b,
	AT_abstract_origin = 0x31, AT_specification = 0x47, AT_ranges = 0x55, AT_call_file = 0x58,
	AT_call_line = 0x59, AT_linkage_name = 0x6e, AT_str_offsets_base = 0x72, AT_addr_base = 0x73,
	AT_rnglists_base = 0x74, AT_MIPS_linkage_name = 0x2007, AT_GNU_ranges_base = 0x2132,
	AT_GNU_addr_base = 0x2133,
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
};

/* A bounded cursor. */
struct dw_cursor {
	const uint8_t *p, *end;
	int be, bad;
};

/* An n-byte (n <= 8) unsigned value in the section's byte order. */
static inline uint64_t dw_read(struct dw_cursor *c, size_t n)
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

static inline uint64_t dw_uleb(struct dw_cursor *c)
{
	if (c->p < c->end && *c->p < 0x80)
		return *c->p++;
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

static inline int64_t dw_sleb(struct dw_cursor *c)
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

static inline void dw_skip(struct dw_cursor *c, uint64_t n)
{
	if ((uint64_t)(c->end - c->p) < n) {
		c->bad = 1;
		c->p = c->end;
	} else {
		c->p += n;
	}
}

/* A NUL-terminated string in place, or NULL. */
static inline const char *dw_cstr(struct dw_cursor *c)
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

/* The next attribute specification of an abbreviation (its name, form
 * and, for DW_FORM_implicit_const, value): 0 at the list's end or when
 * malformed. */
static inline int dw_next_spec(struct dw_cursor *ac, uint64_t *name, uint64_t *form, int64_t *implicit)
{
	*name = dw_uleb(ac);
	*form = dw_uleb(ac);
	*implicit = *form == FORM_implicit_const ? dw_sleb(ac) : 0;
	return !ac->bad && (*name || *form);
}

/* What reading a unit's attribute values needs to know of it. */
struct dw_unit {
	const struct xp_dwarf_sections *sec;
	unsigned version, addr_size, offset_size;
	uint64_t str_offsets_base;
};

/* The form of an attribute value at c: its specification's, or the one
 * DW_FORM_indirect reads there. */
static inline uint64_t dw_actual_form(struct dw_cursor *c, uint64_t form)
{
	while (form == FORM_indirect && !c->bad)
		form = dw_uleb(c);
	return form;
}

/* The string at off in a string section, or NULL. */
const char *xp_dw_str_at(const uint8_t *sec, size_t len, uint64_t off);

/* A string-class attribute value (strx forms need str_offsets_base; the
 * alternate forms read sec->alt), or NULL. */
const char *xp_dw_string(struct dw_cursor *c, const struct dw_unit *u, uint64_t form);

/* An unsigned constant or a section offset; *ok 0 for another form. */
uint64_t xp_dw_udata(struct dw_cursor *c, const struct dw_unit *u, uint64_t form, int *ok);

/* Step over an attribute value; 0 for a form this reader does not know. */
int xp_dw_skip_form(struct dw_cursor *c, const struct dw_unit *u, uint64_t form);

/* Step over a DIE's remaining attributes, whose specifications ac reads:
 * 1, or 0 for a malformed one or a form this reader does not know. */
int xp_dw_skip_attrs(struct dw_cursor *c, struct dw_cursor *ac, const struct dw_unit *u);

/* The attribute list of abbreviation code in the table at off, just after
 * its tag (*tag) and children flag (*children), or NULL. */
const uint8_t *xp_dw_find_abbrev(const struct xp_dwarf_sections *s, uint64_t off, uint64_t code, uint64_t *tag,
				 int *children);

/* A unit header at off in s->info: 1 with *u, the offset of its first
 * DIE (*die), its end (*end), its abbreviation table (*abbrev) and type
 * (UT_*; DWARF 2-4 units are UT_compile); 0 when malformed or of an
 * unknown version (*end still right when the length was readable, else
 * the section's end). */
int xp_dw_unit_header(const struct xp_dwarf_sections *s, uint64_t off, struct dw_unit *u, uint64_t *die,
		      uint64_t *end, uint64_t *abbrev, unsigned *type);

/* An address-class value (FORM_addr, or an index into .debug_addr from
 * addr_base); *ok 0 for another form or an index outside .debug_addr. */
uint64_t xp_dw_address(struct dw_cursor *c, const struct dw_unit *u, uint64_t form, uint64_t addr_base, int *ok);
uint64_t xp_dw_addr_index(const struct dw_unit *u, uint64_t addr_base, uint64_t idx, int *ok);

/* What a unit's root DIE says about the unit. */
struct dw_root {
	uint64_t stmt_list;     /* its line table, if have_stmt_list */
	int have_stmt_list;
	const char *comp_dir;   /* or NULL */
	uint64_t low_pc;        /* the base address of its ranges */
	uint64_t addr_base, rnglists_base;
	uint64_t tag;
	int children;
	uint64_t children_at;   /* where its first child would be; 0 when an attribute was unreadable */
};

/* Read the root DIE at die of the unit u (its abbreviations at abbrev),
 * setting u->str_offsets_base: 1, or 0 when unreadable. */
int xp_dw_read_root(const struct xp_dwarf_sections *s, struct dw_unit *u, uint64_t die, uint64_t abbrev,
		    struct dw_root *root);

/* Read the file table of the line table at off in s->line (for the unit
 * cu, whose compilation directory is comp_dir) into t, whose arrays are
 * reused.  0 (t->nfiles 0 when malformed), or -1 when out of memory. */
int xp_dwarf_line_files(const struct xp_dwarf_sections *s, uint64_t off, const struct dw_unit *cu,
			const char *comp_dir, struct xp_dwarf_filetab *t);

#endif
