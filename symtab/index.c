/* index.c - flatten candidate symbols into a compact sorted index.
 * The rules are in index.h; this file only implements them. */
#include "index.h"

#include <stdlib.h>
#include <string.h>

#define LINE 64 /* bytes of a cache line: arrays start on one */
#define PER_LINE (LINE / sizeof(uint32_t))
#define TREE_BIAS 0x80000000u /* flips the top bit of the starts above level 0 */
/* A bucket's top bits: its window is in level 1, or it has none. */
#define BUCKET_LEVEL1 0x40000000u
#define BUCKET_WIDE 0x80000000u

#define NAME_MASK XP_SYMIDX_NAME_MASK
#define SIZE_MAX_STORED 0x7fffffffu

struct item {
	uintptr_t start, end;
	uint32_t ref;    /* name reference */
	uint32_t extra;  /* 1 + index into the extra records, 0 = none yet */
	uint32_t name_len; /* XP_SYMIDX_LEN_UNKNOWN when too long to store */
};

/* The printed length of a name (up to a @VERSION), as stored. */
static uint32_t stored_len(const char *name)
{
	const char *at = strchr(name, '@');
	size_t n = at ? (size_t)(at - name) : strlen(name);
	return n < XP_SYMIDX_LEN_UNKNOWN ? (uint32_t)n : XP_SYMIDX_LEN_UNKNOWN;
}

struct seg {
	uintptr_t at;
	long item; /* -1: nothing covers */
};

static size_t underscores(const char *s)
{
	size_t k = 0;
	while (s[k] == '_')
		k++;
	return k;
}

int xp_symcand_better(const struct xp_symcand *a, const struct xp_symcand *b)
{
	if (a->bind != b->bind)
		return a->bind < b->bind ? -1 : 1;
	if ((a->size != 0) != (b->size != 0))
		return a->size ? -1 : 1;
	if (a->size != b->size)
		return a->size > b->size ? -1 : 1;
	size_t ua = underscores(a->name), ub = underscores(b->name);
	if (ua != ub)
		return ua < ub ? -1 : 1;
	/* Then the default version over an old one (free, not cfree@GLIBC_2.2.5),
	 * the shorter name, and strcmp for a stable answer. */
	int va = strchr(a->name, '@') != NULL, vb = strchr(b->name, '@') != NULL;
	if (va != vb)
		return va ? 1 : -1;
	size_t la = strlen(a->name), lb = strlen(b->name);
	if (la != lb)
		return la < lb ? -1 : 1;
	return strcmp(a->name, b->name);
}

/* Ascending start; at one start the worse first, so the best is pushed last. */
static int by_start_worse_first(const void *pa, const void *pb)
{
	const struct xp_symcand *a = pa, *b = pb;
	if (a->start != b->start)
		return a->start < b->start ? -1 : 1;
	return xp_symcand_better(b, a);
}

/* A candidate's 32-bit offset from base and its place, the radix sort's
 * unit: its passes read and write these in order, and the candidates
 * themselves are gathered once at the end. */
struct keyed {
	uint32_t key, at;
};

/* Candidates by start (a radix sort of their 32-bit offsets from base,
 * cheaper than qsort for libc's ~9000; a pass whose byte every offset
 * shares is skipped), then within one start worse first (insertion sort:
 * aliases at one address are few). */
static int sort_candidates(struct xp_symcand *c, size_t n, uintptr_t base)
{
	struct keyed *keys = malloc(n * sizeof *keys), *tmp = malloc(n * sizeof *tmp);
	struct xp_symcand *out = malloc(n * sizeof *out);
	if (!keys || !tmp || !out) {
		free(keys);
		free(tmp);
		free(out);
		return -1;
	}
	for (size_t i = 0; i < n; i++)
		keys[i] = (struct keyed){ (uint32_t)(c[i].start - base), (uint32_t)i };
	for (int shift = 0; shift < 32; shift += 8) {
		size_t count[257] = { 0 };
		for (size_t i = 0; i < n; i++)
			count[(keys[i].key >> shift & 0xff) + 1]++;
		if (count[(keys[0].key >> shift & 0xff) + 1] == n)
			continue;
		for (int d = 0; d < 256; d++)
			count[d + 1] += count[d];
		for (size_t i = 0; i < n; i++)
			tmp[count[keys[i].key >> shift & 0xff]++] = keys[i];
		struct keyed *t = keys;
		keys = tmp;
		tmp = t;
	}
	for (size_t i = 0; i < n; i++)
		out[i] = c[keys[i].at];
	for (size_t i = 1; i < n; i++) {
		if (out[i].start != out[i - 1].start)
			continue;
		struct xp_symcand x = out[i];
		size_t j = i;
		while (j > 0 && out[j - 1].start == x.start && by_start_worse_first(&out[j - 1], &x) > 0) {
			out[j] = out[j - 1];
			j--;
		}
		out[j] = x;
	}
	memcpy(c, out, n * sizeof *c);
	free(keys);
	free(tmp);
	free(out);
	return 0;
}

