/* index.h - one module's function symbols as a compact sorted index.
 *
 * The builder takes candidate symbols (runtime addresses, names pointing
 * into mapped string tables) and flattens them into segments: each segment
 * says which symbol names the addresses from its start up to the next
 * segment.  The winner at an address is decided by these rules:
 *   1. a sized symbol covering the address beats any zero-sized one;
 *   2. among covering symbols, the innermost (latest start) wins;
 *   3. at one start address: global (or unique) > weak > local, then
 *      sized > zero-sized, then the larger size, then fewer leading
 *      underscores, then a name without @VERSION (the default version,
 *      not an old compat alias), then the shorter name, then strcmp order.
 * A zero-sized symbol covers the distance to the next symbol start or
 * to the end of its section, whichever comes first, and prints that size.
 *
 * Storage is 12 bytes per segment (its start; its size and name side by
 * side, read together), a copy of every 16th start, of every 256th and
 * so on up to at most 16 (the levels of a tree of 16-way nodes, each node
 * one cache line: the arrays start on a line), plus 8 bytes per "extra"
 * record for the rare segment that continues a symbol started earlier
 * (the rest of an outer symbol after a nested one ends), plus a word per
 * two starts or so: buckets of equal width over the module's range, each
 * saying where the 16 starts begin that hold its answer, or where in level
 * 1 the 16 groups of 16 do (a run of tiny functions; where one bucket spans
 * still more, the tree answers from its top).  A random lookup reads its
 * bucket, maybe one line of level 1, then one or two lines of starts and
 * the lines of sizes and names there, which it prefetches before searching
 * the starts.
 */
#ifndef XP_SYMTAB_INDEX_H
#define XP_SYMTAB_INDEX_H

#include <stddef.h>
#include <stdint.h>

#define XP_SYMIDX_TABLES 4 /* string tables one module's names may live in */

enum xp_symbind { XP_BIND_GLOBAL, XP_BIND_WEAK, XP_BIND_LOCAL };

struct xp_symcand {
	uintptr_t start;    /* runtime address */
	uintptr_t size;     /* st_size; 0 = zero-sized */
	uintptr_t sec_end;  /* runtime end of its section; 0 = unknown */
	const char *name;   /* into string table number `table` */
	unsigned char bind; /* enum xp_symbind */
	unsigned char table;
	unsigned char is_data; /* an object (STT_OBJECT, STT_COMMON), not a function */
};

/* The start and size of a continued or large symbol (its name is in the
 * entry's own pair). */
struct xp_symidx_extra {
	uint32_t start, size;
};

#define XP_SYMIDX_LEVELS 8 /* 16^8 starts: more than 32-bit counts reach */

struct xp_symidx {
	uintptr_t base;                          /* address of offset 0 */
	const char *strbase[XP_SYMIDX_TABLES];   /* name = strbase[ref >> 30] + (ref & mask) */
	uint32_t n, nextra, levels;
	const uint32_t *off;  /* n segment starts, ascending, relative to base */
	/* n pairs: the first word (below: size, name length...), name reference */
	const uint32_t *info;
	/* level[0] is off; level[l + 1][i] is level[l][16 * i] (above
	 * level 0 with the top bit flipped: signed compares order them), up
	 * to a level of at most 16 (levels in all); each padded to whole
	 * lines with UINT32_MAX (so flipped above level 0), levels 0 and 1
	 * with a line more (a bucket's window may begin at any entry) */
	const uint32_t *level[XP_SYMIDX_LEVELS];
	const struct xp_symidx_extra *extra;
	/* nbuckets (0: none) entries of a shortcut past the tree, one per
	 * 1 << bucket_shift bytes from off[0]: where in level 0, or in level 1
	 * (flagged in the top bits), 16 entries begin that hold the answer for
	 * every offset in the bucket (index.c: fill_buckets) */
	const uint32_t *bucket;
	uint32_t nbuckets, bucket_shift;
	void *block;          /* the one allocation behind the arrays */
	size_t bytes;         /* its size */
};

/* An entry's first word: XP_SYMIDX_CONT, the name's printed length (up
 * to a @VERSION; XP_SYMIDX_LEN_UNKNOWN from 127 bytes on), and the size,
 * or with XP_SYMIDX_CONT the index of the extra record that holds start
 * and size (a continued symbol, or one of 16 MiB or more). */
#define XP_SYMIDX_CONT 0x80000000u
#define XP_SYMIDX_LEN_SHIFT 24
#define XP_SYMIDX_LEN_UNKNOWN 0x7fu
#define XP_SYMIDX_SIZE_MASK 0xffffffu
#define XP_SYMIDX_TOP_STEP 16

struct xp_symidx_hit {
	uintptr_t start;
	uintptr_t size;
	const char *name;
	size_t name_len; /* up to a @VERSION; SIZE_MAX: not stored, measure it */
};

/* A name reference's offset bits: a name lies at most this far past the
 * first name of its string table. */
#define XP_SYMIDX_NAME_MASK 0x3fffffffu

/* The rules above, one candidate at a time (symtab/scan.c applies them to
 * an object's first address without building an index). */
/* Negative when a is the better name for their common start (rule 3). */
int xp_symcand_better(const struct xp_symcand *a, const struct xp_symcand *b);
/* Whether c has a name and its start and size fit an index based at base
 * (its name's string table apart). */
int xp_symcand_fits_at(const struct xp_symcand *c, uintptr_t base);
/* Where zero-sized c ends when the next start after its own is next_start
 * (UINTPTR_MAX: none), or 0 when it covers nothing the index can store. */
uintptr_t xp_symcand_zero_end(const struct xp_symcand *c, uintptr_t next_start, uintptr_t base);

/* Build ix from c[0..n) (reordered in place).  Candidates that do not fit
 * (beyond 4 GiB of base, name table out of range) are left out.
 * Returns 0, or -1 when out of memory (ix is then empty). */
int xp_symidx_build(struct xp_symidx *ix, uintptr_t base,
		    const char *const strbase[XP_SYMIDX_TABLES],
		    struct xp_symcand *c, size_t n);

/* The symbol naming addr: 1 and *hit, or 0.  No locks, no allocation. */
int xp_symidx_find(const struct xp_symidx *ix, uintptr_t addr, struct xp_symidx_hit *hit);

/* Bytes of the distinct names ix refers to, NULs included (statistics). */
size_t xp_symidx_name_bytes(const struct xp_symidx *ix);

void xp_symidx_free(struct xp_symidx *ix);

#endif
