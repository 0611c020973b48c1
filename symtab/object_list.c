/* object_list.c - the objects loaded now, as the loader lists them: a new
 * module for each (not yet indexed), sorted by address, those the loader
 * never unloads marked permanent.  The snapshot (loaded_objects.c) keeps
 * the modules of an earlier list that are the same object. */
#define _GNU_SOURCE
#include "object_list.h"

#include <link.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#include <unistd.h>

#include "proc_maps.h"

void xp_symmod_put(struct xp_symmod *m)
{
	if (--m->refs)
		return;
	xp_symmod_built_free(atomic_load(&m->built));
	free(m->path);
	free(m->name);
	free(m);
}

struct scan {
	struct xp_symmod **mods;
	size_t n, cap;
	unsigned long long adds, subs;
	int failed, seen;
};

static char *base_name_of(const char *path)
{
	const char *slash = strrchr(path, '/');
	return strdup(slash ? slash + 1 : path);
}

/* ThreadSanitizer cannot see ld.so's lock that orders dlopen()'s strdup of
 * dlpi_name before our read of it; its dl_iterate_phdr interceptor resets
 * the name's strlen() bytes but not the terminating NUL, which strdup and
 * strrchr read (a report at offset 56 of a 57-byte block).  So the name is
 * copied here without instrumentation and used only as our own copy. */
#if defined(__has_attribute)
#if __has_attribute(no_sanitize)
__attribute__((no_sanitize("thread")))
#endif
#endif
static char *loader_string_dup(const char *s)
{
	size_t n = 0;
	while (((const volatile char *)s)[n])
		n++;
	char *d = malloc(n + 1);
	if (d) {
		for (size_t i = 0; i <= n; i++)
			d[i] = ((const volatile char *)s)[i];
	}
	return d;
}

static char *self_exe(void);

/* The file /proc/self/maps says is mapped at addr (NULL if none). */
static char *mapped_path(uintptr_t addr)
{
	FILE *maps = fopen("/proc/self/maps", "re");
	if (!maps)
		return NULL;
	char line[4096];
	struct xp_maps_line m;
	char *path = NULL;
	while (!path && fgets(line, sizeof line, maps))
		if (xp_maps_parse(line, &m) && m.path && addr >= m.start && addr < m.end)
			path = strdup(m.path);
	fclose(maps);
	return path;
}

/* The program's file.  /proc/self/exe, unless the kernel ran no
 * interpreter (AT_BASE 0): a static program, or one started as
 * "ld.so ./program", whose exe is ld.so; there the file mapped at the
 * program's first segment says. */
static char *program_path(uintptr_t lo)
{
	char *path = getauxval(AT_BASE) == 0 ? mapped_path(lo) : NULL;
	return path ? path : self_exe();
}

static char *self_exe(void)
{
	char buf[4096];
	ssize_t n = readlink("/proc/self/exe", buf, sizeof buf - 1);
	if (n <= 0)
		return strdup("/proc/self/exe");
	buf[n] = 0;
	return strdup(buf);
}

#if HAVE_DL_FIND_OBJECT
/* What the loader says of addr: -1 it is in no object the loader has
 * finished loading, 1 in m, 0 in another object.  glibc adds an object to
 * _dl_find_object's table only once it is relocated (dl_iterate_phdr lists
 * it much earlier), so 1 also means m's loaded .opd can be read. */
int xp_loader_knows(const struct xp_symmod *m, uintptr_t addr)
{
	struct dl_find_object fo;
	if (_dl_find_object((void *)addr, &fo) != 0)
		return -1;
	/* Only fo's own fields: its link_map may be freed by a concurrent
	 * dlclose as soon as _dl_find_object returns.  A main program whose
	 * segments are not contiguous (ppc64's 64 KiB-aligned data segment)
	 * is reported one segment at a time (glibc's l_contiguous == 0), so
	 * fo's range need only lie inside the program's.  Any other object is
	 * reported whole: its range must be the same, so that another object
	 * loaded where a dlclose()d one was is not taken for it unless it
	 * also ends at the same byte and has its unwind table at the same
	 * address (nothing cheaper that the loader offers tells them apart: their
	 * link_maps may share an address too, malloc reusing the freed one). */
	if (!m)
		return 0;
	if (m->is_main)
		return (uintptr_t)fo.dlfo_map_start >= m->map_start && (uintptr_t)fo.dlfo_map_end <= m->hi &&
		       (uintptr_t)fo.dlfo_eh_frame == m->eh_frame;
	return (uintptr_t)fo.dlfo_map_start == m->map_start && (uintptr_t)fo.dlfo_map_end == m->hi &&
	       (uintptr_t)fo.dlfo_eh_frame == m->eh_frame;
}
#endif

#if HAVE_DL_FIND_OBJECT
/* Whether an object's dynamic section asks the loader never to unload it
 * (DF_1_NODELETE, as libLLVM's does).  Read inside dl_iterate_phdr's
 * callback, which holds the loader's lock that dlclose() takes to unmap. */
