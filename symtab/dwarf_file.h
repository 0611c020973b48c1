/* dwarf_file.h - the file holding a module's DWARF, opened and its debug
 * sections mapped, for the line reader and the inline reader.
 *
 * The file is the object itself, or its separate debug file (the one
 * libdwfl found for the symbols, else found now by build ID or
 * .gnu_debuglink, offline only), opened on its own Elf handle (libelf
 * maps it and inflates compressed sections) and closed again once the
 * reader copied what it keeps.  A dwz supplementary file
 * (.gnu_debugaltlink) is opened beside it when asked for.
 */
#ifndef XP_SYMTAB_DWARF_FILE_H
#define XP_SYMTAB_DWARF_FILE_H

#include <elfutils/libdwfl.h>
#include <stdint.h>

#include "dwarf_line.h"
#include "module.h"

#define XP_MAX_EXEC_RANGES 16

/* The module's executable segments (runtime addresses): DWARF for code
 * elsewhere (discarded functions at address 0 or a tombstone) is left out. */
struct xp_exec_ranges {
	size_t n;
	uintptr_t lo[XP_MAX_EXEC_RANGES], hi[XP_MAX_EXEC_RANGES];
};

void xp_exec_ranges_of(Dwfl_Module *mod, uintptr_t bias, struct xp_exec_ranges *x);
int xp_exec_ranges_has(const struct xp_exec_ranges *x, uintptr_t a);

struct xp_dwarf_source {
	int fd, alt_fd;
	Elf *elf, *alt_elf;
	struct xp_dwarf_sections sec, alt;
};

/* Open mod's DWARF (and, with_alt, its supplementary file: sec.alt).
 * 1 when it has .debug_info and .debug_abbrev, else 0; either way
 * xp_dwarf_source_close() afterwards. */
int xp_dwarf_source_open(struct xp_dwarf_source *src, Dwfl_Module *mod, const struct xp_debuginfo_ctx *ctx,
			 int with_alt);
void xp_dwarf_source_close(struct xp_dwarf_source *src);

#endif
