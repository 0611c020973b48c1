/* inlines.h - one module's inlined calls as a compact, read-only index.
 *
 * The builder takes the calls (each with the call it lies in, the name of
 * the function inlined and the call site) and their address ranges, and
 * cuts the module's addresses into segments, each naming the innermost
 * call covering it (or none).  A lookup is a binary search over the
 * segments' starts, then a walk outward along the calls' parents.
 * Storage: 8 bytes a segment (its start as an offset from base, its call)
 * and 16 a call; the names and paths once each, in one pool.
 * No lock, no allocation, no libdw.
 */
#ifndef XP_SYMTAB_INLINES_H
#define XP_SYMTAB_INLINES_H

#include <stddef.h>
#include <stdint.h>


#define XP_INLINE_NONE UINT32_MAX

/* A call as the builder takes it and the index keeps it. */
struct xp_inlinecall {
	uint32_t parent;  /* the call it lies in (a lower index), or XP_INLINE_NONE */
	uint32_t name;    /* offset in names, or XP_INLINE_NONE */
	uint32_t file;    /* call site's path: offset in names, or XP_INLINE_NONE */
	uint32_t line;    /* call site's line, 0 when not recorded */
};

/* A range of a call (runtime addresses), as the builder takes it. */
struct xp_inlinerange {
	uintptr_t lo, hi;
	uint32_t call;
};

struct xp_inlineidx {
	uintptr_t base;
	uint32_t nsegs;
	const uint32_t *seg_start;   /* offsets from base, ascending */
	const uint32_t *seg_call;    /* the innermost call there, or XP_INLINE_NONE */
	const struct xp_inlinecall *calls;
	uint32_t ncalls;
	const char *names;           /* NUL-terminated names and paths */
	size_t names_len;
	size_t ranges_in;            /* ranges handed to the builder */
	size_t bytes;                /* the one allocation behind it all */
	void *block;
};

/* Build ix from calls[0..ncalls) (a parent before its children) and
 * ranges[0..nranges) (any order; outside [base, base + 4 GiB) left out),
 * names (names_len bytes of NUL-terminated strings the calls' names and
 * paths point into).  0, or -1 when out of memory (ix is then empty). */
int xp_inlineidx_build(struct xp_inlineidx *ix, uintptr_t base, const struct xp_inlinecall *calls,
		       uint32_t ncalls, const struct xp_inlinerange *ranges, size_t nranges, const char *names,
		       size_t names_len);

/* The innermost call at addr, or XP_INLINE_NONE.  No locks, no allocation. */
uint32_t xp_inlineidx_find(const struct xp_inlineidx *ix, uintptr_t addr);

/* A call's name (NULL when unknown) and call site (*file NULL when
 * unknown); returns its parent, or XP_INLINE_NONE. */
uint32_t xp_inlineidx_call(const struct xp_inlineidx *ix, uint32_t call, const char **name, size_t *name_len,
			   const char **file, size_t *file_len, unsigned *line);

#endif
