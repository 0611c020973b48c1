/* cache.c - the text of recently printed symbols, by address (cache.h).
 *
 * 512 entries of 512 bytes (room for long C++ names); an address may sit
 * in any of four entries: two pairs of neighbours, each pair chosen by a
 * hash of its own (a skewed, bucketed cuckoo table).  A fill whose four
 * places all hold live texts first moves one of them to a free place of
 * its own (a cuckoo table's move, one step deep), so that a few dozen hot
 * addresses settle where they do not evict one another; with one entry
 * per hash instead of a pair, about one run in forty of 64 hot libLLVM
 * addresses printed in two forms left some of them evicting each other at
 * every round.  A hit reads the one entry its tag hint points at.
 *
 * Each entry is a seqlock: its sequence is odd while a writer fills it.
 * A writer claims an entry by compare-and-swap from even to odd and gives
 * up at once when that fails (another writer, or the thread it interrupted
 * as a signal handler, holds it); it releases with the next even value.
 * A reader reads the sequence, the fields, then the sequence again, and
 * believes the fields only when both reads are the same even value: it
 * never waits and never sees a torn entry.  Every field is an atomic read
 * and written with relaxed atomics, ordered by the fences, so that the
 * races a seqlock relies on are defined behaviour (and ThreadSanitizer
 * sees none).
 *
 * Staleness: an entry records the generation of the registry's snapshot
 * of loaded objects (bumped at every rescan, and so at every index drop)
 * read before the lookup that produced the text, and what _dl_find_object
 * says of its address after that lookup, which must be the mapping of the
 * object the text came from.  A hit
 * asks _dl_find_object again: an address whose object was dlclose()d, or
 * replaced by one with another mapping, misses and takes the slow path,
 * which rescans; any rescan invalidates every entry.  Objects the loader
 * never unloads (object_list.c: the program's DT_NEEDED closure, and
 * NODELETE objects with theirs) are marked permanent, and their entries
 * skip that question, about a quarter of the instructions of a hit.
 */
#define _GNU_SOURCE
#include "cache.h"

#include <stdatomic.h>
#include <string.h>
#include <sys/mman.h>

#include "loader.h"
#include "symtab.h"

/* 512 entries: a log line's few dozen hot addresses, in two forms or
 * more, fill at most a quarter of them. */
#define SLOT_BITS 9
#define SLOTS (1u << SLOT_BITS)
#define WORDS (XP_SYMTEXT_MAX / 8)
#define PERMANENT (1u << 31)
#define FORM_SHIFT 25 /* six bits: the text's enum xp_symtext_form */
#define FORM_MASK (63u << FORM_SHIFT)

struct entry {
	/* What every hit reads first, together: */
	atomic_uint seq;
	atomic_uint lengths; /* len | form << FORM_SHIFT | PERMANENT */
	atomic_uintptr_t addr; /* 0: empty */
	atomic_uint generation;
	unsigned unused;
	/* Read only for objects dlclose() may unload: */
	atomic_uintptr_t map_start, map_end, eh_frame;
	_Atomic uint64_t text[WORDS];
};

_Static_assert(XP_SYMTEXT_MAX % 16 == 0 && XP_SYMTEXT_MAX < 1024,
	       "lengths pack into 10 bits each; the text is copied in pairs of words");
_Static_assert(sizeof(struct entry) <= 512, "an entry is 8 cache lines at most");
_Static_assert(2 * XP_SYMTEXT_BUILD_ID_BIT - 1 == FORM_MASK >> FORM_SHIFT, "every form fits the form field");

/* The filter sets two of its bits per key and keeps them until it has
 * taken SEEN_WINDOW keys; then it starts empty.  Bits, not keys: keys that
 * share places in it cannot wipe out each other's marks (with a key in
 * each of two places, three hot keys whose places formed a ring could
 * take turns overwriting each other and never be admitted).  A window of
 * 1024 keys sets at most a sixteenth of the bits, so that a key never
 * seen passes for seen less than once in 256. */
#define SEEN_WORDS 512
#define SEEN_BITS_LOG 15 /* 64 * SEEN_WORDS bits */
#define SEEN_WINDOW 1024

