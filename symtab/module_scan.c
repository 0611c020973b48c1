/* module_scan.c - one address's symbol in an object not yet indexed, by
 * a scan of its symbol table (xp_symmod_scan, module.h): the raw table
 * read where libdwfl's view is the file's own, only the entries that may
 * matter asked through libdwfl; the rules are the index's (scan.c). */
#define _GNU_SOURCE
#include "module.h"

#include <elf.h>
#include <elfutils/libdwfl.h>
#include <gelf.h>
#include <link.h>
#include <string.h>

#include "elfutils.h"
#include "scan.h"
#include "symbol_reader.h"

/* The symbol table libdwfl reads for mod as the file holds it, when
 * libdwfl's symbol i is entry i of it (no second table merged in) and
 * lies at its value plus bias, or a byte below (ARM's Thumb bit): then a
 * scan reads the entries, and libdwfl's view of only those that may
 * matter.  Native class and byte order; never where function symbols
 * are descriptors (their code is elsewhere). */
struct raw_table {
	const ElfW(Sym) *sym;
	uintptr_t bias;
	int first_global; /* the reader's, within [1, nsym] */
};

/* libdwfl's symbol i is t's entry i: a few are compared, all in the
 * non-local part (which a lookup reads first, and often alone). */
static int raw_agrees(Dwfl_Module *mod, int nsym, const struct raw_table *t, Elf *elf)
{
	int from = t->first_global < nsym ? t->first_global : nsym - 1;
	for (int k = 0; k <= 8; k++) {
		int i = k == 8 ? nsym - 1 : from + (int)((long)(nsym - 1 - from) * k / 8);
		GElf_Sym sym;
		GElf_Addr addr;
		GElf_Word shndx;
		Elf *e = NULL;
		Dwarf_Addr bias = 0;
		const ElfW(Sym) *raw = &t->sym[i];
		uintptr_t v = (uintptr_t)raw->st_value + t->bias;
		if (!xp_elfutils.dwfl_module_getsym_info(mod, i, &sym, &addr, &shndx, &e, &bias) || e != elf ||
		    (uintptr_t)bias != t->bias || sym.st_name != raw->st_name || sym.st_info != raw->st_info ||
		    sym.st_size != raw->st_size || sym.st_shndx != raw->st_shndx)
			return 0;
		/* (an absolute symbol's value is not moved: no candidate) */
		if (xp_symbol_kind(GELF_ST_TYPE(sym.st_info), shndx) >= 0 && addr != v && addr + 1 != v)
			return 0;
	}
	return 1;
}

/* A table of nsym entries in the file of libdwfl's last symbol, for
 * raw_agrees to confirm. */
static int raw_table(Dwfl_Module *mod, int nsym, struct raw_table *t, Elf **elfp)
{
	GElf_Sym sym;
	GElf_Addr addr;
	GElf_Word shndx;
	Elf *elf = NULL;
	Dwarf_Addr bias = 0;
	GElf_Ehdr eh;
	if (xp_desc_native() || nsym < 2 ||
	    !xp_elfutils.dwfl_module_getsym_info(mod, nsym - 1, &sym, &addr, &shndx, &elf, &bias) || !elf ||
	    !xp_elfutils.gelf_getehdr(elf, &eh) || eh.e_type == ET_REL ||
	    eh.e_ident[EI_CLASS] != (sizeof(void *) == 8 ? ELFCLASS64 : ELFCLASS32) ||
	    eh.e_ident[EI_DATA] != (__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__ ? ELFDATA2LSB : ELFDATA2MSB))
		return 0;
	for (Elf_Scn *scn = NULL; (scn = xp_elfutils.elf_nextscn(elf, scn));) {
		GElf_Shdr sh, strsh;
		Elf_Data *d;
		/* (Names from a string table the index can number whole.) */
		if (!xp_elfutils.gelf_getshdr(scn, &sh) || (sh.sh_type != SHT_SYMTAB && sh.sh_type != SHT_DYNSYM) ||
		    sh.sh_entsize != sizeof(ElfW(Sym)) || sh.sh_size / sizeof(ElfW(Sym)) != (size_t)nsym ||
		    !xp_elfutils.gelf_getshdr(xp_elfutils.elf_getscn(elf, sh.sh_link), &strsh) ||
		    strsh.sh_size > XP_SYMIDX_NAME_MASK || !(d = xp_elfutils.elf_getdata(scn, NULL)) || !d->d_buf ||
		    d->d_size < (size_t)nsym * sizeof(ElfW(Sym)) || (uintptr_t)d->d_buf % _Alignof(ElfW(Sym)))
			continue;
		int first = xp_elfutils.dwfl_module_getsymtab_first_global(mod);
		first = first < 1 ? 1 : first > nsym ? nsym : first;
		*t = (struct raw_table){ d->d_buf, (uintptr_t)bias, first };
		*elfp = elf;
		return 1;
	}
	return 0;
}

/* The scan's state: the two indexes' (functions, data), and the files
 * the names come from.  The index numbers those (assign_tables) and
 * drops names too far past a file's first: with names from more files,
 * or spread further, only the index can tell. */
struct scan_state {
	struct xp_symscan part[2];
	Elf *owner[XP_SYMIDX_TABLES];
	const char *lo[XP_SYMIDX_TABLES], *hi[XP_SYMIDX_TABLES];
	int undecided;
};

