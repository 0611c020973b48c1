/* fuzz_elf.c - the ELF symbol loader on arbitrary bytes.
 *
 * The seam is symtab/module.h's xp_symmod_open() and xp_symmod_build():
 * they read one object's symbols (through libdwfl, every source it knows)
 * into xprintf's index.
 * Each input is loaded twice, the two ways the library loads objects:
 *   - as a file (a shared object on disk), from a private temp directory
 *     so that .gnu_debuglink lookups next to it find nothing real;
 *   - as an in-memory image, the way the vDSO is read (elf_memory), from a
 *     page-aligned copy padded with zeros to whole pages (the kernel maps
 *     the vDSO in whole pages, and the loader relies on that).
 * Then every index entry is looked up and its name read, so an index
 * pointing outside the mapped string tables shows up under ASan; and the
 * first of them, and addresses across the span, are scanned for too
 * (xp_symmod_scan, an object's first lookup): it must answer as the index.  The file
 * is also read for source lines (.debug_line and the compile units'
 * headers, compressed or not) and inlined calls (.debug_info's
 * DW_TAG_inlined_subroutine trees), and addresses across it looked up.
 *
 * An input that starts with "XPDL" or "XPDI" is no ELF file but the DWARF
 * sections themselves, for the line-table and inline readers alone: after
 * the tag, 16-bit little-endian lengths, then the sections one after the
 * other; what the lengths do not reach is cut off.  XPDL has five
 * (.debug_info, .debug_abbrev, .debug_line, .debug_str, .debug_line_str),
 * XPDI those and .debug_str_offsets, .debug_addr, .debug_ranges,
 * .debug_rnglists, then a supplementary file's .debug_info, .debug_abbrev
 * and .debug_str (dwz).
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "dwarf_inline.h"
#include "dwarf_line.h"
#include "inlines.h"
#include "index.h"
#include "lines.h"
#include "module.h"

#define LOAD_BASE ((uintptr_t)0x7f0000000000ull)

static char path[256];
static int fd = -1;
static size_t page;

static void cleanup(void)
{
	if (fd >= 0) {
		close(fd);
		unlink(path);
		*strrchr(path, '/') = 0;
		rmdir(path);
	}
}

static int init_once(void)
{
	if (fd >= 0)
		return 0;
	page = (size_t)sysconf(_SC_PAGESIZE);
	const char *tmp = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp";
	snprintf(path, sizeof path, "%s/xprintf-fuzz-elf-XXXXXX", tmp);
	if (!mkdtemp(path))
		return -1;
	strcat(path, "/libfuzz.so");
	fd = open(path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
	if (fd < 0)
		return -1;
	atexit(cleanup);
	return 0;
}

static volatile size_t sink; /* keeps the name reads */

static void print_hit(const char *who, int kind, const struct xp_symidx_hit *h)
{
	fprintf(stderr, " %s %d", who, kind);
	if (kind)
		fprintf(stderr, " %s start %#lx size %#lx", h->name, (unsigned long)h->start, (unsigned long)h->size);
}

/* The scan's answer for addr must be the index's (unless it cannot tell). */
static void check_scan(const struct xp_symmod *m, const struct xp_symmod_built *b, uintptr_t addr)
{
	struct xp_symidx_hit func, data, want;
	int got = xp_symmod_scan(m, b, addr, &func, &data);
	if (got < 0)
		return;
	int kind = xp_symidx_find(&b->ix, addr, &want) ? 1 : xp_symidx_find(&b->data, addr, &want) ? 2 : 0;
	const struct xp_symidx_hit *hit = got == 1 ? &func : &data;
	if (got != kind ||
	    (kind && (hit->start != want.start || hit->size != want.size || strcmp(hit->name, want.name)))) {
		fprintf(stderr, "fuzz_elf: at %#lx (object at %#lx):", (unsigned long)addr, (unsigned long)m->lo);
		print_hit("scan", got, hit);
		print_hit("; index", kind, &want);
		fprintf(stderr, "\n");
		abort();
	}
}

static struct xp_symmod_built *load(const struct xp_symmod *m)
{
	struct xp_symmod_built *b = xp_symmod_open(m, "");
	if (b && xp_symmod_build(m, b) < 0) {
		xp_symmod_built_free(b);
		return NULL;
	}
	return b;
}

static void walk(const struct xp_symmod *m, struct xp_symmod_built *b)
{
	if (!b)
		return;
	uintptr_t lo = m->lo, hi = m->hi;
	const struct xp_symidx *ix = &b->ix;
	for (uint32_t i = 0; i < ix->n; i++) {
		struct xp_symidx_hit hit;
		uintptr_t addr = ix->base + ix->off[i];
		if (xp_symidx_find(ix, addr, &hit) == 1)
			sink += strlen(hit.name) + hit.size;
		if (i < 32)
			check_scan(m, b, addr);
	}
	for (uint32_t i = 0; i < b->data.n && i < 32; i++)
		check_scan(m, b, b->data.base + b->data.off[i]);
	/* A few addresses across the span, hits or not. */
	for (uintptr_t a = lo; a < hi; a += (hi - lo) / 7 + 1) {
		struct xp_symidx_hit hit;
		if (xp_symidx_find(ix, a, &hit) == 1)
			sink += strlen(hit.name);
		check_scan(m, b, a);
	}
	for (size_t i = 0; i < b->build_id_len; i++)
		sink += b->build_id[i];
}

static void walk_lines(const struct xp_lineidx *li, uintptr_t lo, uintptr_t hi)
{
	for (uintptr_t a = lo; a < hi; a += (hi - lo) / 61 + 1) {
		const char *file;
		size_t len;
		unsigned line;
		if (xp_lineidx_find(li, a, &file, &len, &line)) {
			if (strlen(file) != len)
				abort(); /* the length the text is written with */
			sink += len + line;
		}
	}
}

