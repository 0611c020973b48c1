/* module.c - one object's function symbols, read once through libdwfl.
 *
 * libdwfl picks the best table: the file's .symtab, else a separate debug
 * file (our find_debuginfo), else .dynsym together with MiniDebugInfo
 * (.gnu_debugdata).  We only enumerate it once into xprintf's own index;
 * the Dwfl stays alive because the index's names point into its mappings
 * (libdwfl maps files read-only: ELF_C_READ_MMAP). */
#define _GNU_SOURCE
#include "module.h"

#include <elf.h>
#include <elfutils/libdwfl.h>
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <link.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../desc/opd_elf.h"
#include "../src/digits.h"
#include "debuginfo.h"
#include "elfutils.h"
#include "inlines_dwarf.h"
#include "lines_dwarf.h"
#include "scan.h"

#define SYSTEM_DEBUG_DIR "/usr/lib/debug"

/* Only the vDSO comes through here: its image is in memory. */
static int find_elf_in_memory(Dwfl_Module *mod, void **userdata, const char *modname,
			      Dwarf_Addr base, char **file_name, Elf **elfp)
{
	(void)mod, (void)modname, (void)base, (void)file_name;
	const struct xp_debuginfo_ctx *x = *userdata;
	const struct xp_symmod *m = x->mod;
	*elfp = NULL;
	if (!m->is_vdso)
		return -1;
	/* The kernel maps the whole image in whole pages, section headers
	 * included (they lie beyond the PT_LOAD's p_memsz). */
	const ElfW(Ehdr) *eh = (const void *)m->lo;
	size_t page = (size_t)sysconf(_SC_PAGESIZE);
	size_t size = ((m->hi - m->lo) + page - 1) / page * page;
	size_t shend = (size_t)eh->e_shoff + (size_t)eh->e_shnum * eh->e_shentsize;
	if (memcmp(eh->e_ident, ELFMAG, SELFMAG) != 0 || shend > size)
		return -1;
	*elfp = xp_elfutils.elf_memory((char *)m->lo, shend > 0 ? shend : size);
	return -1;
}

/* Is [start, end) exactly one file mapping?  /proc/self/map_files has an
 * entry, named by its range, for each file-backed mapping (and none for
 * heap memory or the vDSO); looking one up is far cheaper than reading
 * /proc/self/maps, which the kernel writes out whole.  1 yes, 0 no, -1
 * cannot tell (no procfs, or a kernel that does not let us look). */
static int file_mapping_at(uintptr_t start, uintptr_t end)
{
	char path[64] = "/proc/self/map_files/";
	char *p = path + strlen(path);
	unsigned len = xp_hex_len(start);
	xp_hex_exact(p, start, len, 0);
	p += len;
	*p++ = '-';
	len = xp_hex_len(end);
	xp_hex_exact(p, end, len, 0);
	p[len] = '\0';
	struct stat st;
	if (lstat(path, &st) == 0)
		return 1;
	return errno == ENOENT ? 0 : -1;
}

/* The same from /proc/self/maps: an image starting a mapping with a path. */
static void protect_mapped_images(Elf *const *elf, size_t n)
{
	FILE *maps = fopen("/proc/self/maps", "re");
	if (!maps)
		return;
	char line[4096];
	while (fgets(line, sizeof line, maps)) {
		/* "start-end perms offset dev inode path": parsed by hand, as
		 * sscanf cost several thousand instructions a line, and a
		 * process has hundreds of lines read once per object indexed.
		 * Only a path has a '/' (dev is "maj:min"). */
		char *e;
		unsigned long start = strtoul(line, &e, 16);
		if (*e != '-')
			continue;
		unsigned long end = strtoul(e + 1, &e, 16);
		if (*e != ' ' || strncmp(e + 1, "rw-p ", 5) != 0 || !strchr(e + 6, '/'))
			continue;
		for (size_t i = 0; i < n; i++) {
			size_t size = 0;
			char *img = elf[i] ? xp_elfutils.elf_rawfile(elf[i], &size) : NULL;
			if (img && (unsigned long)img == start && size && start + size <= end) {
				mprotect(img, end - start, PROT_READ);
				break;
			}
		}
	}
	fclose(maps);
}

