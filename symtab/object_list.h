/* object_list.h - the objects loaded now, one module each (object_list.c).
 * Include from a file that defines _GNU_SOURCE. */
#ifndef XP_SYMTAB_OBJECT_LIST_H
#define XP_SYMTAB_OBJECT_LIST_H

#include <stddef.h>
#include <stdint.h>

#include "loader.h"
#include "module.h"

struct xp_objlist {
	struct xp_symmod **mods; /* sorted by lo; each with refs 1 */
	size_t n;
	unsigned long long adds, subs; /* dlpi_adds, dlpi_subs when listed */
};

/* List the loaded objects: 0, or -1 when memory ran out (nothing kept). */
int xp_objlist_scan(struct xp_objlist *list);

/* What dlpi_adds and dlpi_subs say now: a list taken with the same counts
 * is still the loader's. */
void xp_objlist_counters(unsigned long long *adds, unsigned long long *subs);

/* Whether a and b, of two lists, describe the same object. */
int xp_objlist_same(const struct xp_symmod *a, const struct xp_symmod *b);

/* Set `permanent` on the modules of mods (a whole list, old modules kept
 * in it) that are new to it (refs == 1). */
void xp_objlist_mark_permanent(struct xp_symmod **mods, size_t n);

/* Drop a reference to m; the last one frees it and its index. */
void xp_symmod_put(struct xp_symmod *m);

#if HAVE_DL_FIND_OBJECT
/* What the loader says of addr: -1 it is in no object the loader has
 * finished loading, 1 in m, 0 in another object (m may be NULL). */
int xp_loader_knows(const struct xp_symmod *m, uintptr_t addr);
#endif

#endif
