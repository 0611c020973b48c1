/* opd_elf.h - find a module's .opd in its section headers (libelf). */
#ifndef XP_DESC_OPD_ELF_H
#define XP_DESC_OPD_ELF_H

#include <libelf.h>

#include "desc.h"

/* The loaded .opd of the object elf, mapped with load bias `bias`:
 * 1 and *out (copy NULL), or 0 when elf has none with contents (a
 * separate debug file's .opd is SHT_NOBITS: ask the main file). */
int xp_desc_opd_find(Elf *elf, uintptr_t bias, struct xp_desc_opd *out);

#endif