/* libdwfl maps files copy-on-write (ELF_C_READ_MMAP_PRIVATE, rw-p); nothing
 * writes to them once the index is built, so make those mappings read-only
 * (the names the index points to can then never be scribbled on).  Only
 * whole file mappings are touched, never a heap buffer (MiniDebugInfo is
 * decompressed into one) or the vDSO: an image is one when
 * /proc/self/map_files has its exact range, else when /proc/self/maps
 * shows a mapping with a path starting at it. */
static void protect_file_images(Elf *const *elf, size_t n)
{
	size_t page = (size_t)sysconf(_SC_PAGESIZE);
	Elf *unsure[XP_SYMIDX_TABLES + 1]; /* as many as the caller's files */
	size_t nu = 0;
	for (size_t i = 0; i < n; i++) {
		size_t size = 0;
		char *img = elf[i] ? xp_elfutils.elf_rawfile(elf[i], &size) : NULL;
		if (!img || !size)
			continue;
		uintptr_t start = (uintptr_t)img, len = (size + page - 1) / page * page;
		if (file_mapping_at(start, start + len) == 1)
			mprotect(img, len, PROT_READ);
		else if (nu < sizeof unsure / sizeof unsure[0])
			unsure[nu++] = elf[i];
	}
	if (nu)
		protect_mapped_images(unsure, nu);
}

struct cands {
	struct xp_symcand *c;
	Elf **elf;
	size_t n, cap;
};

static int push(struct cands *v, const struct xp_symcand *c, Elf *elf)
{
	if (v->n == v->cap) {
		size_t cap = v->cap ? 2 * v->cap : 1024;
		struct xp_symcand *nc = realloc(v->c, cap * sizeof *nc);
		if (!nc)
			return -1;
		v->c = nc;
		Elf **ne = realloc(v->elf, cap * sizeof *ne);
		if (!ne)
			return -1;
		v->elf = ne;
		v->cap = cap;
	}
	v->c[v->n] = *c;
	v->elf[v->n++] = elf;
	return 0;
}

