/* lines_dwarf.c - a module's DWARF line tables, read once into a line index.
 *
 * The tables come from the file that holds the module's DWARF: the object
 * itself, or its separate debug file (the one libdwfl found for the
 * symbols, else found now by build ID or .gnu_debuglink, offline only).
 * That file is opened on its own Elf handle (libelf maps it and inflates
 * compressed sections) and closed again once the rows are copied: only the
 * compact index (lines.h) stays.  dwarf_line.c decodes the tables.
 *
 * Paths: the file name joined with its directory, `.` components and
 * repeated slashes removed, made relative to an absolute compilation
 * directory when it lies under it.
 */
#define _GNU_SOURCE
#include "lines_dwarf.h"

#include <elfutils/libdwelf.h>
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "debuginfo.h"
#include "dwarf_line.h"
#include "elfutils.h"

#define MAX_EXEC_RANGES 16

struct exec_ranges {
	size_t n;
	uintptr_t lo[MAX_EXEC_RANGES], hi[MAX_EXEC_RANGES];
};

struct seq {
	uintptr_t lo, hi;
	size_t first, count; /* rows, the closing line-0 row included */
};

/* Everything a read accumulates; freed at the end whatever happened. */
struct reader {
	struct xp_linerow *rows;
	size_t nrows, caprows;
	struct seq *seqs;
	size_t nseqs, capseqs;
	char *names;          /* interned paths, NUL-separated */
	size_t names_len, names_cap;
	uint32_t *file_at;    /* offset of each interned path */
	uint32_t nfiles, files_cap;
	uint32_t *slots;      /* open addressing: 1 + file index, 0 = empty */
	size_t nslots;
	int oom;
	/* the sequence being read */
	uintptr_t bias;
	const struct exec_ranges *code;
	int skip;             /* -1 none open, 1 the open one is left out */
	size_t seq_first;
	uintptr_t prev;
	const char *last_dir, *last_name; /* the last file interned, as read */
	uint32_t last_file;
	char *buf;            /* a path being joined and cleaned */
	size_t bufcap;
};

static void *grow(void *p, size_t *cap, size_t need, size_t elem, size_t first)
{
	if (need <= *cap)
		return p;
	size_t c = *cap ? *cap : first;
	while (c < need)
		c *= 2;
	void *q = realloc(p, c * elem);
	if (q)
		*cap = c;
	return q;
}

/* The spec's path: `.` components and empty ones dropped, relative to
 * comp_dir when that is absolute and the path lies below it.  out has room
 * for strlen(path) + 1 bytes. */
static size_t clean_path(char *out, const char *path, const char *comp_dir)
{
	size_t n = 0;
	int absolute = path[0] == '/';
	const char *p = path;
	if (absolute)
		out[n++] = '/';
	while (*p) {
		size_t len = strcspn(p, "/");
		if (len && !(len == 1 && p[0] == '.')) {
			if (n && out[n - 1] != '/')
				out[n++] = '/';
			memcpy(out + n, p, len);
			n += len;
		}
		p += len;
		while (*p == '/')
			p++;
	}
	out[n] = 0;
	if (!absolute || !comp_dir || comp_dir[0] != '/')
		return n;
	/* Compare component by component with comp_dir cleaned the same way. */
	const char *c = comp_dir;
	size_t at = 1; /* after the leading '/' of out */
	for (;;) {
		while (*c == '/')
			c++;
		if (!*c)
			break;
		size_t len = strcspn(c, "/");
		if (len == 1 && c[0] == '.') {
			c++;
			continue;
		}
		if (at + len > n || memcmp(out + at, c, len) != 0 || (out[at + len] != '/' && at + len != n))
			return n;
		at += len;
		if (at < n)
			at++; /* the '/' after it */
		c += len;
	}
	if (at >= n || at <= 1)
		return n; /* the directory itself, or comp_dir is "/" */
	memmove(out, out + at, n - at + 1);
	return n - at;
}

static uint32_t hash_str(const char *s)
{
	uint32_t h = 2166136261u;
	while (*s)
		h = (h ^ (unsigned char)*s++) * 16777619u;
	return h;
}