static int on_row(void *ctx, uint64_t addr, const struct xp_dwarf_file *f, uint32_t line, int end,
		  const char *comp_dir)
{
	(void)ctx;
	sink += (size_t)addr + line + (size_t)end;
	if (f)
		sink += strlen(f->name) + (f->dir ? strlen(f->dir) : 0);
	if (comp_dir)
		sink += strlen(comp_dir);
	return 0;
}

static uint32_t calls;

static uint32_t on_call(void *ctx, const struct xp_dwarf_inlined *c)
{
	(void)ctx;
	if (c->name)
		sink += strlen(c->name);
	if (c->call_file)
		sink += strlen(c->call_file->name) + (c->call_file->dir ? strlen(c->call_file->dir) : 0);
	if (c->comp_dir)
		sink += strlen(c->comp_dir);
	if (c->parent != XP_DWARF_NO_CALL && c->parent >= calls)
		abort(); /* a parent is a call handed over before */
	return calls++;
}

static int on_range(void *ctx, uint32_t call, uint64_t lo, uint64_t hi)
{
	(void)ctx;
	if (call >= calls)
		abort();
	sink += (size_t)(lo ^ hi);
	return 0;
}

#define MAX_BUNDLED 12

/* The "XPDL" and "XPDI" bundles: sections copied out so ASan sees their
 * exact ends. */
static void fuzz_sections(const uint8_t *data, size_t size, int n)
{
	size_t at = 4 + 2 * (size_t)n;
	if (size < at)
		return;
	size_t len[MAX_BUNDLED] = { 0 };
	uint8_t *copy[MAX_BUNDLED] = { 0 };
	for (int i = 0; i < n; i++) {
		len[i] = (size_t)data[4 + 2 * i] | (size_t)data[5 + 2 * i] << 8;
		if (len[i] > size - at)
			len[i] = size - at;
		copy[i] = malloc(len[i] ? len[i] : 1);
		if (!copy[i])
			abort();
		memcpy(copy[i], data + at, len[i]);
		at += len[i];
	}
	struct xp_dwarf_sections alt = {
		.info = copy[9], .info_len = len[9], .abbrev = copy[10], .abbrev_len = len[10],
		.str = copy[11], .str_len = len[11],
	};
	struct xp_dwarf_sections s = {
		.info = copy[0], .info_len = len[0], .abbrev = copy[1], .abbrev_len = len[1],
		.line = copy[2], .line_len = len[2], .str = copy[3], .str_len = len[3],
		.line_str = copy[4], .line_str_len = len[4], .str_offsets = copy[5], .str_offsets_len = len[5],
		.addr = copy[6], .addr_len = len[6], .ranges = copy[7], .ranges_len = len[7],
		.rnglists = copy[8], .rnglists_len = len[8], .alt = n > 9 ? &alt : NULL,
	};
	xp_dwarf_lines(&s, on_row, NULL);
	static const struct xp_dwarf_inline_sink sink_calls = { on_call, on_range };
	calls = 0;
	xp_dwarf_inlines(&s, &sink_calls, NULL);
	for (int i = 0; i < n; i++)
		free(copy[i]);
}

static void walk_inlines(const struct xp_inlineidx *ix, uintptr_t lo, uintptr_t hi)
{
	for (uintptr_t a = lo; a < hi; a += (hi - lo) / 61 + 1) {
		uint32_t c = xp_inlineidx_find(ix, a);
		for (unsigned depth = 0; c != XP_INLINE_NONE; depth++) {
			const char *name, *file;
			size_t name_len, file_len;
			unsigned line;
			if (depth > ix->ncalls)
				abort(); /* parents always lie further out */
			c = xp_inlineidx_call(ix, c, &name, &name_len, &file, &file_len, &line);
			if ((name && strlen(name) != name_len) || (file && strlen(file) != file_len))
				abort();
			sink += name_len + file_len + line;
		}
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (init_once() != 0)
		abort();
	if (size >= 4 && (memcmp(data, "XPDL", 4) == 0 || memcmp(data, "XPDI", 4) == 0)) {
		fuzz_sections(data, size, data[3] == 'L' ? 5 : MAX_BUNDLED);
		return 0;
	}

	/* As a file. */
	if (ftruncate(fd, 0) != 0 || pwrite(fd, data, size, 0) != (ssize_t)size)
		abort();
	size_t span = (size + page - 1) / page * page + page;
	struct xp_symmod file = {
		.lo = LOAD_BASE, .hi = LOAD_BASE + span, .bias = LOAD_BASE,
		.path = path, .name = "libfuzz.so",
	};
	struct xp_symmod_built *b = load(&file);
	walk(&file, b);
	if (b && xp_symmod_lines(&file, b, "") == 0)
		walk_lines(atomic_load(&b->lines), file.lo, file.hi);
	if (b && xp_symmod_inlines(&file, b, "") == 0)
		walk_inlines(atomic_load(&b->inlines), file.lo, file.hi);
	xp_symmod_built_free(b);

	/* As an in-memory image, like the vDSO. */
	size_t mapped = size ? (size + page - 1) / page * page : page;
	unsigned char *image = aligned_alloc(page, mapped);
	if (!image)
		return 0;
	memcpy(image, data, size);
	memset(image + size, 0, mapped - size);
	struct xp_symmod mem = {
		.lo = (uintptr_t)image, .hi = (uintptr_t)image + (size ? size : 1),
		.bias = (uintptr_t)image, .name = "linux-vdso.so.1", .is_vdso = 1,
	};
	b = load(&mem);
	walk(&mem, b);
	xp_symmod_built_free(b);
	free(image);
	return 0;
}