struct cache {
	struct entry table[SLOTS];
	/* Hints, 4 KiB each so that they stay in the L1 cache: tag[i] is
	 * the key entry i was last filled with (a miss then touches no
	 * entry), and seen[] a filter of the keys that missed lately: only a
	 * second miss fills, so that addresses seen once, as in a random
	 * walk, do not evict hot ones or pay for a fill.  Both are only
	 * hints: entries are checked in full, and a key the filter takes for
	 * seen only costs a fill. */
	atomic_uintptr_t tag[SLOTS];
	_Atomic uint64_t seen[SEEN_WORDS];
	atomic_uint seen_taken;
	atomic_uint next_victim; /* which place a fill evicts when all are live */
	unsigned held_seq[SLOTS]; /* xp_symcache_test_claim's */
};

/* Mapped by the first index build (xp_symcache_map), not in .bss: a
 * quarter of a megabyte there made every program linked with the library
 * start measurably slower, printing symbols or not.  Never unmapped: a
 * hit takes no reader's mark, so a thread may still be reading it while
 * the process exits (or the library is unloaded). */
static _Atomic(struct cache *) cache;

void xp_symcache_map(void)
{
	if (atomic_load_explicit(&cache, memory_order_relaxed))
		return;
	void *p = mmap(NULL, sizeof(struct cache), PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p != MAP_FAILED)
		atomic_store_explicit(&cache, (struct cache *)p, memory_order_release);
}

static size_t hash(uintptr_t addr, unsigned which)
{
	static const uint64_t mul[2] = { 0x9e3779b97f4a7c15u, 0xc2b2ae3d27d4eb4fu };
	return (size_t)(((uint64_t)addr * mul[which & 1]) >> (64 - SLOT_BITS));
}

/* Place `which` (0, 1) of addr in a form, the first of a pair of
 * entries: the form's places are the plain form's moved by twice the
 * form's number, to another pair. */
static size_t place(uintptr_t addr, enum xp_symtext_form form, unsigned which)
{
	return (hash(addr, which) + 2 * (size_t)form) & (SLOTS - 1);
}

/* Entry i (0-3) addr may occupy in a form: each place and its neighbour. */
static size_t candidate(uintptr_t addr, enum xp_symtext_form form, unsigned i)
{
	return place(addr, form, i >> 1) ^ (i & 1);
}

size_t xp_symcache_slot(uintptr_t addr, enum xp_symtext_form form, int i)
{
	return candidate(addr, form, (unsigned)i & 3);
}

#if HAVE_DL_FIND_OBJECT
/* What the loader says of addr now: 1 with its mapping, or 0. */
static int loader_view(uintptr_t addr, uintptr_t *map_start, uintptr_t *map_end, uintptr_t *eh_frame)
{
	struct dl_find_object fo;
	if (_dl_find_object((void *)addr, &fo) != 0)
		return 0;
	*map_start = (uintptr_t)fo.dlfo_map_start;
	*map_end = (uintptr_t)fo.dlfo_map_end;
	*eh_frame = (uintptr_t)fo.dlfo_eh_frame;
	return 1;
}
#endif

static unsigned form_bit(enum xp_symtext_form form)
{
	return (unsigned)form << FORM_SHIFT & FORM_MASK;
}

/* What a tag hint holds of an address in a form: the address for %pS,
 * else with its top six bits flipped as the form says, so that a hint
 * names the form too.  (Entries hold address and form apart: a hint
 * that collides only costs a look.) */
static uintptr_t key_of(uintptr_t addr, enum xp_symtext_form form)
{
	return addr ^ ((uintptr_t)form << (8 * sizeof(uintptr_t) - 6));
}

#if HAVE_DL_FIND_OBJECT
/* Whether the loader still has addr in the mapping view. */
static __attribute__((noinline)) int still_loaded(uintptr_t addr, const uintptr_t view[3])
{
	uintptr_t now[3];
	return loader_view(addr, &now[0], &now[1], &now[2]) && now[0] == view[0] && now[1] == view[1] &&
	       now[2] == view[2];
}
#endif

/* Copy entry e into *t if it holds addr in that form, filled under the
 * current generation, consistently: 1, or 0.  For an object that is not
 * permanent, view gets the mapping the entry saw, and 2 is returned. */
