/* symbol_reader.h - one module's ELF symbols as index candidates, read
 * through libdwfl (symbol_reader.c): what the index is built from
 * (module.c) and what an object's first lookup scans (module_scan.c).
 * Include from a file that defines _GNU_SOURCE. */
#ifndef XP_SYMTAB_SYMBOL_READER_H
#define XP_SYMTAB_SYMBOL_READER_H

#include <elf.h>
#include <elfutils/libdwfl.h>
#include <gelf.h>
#include <stdint.h>

#include "../desc/desc.h"
#include "index.h"
#include "module.h"

/* The index's binding of an ELF symbol (enum xp_symbind), or -1. */
static inline int xp_symbol_binding(unsigned char info)
{
	switch (GELF_ST_BIND(info)) {
	case STB_GLOBAL:
	case STB_GNU_UNIQUE:
		return XP_BIND_GLOBAL;
	case STB_WEAK:
		return XP_BIND_WEAK;
	case STB_LOCAL:
		return XP_BIND_LOCAL;
	default:
		return -1;
	}
}

/* What a symbol of this type and section is to the index: 0 a function,
 * 1 a data object, -1 neither.  Thread-local objects (STT_TLS) are left
 * out: their values are offsets in a TLS block, not addresses. */
static inline int xp_symbol_kind(int type, GElf_Word shndx)
{
	if (shndx == SHN_UNDEF || shndx == SHN_ABS || shndx == SHN_COMMON || shndx == (GElf_Word)-1)
		return -1;
	if (type == STT_FUNC || type == STT_GNU_IFUNC)
		return 0;
	if (type == STT_OBJECT || type == STT_COMMON)
		return 1;
	return -1;
}

/* Function and object symbols of mod as candidates, one at a time (what
 * the index is built from, and what the first lookup's scan reads).
 * opd: on descriptor ABIs (ppc64 ELFv1) the module's loaded .opd, where a
 * function symbol's value is its descriptor: the candidate then starts at
 * the entry word read from the loaded, relocated descriptor. */
struct xp_symreader {
	Dwfl_Module *mod;
	int nsym, i;
	const struct xp_desc_opd *opd;
	uintptr_t lo, hi; /* the object's span: where relocated entries point */
	/* An entry word pointed outside the object, or could not be read:
	 * its .opd was read while the loader was still relocating it (a
	 * dlopen() of a same-layout object where a dlclose()d one was, in
	 * another thread) or unmapping it.  What was read must not be kept. */
	int unready;
	/* libdwfl's first non-local symbol: an ELF table lists its local
	 * symbols first (sh_info says where they end).  A non-local one
	 * below (a malformed table) is no candidate, so that a lookup may
	 * read the non-local part alone (names_own_entry). */
	int first_global;
	Elf *last_elf;
	GElf_Word last_shndx;
	uintptr_t last_end;
	int last_alloc;
};

void xp_symreader_init(struct xp_symreader *r, Dwfl_Module *mod, int nsym, const struct xp_desc_opd *opd,
		       const struct xp_symmod *m);
/* Symbol i as a candidate: 1 with *c and the file it came from, or 0. */
int xp_symreader_at(struct xp_symreader *r, int i, struct xp_symcand *c, Elf **elfp);
/* The next candidate: 1 with *c and the file it came from; 0 at the end,
 * and once the reading is unready (its caller throws it all away). */
int xp_symreader_next(struct xp_symreader *r, struct xp_symcand *c, Elf **elfp);

/* Descriptor ABIs: the main file's .opd (a debug file's is SHT_NOBITS),
 * copied from memory once for the whole module: 1, or 0 (none, or not
 * such an ABI). */
int xp_symreader_opd(Dwfl_Module *mod, struct xp_desc_opd *opd);

#endif
