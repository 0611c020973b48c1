/* lines_dwarf.h - reading a module's DWARF line tables into a line index. */
#ifndef XP_SYMTAB_LINES_DWARF_H
#define XP_SYMTAB_LINES_DWARF_H

#include <elfutils/libdwfl.h>

#include "lines.h"
#include "module.h"

/* The line index of mod (its addresses: link-time + bias, offsets from
 * base).  0 with li filled, empty when the module has no line tables
 * (none found, unreadable, or malformed); -1 with errno ENOMEM. */
int xp_lines_read(struct xp_lineidx *li, Dwfl_Module *mod, uintptr_t base, uintptr_t bias,
		  const struct xp_debuginfo_ctx *ctx);

#endif