static int rehash(struct reader *r, size_t nslots)
{
	uint32_t *slots = calloc(nslots, sizeof *slots);
	if (!slots)
		return -1;
	for (uint32_t f = 0; f < r->nfiles; f++) {
		size_t i = hash_str(r->names + r->file_at[f]) & (nslots - 1);
		while (slots[i])
			i = (i + 1) & (nslots - 1);
		slots[i] = f + 1;
	}
	free(r->slots);
	r->slots = slots;
	r->nslots = nslots;
	return 0;
}

/* The index of path in the file table, added if new; UINT32_MAX when out
 * of memory. */
static uint32_t intern(struct reader *r, const char *path)
{
	if (2 * ((size_t)r->nfiles + 1) > r->nslots && rehash(r, r->nslots ? 2 * r->nslots : 256) < 0)
		return UINT32_MAX;
	size_t i = hash_str(path) & (r->nslots - 1);
	while (r->slots[i]) {
		uint32_t f = r->slots[i] - 1;
		if (strcmp(r->names + r->file_at[f], path) == 0)
			return f;
		i = (i + 1) & (r->nslots - 1);
	}
	size_t len = strlen(path) + 1;
	size_t fcap = r->files_cap;
	char *names = grow(r->names, &r->names_cap, r->names_len + len, 1, 4096);
	uint32_t *fat = names ? grow(r->file_at, &fcap, (size_t)r->nfiles + 1, sizeof *fat, 256) : NULL;
	if (names)
		r->names = names;
	if (!fat || r->names_len + len > UINT32_MAX)
		return UINT32_MAX;
	r->file_at = fat;
	r->files_cap = (uint32_t)fcap;
	memcpy(r->names + r->names_len, path, len);
	r->file_at[r->nfiles] = (uint32_t)r->names_len;
	r->names_len += len;
	r->slots[i] = r->nfiles + 1;
	return r->nfiles++;
}

static int add_row(struct reader *r, uintptr_t addr, uint32_t file, uint32_t line)
{
	struct xp_linerow *rows = grow(r->rows, &r->caprows, r->nrows + 1, sizeof *rows, 4096);
	if (!rows)
		return -1;
	r->rows = rows;
	r->rows[r->nrows++] = (struct xp_linerow){ addr, file, line };
	return 0;
}

static int in_exec(const struct exec_ranges *x, uintptr_t a)
{
	for (size_t i = 0; i < x->n; i++)
		if (a >= x->lo[i] && a < x->hi[i])
			return 1;
	return 0;
}

/* The file table index of a line table's file, interned by path. */
static uint32_t file_id(struct reader *r, const struct xp_dwarf_file *f, const char *comp_dir)
{
	if (f->name == r->last_name && f->dir == r->last_dir)
		return r->last_file;
	int joined = f->name[0] != '/' && f->dir;
	size_t len = strlen(f->name) + (joined ? strlen(f->dir) + 1 : 0) + 1;
	char *nb = grow(r->buf, &r->bufcap, 2 * len, 1, 256);
	if (!nb)
		return UINT32_MAX;
	r->buf = nb;
	char *path = nb + len;
	if (joined) {
		size_t d = strlen(f->dir);
		memcpy(path, f->dir, d);
		path[d] = '/';
		strcpy(path + d + 1, f->name);
	} else {
		strcpy(path, f->name);
	}
	clean_path(nb, path, comp_dir);
	uint32_t id = intern(r, nb);
	r->last_dir = f->dir;
	r->last_name = f->name;
	r->last_file = id;
	return id;
}

/* One row, sequence by sequence; sequences outside the module's code
 * (discarded functions at address 0 or a tombstone) are left out. */
static int on_row(void *ctx, uint64_t a, const struct xp_dwarf_file *f, uint32_t lineno, int end,
		  const char *comp_dir)
{
	struct reader *r = ctx;
	uintptr_t addr = (uintptr_t)(a + r->bias);
	if (r->skip < 0) {
		r->skip = !in_exec(r->code, addr);
		r->seq_first = r->nrows;
		r->prev = addr;
		r->last_name = NULL; /* a new unit may have another comp_dir */
	}
	if (addr < r->prev)
		r->skip = 1; /* rows out of order: not a sequence we can trust */
	r->prev = addr;
	if (!r->skip) {
		uint32_t line = end || !f ? 0 : lineno, file = 0;
		if (line && (file = file_id(r, f, comp_dir)) == UINT32_MAX)
			return r->oom = -1;
		if (add_row(r, addr, file, line) < 0)
			return r->oom = -1;
	}
	if (end) {
		if (!r->skip) {
			struct seq *s = grow(r->seqs, &r->capseqs, r->nseqs + 1, sizeof *s, 256);
			if (!s)
				return r->oom = -1;
			r->seqs = s;
			r->seqs[r->nseqs++] = (struct seq){
				r->rows[r->seq_first].addr, addr, r->seq_first, r->nrows - r->seq_first
			};
		} else {
			r->nrows = r->seq_first;
		}
		r->skip = -1;
	}
	return 0;
}

