/* dwarf_line.h - DWARF 2-5 line programs, decoded row by row.
 *
 * A small reader of .debug_info compile-unit headers (for DW_AT_stmt_list
 * and DW_AT_comp_dir) and of the .debug_line programs they point to.  It
 * exists because libdw's reader ends the process when malloc fails (an
 * assertion in its abbreviation hash, exit() in its default out-of-memory
 * handler); this one checks every read against its section's end and
 * reports out-of-memory as an error.
 */
#ifndef XP_SYMTAB_DWARF_LINE_H
#define XP_SYMTAB_DWARF_LINE_H

#include <stddef.h>
#include <stdint.h>

struct xp_dwarf_sections {
	const uint8_t *info, *abbrev, *line, *str, *line_str, *str_offsets, *addr, *ranges, *rnglists;
	size_t info_len, abbrev_len, line_len, str_len, line_str_len, str_offsets_len, addr_len, ranges_len,
		rnglists_len;
	int big_endian;
	/* The supplementary file (dwz's .gnu_debugaltlink, DWARF 5's
	 * .debug_sup) that DW_FORM_GNU_ref_alt and _strp_alt point into, or
	 * NULL. */
	const struct xp_dwarf_sections *alt;
};

/* A file of a line table: path = dir "/" name unless name is absolute
 * (dir may be NULL: the compilation directory was not recorded). */
struct xp_dwarf_file {
	const char *dir, *name;
};

/* One row.  file is NULL when the row names no valid file; comp_dir is
 * the unit's DW_AT_comp_dir or NULL.  end: the row ends its sequence (its
 * address is one past the sequence).  Return nonzero to stop reading. */
typedef int (*xp_dwarf_row_fn)(void *ctx, uint64_t addr, const struct xp_dwarf_file *file,
			       uint32_t line, int end, const char *comp_dir);

/* Every row of every compile unit's line table, in table order.
 * 0 when done (malformed units and tables are skipped where they go
 * wrong), -1 when out of memory, or the callback's nonzero value. */
int xp_dwarf_lines(const struct xp_dwarf_sections *sec, xp_dwarf_row_fn fn, void *ctx);

/* A line table's files, for DW_AT_call_file (dwarf_inline.c). */
struct xp_dwarf_filetab {
	const char **dirs;
	struct xp_dwarf_file *files;
	size_t ndirs, nfiles, capdirs, capfiles;
	unsigned version;          /* of the table: files count from 1 before 5 */
	const char *comp_dir;      /* as for rows */
};

/* File i of t as DW_AT_call_file counts, or NULL. */
const struct xp_dwarf_file *xp_dwarf_filetab_file(const struct xp_dwarf_filetab *t, uint64_t i);

void xp_dwarf_filetab_free(struct xp_dwarf_filetab *t);

#endif