/* Winner = the latest-started live interval (innermost); items sorted as above. */
static size_t sweep(const struct item *it, size_t first, size_t n, size_t *stack, struct seg *out)
{
	size_t i = first, end = first + n, sp = 0, k = 0;
	while (i < end || sp) {
		uintptr_t next_start = i < end ? it[i].start : UINTPTR_MAX;
		uintptr_t next_end = sp ? it[stack[sp - 1]].end : UINTPTR_MAX;
		uintptr_t t = next_start < next_end ? next_start : next_end;
		while (sp && it[stack[sp - 1]].end <= t)
			sp--;
		while (i < end && it[i].start == t)
			stack[sp++] = i++;
		long w = sp ? (long)stack[sp - 1] : -1;
		if (!k || out[k - 1].item != w) {
			out[k].at = t;
			out[k].item = w;
			k++;
		}
	}
	return k;
}

int xp_symcand_fits_at(const struct xp_symcand *c, uintptr_t base)
{
	if (!c->name || !c->name[0] || c->start < base)
		return 0;
	uintptr_t off = c->start - base;
	return off <= UINT32_MAX && c->size <= SIZE_MAX_STORED && c->size <= UINT32_MAX - off;
}

uintptr_t xp_symcand_zero_end(const struct xp_symcand *c, uintptr_t next_start, uintptr_t base)
{
	uintptr_t end = next_start;
	/* (A symbol at its section's very end, as __TMC_END__ at the end of
	 * .data, covers nothing.) */
	if (c->sec_end && c->sec_end >= c->start && c->sec_end < end)
		end = c->sec_end;
	if (end == c->start || end == UINTPTR_MAX || end - c->start > SIZE_MAX_STORED || end - base > UINT32_MAX)
		return 0;
	return end;
}

static int fits(const struct xp_symcand *c, uintptr_t base, const char *const strbase[])
{
	if (c->table >= XP_SYMIDX_TABLES || !xp_symcand_fits_at(c, base))
		return 0;
	const char *sb = strbase[c->table];
	return sb && c->name >= sb && (uintptr_t)(c->name - sb) <= XP_SYMIDX_NAME_MASK;
}

static uint32_t name_ref(const struct xp_symcand *c, const char *const strbase[])
{
	return (uint32_t)c->table << 30 | (uint32_t)(c->name - strbase[c->table]);
}

/* From the first start of a segment that names a symbol to the last. */
static uint32_t starts_span(const struct seg *all, size_t k)
{
	size_t first = 0, last = k;
	while (first < k && all[first].item < 0)
		first++;
	while (last > first && all[last - 1].item < 0)
		last--;
	return last > first ? (uint32_t)(all[last - 1].at - all[first].at) : 0;
}

/* The buckets' width, 1 << shift bytes: the least that makes no more
 * buckets than half the starts (a word each: two bytes a start; a
 * quarter left a third of libLLVM's lookups two steps instead of one). */
static unsigned bucket_shift(uint32_t span, size_t nent)
{
	unsigned shift = 0;
	while (shift < 31 && ((size_t)(span >> shift) + 1) * 2 > nent)
		shift++;
	return shift;
}

/* Where a window of 16 begins that holds first and last (first <= last):
 * the node of 16 (one line) that holds both, else first. */
static uint32_t window(uint32_t first, uint32_t last)
{
	uint32_t node = first / XP_SYMIDX_TOP_STEP * XP_SYMIDX_TOP_STEP;
	return last - node < XP_SYMIDX_TOP_STEP ? node : first;
}

/* bucket[b]: where a window of 16 starts begins that holds every start
 * an offset in the bucket may fall in, from the last start at or before
 * off[0] + (b << shift) to the last before the next bucket.  When they
 * are more than 16, the window is one of 16 groups in level 1 (flagged
 * BUCKET_LEVEL1), then one node of starts; more than that, BUCKET_WIDE:
 * the tree from its top. */