static int by_lo(const void *pa, const void *pb)
{
	const struct seq *a = pa, *b = pb;
	if (a->lo != b->lo)
		return a->lo < b->lo ? -1 : 1;
	return a->first < b->first ? -1 : a->first > b->first;
}

/* The rows of all sequences in address order; a sequence overlapping an
 * earlier one is left out (a duplicate table, or a discarded copy). */
static struct xp_linerow *order_rows(struct reader *r, size_t *n)
{
	if (r->nseqs)
		qsort(r->seqs, r->nseqs, sizeof *r->seqs, by_lo);
	struct xp_linerow *out = malloc((r->nrows ? r->nrows : 1) * sizeof *out);
	if (!out)
		return NULL;
	size_t k = 0;
	uintptr_t end = 0;
	for (size_t i = 0; i < r->nseqs; i++) {
		const struct seq *s = &r->seqs[i];
		if (k && s->lo < end)
			continue;
		memcpy(out + k, r->rows + s->first, s->count * sizeof *out);
		k += s->count;
		end = s->hi;
	}
	*n = k;
	return out;
}

static void exec_ranges_of(Elf *elf, uintptr_t bias, struct exec_ranges *x)
{
	x->n = 0;
	size_t nph;
	if (!elf || xp_elfutils.elf_getphdrnum(elf, &nph) != 0)
		return;
	for (size_t i = 0; i < nph && x->n < MAX_EXEC_RANGES; i++) {
		GElf_Phdr ph;
		if (xp_elfutils.gelf_getphdr(elf, (int)i, &ph) && ph.p_type == PT_LOAD && (ph.p_flags & PF_X)) {
			x->lo[x->n] = (uintptr_t)(ph.p_vaddr + bias);
			x->hi[x->n++] = (uintptr_t)(ph.p_vaddr + ph.p_memsz + bias);
		}
	}
}

/* The section after scn (the first after NULL): its header in *sh, its
 * name in *name (NULL when unreadable). */
static Elf_Scn *next_section(Elf *elf, size_t shstrndx, Elf_Scn *scn, GElf_Shdr *sh, const char **name)
{
	scn = xp_elfutils.elf_nextscn(elf, scn);
	*name = scn && xp_elfutils.gelf_getshdr(scn, sh) ? xp_elfutils.elf_strptr(elf, shstrndx, sh->sh_name)
							 : NULL;
	return scn;
}

static int has_section(Elf *elf, const char *want)
{
	size_t shstrndx;
	if (!elf || xp_elfutils.elf_getshdrstrndx(elf, &shstrndx) != 0)
		return 0;
	GElf_Shdr sh;
	const char *name;
	for (Elf_Scn *scn = next_section(elf, shstrndx, NULL, &sh, &name); scn;
	     scn = next_section(elf, shstrndx, scn, &sh, &name)) {
		if (name && sh.sh_type != SHT_NOBITS &&
		    (strcmp(name, want) == 0 || (strncmp(name, ".zdebug_", 8) == 0 && strcmp(name + 8, want + 7) == 0)))
			return 1;
	}
	return 0;
}

/* An open descriptor of the file holding mod's line tables, or -1. */
static int open_dwarf_file(Dwfl_Module *mod, const struct xp_debuginfo_ctx *ctx)
{
	Dwarf_Addr bias;
	Elf *main_elf = xp_elfutils.dwfl_module_getelf(mod, &bias);
	if (!main_elf)
		return -1;
	if (has_section(main_elf, ".debug_line")) {
		int fd = open(ctx->file, O_RDONLY | O_CLOEXEC);
		return fd >= 0 ? fd : open("/proc/self/exe", O_RDONLY | O_CLOEXEC);
	}
	const char *modname = NULL, *mainfile = NULL, *debugfile = NULL;
	Dwarf_Addr start;
	modname = xp_elfutils.dwfl_module_info(mod, NULL, &start, NULL, NULL, NULL, &mainfile, &debugfile);
	if (debugfile && strcmp(debugfile, mainfile ? mainfile : "") != 0)
		return open(debugfile, O_RDONLY | O_CLOEXEC);
	GElf_Word crc = 0;
	const char *link = xp_elfutils.dwelf_elf_gnu_debuglink(main_elf, &crc);
	void *ud = (void *)ctx;
	char *found = NULL;
	int fd = xp_find_debuginfo(mod, &ud, modname, start, ctx->file, link, crc, &found);
	free(found);
	return fd;
}