static int binding(unsigned char info)
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
static int symbol_kind(int type, GElf_Word shndx)
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
struct reader {
	Dwfl_Module *mod;
	int nsym, i;
	const struct xp_desc_opd *opd;
	uintptr_t lo, hi; /* the object's span: where relocated entries point */
	/* An entry word pointed outside the object: its .opd was read while
	 * the loader was still relocating it (a dlopen() of a same-layout
	 * object where a dlclose()d one was, in another thread).  What was
	 * read must not be kept. */
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

static void reader_init(struct reader *r, Dwfl_Module *mod, int nsym, const struct xp_desc_opd *opd,
			const struct xp_symmod *m)
{
	*r = (struct reader){ .mod = mod, .nsym = nsym, .opd = opd, .lo = m ? m->lo : 0, .hi = m ? m->hi : 0,
			      .first_global = xp_elfutils.dwfl_module_getsymtab_first_global(mod) };
}

/* Symbol i as a candidate: 1 with *c and the file it came from, or 0. */
static int candidate_at(struct reader *r, int i, struct xp_symcand *c, Elf **elfp)
{
	GElf_Sym sym;
	GElf_Addr addr;
	GElf_Word shndx;
	Elf *elf = NULL;
	Dwarf_Addr bias = 0;
	const char *name = xp_elfutils.dwfl_module_getsym_info(r->mod, i, &sym, &addr, &shndx, &elf, &bias);
	if (!name || !*name)
		return 0;
	int kind = symbol_kind(GELF_ST_TYPE(sym.st_info), shndx);
	int bind = binding(sym.st_info);
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
	uintptr_t start = (uintptr_t)addr, sec_end = r->last_end, entry;
	if (!kind && r->opd && xp_desc_opd_entry(r->opd, (uintptr_t)(sym.st_value + bias), &entry)) {
		if (entry < r->lo || entry >= r->hi)
			r->unready = 1;
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

/* The next candidate: 1 with *c and the file it came from, 0 at the end. */
static int next_candidate(struct reader *r, struct xp_symcand *c, Elf **elfp)
{
	while (++r->i < r->nsym)
		if (candidate_at(r, r->i, c, elfp))
			return 1;
	return 0;
}

/* All of them; -1 when out of memory. */
static int collect(const struct xp_symmod *m, Dwfl_Module *mod, int nsym, struct cands *v,
		   const struct xp_desc_opd *opd)
{
	struct reader r;
	reader_init(&r, mod, nsym, opd, m);
	struct xp_symcand c;
	Elf *elf;
	while (next_candidate(&r, &c, &elf))
		if (push(v, &c, elf) < 0)
			return -1;
	if (r.unready) {
		errno = EAGAIN;
		return -1;
	}
	return 0;
}

/* One string table base per ELF file the names came from. */
static void assign_tables(struct cands *v, const char *strbase[XP_SYMIDX_TABLES])
{
	Elf *owner[XP_SYMIDX_TABLES] = { 0 };
	for (size_t i = 0; i < v->n; i++) {
		int t = 0;
		while (t < XP_SYMIDX_TABLES && owner[t] && owner[t] != v->elf[i])
			t++;
		if (t == XP_SYMIDX_TABLES) {
			v->c[i].table = XP_SYMIDX_TABLES; /* no room: the builder drops it */
			continue;
		}
		owner[t] = v->elf[i];
		if (!strbase[t] || v->c[i].name < strbase[t])
			strbase[t] = v->c[i].name;
		v->c[i].table = (unsigned char)t;
	}
}

/* Functions to the front, objects behind them, each part in table order
 * (of equal candidates at one start the later wins, in the index as in
 * the scan); the number of functions, or -1 out of memory. */
static long functions_first(struct cands *v)
{
	size_t ndata = 0;
	for (size_t i = 0; i < v->n; i++)
		ndata += v->c[i].is_data;
	if (!ndata)
		return (long)v->n;
	struct xp_symcand *dc = malloc(ndata * sizeof *dc);
	Elf **de = malloc(ndata * sizeof *de);
	if (!dc || !de) {
		free(dc);
		free(de);
		return -1;
	}
	size_t nfunc = 0, nd = 0;
	for (size_t i = 0; i < v->n; i++) {
		if (v->c[i].is_data) {
			dc[nd] = v->c[i];
			de[nd++] = v->elf[i];
		} else {
			v->c[nfunc] = v->c[i];
			v->elf[nfunc++] = v->elf[i];
		}
	}
	memcpy(v->c + nfunc, dc, ndata * sizeof *dc);
	memcpy(v->elf + nfunc, de, ndata * sizeof *de);
	free(dc);
	free(de);
	return (long)nfunc;
}

static Dwfl *open_module(const struct xp_symmod *m, struct xp_debuginfo_ctx *x,
			 const Dwfl_Callbacks *cb, Dwfl_Module **modp)
{
	Dwfl *dwfl = xp_elfutils.dwfl_begin(cb);
	if (!dwfl)
		return NULL;
	Dwfl_Module *mod = NULL;
	if (m->is_vdso) {
		mod = xp_elfutils.dwfl_report_module(dwfl, m->name, m->lo, m->hi);
	} else {
		int fd = open(m->path, O_RDONLY | O_CLOEXEC);
		if (fd < 0 && m->is_main) /* replaced or deleted since exec */
			fd = open("/proc/self/exe", O_RDONLY | O_CLOEXEC);
		if (fd >= 0) {
			/* add_p_vaddr: base is the load bias (dlpi_addr). */
			mod = xp_elfutils.dwfl_report_elf(dwfl, m->name, m->path, fd, m->bias, true);
			if (!mod)
				close(fd);
		}
	}
	if (mod) {
		void **ud = NULL;
		xp_elfutils.dwfl_module_info(mod, &ud, NULL, NULL, NULL, NULL, NULL, NULL);
		if (ud)
			*ud = x;
	}
	xp_elfutils.dwfl_report_end(dwfl, NULL, NULL);
	if (!mod) {
		xp_elfutils.dwfl_end(dwfl);
		return NULL;
	}
	*modp = mod;
	return dwfl;
}

/* libdwfl keeps a pointer to its callbacks for the Dwfl's lifetime. */
struct owned_callbacks {
	Dwfl_Callbacks cb;
	char *path;
};

static struct owned_callbacks *new_callbacks(const char *debug_dirs)
{
	struct owned_callbacks *o = malloc(sizeof *o);
	size_t plen = strlen(debug_dirs) + sizeof ":" SYSTEM_DEBUG_DIR;
	char *path = malloc(plen);
	if (!o || !path) {
		free(o);
		free(path);
		return NULL;
	}
	/* Build-ID searches use the absolute entries of this path. */
	snprintf(path, plen, "%s%s" SYSTEM_DEBUG_DIR, debug_dirs, *debug_dirs ? ":" : "");
	o->path = path;
	o->cb = (Dwfl_Callbacks){
		.find_elf = find_elf_in_memory,
		.find_debuginfo = xp_find_debuginfo,
		.section_address = xp_elfutils.dwfl_offline_section_address,
		.debuginfo_path = &o->path,
	};
	return o;
}

static void free_callbacks(struct owned_callbacks *o)
{
	if (o) {
		free(o->path);
		free(o);
	}
}

/* Descriptor ABIs: the main file's .opd (a debug file's is SHT_NOBITS),
 * copied from memory once for the whole module. */
static int module_opd(Dwfl_Module *mod, struct xp_desc_opd *opd)
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

/* Whether libdwfl's table for mod is worth keeping: it has a candidate,
 * from the debug file when one was opened (else libdwfl fell back to
 * .dynsym: the debug file is broken or empty).  Reads back from the end
 * (the non-local symbols, which a first lookup reads anyway) up to the
 * first such candidate. */
static int symbols_usable(Dwfl_Module *mod, int nsym, Elf *main_elf, int have_debugfile)
{
	struct reader r;
	reader_init(&r, mod, nsym, NULL, NULL);
	struct xp_symcand c;
	Elf *elf;
	for (int i = nsym - 1; i >= 1; i--)
		if (candidate_at(&r, i, &c, &elf) && (!have_debugfile || elf != main_elf))
			return 1;
	return 0;
}

struct xp_symmod_built *xp_symmod_open(const struct xp_symmod *m, const char *debug_dirs)
{
	struct xp_symmod_built *b = calloc(1, sizeof *b);
	if (!b)
		return NULL;
	/* Without libdw no symbol is known: an empty index, for good. */
	if (xp_elfutils_load() < 0) {
		if (errno != ENOMEM) {
			atomic_store(&b->indexed, 1);
			return b;
		}
		free(b);
		return NULL;
	}

	/* A broken debug file makes libdwfl give up on the module rather than
	 * fall back, so retry with fewer sources: all, debuglink only, none. */
	static const int modes[][2] = { { 1, 1 }, { 0, 1 }, { 0, 0 } };
	const size_t nmodes = sizeof modes / sizeof modes[0];
	/* Out of memory anywhere (ours or libdw's): no index rather than an
	 * empty one, so that a later lookup tries again. */
	int oom = 0;
	for (size_t k = 0; k < nmodes; k++) {
		errno = 0;
		struct xp_debuginfo_ctx x = {
			.dirs = debug_dirs, .file = m->path,
			.use_build_id = modes[k][0], .use_debuglink = modes[k][1], .mod = m,
		};
		Dwfl_Module *mod = NULL;
		struct owned_callbacks *cb = new_callbacks(debug_dirs);
		Dwfl *dwfl = cb ? open_module(m, &x, &cb->cb, &mod) : NULL;
		if (!dwfl) {
			/* A file that cannot be opened has no symbols for good;
			 * libdwfl failing on one that opens may be out of memory
			 * (it does not always say so): let the caller retry. */
			int fd = m->is_vdso || !cb ? -1 : open(m->path, O_RDONLY | O_CLOEXEC);
			oom = !cb || errno == ENOMEM || fd >= 0;
			if (fd >= 0)
				close(fd);
			free_callbacks(cb);
			break;
		}
		int nsym = xp_elfutils.dwfl_module_getsymtab(mod);
		if (nsym < 0 && errno == ENOMEM) {
			oom = 1;
			xp_elfutils.dwfl_end(dwfl);
			free_callbacks(cb);
			break;
		}
		/* The loaded .opd (process memory, not libdwfl's), even for a
		 * module whose symbols turn out unreadable. */
		struct xp_desc_opd opd = { 0, 0, NULL };
		module_opd(mod, &opd);
		xp_desc_opd_release(&opd);
		b->opd = opd;
		const char *debugfile = NULL;
		xp_elfutils.dwfl_module_info(mod, NULL, NULL, NULL, NULL, NULL, NULL, &debugfile);
		GElf_Addr mbias;
		Elf *main_elf = xp_elfutils.dwfl_module_getelf(mod, &mbias);
		if (nsym < 0 || (k + 1 < nmodes && !symbols_usable(mod, nsym, main_elf, debugfile != NULL))) {
			xp_elfutils.dwfl_end(dwfl);
			free_callbacks(cb);
			continue;
		}
		/* Don't keep a pointer to x: the callbacks are done. */
		void **ud = NULL;
		xp_elfutils.dwfl_module_info(mod, &ud, NULL, NULL, NULL, NULL, NULL, NULL);
		if (ud)
			*ud = NULL;
		const unsigned char *bits;
		GElf_Addr vaddr;
		int idlen = xp_elfutils.dwfl_module_build_id(mod, &bits, &vaddr);
		if (idlen > 0) {
			b->build_id = bits;
			b->build_id_len = (size_t)idlen;
		}
		b->dwfl = dwfl;
		b->callbacks = cb;
		b->dwmod = mod;
		b->use_build_id = (unsigned char)modes[k][0];
		b->use_debuglink = (unsigned char)modes[k][1];
		break;
	}
	if (oom) {
		free(b);
		errno = ENOMEM;
		return NULL;
	}
	if (!b->dwmod)
		atomic_store(&b->indexed, 1); /* no symbols: nothing to build */
	return b;
}

int xp_symmod_build(const struct xp_symmod *m, struct xp_symmod_built *b)
{
	if (atomic_load(&b->indexed))
		return 0;
	Dwfl_Module *mod = b->dwmod;
	int nsym = xp_elfutils.dwfl_module_getsymtab(mod);
	struct cands v = { 0 };
	struct xp_desc_opd opd = { 0, 0, NULL };
	int have_opd = module_opd(mod, &opd);
	int rc = nsym > 0 ? collect(m, mod, nsym, &v, have_opd ? &opd : NULL) : 0;
	int collect_errno = errno; /* ENOMEM, or EAGAIN: .opd not relocated yet */
	xp_desc_opd_release(&opd);
	const char *strbase[XP_SYMIDX_TABLES] = { 0 };
	assign_tables(&v, strbase);
	long sorted = rc < 0 ? -1 : functions_first(&v);
	size_t nfunc = sorted < 0 ? 0 : (size_t)sorted;
	if (sorted < 0 || xp_symidx_build(&b->ix, m->lo, strbase, v.c, nfunc) < 0 ||
	    xp_symidx_build(&b->data, m->lo, strbase, v.c ? v.c + nfunc : NULL, v.n - nfunc) < 0) {
		xp_symidx_free(&b->ix);
		free(v.c);
		free(v.elf);
		errno = rc < 0 ? collect_errno : ENOMEM;
		return -1;
	}
	b->candidates = nfunc;
	b->data_candidates = v.n - nfunc;
	if (!m->is_vdso) {
		GElf_Addr mbias;
		Elf *files[XP_SYMIDX_TABLES + 1] = { xp_elfutils.dwfl_module_getelf(mod, &mbias) };
		size_t nf = 1;
		for (size_t i = 0; i < v.n; i++) {
			size_t j = 0;
			while (j < nf && files[j] != v.elf[i])
				j++;
			if (j == nf && nf < sizeof files / sizeof files[0])
				files[nf++] = v.elf[i];
		}
		protect_file_images(files, nf);
	}
	free(v.c);
	free(v.elf);
	atomic_store_explicit(&b->indexed, 1, memory_order_release);
	return 0;
}

void xp_symmod_built_empty(struct xp_symmod_built *b)
{
	xp_symidx_free(&b->ix);
	xp_symidx_free(&b->data);
	atomic_store_explicit(&b->indexed, 1, memory_order_release);
}

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
		if (symbol_kind(GELF_ST_TYPE(sym.st_info), shndx) >= 0 && addr != v && addr + 1 != v)
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
static void raw_pass(struct scan_state *st, struct reader *r, const struct raw_table *t, int from)
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
		int kind = symbol_kind(GELF_ST_TYPE(e->st_info), e->st_shndx == SHN_XINDEX ? 1 : e->st_shndx);
		if (kind < 0 || binding(e->st_info) < 0)
			continue;
		uintptr_t v = (uintptr_t)e->st_value + t->bias;
		if (xp_symscan_wants(&st->part[kind], v ? v - 1 : 0, v, (uintptr_t)e->st_size) &&
		    candidate_at(r, i, &c, &elf))
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
static void scan_symbols(struct scan_state *st, struct reader *r)
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
	while (!st->undecided && next_candidate(r, &c, &elf))
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
	int have_opd = module_opd(mod, &opd);
	struct reader r;
	reader_init(&r, mod, nsym, have_opd ? &opd : NULL, m);
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

int xp_symmod_lines(const struct xp_symmod *m, struct xp_symmod_built *b, const char *debug_dirs)
{
	if (atomic_load(&b->lines))
		return 0;
	struct xp_lineidx *li = calloc(1, sizeof *li);
	if (!li) {
		errno = ENOMEM;
		return -1;
	}
	struct xp_debuginfo_ctx x = {
		.dirs = debug_dirs, .file = m->path,
		.use_build_id = b->use_build_id, .use_debuglink = b->use_debuglink, .mod = m,
	};
	if (b->dwmod && xp_lines_read(li, b->dwmod, m->lo, m->bias, &x) < 0) {
		free(li);
		return -1;
	}
	atomic_store_explicit(&b->lines, li, memory_order_release);
	return 0;
}

int xp_symmod_inlines(const struct xp_symmod *m, struct xp_symmod_built *b, const char *debug_dirs)
{
	if (atomic_load(&b->inlines))
		return 0;
	struct xp_inlineidx *ix = calloc(1, sizeof *ix);
	if (!ix) {
		errno = ENOMEM;
		return -1;
	}
	struct xp_debuginfo_ctx x = {
		.dirs = debug_dirs, .file = m->path,
		.use_build_id = b->use_build_id, .use_debuglink = b->use_debuglink, .mod = m,
	};
	if (b->dwmod && xp_inlines_read(ix, b->dwmod, m->lo, m->bias, &x) < 0) {
		free(ix);
		return -1;
	}
	atomic_store_explicit(&b->inlines, ix, memory_order_release);
	return 0;
}

void xp_symmod_built_free(struct xp_symmod_built *b)
{
	if (!b)
		return;
	struct xp_inlineidx *ix = atomic_load(&b->inlines);
	if (ix) {
		free(ix->block);
		free(ix);
	}
	struct xp_lineidx *li = atomic_load(&b->lines);
	if (li) {
		xp_lineidx_free(li);
		free(li);
	}
	xp_symidx_free(&b->ix);
	xp_symidx_free(&b->data);
	if (b->dwfl)
		xp_elfutils.dwfl_end(b->dwfl);
	free_callbacks(b->callbacks);
	free(b);
}
