/* inlines_dwarf.h - reading a module's inlined calls into an inline index. */
#ifndef XP_SYMTAB_INLINES_DWARF_H
#define XP_SYMTAB_INLINES_DWARF_H

#include <elfutils/libdwfl.h>

#include "inlines.h"
#include "module.h"

/* The inline index of mod (its addresses: link-time + bias, offsets from
 * base).  0 with ix filled, empty when the module has no DWARF (none
 * found, unreadable, or malformed); -1 with errno ENOMEM. */
int xp_inlines_read(struct xp_inlineidx *ix, Dwfl_Module *mod, uintptr_t base, uintptr_t bias,
		    const struct xp_debuginfo_ctx *ctx);

#endif
