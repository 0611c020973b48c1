/* debuginfo.c - find a separate debug file by build ID or .gnu_debuglink. */
#define _GNU_SOURCE
#include "debuginfo.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "elfutils.h"
#include "module.h"

#define SYSTEM_DEBUG_DIR "/usr/lib/debug"

static uint32_t crc_table[256];

unsigned long xp_crc32(unsigned long crc, const unsigned char *p, size_t n)
{
	/* Reflected CRC-32 (poly 0xEDB88320), a byte at a time.  The table is
	 * filled on first use; callers hold the symbol builder's lock. */
	if (!crc_table[1]) {
		for (uint32_t i = 0; i < 256; i++) {
			uint32_t c = i;
			for (int k = 0; k < 8; k++)
				c = (c >> 1) ^ (0xedb88320u & (0u - (c & 1)));
			crc_table[i] = c;
		}
	}
	uint32_t c = ~(uint32_t)crc;
	while (n--)
		c = (c >> 8) ^ crc_table[(c ^ *p++) & 0xff];
	return ~c;
}

/* fd of path when it is a regular file other than `self` whose CRC is crc. */
static int open_checked(const char *path, GElf_Word crc, const struct stat *self)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	struct stat st;
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || st.st_size == 0 ||
	    (self && st.st_dev == self->st_dev && st.st_ino == self->st_ino))
		goto reject;
	void *map = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
	if (map == MAP_FAILED)
		goto reject;
	unsigned long got = xp_crc32(0, map, (size_t)st.st_size);
	munmap(map, (size_t)st.st_size);
	if (got == crc)
		return fd;
reject:
	close(fd);
	return -1;
}

static int try_candidate(const char *path, GElf_Word crc, const struct stat *self, char **found)
{
	int fd = open_checked(path, crc, self);
	if (fd >= 0) {
		*found = strdup(path);
		if (!*found) {
			close(fd);
			return -1;
		}
	}
	return fd;
}

/* GDB's order: next to the file, its .debug/, then each debug directory
 * both flat and with the file's directory below it. */
static int find_by_debuglink(const struct xp_debuginfo_ctx *x, const char *file,
			     const char *link, GElf_Word crc, char **found)
{
	char dir[PATH_MAX], path[PATH_MAX];
	const char *slash = strrchr(file, '/');
	size_t dlen = slash ? (size_t)(slash - file) : 0;
	if (dlen >= sizeof dir)
		return -1;
	memcpy(dir, file, dlen);
	dir[dlen] = 0;
	struct stat self_st, *self = stat(file, &self_st) == 0 ? &self_st : NULL;

	int fd = -1;
	if (snprintf(path, sizeof path, "%s/%s", dir, link) < (int)sizeof path &&
	    (fd = try_candidate(path, crc, self, found)) >= 0)
		return fd;
	if (snprintf(path, sizeof path, "%s/.debug/%s", dir, link) < (int)sizeof path &&
	    (fd = try_candidate(path, crc, self, found)) >= 0)
		return fd;

	const char *dirs[2] = { x->dirs ? x->dirs : "", SYSTEM_DEBUG_DIR };
	for (int d = 0; d < 2; d++) {
		const char *p = dirs[d];
		while (*p) {
			size_t n = strcspn(p, ":");
			if (n && p[0] == '/' && n < PATH_MAX) {
				int w = snprintf(path, sizeof path, "%.*s/%s", (int)n, p, link);
				if (w > 0 && w < (int)sizeof path &&
				    (fd = try_candidate(path, crc, self, found)) >= 0)
					return fd;
				w = snprintf(path, sizeof path, "%.*s%s/%s", (int)n, p, dir, link);
				if (w > 0 && w < (int)sizeof path &&
				    (fd = try_candidate(path, crc, self, found)) >= 0)
					return fd;
			}
			p += n;
			if (*p == ':')
				p++;
		}
	}
	return -1;
}

int xp_find_debuginfo(Dwfl_Module *mod, void **userdata, const char *modname,
		      Dwarf_Addr base, const char *file_name,
		      const char *debuglink_file, GElf_Word debuglink_crc,
		      char **debuginfo_file_name)
{
	const struct xp_debuginfo_ctx *x = *userdata;
	if (x->use_build_id) {
		/* Searches <dir>/.build-id/xx/yyyy.debug for the absolute
		 * directories of the Dwfl's debuginfo_path, and checks the ID. */
		int fd = xp_elfutils.dwfl_build_id_find_debuginfo(mod, userdata, modname, base,
								  file_name, debuglink_file,
								  debuglink_crc, debuginfo_file_name);
		if (fd >= 0)
			return fd;
	}
	if (x->use_debuglink && debuglink_file && x->file) {
		int fd = find_by_debuglink(x, x->file, debuglink_file, debuglink_crc,
					   debuginfo_file_name);
		if (fd >= 0)
			return fd;
	}
	errno = 0;
	return -1;
}
