/* opd.c - a module's loaded .opd: containment and entry words. */
#include "desc.h"

#include <stdlib.h>
#include <string.h>

int xp_desc_opd_contains(const struct xp_desc_opd *opd, uintptr_t addr)
{
	/* Descriptors may be packed closer than their full size (ld's
	 * --non-overlapping-opd is not the default), so only word alignment
	 * and room for the entry word are required. */
	return opd && addr >= opd->lo && addr < opd->hi &&
	       opd->hi - addr >= sizeof(uintptr_t) &&
	       (addr - opd->lo) % sizeof(uintptr_t) == 0;
}

int xp_desc_opd_snapshot(struct xp_desc_opd *opd)
{
	if (opd->copy || opd->hi <= opd->lo)
		return 0;
	size_t len = opd->hi - opd->lo;
	unsigned char *copy = malloc(len);
	if (!copy)
		return -1;
	if (!xp_desc_read(opd->lo, copy, len)) {
		free(copy);
		return -1;
	}
	opd->copy = copy;
	return 0;
}

void xp_desc_opd_release(struct xp_desc_opd *opd)
{
	free(opd->copy);
	opd->copy = NULL;
}

int xp_desc_opd_entry(const struct xp_desc_opd *opd, uintptr_t addr, uintptr_t *entry)
{
	if (!xp_desc_opd_contains(opd, addr))
		return 0;
	if (opd->copy) {
		memcpy(entry, opd->copy + (addr - opd->lo), sizeof *entry);
		return 1;
	}
	return xp_desc_read_word(addr, entry);
}