static void fill_buckets(uint32_t *bucket, size_t nbuckets, unsigned shift, const uint32_t *off, size_t nent)
{
	size_t i = 0;
	for (size_t b = 0; b < nbuckets; b++) {
		uint32_t at = off[0] + (uint32_t)(b << shift);
		while (i + 1 < nent && off[i + 1] <= at)
			i++;
		bucket[b] = (uint32_t)i;
	}
	for (size_t b = 0; b < nbuckets; b++) {
		uint32_t first = bucket[b], last = b + 1 < nbuckets ? bucket[b + 1] : (uint32_t)(nent - 1);
		uint32_t g0 = first / XP_SYMIDX_TOP_STEP, g1 = last / XP_SYMIDX_TOP_STEP;
		if (last - first < XP_SYMIDX_TOP_STEP)
			bucket[b] = window(first, last);
		else if (g1 - g0 < XP_SYMIDX_TOP_STEP)
			bucket[b] = window(g0, g1) | BUCKET_LEVEL1;
		else
			bucket[b] = BUCKET_WIDE;
	}
}

int xp_symidx_build(struct xp_symidx *ix, uintptr_t base,
		    const char *const strbase[XP_SYMIDX_TABLES],
		    struct xp_symcand *c, size_t n)
{
	memset(ix, 0, sizeof *ix);
	ix->base = base;
	for (int t = 0; t < XP_SYMIDX_TABLES; t++)
		ix->strbase[t] = strbase[t];

	size_t m = 0;
	for (size_t i = 0; i < n; i++)
		if (fits(&c[i], base, strbase))
			c[m++] = c[i];
	if (!m)
		return 0;
	if (sort_candidates(c, m, base) < 0)
		return -1;

	struct item *it = malloc(m * sizeof *it);
	size_t *stack = malloc(m * sizeof *stack);
	struct seg *sa = malloc(2 * m * sizeof *sa), *sb = malloc(2 * m * sizeof *sb);
	struct seg *all = malloc(4 * m * sizeof *all);
	int rc = -1;
	if (!it || !stack || !sa || !sb || !all)
		goto out;

	/* Sized symbols first, then zero-sized ones bounded by the next start
	 * (any symbol) or their section's end. */
	size_t ns = 0;
	for (size_t i = 0; i < m; i++)
		if (c[i].size)
			it[ns++] = (struct item){ c[i].start, c[i].start + c[i].size, name_ref(&c[i], strbase), 0,
						  stored_len(c[i].name) };
	size_t nz = 0;
	uintptr_t next_start = UINTPTR_MAX;
	for (size_t i = m; i-- > 0;) {
		if (i + 1 < m && c[i + 1].start > c[i].start)
			next_start = c[i + 1].start;
		if (c[i].size)
			continue;
		uintptr_t end = xp_symcand_zero_end(&c[i], next_start, base);
		if (!end)
			continue;
		nz++;
		it[m - nz] = (struct item){ c[i].start, end, name_ref(&c[i], strbase), 0, stored_len(c[i].name) };
	}
	/* The zero-sized items were filled backwards at the top: move them down. */
	memmove(it + ns, it + m - nz, nz * sizeof *it);

	size_t na = sweep(it, 0, ns, stack, sa);
	size_t nb = sweep(it, ns, nz, stack, sb);

	/* Zero-sized symbols only where no sized one covers. */
	size_t k = 0, i = 0, j = 0;
	long wa = -1, wb = -1;
	while (i < na || j < nb) {
		uintptr_t t = UINTPTR_MAX;
		if (i < na)
			t = sa[i].at;
		if (j < nb && sb[j].at < t)
			t = sb[j].at;
		if (i < na && sa[i].at == t)
			wa = sa[i++].item;
		if (j < nb && sb[j].at == t)
			wb = sb[j++].item;
		long w = wa >= 0 ? wa : wb;
		if (!k || all[k - 1].item != w)
			all[k++] = (struct seg){ t, w };
	}

	size_t nent = 0, nextra = 0;
	for (size_t s = 0; s < k; s++) {
		if (all[s].item < 0)
			continue;
		nent++;
		struct item *w = &it[all[s].item];
		/* A continued symbol, or one too large for the size bits, has
		 * its start and size in an extra record. */
		if ((all[s].at != w->start || w->end - w->start > XP_SYMIDX_SIZE_MASK) && !w->extra)
			w->extra = (uint32_t)++nextra;
	}
	if (nextra > XP_SYMIDX_SIZE_MASK + 1u)
		goto out; /* more than the index bits can number */