static inline int read_entry(struct entry *e, uintptr_t addr, unsigned form_bit, uintptr_t view[3],
			     struct xp_symtext *t)
{
	unsigned s1 = atomic_load_explicit(&e->seq, memory_order_acquire);
	unsigned lengths = atomic_load_explicit(&e->lengths, memory_order_relaxed);
	if (s1 & 1 || atomic_load_explicit(&e->addr, memory_order_relaxed) != addr ||
	    (lengths & FORM_MASK) != form_bit ||
	    atomic_load_explicit(&e->generation, memory_order_relaxed) !=
		    atomic_load_explicit(&xp_symtab_generation, memory_order_acquire))
		return 0;
	int permanent = (lengths & PERMANENT) != 0;
	if (!permanent) {
		view[0] = atomic_load_explicit(&e->map_start, memory_order_relaxed);
		view[1] = atomic_load_explicit(&e->map_end, memory_order_relaxed);
		view[2] = atomic_load_explicit(&e->eh_frame, memory_order_relaxed);
	}
	unsigned len = lengths & 0x3ff;
	/* Two words a step (WORDS is even); a torn read may have seen any
	 * length, so the copy is bounded by the entry, and the lengths are
	 * judged once the sequence shows that the read was not torn. */
	unsigned pairs = len < XP_SYMTEXT_MAX ? (len + 15) / 16 : WORDS / 2;
	char *out = t->text;
	for (unsigned w = 0; w < 2 * pairs; w += 2) {
		uint64_t v0 = atomic_load_explicit(&e->text[w], memory_order_relaxed);
		uint64_t v1 = atomic_load_explicit(&e->text[w + 1], memory_order_relaxed);
		memcpy(out + 8 * w, &v0, 8);
		memcpy(out + 8 * w + 8, &v1, 8);
	}
	atomic_thread_fence(memory_order_acquire);
	t->len = len;
	if (atomic_load_explicit(&e->seq, memory_order_relaxed) != s1 || len > XP_SYMTEXT_MAX)
		return 0;
	return permanent ? 1 : 2;
}

int xp_symcache_get(uintptr_t addr, enum xp_symtext_form form, struct xp_symtext *t)
{
	struct cache *c = atomic_load_explicit(&cache, memory_order_acquire);
	if (!c)
		return 0;
	uintptr_t key = key_of(addr, form);
	size_t slot = place(addr, form, 0);
	/* The hints say which entry to read (addr 0 is what an empty entry
	 * holds); a pair's hints share a line. */
	if (atomic_load_explicit(&c->tag[slot], memory_order_relaxed) != key &&
	    atomic_load_explicit(&c->tag[slot ^= 1], memory_order_relaxed) != key) {
		slot = place(addr, form, 1);
		if (atomic_load_explicit(&c->tag[slot], memory_order_relaxed) != key &&
		    atomic_load_explicit(&c->tag[slot ^= 1], memory_order_relaxed) != key)
			return 0;
	}
	uintptr_t view[3];
	int got = addr ? read_entry(&c->table[slot], addr, form_bit(form), view, t) : 0;
	if (got != 2)
		return got; /* a miss, or its object stays where it is */
	/* A fill reuses the entry that holds its address, so there is no
	 * other copy worth a look (and a miss is always safe). */
#if HAVE_DL_FIND_OBJECT
	return still_loaded(addr, view);
#else
	return 0;
#endif
}

void xp_symcache_begin(struct xp_symcache_fill *f, uintptr_t addr, enum xp_symtext_form form)
{
	f->addr = addr;
	f->form = form;
	f->generation = atomic_load_explicit(&xp_symtab_generation, memory_order_acquire);
}

static int claim(struct entry *e, unsigned *seq)
{
	unsigned s = atomic_load_explicit(&e->seq, memory_order_relaxed);
	if (s & 1 || !atomic_compare_exchange_strong_explicit(&e->seq, &s, s + 1, memory_order_acquire,
							      memory_order_relaxed))
		return 0;
	/* The odd sequence is visible before any field changes. */
	atomic_thread_fence(memory_order_release);
	*seq = s + 1;
	return 1;
}

static void release(struct entry *e, unsigned seq)
{
	atomic_store_explicit(&e->seq, seq + 1, memory_order_release);
}

static int live(struct entry *e)
{
	return atomic_load_explicit(&e->addr, memory_order_relaxed) &&
	       atomic_load_explicit(&e->generation, memory_order_relaxed) ==
		       atomic_load_explicit(&xp_symtab_generation, memory_order_relaxed);
}

/* Whether e holds (maybe stale) f's address in f's form. */
static int holds(struct entry *e, const struct xp_symcache_fill *f)
{
	return atomic_load_explicit(&e->addr, memory_order_relaxed) == f->addr &&
	       (atomic_load_explicit(&e->lengths, memory_order_relaxed) & FORM_MASK) == form_bit(f->form);
}

/* A place other than e where what e holds could sit, and is not live
 * (NULL if none). */
