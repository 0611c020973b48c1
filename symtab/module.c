/* module.c - one object's function symbols, read once through libdwfl.
 *
 * libdwfl picks the best table: the file's .symtab, else a separate debug
 * file (our find_debuginfo), else .dynsym together with MiniDebugInfo
 * (.gnu_debugdata).  We only enumerate it once into xprintf's own index;
 * the Dwfl stays alive because the index's names point into its mappings
 * (libdwfl maps files read-only: ELF_C_READ_MMAP).  The symbols come as
 * candidates from symbol_reader.c; an object's first lookup scans them
 * instead (module_scan.c). */
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

#include "../src/digits.h"
#include "debuginfo.h"
#include "elfutils.h"
#include "inlines_dwarf.h"
#include "lines_dwarf.h"
#include "proc_maps.h"
#include "symbol_reader.h"

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
	struct xp_maps_line m;
	while (fgets(line, sizeof line, maps)) {
		if (!xp_maps_parse(line, &m) || strncmp(m.perms, "rw-p ", 5) != 0 || !m.path)
			continue;
		for (size_t i = 0; i < n; i++) {
			size_t size = 0;
			char *img = elf[i] ? xp_elfutils.elf_rawfile(elf[i], &size) : NULL;
			if (img && (unsigned long)img == m.start && size && m.start + size <= m.end) {
				mprotect(img, m.end - m.start, PROT_READ);
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

/* All of them; -1 when out of memory. */
static int collect(const struct xp_symmod *m, Dwfl_Module *mod, int nsym, struct cands *v,
		   const struct xp_desc_opd *opd)
{
	struct xp_symreader r;
	xp_symreader_init(&r, mod, nsym, opd, m);
	struct xp_symcand c;
	Elf *elf;
	while (xp_symreader_next(&r, &c, &elf))
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

/* Whether the file libdwfl opened for m is the object loaded: the same
 * build ID (an object loaded without one is taken as it is). */
static int same_object(const struct xp_symmod *m, Dwfl_Module *mod)
{
	if (m->is_vdso || !m->loaded_id_len)
		return 1;
	const unsigned char *bits;
	GElf_Addr vaddr;
	int idlen = xp_elfutils.dwfl_module_build_id(mod, &bits, &vaddr);
	return idlen > 0 && (size_t)idlen == m->loaded_id_len && !memcmp(bits, m->loaded_id, m->loaded_id_len);
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

/* Whether libdwfl's table for mod is worth keeping: it has a candidate,
 * from the debug file when one was opened (else libdwfl fell back to
 * .dynsym: the debug file is broken or empty).  Reads back from the end
 * (the non-local symbols, which a first lookup reads anyway) up to the
 * first such candidate. */
static int symbols_usable(Dwfl_Module *mod, int nsym, Elf *main_elf, int have_debugfile)
{
	struct xp_symreader r;
	xp_symreader_init(&r, mod, nsym, NULL, NULL);
	struct xp_symcand c;
	Elf *elf;
	for (int i = nsym - 1; i >= 1; i--)
		if (xp_symreader_at(&r, i, &c, &elf) && (!have_debugfile || elf != main_elf))
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
		if (!same_object(m, mod)) {
			/* The file at the path is not the object loaded: replaced
			 * since (a package upgrade), or not the program at all (run
			 * as "ld.so ./program").  Its symbols would name other code:
			 * none, for good. */
			xp_elfutils.dwfl_end(dwfl);
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
		xp_symreader_opd(mod, &opd);
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
	int have_opd = xp_symreader_opd(mod, &opd);
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
