/* dwarf_paths.h - the strings a DWARF reader keeps (source paths, names of
 * inlined functions), each stored once.
 *
 * Paths: the file name joined with its directory, `.` components and
 * repeated slashes removed, made relative to an absolute compilation
 * directory when it lies under it.
 */
#ifndef XP_SYMTAB_DWARF_PATHS_H
#define XP_SYMTAB_DWARF_PATHS_H

#include <stddef.h>
#include <stdint.h>

#include "dwarf_line.h"

struct xp_strset {
	char *bytes;          /* the strings, NUL-separated */
	size_t len, bytes_cap;
	uint32_t *at;         /* offset of each string in bytes */
	uint32_t n, at_cap;
	uint32_t *slots;      /* open addressing: 1 + string index, 0 = empty */
	size_t nslots;
	char *buf;            /* a path being joined and cleaned */
	size_t bufcap;
	const char *last_dir, *last_name; /* the last path added, as read */
	uint32_t last;
};

/* The index of str in the set, added if new; UINT32_MAX when out of memory. */
uint32_t xp_strset_add(struct xp_strset *r, const char *str);

/* The same for a line table's file, as a cleaned path (the last one added
 * is remembered by its pointers: set last_name to NULL when they may be
 * reused for another file). */
uint32_t xp_strset_add_path(struct xp_strset *r, const struct xp_dwarf_file *f, const char *comp_dir);

void xp_strset_free(struct xp_strset *r);

/* p grown to hold need elements (capacity *cap, first at least), or NULL
 * (p is then untouched). */
void *xp_grow(void *p, size_t *cap, size_t need, size_t elem, size_t first);

#endif
