/* opd_elf.c - the .opd section of an ELF object, at its runtime address. */
#include "opd_elf.h"

#include <gelf.h>
#include <string.h>

#include "../symtab/elfutils.h"

int xp_desc_opd_find(Elf *elf, uintptr_t bias, struct xp_desc_opd *out)
{
	size_t shstrndx;
	if (!elf || xp_elfutils.elf_getshdrstrndx(elf, &shstrndx) != 0)
		return 0;
	for (Elf_Scn *scn = xp_elfutils.elf_nextscn(elf, NULL); scn;
	     scn = xp_elfutils.elf_nextscn(elf, scn)) {
		GElf_Shdr sh;
		if (!xp_elfutils.gelf_getshdr(scn, &sh) || sh.sh_type != SHT_PROGBITS ||
		    !(sh.sh_flags & SHF_ALLOC) || !sh.sh_size)
			continue;
		const char *name = xp_elfutils.elf_strptr(elf, shstrndx, sh.sh_name);
		if (!name || strcmp(name, ".opd") != 0)
			continue;
		out->lo = (uintptr_t)sh.sh_addr + bias;
		out->hi = out->lo + (uintptr_t)sh.sh_size;
		out->copy = NULL;
		return out->hi > out->lo;
	}
	return 0;
}