static int flagged_nodelete(uintptr_t dyn)
{
	if (!dyn)
		return 0;
	for (const ElfW(Dyn) *d = (const ElfW(Dyn) *)dyn; d->d_tag != DT_NULL; d++)
		if (d->d_tag == DT_FLAGS_1)
			return (d->d_un.d_val & DF_1_NODELETE) != 0;
	return 0;
}
#endif

/* The NT_GNU_BUILD_ID note of a loaded PT_NOTE segment into m, if any. */
static void loaded_build_id(struct xp_symmod *m, const unsigned char *p, size_t size, size_t align)
{
	align = align == 8 ? 8 : 4;
	while (size >= sizeof(ElfW(Nhdr))) {
		ElfW(Nhdr) nh;
		memcpy(&nh, p, sizeof nh);
		size_t name_at = sizeof nh, name_room = (nh.n_namesz + align - 1) & ~(align - 1);
		size_t desc_room = (nh.n_descsz + align - 1) & ~(align - 1);
		if (name_room > size - name_at || desc_room > size - name_at - name_room)
			return;
		if (nh.n_type == NT_GNU_BUILD_ID && nh.n_namesz == 4 && !memcmp(p + name_at, "GNU", 4)) {
			if (nh.n_descsz <= sizeof m->loaded_id) {
				memcpy(m->loaded_id, p + name_at + name_room, nh.n_descsz);
				m->loaded_id_len = nh.n_descsz;
			}
			return;
		}
		p += name_at + name_room + desc_room;
		size -= name_at + name_room + desc_room;
	}
}

static int scan_one(struct dl_phdr_info *info, size_t size, void *data)
{
	(void)size;
	struct scan *sc = data;
	int first = !sc->seen;
	sc->seen = 1;
	if (first) {
		sc->adds = info->dlpi_adds;
		sc->subs = info->dlpi_subs;
	}
	uintptr_t lo = UINTPTR_MAX, hi = 0, dyn = 0, eh = 0;
	uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE), map_start = UINTPTR_MAX;
	for (size_t i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
		if (ph->p_type == PT_LOAD) {
			uintptr_t a = info->dlpi_addr + ph->p_vaddr;
			if (a < lo)
				lo = a;
			if ((a & ~(page - 1)) < map_start)
				map_start = a & ~(page - 1);
			if (a + ph->p_memsz > hi)
				hi = a + ph->p_memsz;
		} else if (ph->p_type == PT_DYNAMIC) {
			dyn = info->dlpi_addr + ph->p_vaddr;
		} else if (ph->p_type == PT_GNU_EH_FRAME) {
			eh = info->dlpi_addr + ph->p_vaddr;
		}
	}
	if (lo >= hi)
		return 0;
	struct xp_symmod *m = calloc(1, sizeof *m);
	if (!m)
		goto fail;
	m->lo = lo;
	m->hi = hi;
	m->bias = info->dlpi_addr;
	for (size_t i = 0; i < info->dlpi_phnum && !m->loaded_id_len; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
		if (ph->p_type == PT_NOTE)
			loaded_build_id(m, (const unsigned char *)(info->dlpi_addr + ph->p_vaddr), ph->p_memsz,
					ph->p_align);
	}
	m->dyn = dyn;
	m->map_start = map_start;
	m->eh_frame = eh;
	m->refs = 1;
#if HAVE_DL_FIND_OBJECT
	/* glibc makes such an object's NODELETE state final before it adds
	 * the object to _dl_find_object's table (and a dlopen() that fails
	 * unloads it regardless): known to the loader, it is there for good.
	 * (Still under the callback's lock: not unmapped in between.) */
	m->nodelete = flagged_nodelete(dyn) && xp_loader_knows(m, lo) == 1;
#endif
	uintptr_t vdso = (uintptr_t)getauxval(AT_SYSINFO_EHDR);
	const char *dname = info->dlpi_name ? info->dlpi_name : "";
	if (vdso && lo == vdso) {
		m->is_vdso = 1;
		char *own = loader_string_dup(*dname ? dname : "linux-vdso.so.1");
		m->name = own ? base_name_of(own) : NULL;
		free(own);
	} else if (first && !*dname) {
		m->is_main = 1;
		m->path = program_path(lo);
		m->name = m->path ? base_name_of(m->path) : NULL;
	} else if (*dname) {
		m->path = loader_string_dup(dname);
		m->name = m->path ? base_name_of(m->path) : NULL;
	} else {
		free(m);
		return 0;
	}
	if (m->name)
		m->name_len = strlen(m->name);
	if (!m->name || (!m->is_vdso && !m->path)) {
		free(m->path);
		free(m->name);
		free(m);
		goto fail;
	}
	if (sc->n == sc->cap) {
		size_t cap = sc->cap ? 2 * sc->cap : 32;
		struct xp_symmod **nm = realloc(sc->mods, cap * sizeof *nm);
		if (!nm) {
			m->refs = 1;
			xp_symmod_put(m);
			goto fail;
		}
		sc->mods = nm;
		sc->cap = cap;
	}
	sc->mods[sc->n++] = m;
	return 0;