static struct entry *free_place(struct cache *c, struct entry *e, uintptr_t *key)
{
	uintptr_t addr = atomic_load_explicit(&e->addr, memory_order_relaxed);
	unsigned lengths = atomic_load_explicit(&e->lengths, memory_order_relaxed);
	enum xp_symtext_form form = (enum xp_symtext_form)((lengths & FORM_MASK) >> FORM_SHIFT);
	*key = key_of(addr, form);
	for (unsigned i = 0; i < 4; i++) {
		struct entry *o = &c->table[candidate(addr, form, i)];
		if (o != e && !live(o))
			return o;
	}
	return NULL;
}

/* Whether what e holds, live, could move to a free place of its own. */
static int can_move(struct cache *c, struct entry *e)
{
	uintptr_t key;
	return free_place(c, e, &key) != NULL;
}

/* Before e (claimed) is overwritten: what it holds, if live, moves to
 * a free place of its own, so that a few hot addresses whose places
 * overlap settle in places of their own instead of evicting one another
 * for ever (a cuckoo table's move, one step deep). */
static void move_aside(struct cache *c, struct entry *e)
{
	if (!live(e))
		return;
	uintptr_t key;
	struct entry *o = free_place(c, e, &key);
	unsigned seq;
	if (!o || !claim(o, &seq))
		return;
	/* e is ours (claimed): its fields hold still while copied. */
	unsigned lengths = atomic_load_explicit(&e->lengths, memory_order_relaxed);
	atomic_store_explicit(&o->addr, atomic_load_explicit(&e->addr, memory_order_relaxed), memory_order_relaxed);
	atomic_store_explicit(&o->generation, atomic_load_explicit(&e->generation, memory_order_relaxed),
			      memory_order_relaxed);
	atomic_store_explicit(&o->map_start, atomic_load_explicit(&e->map_start, memory_order_relaxed),
			      memory_order_relaxed);
	atomic_store_explicit(&o->map_end, atomic_load_explicit(&e->map_end, memory_order_relaxed),
			      memory_order_relaxed);
	atomic_store_explicit(&o->eh_frame, atomic_load_explicit(&e->eh_frame, memory_order_relaxed),
			      memory_order_relaxed);
	atomic_store_explicit(&o->lengths, lengths, memory_order_relaxed);
	for (unsigned w = 0; w < ((lengths & 0x3ff) + 7) / 8; w++)
		atomic_store_explicit(&o->text[w], atomic_load_explicit(&e->text[w], memory_order_relaxed),
				      memory_order_relaxed);
	release(o, seq);
	atomic_store_explicit(&c->tag[o - c->table], key, memory_order_relaxed);
}

/* The two bits of addr's key in a form, from one product: the form
 * joins the low bits, so that the forms of one address land apart. */
static void seen_bits(uintptr_t addr, enum xp_symtext_form form, unsigned *b0, unsigned *b1)
{
	uint64_t h = ((uint64_t)addr + 0x5bd1e995u * (uint64_t)form) * 0x9e3779b97f4a7c15u;
	*b0 = (unsigned)(h >> (64 - SEEN_BITS_LOG));
	*b1 = (unsigned)(h >> (64 - 2 * SEEN_BITS_LOG)) & ((1u << SEEN_BITS_LOG) - 1);
}

/* Whether addr missed lately in that form; if not, remember it.  Plain
 * loads and stores, no read-modify-write instruction: a bit lost to a
 * race with another thread's miss costs one more miss, and a random walk
 * pays only a few stores per miss. */
static int seen_before(struct cache *c, uintptr_t addr, enum xp_symtext_form form)
{
	unsigned b0, b1;
	seen_bits(addr, form, &b0, &b1);
	uint64_t m0 = 1ull << (b0 & 63), m1 = 1ull << (b1 & 63);
	uint64_t w0 = atomic_load_explicit(&c->seen[b0 >> 6], memory_order_relaxed);
	uint64_t w1 = atomic_load_explicit(&c->seen[b1 >> 6], memory_order_relaxed);
	if (w0 & m0 && w1 & m1)
		return 1;
	unsigned taken = atomic_load_explicit(&c->seen_taken, memory_order_relaxed);
	if (taken >= SEEN_WINDOW) {
		taken = 0;
		for (size_t i = 0; i < SEEN_WORDS; i++)
			atomic_store_explicit(&c->seen[i], 0, memory_order_relaxed);
		w0 = 0;
	}
	atomic_store_explicit(&c->seen_taken, taken + 1, memory_order_relaxed);
	atomic_store_explicit(&c->seen[b0 >> 6], w0 | m0, memory_order_relaxed);
	/* reread: the same word as b0's, or emptied meanwhile */
	w1 = atomic_load_explicit(&c->seen[b1 >> 6], memory_order_relaxed);
	atomic_store_explicit(&c->seen[b1 >> 6], w1 | m1, memory_order_relaxed);
	return 0;
}

