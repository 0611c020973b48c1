/* dwarf_inline.h - the inlined calls DWARF records (.debug_info), read
 * without libdw.
 *
 * Every DW_TAG_inlined_subroutine with code addresses, at any depth (also
 * inside lexical blocks and other inlined calls), in DWARF 2 to 5: its
 * ranges (low/high pc, .debug_ranges, .debug_rnglists, .debug_addr), the
 * name of the function inlined (DW_AT_linkage_name of its abstract origin
 * or specification, followed through either, else DW_AT_name; also in a
 * dwz supplementary file) and where it was called from (DW_AT_call_file
 * through the unit's line table, DW_AT_call_line).  Malformed units are
 * skipped where they go wrong; libdw is not used because it ends the
 * process when malloc fails and asserts on some malformed input.
 */
#ifndef XP_SYMTAB_DWARF_INLINE_H
#define XP_SYMTAB_DWARF_INLINE_H

#include <stdint.h>

#include "dwarf_line.h"

#define XP_DWARF_NO_CALL UINT32_MAX

/* One inlined call as the reader hands it over (pointers valid during the
 * callback only). */
struct xp_dwarf_inlined {
	uint32_t parent;        /* the call it lies in (a value call() returned), or XP_DWARF_NO_CALL */
	const char *name;       /* the inlined function's, or NULL */
	const struct xp_dwarf_file *call_file; /* or NULL */
	const char *comp_dir;   /* of its unit, or NULL */
	uint32_t call_line;     /* 0: not recorded */
};

struct xp_dwarf_inline_sink {
	/* A call: the number its ranges and the calls inside it will carry
	 * (below XP_DWARF_NO_CALL), or XP_DWARF_NO_CALL when out of memory. */
	uint32_t (*call)(void *ctx, const struct xp_dwarf_inlined *c);
	/* One of its address ranges [lo, hi) (link-time addresses): 0, or -1
	 * when out of memory. */
	int (*range)(void *ctx, uint32_t call, uint64_t lo, uint64_t hi);
};

/* Hand every inlined call of s to the sink, a call before its ranges and
 * before the calls inside it.  0, or -1 when memory ran out. */
int xp_dwarf_inlines(const struct xp_dwarf_sections *s, const struct xp_dwarf_inline_sink *sink, void *ctx);

#endif
