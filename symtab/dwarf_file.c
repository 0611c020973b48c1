/* dwarf_file.c - opening the file that holds a module's DWARF and
 * mapping its debug sections (dwarf_file.h). */
#define _GNU_SOURCE
#include "dwarf_file.h"

#include <elfutils/libdwelf.h>
#include <fcntl.h>
#include <gelf.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "debuginfo.h"
#include "elfutils.h"

void xp_exec_ranges_of(Dwfl_Module *mod, uintptr_t bias, struct xp_exec_ranges *x)
{
	Dwarf_Addr mbias;
	Elf *elf = xp_elfutils.dwfl_module_getelf(mod, &mbias);
	x->n = 0;
	size_t nph;
	if (!elf || xp_elfutils.elf_getphdrnum(elf, &nph) != 0)
		return;
	for (size_t i = 0; i < nph && x->n < XP_MAX_EXEC_RANGES; i++) {
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

/* An open descriptor of the file holding mod's DWARF, or -1. */
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
	s->addr = section(elf, shstrndx, ".debug_addr", &s->addr_len);
	s->ranges = section(elf, shstrndx, ".debug_ranges", &s->ranges_len);
	s->rnglists = section(elf, shstrndx, ".debug_rnglists", &s->rnglists_len);
	return s->info && s->abbrev;
}


int xp_exec_ranges_has(const struct xp_exec_ranges *x, uintptr_t a)
{
	for (size_t i = 0; i < x->n; i++)
		if (a >= x->lo[i] && a < x->hi[i])
			return 1;
	return 0;
}

/* The supplementary file .gnu_debugaltlink names (a path, then the build
 * ID): the path (relative to the debug file's directory), then by build
 * ID below /usr/lib/debug and the extra directories.  -1 if none. */
static int open_alt(Elf *elf, int fd, const struct xp_debuginfo_ctx *ctx)
{
	size_t shstrndx, len;
	if (xp_elfutils.elf_getshdrstrndx(elf, &shstrndx) != 0)
		return -1;
	const char *link = (const char *)section(elf, shstrndx, ".gnu_debugaltlink", &len);
	const char *nul = link ? memchr(link, 0, len) : NULL;
	if (!nul || nul == link)
		return -1;
	char path[PATH_MAX];
	if (link[0] != '/') {
		char self[64];
		snprintf(self, sizeof self, "/proc/self/fd/%d", fd);
		ssize_t n = readlink(self, path, sizeof path - 1);
		char *slash = n > 0 ? memrchr(path, '/', (size_t)n) : NULL;
		if (slash && (size_t)(slash + 1 - path) + (size_t)(nul - link) < sizeof path) {
			memcpy(slash + 1, link, (size_t)(nul - link) + 1);
			int alt = open(path, O_RDONLY | O_CLOEXEC);
			if (alt >= 0)
				return alt;
		}
	} else {
		int alt = open(link, O_RDONLY | O_CLOEXEC);
		if (alt >= 0)
			return alt;
	}
	const unsigned char *id = (const unsigned char *)nul + 1;
	size_t id_len = len - (size_t)(nul + 1 - link);
	if (id_len < 2 || id_len > 64)
		return -1;
	char hex[2 * 64 + 1];
	for (size_t i = 0; i < id_len; i++)
		snprintf(hex + 2 * i, 3, "%02x", id[i]);
	const char *dirs = ctx->dirs ? ctx->dirs : "";
	for (const char *d = dirs;; d += strcspn(d, ":") + (d[strcspn(d, ":")] != 0)) {
		size_t dl = strcspn(d, ":");
		const char *dir = dl ? d : "/usr/lib/debug";
		int dn = dl ? (int)dl : (int)strlen(dir);
		if (snprintf(path, sizeof path, "%.*s/.build-id/%.2s/%s.debug", dn, dir, hex, hex + 2) <
		    (int)sizeof path) {
			int alt = open(path, O_RDONLY | O_CLOEXEC);
			if (alt >= 0)
				return alt;
		}
		if (!dl)
			return -1; /* /usr/lib/debug, after the extra directories */
	}
}

int xp_dwarf_source_open(struct xp_dwarf_source *src, Dwfl_Module *mod, const struct xp_debuginfo_ctx *ctx,
			 int with_alt)
{
	*src = (struct xp_dwarf_source){ .fd = -1, .alt_fd = -1 };
	if (!ctx->file)
		return 0; /* the vDSO: no DWARF */
	src->fd = open_dwarf_file(mod, ctx);
	if (src->fd < 0)
		return 0;
	src->elf = xp_elfutils.elf_begin(src->fd, ELF_C_READ_MMAP, NULL);
	if (!src->elf || !load_sections(src->elf, &src->sec))
		return 0;
	if (with_alt && (src->alt_fd = open_alt(src->elf, src->fd, ctx)) >= 0) {
		src->alt_elf = xp_elfutils.elf_begin(src->alt_fd, ELF_C_READ_MMAP, NULL);
		if (src->alt_elf && load_sections(src->alt_elf, &src->alt))
			src->sec.alt = &src->alt;
	}
	return 1;
}

void xp_dwarf_source_close(struct xp_dwarf_source *src)
{
	if (src->alt_elf)
		xp_elfutils.elf_end(src->alt_elf);
	if (src->elf)
		xp_elfutils.elf_end(src->elf);
	if (src->alt_fd >= 0)
		close(src->alt_fd);
	if (src->fd >= 0)
		close(src->fd);
	*src = (struct xp_dwarf_source){ .fd = -1, .alt_fd = -1 };
}