/* A debug section's contents, inflated if compressed (SHF_COMPRESSED, or
 * the older .zdebug_ naming). */
static const uint8_t *section(Elf *elf, size_t shstrndx, const char *want, size_t *len)
{
	*len = 0;
	GElf_Shdr sh;
	const char *name;
	for (Elf_Scn *scn = next_section(elf, shstrndx, NULL, &sh, &name); scn;
	     scn = next_section(elf, shstrndx, scn, &sh, &name)) {
		if (!name || sh.sh_type == SHT_NOBITS)
			continue;
		int gnu = name[1] == 'z' && strncmp(name, ".zdebug_", 8) == 0 && strcmp(name + 8, want + 7) == 0;
		if (!gnu && strcmp(name, want) != 0)
			continue;
		if (gnu ? xp_elfutils.elf_compress_gnu(scn, 0, 0) < 0
			: (sh.sh_flags & SHF_COMPRESSED) && xp_elfutils.elf_compress(scn, 0, 0) < 0)
			return NULL;
		Elf_Data *d = xp_elfutils.elf_getdata(scn, NULL);
		if (!d || !d->d_buf)
			return NULL;
		*len = d->d_size;
		return d->d_buf;
	}
	return NULL;
}

static int load_sections(Elf *elf, struct xp_dwarf_sections *s)
{
	size_t shstrndx;
	GElf_Ehdr eh;
	if (!xp_elfutils.gelf_getehdr(elf, &eh) || xp_elfutils.elf_getshdrstrndx(elf, &shstrndx) != 0)
		return 0;
	s->big_endian = eh.e_ident[EI_DATA] == ELFDATA2MSB;
	s->info = section(elf, shstrndx, ".debug_info", &s->info_len);
	s->abbrev = section(elf, shstrndx, ".debug_abbrev", &s->abbrev_len);
	s->line = section(elf, shstrndx, ".debug_line", &s->line_len);
	s->str = section(elf, shstrndx, ".debug_str", &s->str_len);
	s->line_str = section(elf, shstrndx, ".debug_line_str", &s->line_str_len);
	s->str_offsets = section(elf, shstrndx, ".debug_str_offsets", &s->str_offsets_len);
	return s->info && s->abbrev && s->line;
}

int xp_lines_read(struct xp_lineidx *li, Dwfl_Module *mod, uintptr_t base, uintptr_t bias,
		  const struct xp_debuginfo_ctx *ctx)
{
	memset(li, 0, sizeof *li);
	if (!ctx->file)
		return 0; /* the vDSO: no line tables */
	struct exec_ranges x;
	Dwarf_Addr mbias;
	exec_ranges_of(xp_elfutils.dwfl_module_getelf(mod, &mbias), bias, &x);
	int fd = open_dwarf_file(mod, ctx);
	if (fd < 0)
		return 0;
	Elf *elf = xp_elfutils.elf_begin(fd, ELF_C_READ_MMAP, NULL);
	struct xp_dwarf_sections sec = { 0 };
	struct reader r = { .bias = bias, .code = &x, .skip = -1 };
	int rc = 0;
	if (elf && load_sections(elf, &sec) && xp_dwarf_lines(&sec, on_row, &r) < 0)
		rc = -1;
	size_t n = 0;
	struct xp_linerow *ordered = rc < 0 || r.oom ? NULL : order_rows(&r, &n);
	if (!ordered || xp_lineidx_build(li, base, ordered, n, r.names, r.names_len, r.file_at, r.nfiles) < 0)
		rc = -1;
	free(ordered);
	free(r.rows);
	free(r.seqs);
	free(r.names);
	free(r.file_at);
	free(r.slots);
	free(r.buf);
	if (elf)
		xp_elfutils.elf_end(elf);
	close(fd);
	if (rc < 0)
		errno = ENOMEM;
	return rc;
}
