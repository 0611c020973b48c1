/* symbol_reader.c - one module's function and object symbols as index
 * candidates, one at a time (symbol_reader.h). */
#define _GNU_SOURCE
#include "symbol_reader.h"

#include "../desc/opd_elf.h"
#include "elfutils.h"

void xp_symreader_init(struct xp_symreader *r, Dwfl_Module *mod, int nsym, const struct xp_desc_opd *opd,
		       const struct xp_symmod *m)
{
	*r = (struct xp_symreader){ .mod = mod, .nsym = nsym, .opd = opd, .lo = m ? m->lo : 0, .hi = m ? m->hi : 0,
				    .first_global = xp_elfutils.dwfl_module_getsymtab_first_global(mod) };
}

int xp_symreader_at(struct xp_symreader *r, int i, struct xp_symcand *c, Elf **elfp)
{
	GElf_Sym sym;
	GElf_Addr addr;
	GElf_Word shndx;
	Elf *elf = NULL;
	Dwarf_Addr bias = 0;
	const char *name = xp_elfutils.dwfl_module_getsym_info(r->mod, i, &sym, &addr, &shndx, &elf, &bias);
	if (!name || !*name)
		return 0;
	int kind = xp_symbol_kind(GELF_ST_TYPE(sym.st_info), shndx);
	int bind = xp_symbol_binding(sym.st_info);
	if (kind < 0 || bind < 0 || (i < r->first_global && bind != XP_BIND_LOCAL))
		return 0;
	if (elf != r->last_elf || shndx != r->last_shndx) {
		GElf_Shdr sh;
		Elf_Scn *scn = elf ? xp_elfutils.elf_getscn(elf, shndx) : NULL;
		int have = scn && xp_elfutils.gelf_getshdr(scn, &sh);
		r->last_end = have ? (uintptr_t)(sh.sh_addr + sh.sh_size + bias) : 0;
		/* unknown sections kept, as before: functions' symbols
		 * from tables whose headers cannot be read */
		r->last_alloc = !have || (sh.sh_flags & SHF_ALLOC);
		r->last_elf = elf;
		r->last_shndx = shndx;
	}
	if (kind && !r->last_alloc)
		return 0; /* not in memory: a .gnu.warning text, a note */
	uintptr_t value = (uintptr_t)(sym.st_value + bias), start = (uintptr_t)addr, sec_end = r->last_end;
	if (!kind && xp_desc_opd_contains(r->opd, value)) {
		uintptr_t entry;
		/* The entry as loaded; one not relocated yet, or no longer
		 * readable (the object going away), makes the whole reading
		 * unready: no candidate from it is trusted. */
		if (!xp_desc_opd_entry(r->opd, value, &entry) || entry < r->lo || entry >= r->hi)
			r->unready = 1;
		else
			start = entry;
		sec_end = 0; /* .opd's end says nothing about the code */
	}
	*c = (struct xp_symcand){
		.start = start,
		.size = (uintptr_t)sym.st_size,
		.sec_end = sec_end,
		.name = name,
		.bind = (unsigned char)bind,
		.is_data = (unsigned char)kind,
	};
	*elfp = elf;
	return 1;
}

int xp_symreader_next(struct xp_symreader *r, struct xp_symcand *c, Elf **elfp)
{
	while (!r->unready && ++r->i < r->nsym)
		if (xp_symreader_at(r, r->i, c, elfp))
			return 1;
	return 0;
}

int xp_symreader_opd(Dwfl_Module *mod, struct xp_desc_opd *opd)
{
	if (!xp_desc_native())
		return 0;
	Dwarf_Addr bias = 0;
	Elf *elf = xp_elfutils.dwfl_module_getelf(mod, &bias);
	if (!xp_desc_opd_find(elf, (uintptr_t)bias, opd))
		return 0;
	xp_desc_opd_snapshot(opd); /* else word by word, still fault-safe */
	return 1;
}