	/* The starts, then the levels of the tree above them: level l + 1
	 * holds every 16th start of level l, up to a level of at most 16.
	 * Each array starts on a cache line and is padded to whole lines, so
	 * that a node of 16 starts is one line, and its sizes and names two. */
	size_t count[XP_SYMIDX_LEVELS], words[XP_SYMIDX_LEVELS], levels = 1;
	count[0] = nent;
	while (count[levels - 1] > XP_SYMIDX_TOP_STEP) {
		count[levels] = (count[levels - 1] + XP_SYMIDX_TOP_STEP - 1) / XP_SYMIDX_TOP_STEP;
		levels++;
	}
	/* The starts and level 1 have a line of padding more, for a window
	 * of 16 that begins at any of them. */
	size_t total = 0, rows = (count[0] + PER_LINE - 1) / PER_LINE * PER_LINE;
	for (size_t l = 0; l < levels; l++) {
		words[l] = (count[l] + PER_LINE - 1) / PER_LINE * PER_LINE + (l < 2 ? PER_LINE : 0);
		total += words[l];
	}
	/* A bucket per two starts or so (see bucket_shift) where there are
	 * more than a node's worth. */
	uint32_t span = starts_span(all, k);
	unsigned shift = bucket_shift(span, nent);
	size_t nbuckets = nent > XP_SYMIDX_TOP_STEP && nent < BUCKET_LEVEL1 ? ((size_t)span >> shift) + 1 : 0;
	size_t bytes = (total + 2 * rows + nbuckets) * sizeof(uint32_t) + nextra * sizeof(struct xp_symidx_extra);
	uint32_t *block = aligned_alloc(LINE, bytes ? (bytes + LINE - 1) / LINE * LINE : LINE);
	if (!block)
		goto out;
	uint32_t *off = block, *info = off + words[0], *next = info + 2 * rows;
	ix->level[0] = off;
	for (size_t l = 1; l < levels; l++) {
		ix->level[l] = next;
		next += words[l];
	}
	struct xp_symidx_extra *extra = (struct xp_symidx_extra *)next;
	size_t e = 0;
	for (size_t s = 0; s < k; s++) {
		if (all[s].item < 0)
			continue;
		const struct item *w = &it[all[s].item];
		off[e] = (uint32_t)(all[s].at - base);
		info[2 * e + 1] = w->ref;
		uint32_t len = w->name_len << XP_SYMIDX_LEN_SHIFT;
		if (!w->extra) {
			info[2 * e] = len | (uint32_t)(w->end - w->start);
		} else {
			info[2 * e] = XP_SYMIDX_CONT | len | (w->extra - 1);
			extra[w->extra - 1] = (struct xp_symidx_extra){ (uint32_t)(w->start - base),
									(uint32_t)(w->end - w->start) };
		}
		e++;
	}
	/* Past the ends, starts no offset reaches (find rejects the largest):
	 * every node is searched as a full 16. */
	for (size_t l = 0; l < levels; l++) {
		uint32_t *v = (uint32_t *)ix->level[l];
		for (size_t t = 0; l && t < count[l]; t++)
			v[t] = ix->level[l - 1][t * XP_SYMIDX_TOP_STEP] ^ (l == 1 ? TREE_BIAS : 0);
		for (size_t t = count[l]; t < words[l]; t++)
			v[t] = UINT32_MAX ^ (l ? TREE_BIAS : 0);
	}
	uint32_t *bucket = (uint32_t *)(extra + nextra);
	fill_buckets(bucket, nbuckets, shift, off, nent);
	ix->n = (uint32_t)nent;
	ix->nextra = (uint32_t)nextra;
	ix->levels = (uint32_t)levels;
	ix->off = off;
	ix->info = info;
	ix->extra = extra;
	ix->bucket = nbuckets ? bucket : NULL;
	ix->nbuckets = (uint32_t)nbuckets;
	ix->bucket_shift = shift;
	ix->block = block;
	ix->bytes = bytes;
	rc = 0;
out:
	free(it);
	free(stack);
	free(sa);
	free(sb);
	free(all);
	return rc;
}

/* A node of 16 starts is compared with the offset four at a time, in
 * steps that do not wait on one another (a binary search over the 16
 * makes four dependent loads, each waiting on the compare before it).
 * The levels above the starts hold them with the top bit flipped
 * (TREE_BIAS), so that a signed compare orders them as unsigned; the
 * starts themselves are flipped as they are loaded. */
typedef int32_t i32x4 __attribute__((vector_size(16)));