fail:
	sc->failed = 1;
	return 1;
}

static int by_lo(const void *a, const void *b)
{
	const struct xp_symmod *x = *(struct xp_symmod *const *)a, *y = *(struct xp_symmod *const *)b;
	return x->lo < y->lo ? -1 : x->lo > y->lo;
}

int xp_objlist_same(const struct xp_symmod *a, const struct xp_symmod *b)
{
	return a->lo == b->lo && a->hi == b->hi && a->bias == b->bias && a->dyn == b->dyn &&
	       a->eh_frame == b->eh_frame &&
	       a->is_main == b->is_main && a->is_vdso == b->is_vdso &&
	       !strcmp(a->name, b->name) &&
	       (a->path == b->path || (a->path && b->path && !strcmp(a->path, b->path)));
}

static int first_entry(struct dl_phdr_info *info, size_t size, void *data)
{
	(void)size;
	unsigned long long *c = data;
	c[0] = info->dlpi_adds;
	c[1] = info->dlpi_subs;
	return 1;
}

void xp_objlist_counters(unsigned long long *adds, unsigned long long *subs)
{
	unsigned long long c[2] = { 0, 0 };
	dl_iterate_phdr(first_entry, c);
	*adds = c[0];
	*subs = c[1];
}

int xp_objlist_scan(struct xp_objlist *list)
{
	struct scan sc = { 0 };
	dl_iterate_phdr(scan_one, &sc);
	if (sc.failed) {
		for (size_t i = 0; i < sc.n; i++)
			xp_symmod_put(sc.mods[i]);
		free(sc.mods);
		return -1;
	}
	qsort(sc.mods, sc.n, sizeof *sc.mods, by_lo);
	*list = (struct xp_objlist){ .mods = sc.mods, .n = sc.n, .adds = sc.adds, .subs = sc.subs };
	return 0;
}

/* ---- objects loaded with the program ---- */

/* The DT_NEEDED names of m, which must be permanent (mapped for good):
 * calls found(name) for each. */
static void for_each_needed(const struct xp_symmod *m, void (*found)(const char *, void *), void *data)
{
	if (!m->dyn)
		return;
	const ElfW(Dyn) *d = (const ElfW(Dyn) *)m->dyn;
	uintptr_t strtab = 0;
	for (size_t i = 0; d[i].d_tag != DT_NULL; i++)
		if (d[i].d_tag == DT_STRTAB)
			strtab = (uintptr_t)d[i].d_un.d_ptr;
	/* Where .dynamic is read-only (MIPS, RISC-V) the loader leaves the
	 * address unrelocated. */
	if (strtab && strtab < m->lo)
		strtab += m->bias;
	if (!strtab || strtab < m->lo || strtab >= m->hi)
		return;
	for (size_t i = 0; d[i].d_tag != DT_NULL; i++)
		if (d[i].d_tag == DT_NEEDED)
			found((const char *)strtab + d[i].d_un.d_val, data);
}

struct needed_walk {
	struct xp_symmod **mods;
	size_t n;
	unsigned char *mark; /* 1: permanent, its needed names not yet walked; 2: walked */
};

/* The one loaded object whose file name is name; none when two are. */
static void mark_needed(const char *name, void *data)
{
	struct needed_walk *w = data;
	size_t hit = w->n;
	for (size_t i = 0; i < w->n; i++) {
		if (!w->mods[i]->path || strcmp(w->mods[i]->name, name))
			continue;
		if (hit != w->n)
			return; /* ambiguous: maybe a dlopen()ed namesake */
		hit = i;
	}
	if (hit != w->n && !w->mark[hit])
		w->mark[hit] = 1;
}

/* Objects loaded with the program are never unloaded (glibc unloads only
 * what dlopen loaded): the program and its DT_NEEDED closure.  Nor is a
 * NODELETE object, nor what it needs (dlclose() keeps every dependency of
 * an object it keeps).  Only their own dynamic sections are read, which
 * stay mapped; preloaded objects and anything named ambiguously are left
 * out (they are just not known to be permanent).  New modules (refs == 1: not yet in any snapshot) get the
 * answer; kept ones had it from the scan that found them. */
void xp_objlist_mark_permanent(struct xp_symmod **mods, size_t n)
{
	unsigned char *mark = calloc(n ? n : 1, 1);
	if (!mark)
		return; /* none known permanent: correct, only slower */
	struct needed_walk w = { mods, n, mark };
	for (size_t i = 0; i < n; i++)
		if (mods[i]->is_main || mods[i]->nodelete)
			mark[i] = 1;
	for (int more = 1; more;) {
		more = 0;
		for (size_t i = 0; i < n; i++) {
			if (mark[i] != 1)
				continue;
			mark[i] = 2;
			for_each_needed(mods[i], mark_needed, &w);
			more = 1;
		}
	}
	for (size_t i = 0; i < n; i++)
		if (mods[i]->refs == 1)
			mods[i]->permanent = mark[i] != 0;
	free(mark);
}