static void scan_add(struct scan_state *st, const struct xp_symcand *c, Elf *elf)
{
	size_t t = 0;
	while (t < XP_SYMIDX_TABLES && st->owner[t] && st->owner[t] != elf)
		t++;
	if (t == XP_SYMIDX_TABLES) {
		st->undecided = 1;
		return;
	}
	if (!st->owner[t]) {
		st->owner[t] = elf;
		st->lo[t] = st->hi[t] = c->name;
	}
	st->lo[t] = c->name < st->lo[t] ? c->name : st->lo[t];
	st->hi[t] = c->name > st->hi[t] ? c->name : st->hi[t];
	xp_symscan_add(&st->part[c->is_data], c);
}

static void scan_init(struct scan_state *st, uintptr_t base, uintptr_t addr, int sized_only)
{
	memset(st, 0, sizeof *st);
	xp_symscan_init(&st->part[0], base, addr, sized_only);
	xp_symscan_init(&st->part[1], base, addr, sized_only);
}

/* Whether raw entry e, at v, may cover addr in a sized-only pass: it is
 * sized and starts at most a byte past addr (xp_symscan_wants' test
 * there, loosened; a wrapped difference fails it).  Most entries of a
 * table fail, so the pass tests this before anything else about them. */
static inline int may_cover(const ElfW(Sym) *e, uintptr_t v, uintptr_t addr)
{
	return e->st_size && addr + 1 - v <= (uintptr_t)e->st_size;
}

/* The raw table's entries from `from` on that may matter, through
 * libdwfl. */
static void raw_pass(struct scan_state *st, struct xp_symreader *r, const struct raw_table *t, int from)
{
	struct xp_symcand c;
	Elf *elf;
	const int sized_only = st->part[0].sized_only;
	const uintptr_t addr = st->part[0].addr;
	for (int i = from; i < r->nsym && !st->undecided; i++) {
		const ElfW(Sym) *e = &t->sym[i];
		if (sized_only && !may_cover(e, (uintptr_t)e->st_value + t->bias, addr))
			continue;
		/* libdwfl resolves SHN_XINDEX: any section, as far as we know */
		int kind = xp_symbol_kind(GELF_ST_TYPE(e->st_info), e->st_shndx == SHN_XINDEX ? 1 : e->st_shndx);
		if (kind < 0 || xp_symbol_binding(e->st_info) < 0)
			continue;
		uintptr_t v = (uintptr_t)e->st_value + t->bias;
		if (xp_symscan_wants(&st->part[kind], v ? v - 1 : 0, v, (uintptr_t)e->st_size) &&
		    xp_symreader_at(r, i, &c, &elf))
			scan_add(st, &c, elf);
	}
}

/* A sized-only pass found the answer without the local symbols: a
 * function's own entry (a function pointer, a callback) named by a
 * non-local sized function starting there.  No local symbol starts
 * later and still at or before the address, and at one start a local
 * one loses to it (index.h, rule 3). */
static int names_own_entry(const struct xp_symscan *functions)
{
	return functions->have_sized && functions->sized.start == functions->addr &&
	       functions->sized.bind != XP_BIND_LOCAL;
}

/* Every candidate, or from the raw table only those that may matter: a
 * function's sized symbol covering the address first, from the
 * non-local part alone where that decides (names_own_entry), else from
 * all (a code address has one: then no other entry, nor its name, is
 * read), the rest only without one. */
static void scan_symbols(struct scan_state *st, struct xp_symreader *r)
{
	uintptr_t base = st->part[0].base, addr = st->part[0].addr;
	struct raw_table t;
	Elf *table_elf;
	if (raw_table(r->mod, r->nsym, &t, &table_elf) && raw_agrees(r->mod, r->nsym, &t, table_elf)) {
		scan_init(st, base, addr, 1);
		raw_pass(st, r, &t, t.first_global);
		if (st->undecided || names_own_entry(&st->part[0]))
			return;
		scan_init(st, base, addr, 1);
		raw_pass(st, r, &t, 1);
		if (st->undecided || st->part[0].have_sized)
			return;
		scan_init(st, base, addr, 0);
		raw_pass(st, r, &t, 1);
		return;
	}
	scan_init(st, base, addr, 0);
	struct xp_symcand c;
	Elf *elf;
	while (!st->undecided && xp_symreader_next(r, &c, &elf))
		scan_add(st, &c, elf);
}

int xp_symmod_scan(const struct xp_symmod *m, const struct xp_symmod_built *b, uintptr_t addr,
		   struct xp_symidx_hit *func, struct xp_symidx_hit *data)
{
	Dwfl_Module *mod = b->dwmod;
	int nsym = mod ? xp_elfutils.dwfl_module_getsymtab(mod) : 0;
	if (nsym <= 0)
		return 0;
	struct xp_desc_opd opd = { 0, 0, NULL };
	int have_opd = xp_symreader_opd(mod, &opd);
	struct xp_symreader r;
	xp_symreader_init(&r, mod, nsym, have_opd ? &opd : NULL, m);
	struct scan_state st;
	scan_init(&st, m->lo, addr, 0);
	scan_symbols(&st, &r);
	xp_desc_opd_release(&opd);
	if (r.unready)
		return -1; /* the index build says so (EAGAIN) */
	for (size_t t = 0; t < XP_SYMIDX_TABLES && st.owner[t]; t++)
		st.undecided |= (uintptr_t)(st.hi[t] - st.lo[t]) > XP_SYMIDX_NAME_MASK;
	int fr = st.undecided ? -1 : xp_symscan_result(&st.part[0], func);
	if (fr)
		return fr; /* a function wins over any object */
	int dr = xp_symscan_result(&st.part[1], data);
	return dr < 0 ? -1 : 2 * dr;
}