/* The last of the 16 at v (a node, or a bucket's window: ascending,
 * v[0] <= the offset) that is at most the offset, given flipped (ob): 15
 * less the count above it. */
static inline size_t last_of_16(const uint32_t *v, int32_t ob, int flip)
{
	i32x4 a, b, c, d, ov = { ob, ob, ob, ob };
	memcpy(&a, v, sizeof a);
	memcpy(&b, v + 4, sizeof b);
	memcpy(&c, v + 8, sizeof c);
	memcpy(&d, v + 12, sizeof d);
	if (flip) {
		i32x4 bias = { (int32_t)TREE_BIAS, (int32_t)TREE_BIAS, (int32_t)TREE_BIAS, (int32_t)TREE_BIAS };
		a ^= bias;
		b ^= bias;
		c ^= bias;
		d ^= bias;
	}
	/* each compare is -1 where above */
	i32x4 s = ((a > ov) + (b > ov)) + ((c > ov) + (d > ov));
	s += __builtin_shufflevector(s, s, 2, 3, 0, 1);
	s += __builtin_shufflevector(s, s, 1, 0, 3, 2);
	return (size_t)(15 + s[0]);
}

int xp_symidx_find(const struct xp_symidx *ix, uintptr_t addr, struct xp_symidx_hit *hit)
{
	/* No symbol ends past UINT32_MAX (fits): nor covers that offset. */
	if (!ix->n || addr < ix->base || addr - ix->base >= UINT32_MAX)
		return 0;
	uint32_t o = (uint32_t)(addr - ix->base);
	if (ix->off[0] > o)
		return 0;
	/* The last segment starting at or before o: in the 16 starts its
	 * bucket says, or in the node below the 16 of level 1 it says, or
	 * down the tree of 16-way nodes (each one cache line; the top levels
	 * are small enough to stay cached) to a node of starts.  Their sizes
	 * and names start loading as soon as it is known where the 16 are. */
	int32_t ob = (int32_t)(o ^ TREE_BIAS);
	uint32_t b = (o - ix->off[0]) >> ix->bucket_shift;
	size_t group = b < ix->nbuckets ? ix->bucket[b] : BUCKET_WIDE;
	if (group & BUCKET_LEVEL1) {
		group &= ~(size_t)BUCKET_LEVEL1;
		group = (group + last_of_16(ix->level[1] + group, ob, 0)) * XP_SYMIDX_TOP_STEP;
	} else if (group & BUCKET_WIDE) {
		group = 0;
		for (uint32_t l = ix->levels; l-- > 1;)
			group = (group + last_of_16(ix->level[l] + group, ob, 0)) * XP_SYMIDX_TOP_STEP;
	}
	__builtin_prefetch(ix->info + 2 * group);
	__builtin_prefetch(ix->info + 2 * group + PER_LINE);
	size_t lo = group + last_of_16(ix->off + group, ob, 1);
	uint32_t start = ix->off[lo], word = ix->info[2 * lo], name = ix->info[2 * lo + 1];
	const char *text = ix->strbase[name >> 30] + (name & NAME_MASK);
	uint32_t len = word >> XP_SYMIDX_LEN_SHIFT & XP_SYMIDX_LEN_UNKNOWN, size = word & XP_SYMIDX_SIZE_MASK;
	/* The name is what the caller reads next, at an address nothing
	 * else touches: it starts loading now. */
	__builtin_prefetch(text);
	__builtin_prefetch(text + len);
	if (word & XP_SYMIDX_CONT) {
		const struct xp_symidx_extra *x = &ix->extra[size];
		start = x->start;
		size = x->size;
	}
	if (o - start >= size)
		return 0;
	hit->start = ix->base + start;
	hit->size = size;
	hit->name = text;
	hit->name_len = len == XP_SYMIDX_LEN_UNKNOWN ? SIZE_MAX : len;
	return 1;
}

size_t xp_symidx_name_bytes(const struct xp_symidx *ix)
{
	size_t total = 0;
	for (uint32_t i = 0; i < ix->n; i++) {
		/* a continued segment repeats a name counted at its start */
		uint32_t word = ix->info[2 * i], name = ix->info[2 * i + 1];
		if (word & XP_SYMIDX_CONT && ix->extra[word & XP_SYMIDX_SIZE_MASK].start != ix->off[i])
			continue;
		total += strlen(ix->strbase[name >> 30] + (name & NAME_MASK)) + 1;
	}
	return total;
}

void xp_symidx_free(struct xp_symidx *ix)
{
	free(ix->block);
	memset(ix, 0, sizeof *ix);
}
