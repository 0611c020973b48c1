/* cache.c - the text of recently printed symbols, by address (cache.h).
 *
 * 256 entries of 512 bytes (room for long C++ names); an address may sit
 * in one of two entries chosen by two independent hashes (a skewed
 * two-way cache), so that a few dozen hot addresses practically never
 * evict one another.
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
 * which rescans; any rescan invalidates every entry.  Objects loaded with
 * the program (registry.c: the program's DT_NEEDED closure) are never
 * unloaded, so their entries skip that question, which is half the cost
 * of a hit.
 */
#define _GNU_SOURCE
#include "cache.h"

#include <stdatomic.h>
#include <string.h>

#include "loader.h"
#include "symtab.h"

#define SLOT_BITS 8
#define SLOTS (1u << SLOT_BITS)
#define WORDS (XP_SYMTEXT_MAX / 8)
#define PERMANENT (1u << 30)
#define LINE_FORM (1u << 31) /* the text is the line form's */

struct entry {
	atomic_uint seq;
	atomic_uint generation;
	atomic_uintptr_t addr; /* 0: empty */
	atomic_uintptr_t map_start, map_end, eh_frame;
	atomic_uint lengths; /* len | name_end << 10 | module_at << 20 | PERMANENT | LINE_FORM */
	unsigned unused;
	_Atomic uint64_t text[WORDS];
};

_Static_assert(XP_SYMTEXT_MAX % 8 == 0 && XP_SYMTEXT_MAX < 1024, "lengths pack into 10 bits each");
_Static_assert(sizeof(struct entry) <= 512, "an entry is 8 cache lines at most");

static _Alignas(64) struct entry table[SLOTS];
static atomic_uint replace_way; /* which way a fill evicts when both are live */
/* Hints, 2 KiB each so that they stay in the L1 cache: tag[i] is the
 * address entry i was last filled with (a miss then touches no entry),
 * seen[] the addresses that missed once (only a second miss fills, so
 * that addresses seen once, as in a random walk, do not evict hot ones or
 * pay for a fill).  Both are only hints: entries are checked in full. */
static atomic_uintptr_t tag[SLOTS], seen[SLOTS];

