/* scan.h - the symbol naming one address, from an object's candidates
 * read one at a time, by index.h's rules: an object's first lookup
 * answered without building its index (nothing allocated, and each
 * candidate's name read only where a tie needs it). */
#ifndef XP_SYMTAB_SCAN_H
#define XP_SYMTAB_SCAN_H

#include <stddef.h>
#include <stdint.h>

#include "index.h"

/* Zero-sized aliases kept at one start; more, and the index must answer. */
#define XP_SYMSCAN_ZERO 8

struct xp_symscan {
	uintptr_t base, addr;
	int sized_only;             /* only sized candidates covering addr count */
	struct xp_symcand sized;    /* the winner among sized ones covering addr */
	uintptr_t prev, next;       /* the last start at or before addr, the first after */
	int have_sized, have_prev, have_next, overflow;
	size_t nzero;
	struct xp_symcand zero[XP_SYMSCAN_ZERO]; /* the zero-sized ones starting at prev */
};

/* For one index's candidates (the functions, or the data objects), based
 * at base as that index would be.  sized_only: a first pass that finds
 * the sized winner alone, which is the answer when there is one (the
 * zero-sized ones and the starts around addr matter only without it). */
void xp_symscan_init(struct xp_symscan *s, uintptr_t base, uintptr_t addr, int sized_only);
/* Candidates whose name table the index would drop must not be added
 * (the caller checks the tables: module_scan.c). */
void xp_symscan_add(struct xp_symscan *s, const struct xp_symcand *c);
/* Whether a candidate starting somewhere in [lo, hi], of this size, may
 * change the answer: a reader of the raw symbol table asks, and skips
 * what cannot matter without reading it further. */
int xp_symscan_wants(const struct xp_symscan *s, uintptr_t lo, uintptr_t hi, uintptr_t size);
/* What that index's xp_symidx_find would say: 1 and *hit (name_len
 * SIZE_MAX: measure it), 0, or -1 when too many zero-sized aliases were
 * seen to tell (ask the index) or a sized_only pass found no winner. */
int xp_symscan_result(const struct xp_symscan *s, struct xp_symidx_hit *hit);

#endif
