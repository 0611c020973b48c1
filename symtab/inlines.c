/* inlines.c - segments of innermost inlined calls, and their lookup
 * (inlines.h). */
#include "inlines.h"

#include <stdlib.h>
#include <string.h>

/* Outer calls first at one start, then the longer. */
struct sortable {
	uint32_t lo, hi, call, depth;
};

static int by_start(const void *pa, const void *pb)
{
	const struct sortable *a = pa, *b = pb;
	if (a->lo != b->lo)
		return a->lo < b->lo ? -1 : 1;
	if (a->depth != b->depth)
		return a->depth < b->depth ? -1 : 1;
	return a->hi > b->hi ? -1 : a->hi < b->hi;
}

struct segs {
	uint32_t *start, *call;
	size_t n;
};

/* From start on, call is the innermost (a segment of no length before it
 * is replaced; one that repeats its predecessor's call is not added). */
static void put_seg(struct segs *s, uint32_t start, uint32_t call)
{
	if (s->n && s->start[s->n - 1] == start)
		s->n--;
	if (s->n && s->call[s->n - 1] == call)
		return;
	if (!s->n && call == XP_INLINE_NONE)
		return;
	s->start[s->n] = start;
	s->call[s->n++] = call;
}

/* Sweep the sorted ranges with a stack of the open ones: every start and
 * end changes the innermost call.  A range reaching past the one it
 * starts in is cut at that one's end (DWARF nests them; a range that
 * does not is malformed). */
static void sweep(struct segs *s, const struct sortable *r, size_t n, struct sortable *stack)
{
	size_t top = 0;
	for (size_t i = 0; i < n; i++) {
		while (top && stack[top - 1].hi <= r[i].lo) {
			top--;
			put_seg(s, stack[top].hi, top ? stack[top - 1].call : XP_INLINE_NONE);
		}
		struct sortable open = r[i];
		if (top && open.hi > stack[top - 1].hi)
			open.hi = stack[top - 1].hi;
		if (open.lo >= open.hi)
			continue;
		stack[top++] = open;
		put_seg(s, open.lo, open.call);
	}
	while (top) {
		top--;
		put_seg(s, stack[top].hi, top ? stack[top - 1].call : XP_INLINE_NONE);
	}
}

int xp_inlineidx_build(struct xp_inlineidx *ix, uintptr_t base, const struct xp_inlinecall *calls,
		       uint32_t ncalls, const struct xp_inlinerange *ranges, size_t nranges, const char *names,
		       size_t names_len)
{
	memset(ix, 0, sizeof *ix);
	ix->base = base;
	ix->ranges_in = nranges;
	uint32_t *depth = malloc((ncalls ? ncalls : 1) * sizeof *depth);
	struct sortable *r = malloc((nranges ? nranges : 1) * sizeof *r);
	struct sortable *stack = malloc((nranges ? nranges : 1) * sizeof *stack);
	if (!depth || !r || !stack) {
		free(depth);
		free(r);
		free(stack);
		return -1;
	}
	for (uint32_t c = 0; c < ncalls; c++) {
		uint32_t p = calls[c].parent;
		depth[c] = p < c ? depth[p] + 1 : 0;
	}
	size_t n = 0;
	for (size_t i = 0; i < nranges; i++) {
		const struct xp_inlinerange *x = &ranges[i];
		if (x->call >= ncalls || x->lo < base || x->hi <= x->lo || x->hi - base > UINT32_MAX)
			continue;
		r[n++] = (struct sortable){ (uint32_t)(x->lo - base), (uint32_t)(x->hi - base), x->call,
					    depth[x->call] };
	}
	qsort(r, n, sizeof *r, by_start);
	/* Each range adds at most two segments. */
	size_t maxsegs = 2 * n;
	size_t bytes = maxsegs * 2 * sizeof(uint32_t) + (size_t)ncalls * sizeof(struct xp_inlinecall) +
		       names_len;
	char *block = malloc(bytes ? bytes : 1);
	if (!block) {
		free(depth);
		free(r);
		free(stack);
		return -1;
	}
	struct xp_inlinecall *kept = (struct xp_inlinecall *)block;
	uint32_t *seg = (uint32_t *)(kept + ncalls);
	struct segs s = { seg, seg + maxsegs, 0 };
	sweep(&s, r, n, stack);
	/* The calls after the starts: move them down (no gap). */
	memmove(seg + s.n, s.call, s.n * sizeof *seg);
	char *pool = (char *)(seg + 2 * s.n);
	for (uint32_t c = 0; c < ncalls; c++) {
		kept[c] = calls[c];
		if (kept[c].parent >= c)
			kept[c].parent = XP_INLINE_NONE;
		/* (the pool ends in NUL: a string at a valid offset ends there) */
		if (kept[c].name != XP_INLINE_NONE && (kept[c].name >= names_len || names[names_len - 1]))
			kept[c].name = XP_INLINE_NONE;
		if (kept[c].file != XP_INLINE_NONE && (kept[c].file >= names_len || names[names_len - 1]))
			kept[c].file = XP_INLINE_NONE;
	}
	if (names_len)
		memcpy(pool, names, names_len);
	free(depth);
	free(r);
	free(stack);
	*ix = (struct xp_inlineidx){
		.base = base,
		.nsegs = (uint32_t)s.n,
		.seg_start = seg,
		.seg_call = seg + s.n,
		.calls = kept,
		.ncalls = ncalls,
		.names = pool,
		.names_len = names_len,
		.ranges_in = nranges,
		.bytes = (size_t)(pool + names_len - block),
		.block = block,
	};
	return 0;
}

uint32_t xp_inlineidx_find(const struct xp_inlineidx *ix, uintptr_t addr)
{
	if (!ix->nsegs || addr < ix->base || addr - ix->base > UINT32_MAX)
		return XP_INLINE_NONE;
	uint32_t off = (uint32_t)(addr - ix->base);
	/* The last segment starting at or below off. */
	const uint32_t *s = ix->seg_start;
	size_t lo = 0, n = ix->nsegs;
	while (n > 1) {
		size_t half = n / 2;
		lo = s[lo + half] <= off ? lo + half : lo;
		n -= half;
	}
	return s[lo] <= off ? ix->seg_call[lo] : XP_INLINE_NONE;
}

uint32_t xp_inlineidx_call(const struct xp_inlineidx *ix, uint32_t call, const char **name, size_t *name_len,
			   const char **file, size_t *file_len, unsigned *line)
{
	const struct xp_inlinecall *c = &ix->calls[call];
	*name = NULL;
	*name_len = 0;
	if (c->name != XP_INLINE_NONE) {
		*name = ix->names + c->name;
		*name_len = strlen(*name);
	}
	*file = NULL;
	*file_len = 0;
	if (c->file != XP_INLINE_NONE) {
		*file = ix->names + c->file;
		*file_len = strlen(*file);
	}
	*line = c->line;
	return c->parent;
}