size_t xp_symcache_slot(uintptr_t addr, int way)
{
	static const uint64_t mul[2] = { 0x9e3779b97f4a7c15u, 0xc2b2ae3d27d4eb4fu };
	return (size_t)(((uint64_t)addr * mul[way & 1]) >> (64 - SLOT_BITS));
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

/* Copy entry e into the reader's variables if it holds addr, consistently. */
static int read_entry(struct entry *e, uintptr_t addr, unsigned form_bit, unsigned *generation,
		      uintptr_t view[3], int *permanent, struct xp_symtext *t)
{
	unsigned s1 = atomic_load_explicit(&e->seq, memory_order_acquire);
	if (s1 & 1 || atomic_load_explicit(&e->addr, memory_order_relaxed) != addr)
		return 0;
	*generation = atomic_load_explicit(&e->generation, memory_order_relaxed);
	view[0] = atomic_load_explicit(&e->map_start, memory_order_relaxed);
	view[1] = atomic_load_explicit(&e->map_end, memory_order_relaxed);
	view[2] = atomic_load_explicit(&e->eh_frame, memory_order_relaxed);
	unsigned lengths = atomic_load_explicit(&e->lengths, memory_order_relaxed);
	if ((lengths & LINE_FORM) != form_bit)
		return 0; /* the other form of the same address */
	unsigned len = lengths & 0x3ff, name_end = lengths >> 10 & 0x3ff, module_at = lengths >> 20 & 0x3ff;
	*permanent = (lengths & PERMANENT) != 0;
	unsigned words = (len + 7) / 8 < WORDS ? (len + 7) / 8 : WORDS;
	char *out = t->text;
	for (unsigned w = 0; w < words; w++) {
		uint64_t v = atomic_load_explicit(&e->text[w], memory_order_relaxed);
		memcpy(out + 8 * w, &v, 8);
	}
	atomic_thread_fence(memory_order_acquire);
	t->len = len;
	t->name_end = name_end;
	t->module_at = module_at;
	/* A torn read may have seen any lengths: judged only if it was not. */
	return atomic_load_explicit(&e->seq, memory_order_relaxed) == s1 && len <= XP_SYMTEXT_MAX &&
	       name_end <= module_at && module_at <= len;
}

static unsigned form_bit(enum xp_symtext_form form)
{
	return form == XP_SYMTEXT_LINE ? LINE_FORM : 0;
}

/* What the hashes and the hint arrays see of an address in a form: the
 * address for the plain form, else with its top bit flipped, so that the
 * two forms of one address have places of their own and a program that
 * prints both does not make them evict each other.  (Entries hold address
 * and form apart: a hint that collides only costs a look.) */
static uintptr_t key_of(uintptr_t addr, enum xp_symtext_form form)
{
	return form == XP_SYMTEXT_LINE ? addr ^ ((uintptr_t)1 << (8 * sizeof(uintptr_t) - 1)) : addr;
}

int xp_symcache_get(uintptr_t addr, enum xp_symtext_form form, struct xp_symtext *t)
{
	unsigned generation;
	uintptr_t view[3];
	int permanent;
#if HAVE_DL_FIND_OBJECT
	uintptr_t now[3] = { 0, 0, 0 };
	int asked = 0;
#endif
	if (!addr)
		return 0; /* the address of an empty entry */
	uintptr_t key = key_of(addr, form);
	for (int way = 0; way < 2; way++) {
		size_t slot = xp_symcache_slot(key, way);
		if (atomic_load_explicit(&tag[slot], memory_order_relaxed) != key ||
		    !read_entry(&table[slot], addr, form_bit(form), &generation, view, &permanent, t) ||
		    generation != atomic_load_explicit(&xp_symtab_generation, memory_order_acquire))
			continue;
		if (permanent)
			return 1; /* its object stays where it is */
#if HAVE_DL_FIND_OBJECT
		if (!asked && !loader_view(addr, &now[0], &now[1], &now[2]))
			return 0; /* in no loaded object */
		asked = 1;
		if (now[0] == view[0] && now[1] == view[1] && now[2] == view[2])
			return 1;
#endif
	}
	return 0;
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
	       (atomic_load_explicit(&e->lengths, memory_order_relaxed) & LINE_FORM) == form_bit(f->form);
}

/* Whether addr missed before; if not, remember it in both its places:
 * two hot addresses that share one place still find themselves in the
 * other (remembered in one place only, they could evict each other there
 * for ever and never be admitted). */
static int seen_before(uintptr_t key)
{
	size_t s0 = xp_symcache_slot(key, 0), s1 = xp_symcache_slot(key, 1);
	if (atomic_load_explicit(&seen[s0], memory_order_relaxed) == key ||
	    atomic_load_explicit(&seen[s1], memory_order_relaxed) == key)
		return 1;
	atomic_store_explicit(&seen[s0], key, memory_order_relaxed);
	atomic_store_explicit(&seen[s1], key, memory_order_relaxed);
	return 0;
}

void xp_symcache_put(const struct xp_symcache_fill *f, const struct xp_symtext *t,
		     const struct xp_symbol *sym)
{
	uintptr_t key = key_of(f->addr, f->form);
	if (!f->addr || t->len > XP_SYMTEXT_MAX || !seen_before(key))
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
	struct entry *w0 = &table[xp_symcache_slot(key, 0)], *w1 = &table[xp_symcache_slot(key, 1)];
	/* The way that holds addr already (a stale copy), else an empty or
	 * stale one, else either. */
	struct entry *e;
	if (holds(w0, f))
		e = w0;
	else if (holds(w1, f))
		e = w1;
	else if (!live(w0))
		e = w0;
	else if (!live(w1))
		e = w1;
	else
		e = atomic_fetch_add_explicit(&replace_way, 1, memory_order_relaxed) & 1 ? w1 : w0;
	unsigned seq;
	if (!claim(e, &seq))
		return;
	atomic_store_explicit(&e->addr, f->addr, memory_order_relaxed);
	atomic_store_explicit(&e->generation, f->generation, memory_order_relaxed);
	atomic_store_explicit(&e->map_start, view[0], memory_order_relaxed);
	atomic_store_explicit(&e->map_end, view[1], memory_order_relaxed);
	atomic_store_explicit(&e->eh_frame, view[2], memory_order_relaxed);
	atomic_store_explicit(&e->lengths,
			      t->len | t->name_end << 10 | t->module_at << 20 | (permanent ? PERMANENT : 0) |
				      form_bit(f->form),
			      memory_order_relaxed);
	for (unsigned w = 0; w < (t->len + 7) / 8; w++) {
		uint64_t v = 0;
		memcpy(&v, t->text + 8 * w, t->len - 8 * w < 8 ? t->len - 8 * w : 8);
		atomic_store_explicit(&e->text[w], v, memory_order_relaxed);
	}
	release(e, seq);
	atomic_store_explicit(&tag[e - table], key, memory_order_relaxed);
}

static unsigned held_seq[SLOTS];

int xp_symcache_test_claim(size_t slot, const char *partial_text)
{
	struct entry *e = &table[slot % SLOTS];
	if (!claim(e, &held_seq[slot % SLOTS]))
		return 0;
	uint64_t v = 0;
	memcpy(&v, partial_text, strnlen(partial_text, 8));
	atomic_store_explicit(&e->text[0], v, memory_order_relaxed);
	return 1;
}

void xp_symcache_test_release(size_t slot)
{
	struct entry *e = &table[slot % SLOTS];
	atomic_store_explicit(&e->addr, 0, memory_order_relaxed);
	release(e, held_seq[slot % SLOTS]);
}