int xp_symcache_admits(const struct xp_symcache_fill *f)
{
	struct cache *c = atomic_load_explicit(&cache, memory_order_acquire);
	return c && f->addr && seen_before(c, f->addr, f->form);
}

void xp_symcache_put(const struct xp_symcache_fill *f, const struct xp_symtext *t,
		     const struct xp_symbol *sym)
{
	struct cache *c = atomic_load_explicit(&cache, memory_order_acquire);
	uintptr_t key = key_of(f->addr, f->form);
	if (!c || !f->addr || t->len > XP_SYMTEXT_MAX)
		return;
	/* The mapping hits will compare with: the loader's now, which must
	 * still be the object the text came from.  (If it was unloaded since
	 * the lookup, and another one with another mapping loaded there, the
	 * two differ; asked before the lookup instead, the old mapping could
	 * go with a text made from the new object's.) */
	uintptr_t view[3] = { 0, 0, 0 };
	int permanent = sym->permanent;
	if (!permanent) {
#if HAVE_DL_FIND_OBJECT
		if (!loader_view(f->addr, &view[0], &view[1], &view[2]) || view[0] != sym->map_start ||
		    view[1] != sym->map_end || view[2] != sym->eh_frame)
			return;
#else
		return; /* no way to tell that it is still loaded */
#endif
	}
	/* The place that holds addr already (a stale copy), else an empty or
	 * stale one, else one whose text can move to a free place of its
	 * own, else any, in turn. */
	struct entry *w[4];
	for (unsigned i = 0; i < 4; i++)
		w[i] = &c->table[candidate(f->addr, f->form, i)];
	struct entry *e = NULL;
	for (unsigned i = 0; !e && i < 4; i++)
		if (holds(w[i], f))
			e = w[i];
	for (unsigned i = 0; !e && i < 4; i++)
		if (!live(w[i]))
			e = w[i];
	for (unsigned i = 0; !e && i < 4; i++)
		if (can_move(c, w[i]))
			e = w[i];
	if (!e)
		e = w[atomic_fetch_add_explicit(&c->next_victim, 1, memory_order_relaxed) & 3];
	unsigned seq;
	if (!claim(e, &seq))
		return;
	move_aside(c, e);
	atomic_store_explicit(&e->addr, f->addr, memory_order_relaxed);
	atomic_store_explicit(&e->generation, f->generation, memory_order_relaxed);
	atomic_store_explicit(&e->map_start, view[0], memory_order_relaxed);
	atomic_store_explicit(&e->map_end, view[1], memory_order_relaxed);
	atomic_store_explicit(&e->eh_frame, view[2], memory_order_relaxed);
	atomic_store_explicit(&e->lengths,
			      t->len | (permanent ? PERMANENT : 0) | form_bit(f->form),
			      memory_order_relaxed);
	for (unsigned w = 0; w < (t->len + 7) / 8; w++) {
		uint64_t v = 0;
		memcpy(&v, t->text + 8 * w, t->len - 8 * w < 8 ? t->len - 8 * w : 8);
		atomic_store_explicit(&e->text[w], v, memory_order_relaxed);
	}
	release(e, seq);
	atomic_store_explicit(&c->tag[e - c->table], key, memory_order_relaxed);
}

int xp_symcache_test_claim(size_t slot, const char *partial_text)
{
	struct cache *c = atomic_load_explicit(&cache, memory_order_acquire);
	struct entry *e = &c->table[slot % SLOTS];
	if (!claim(e, &c->held_seq[slot % SLOTS]))
		return 0;
	uint64_t v = 0;
	memcpy(&v, partial_text, strnlen(partial_text, 8));
	atomic_store_explicit(&e->text[0], v, memory_order_relaxed);
	return 1;
}

void xp_symcache_test_release(size_t slot)
{
	struct cache *c = atomic_load_explicit(&cache, memory_order_acquire);
	struct entry *e = &c->table[slot % SLOTS];
	atomic_store_explicit(&e->addr, 0, memory_order_relaxed);
	release(e, c->held_seq[slot % SLOTS]);
}
