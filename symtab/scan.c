/* scan.c - one address's symbol without an index (the rules: index.h).
 *
 * The index's winner at an address is the sized candidate covering it
 * with the latest start (the best of those at that start); failing one,
 * a zero-sized candidate covers it only if it starts at the last start
 * (of any fitting candidate) at or before the address, and ends at the
 * next start after it or at its section's end. */
#include "scan.h"

#include <string.h>

void xp_symscan_init(struct xp_symscan *s, uintptr_t base, uintptr_t addr, int sized_only)
{
	memset(s, 0, sizeof *s);
	s->base = base;
	s->addr = addr;
	s->sized_only = sized_only;
}

void xp_symscan_add(struct xp_symscan *s, const struct xp_symcand *c)
{
	if (!xp_symcand_fits_at(c, s->base) || (s->sized_only && !c->size))
		return;
	if (c->start > s->addr) {
		if (!s->have_next || c->start < s->next) {
			s->next = c->start;
			s->have_next = 1;
		}
		return;
	}
	if (!s->have_prev || c->start > s->prev) {
		s->prev = c->start;
		s->have_prev = 1;
		s->nzero = 0;
		s->overflow = 0;
	}
	if (c->size) {
		/* Equals: the later one, as the index's stable sort keeps it. */
		if (s->addr - c->start < c->size &&
		    (!s->have_sized || c->start > s->sized.start ||
		     (c->start == s->sized.start && xp_symcand_better(c, &s->sized) <= 0))) {
			s->sized = *c;
			s->have_sized = 1;
		}
	} else if (c->start == s->prev) {
		if (s->nzero < XP_SYMSCAN_ZERO)
			s->zero[s->nzero++] = *c;
		else
			s->overflow = 1;
	}
}

int xp_symscan_wants(const struct xp_symscan *s, uintptr_t lo, uintptr_t hi, uintptr_t size)
{
	if (!s->sized_only && hi > s->addr && (!s->have_next || lo < s->next))
		return 1; /* the next start, maybe */
	if (lo > s->addr)
		return 0;
	if (!s->sized_only && (!s->have_prev || hi >= s->prev))
		return 1; /* the last start at or before addr, maybe */
	/* Covering addr, maybe, from a start no earlier than the winner's. */
	uintptr_t top = hi < s->addr ? hi : s->addr;
	return size && s->addr - top < size && (!s->have_sized || hi >= s->sized.start);
}

int xp_symscan_result(const struct xp_symscan *s, struct xp_symidx_hit *hit)
{
	/* Nothing the index stores lies past UINT32_MAX of its base. */
	if (s->addr < s->base || s->addr - s->base >= UINT32_MAX)
		return 0;
	const struct xp_symcand *w = NULL;
	uintptr_t end = 0;
	if (s->have_sized) {
		w = &s->sized;
		end = w->start + w->size;
	} else {
		if (s->overflow || s->sized_only)
			return -1;
		uintptr_t next = s->have_next ? s->next : UINTPTR_MAX;
		for (size_t i = 0; i < s->nzero; i++) {
			const struct xp_symcand *z = &s->zero[i];
			uintptr_t e = xp_symcand_zero_end(z, next, s->base);
			if (e > s->addr && (!w || xp_symcand_better(z, w) <= 0)) {
				w = z;
				end = e;
			}
		}
	}
	if (!w)
		return 0;
	hit->start = w->start;
	hit->size = end - w->start;
	hit->name = w->name;
	hit->name_len = SIZE_MAX;
	return 1;
}
