/* loaded_objects.c - which objects are loaded, and lookups that never block.
 *
 * A snapshot lists the loaded objects (object_list.c) sorted by
 * address; each object's symbol index is built the first time a lookup
 * lands in it (or by xp_symtab_preload).  Snapshots are immutable and
 * published through one atomic pointer.  Readers take no lock: they pin
 * one of two reader counters (an epoch-based scheme like userspace RCU),
 * and a writer that replaces the snapshot retires the old one and frees it
 * only after the counter of its grace period was seen at zero.  Freeing is
 * attempted at the next rebuild; a writer never waits for readers.
 *
 * Staleness: _dl_find_object (glibc 2.35+, lock-free, async-signal-safe)
 * tells per lookup whether the address is in a loaded object and which
 * (its mapping's start and end and its PT_GNU_EH_FRAME, which the
 * snapshot computed from the program headers, identify it).  An address in no object prints
 * nothing symbolic, even if a dlclose()d object's index still covers it;
 * an object the snapshot lacks triggers a rescan, unless dlpi_adds and
 * dlpi_subs show that nothing was loaded or unloaded since the snapshot.
 * Without _dl_find_object, every lookup compares dlpi_adds/dlpi_subs.
 */
#define _GNU_SOURCE
#include "symtab.h"

#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cache.h"
#include "loader.h"
#include "module.h"
#include "object_list.h"

struct snapshot {
	unsigned long long adds, subs;
	size_t n;
	struct xp_symmod **mods; /* sorted by lo */
	uintptr_t *lo;           /* mods[i]->lo side by side: the search reads no module */
	struct snapshot *next;   /* on a retired list */
};

static _Atomic(struct snapshot *) current;
atomic_uint xp_symtab_generation;
static atomic_uint epoch;
static atomic_uint readers[2];
static atomic_int builder_tid; /* thread holding `lock`, 0 if none */
static atomic_int no_builds_tid; /* a thread that must not build, 0 if none */

/* Everything below is guarded by lock. */
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static struct snapshot *pending; /* retired, grace period not started */
static struct snapshot *grace;   /* retired, waiting for readers[grace_parity] == 0 */
static unsigned grace_parity;
static char *user_dirs;          /* xp_symtab_set_debug_path */
static int drop_all;             /* next rescan reuses no module */
static int fini_registered;      /* xp_symtab_fini will run at exit */
static atomic_int keep_at_exit; /* a crash report may still need it then */

static void xp_symtab_fini(void);

/* ---- readers ---- */

static unsigned reader_enter(void)
{
	for (;;) {
		unsigned e = atomic_load(&epoch);
		atomic_fetch_add(&readers[e & 1], 1);
		if (atomic_load(&epoch) == e)
			return e & 1;
		atomic_fetch_sub(&readers[e & 1], 1);
	}
}

static void reader_leave(unsigned slot)
{
	atomic_fetch_sub(&readers[slot], 1);
}

/* ---- writers (lock held) ---- */

static void snapshot_free(struct snapshot *s)
{
	while (s) {
		struct snapshot *next = s->next;
		for (size_t i = 0; i < s->n; i++)
			xp_symmod_put(s->mods[i]);
		free(s->mods);
		free(s->lo);
		free(s);
		s = next;
	}
}

static void reclaim(void)
{
	if (grace && atomic_load(&readers[grace_parity]) == 0) {
		snapshot_free(grace);
		grace = NULL;
	}
	if (!grace && pending) {
		grace = pending;
		pending = NULL;
		unsigned e = atomic_load(&epoch);
		grace_parity = e & 1;
		atomic_store(&epoch, e + 1);
		/* Readers that pinned the old epoch are counted; later ones see
		 * only snapshots published before the flip or after. */
		if (atomic_load(&readers[grace_parity]) == 0) {
			snapshot_free(grace);
			grace = NULL;
		}
	}
}

static void retire(struct snapshot *s)
{
	if (!s)
		return;
	s->next = pending;
	pending = s;
}

/* fork() while another thread builds must not leave the child's lock held. */
static void before_fork(void)
{
	pthread_mutex_lock(&lock);
}

static void after_fork(void)
{
	pthread_mutex_unlock(&lock);
}

static pthread_once_t atfork_once = PTHREAD_ONCE_INIT;

static void register_atfork(void)
{
	pthread_atfork(before_fork, after_fork, after_fork);
}

static int lock_builder(void)
{
	int self = (int)gettid();
	if (atomic_load(&builder_tid) == self || atomic_load(&no_builds_tid) == self)
		return -1; /* re-entered from a signal handler during a build, or a crash report */
	pthread_once(&atfork_once, register_atfork);
	pthread_mutex_lock(&lock);
	atomic_store(&builder_tid, self);
	return 0;
}

void xp_symtab_no_builds_for(int tid)
{
	atomic_store(&no_builds_tid, tid);
}

static void unlock_builder(void)
{
	atomic_store(&builder_tid, 0);
	pthread_mutex_unlock(&lock);
}

/* Nothing loaded or unloaded since s was taken (dlpi_adds, dlpi_subs). */
static int counters_match(const struct snapshot *s)
{
	unsigned long long adds, subs;
	xp_objlist_counters(&adds, &subs);
	return s && adds == s->adds && subs == s->subs;
}

/* ... and no index drop pending (lock held). */
static int unchanged(const struct snapshot *s)
{
	return !drop_all && counters_match(s);
}

/* Replace the snapshot with a fresh list, reusing unchanged modules. */
static int rescan(void)
{
	struct snapshot *old = atomic_load(&current);
	struct xp_objlist sc;
	if (xp_objlist_scan(&sc) < 0) {
		errno = ENOMEM;
		return -1;
	}
	struct snapshot *s = calloc(1, sizeof *s);
	uintptr_t *lo = malloc((sc.n ? sc.n : 1) * sizeof *lo);
	if (!s || !lo) {
		for (size_t i = 0; i < sc.n; i++)
			xp_symmod_put(sc.mods[i]);
		free(sc.mods);
		free(s);
		free(lo);
		errno = ENOMEM;
		return -1;
	}
	for (size_t i = 0; old && !drop_all && i < sc.n; i++) {
		for (size_t j = 0; j < old->n; j++) {
			if (xp_objlist_same(sc.mods[i], old->mods[j])) {
				xp_symmod_put(sc.mods[i]);
				sc.mods[i] = old->mods[j];
				sc.mods[i]->refs++;
				break;
			}
		}
	}
	drop_all = 0;
	xp_objlist_mark_permanent(sc.mods, sc.n);
	s->adds = sc.adds;
	s->subs = sc.subs;
	s->n = sc.n;
	s->mods = sc.mods;
	for (size_t i = 0; i < sc.n; i++)
		lo[i] = sc.mods[i]->lo;
	s->lo = lo;
	atomic_store(&current, s);
	/* After the store: whoever reads the new generation finds s. */
	atomic_fetch_add_explicit(&xp_symtab_generation, 1, memory_order_release);
	/* Unmapped again at exit, or when this library is unloaded (atexit()
	 * in a shared object registers for that object).  Registered here, not
	 * as a destructor, which every program would run (and fault in) at
	 * exit, looking symbols up or not.  If it cannot be, everything stays
	 * mapped until the process ends. */
	if (!fini_registered)
		fini_registered = atexit(xp_symtab_fini) == 0;
	xp_symcache_map();
	retire(old);
	reclaim();
	return 0;
}

static const char *debug_dirs(void)
{
	return user_dirs ? user_dirs : "";
}

static char *env_and_user_dirs(void)
{
	const char *env = secure_getenv("XPRINTF_DEBUG_PATH");
	const char *user = debug_dirs();
	size_t n = strlen(user) + (env ? strlen(env) : 0) + 2;
	char *d = malloc(n);
	if (d) {
		strcpy(d, user);
		if (env && *env) {
			if (*user)
				strcat(d, ":");
			strcat(d, env);
		}
	}
	return d;
}

/* Open m's symbols (lock held), for its first lookup to scan. */
static int open_symbols(struct xp_symmod *m)
{
	if (atomic_load(&m->built))
		return 0;
	char *dirs = env_and_user_dirs();
	if (!dirs) {
		errno = ENOMEM;
		return -1;
	}
	struct xp_symmod_built *b = xp_symmod_open(m, dirs);
	free(dirs);
	/* Retried at later lookups, but not forever: after a few failures
	 * the object keeps an empty index (its addresses print in hex). */
	if (!b && ++m->failures >= 3 && (b = calloc(1, sizeof *b)))
		xp_symmod_built_empty(b);
	if (!b) {
		errno = ENOMEM;
		return -1;
	}
	atomic_store_explicit(&m->built, b, memory_order_release);
	return 0;
}

/* Build m's index (lock held), its symbols opened first if need be. */
static int index_module(struct xp_symmod *m)
{
	if (open_symbols(m) < 0)
		return -1;
	struct xp_symmod_built *b = atomic_load(&m->built);
	if (xp_symmod_build(m, b) == 0)
		return 0;
	if (errno == EAGAIN || ++m->failures < 3)
		return -1; /* (EAGAIN: loaded but not yet relocated; not a failure) */
	xp_symmod_built_empty(b);
	return 0;
}

/* Read m's source lines, or its inlined calls (lock held). */
static int read_debug(struct xp_symmod *m, int inlines)
{
	struct xp_symmod_built *b = atomic_load(&m->built);
	if (!b || (inlines ? atomic_load(&b->inlines) != NULL : atomic_load(&b->lines) != NULL))
		return 0;
	char *dirs = env_and_user_dirs();
	if (!dirs) {
		errno = ENOMEM;
		return -1;
	}
	int rc = inlines ? xp_symmod_inlines(m, b, dirs) : xp_symmod_lines(m, b, dirs);
	free(dirs);
	return rc;
}

/* ---- lookups ---- */

/* UNDECIDED: the scan cannot tell, the index must be built. */
enum outcome { FOUND, NOTHING, UNKNOWN_OBJECT, NOT_INDEXED, UNDECIDED };

/* For tests: every lookup in an object not yet indexed scans (the
 * lock held), none builds an index (xp_symtab_test_scan_only). */
static atomic_int scan_only;

void xp_symtab_test_scan_only(int on)
{
	atomic_store(&scan_only, on);
}

/* Up to this many objects the one holding an address is found by counting. */
#define SMALL_SNAPSHOT 48

static struct xp_symmod *module_at(const struct snapshot *s, uintptr_t addr)
{
	/* The last start at or below addr, with no branch on the data (a
	 * random address makes each comparison a coin toss). */
	size_t n = s->n, at = 0;
	if (!n || s->lo[0] > addr)
		return NULL;
	if (n <= SMALL_SNAPSHOT) {
		/* The starts at or below addr, counted: compares that do not
		 * wait on one another, unlike the halving's chain of loads. */
		size_t c0 = 0, c1 = 0, c2 = 0, c3 = 0, i = 1;
		for (; i + 4 <= n; i += 4) {
			c0 += s->lo[i] <= addr;
			c1 += s->lo[i + 1] <= addr;
			c2 += s->lo[i + 2] <= addr;
			c3 += s->lo[i + 3] <= addr;
		}
		for (; i < n; i++)
			c0 += s->lo[i] <= addr;
		at = (c0 + c1) + (c2 + c3);
	} else {
		while (n > 1) {
			size_t half = n / 2;
			at = s->lo[at + half] <= addr ? at + half : at;
			n -= half;
		}
	}
	struct xp_symmod *m = s->mods[at];
	return addr < m->hi ? m : NULL;
}


/* A module preload may index now: not one that dlopen() in another thread
 * has mapped but not yet relocated (its .opd still unrelocated).  Without
 * _dl_find_object there is no way to tell; lookups index only objects
 * they found, preload everything listed. */
static int ready_to_index(const struct xp_symmod *m)
{
#if HAVE_DL_FIND_OBJECT
	return m->is_vdso || xp_loader_knows(m, m->lo) == 1;
#else
	(void)m;
	return 1;
#endif
}

/* fresh: s was scanned by this very lookup, so counters need no check.
 * in_opd (may be NULL): set when no symbol covers addr but it lies in the
 * object's loaded .opd (descriptor ABIs), judged on the same snapshot.
 * scan: a module whose symbols this lookup, holding the builder lock,
 * answers by a scan rather than from its index. */
static enum outcome try_lookup(const struct snapshot *s, uintptr_t addr, struct xp_symbol *out,
			       struct xp_symmod **need, int fresh, int *in_opd, int lines_next,
			       const struct xp_symmod *scan)
{
	if (!s)
		return UNKNOWN_OBJECT;
	struct xp_symmod *m = module_at(s, addr);
#if HAVE_DL_FIND_OBJECT
	(void)fresh;
	/* An object the loader never unloads is there for good: no question. */
	switch (m && m->permanent ? 1 : xp_loader_knows(m, addr)) {
	case -1:
		if (!m || !m->is_vdso)
			return NOTHING; /* in no loaded object */
		break;
	case 0:
		return UNKNOWN_OBJECT;
	}
#else
	if (!fresh && !counters_match(s))
		return UNKNOWN_OBJECT;
#endif
	if (!m)
		return NOTHING;
	const struct xp_symmod_built *b = atomic_load_explicit(&m->built, memory_order_acquire);
	int scanning = b && m == scan;
	if (!scanning && !(b && atomic_load_explicit(&b->indexed, memory_order_acquire))) {
		*need = m;
		return NOT_INDEXED;
	}
	/* For a line next: its bucket loads while the symbol search runs,
	 * then its rows while the name is written. */
	const struct xp_lineidx *li = lines_next ? atomic_load_explicit(&b->lines, memory_order_acquire) : NULL;
	if (li)
		xp_lineidx_prefetch(li, addr);
	struct xp_symidx_hit hit, data_hit;
	int scanned = scanning ? xp_symmod_scan(m, b, addr, &hit, &data_hit) : 0;
	if (scanned < 0) {
		*need = m;
		return UNDECIDED;
	}
	int hit_found = scanning ? scanned == 1 : xp_symidx_find(&b->ix, addr, &hit);
	if (li)
		xp_lineidx_prefetch_rows(li, addr);
	int is_data = 0;
	if (!hit_found) {
		/* A function descriptor in .opd is read, not named as data. */
		if (in_opd && (*in_opd = xp_desc_opd_contains(&b->opd, addr)))
			return NOTHING;
		if (scanning ? scanned != 2 : !xp_symidx_find(&b->data, addr, &hit))
			return NOTHING;
		if (scanning)
			hit = data_hit;
		is_data = 1;
	}
	/* Up to a @VERSION, stored in the index unless long: then two
	 * vectorised scans beat one byte loop. */
	size_t len = hit.name_len;
	if (len == SIZE_MAX) {
		len = strlen(hit.name);
		const char *at = memchr(hit.name, '@', len);
		if (at)
			len = (size_t)(at - hit.name);
	}
	*out = (struct xp_symbol){
		.name = hit.name,
		.name_len = len,
		.start = hit.start,
		.size = hit.size,
		.offset = addr - hit.start,
		.module = m->name,
		.module_len = m->name_len,
		.build_id = b->build_id,
		.build_id_len = b->build_id_len,
		.main_program = m->is_main,
		.permanent = m->permanent,
		.map_start = m->map_start,
		.map_end = m->hi,
		.eh_frame = m->eh_frame,
		.object = m,
		.is_data = is_data,
	};
	return FOUND;
}

static int lookup(uintptr_t addr, struct xp_symbol *out, struct xp_symtab_hold *h, int *in_opd, int lines_next)
{
	h->slot = reader_enter();
	h->held = 1;
	struct xp_symmod *need = NULL;
	enum outcome r = try_lookup(atomic_load(&current), addr, out, &need, 0, in_opd, lines_next, NULL);
	if (r == FOUND || r == NOTHING)
		return r == FOUND;

	/* Slow path, under the builder lock so that no other rescan or index
	 * drop can intervene between our fix and our retry.  Leave the read
	 * side first: our own rescan may then free what we saw. */
	reader_leave(h->slot);
	h->held = 0;
	if (lock_builder() < 0)
		return 0;
	int found = 0, fresh = 0;
	for (int attempt = 0; attempt < 4; attempt++) {
		struct snapshot *s = atomic_load(&current);
		const struct xp_symmod *scan = NULL;
		if (r == UNKNOWN_OBJECT) {
			if (fresh)
				break; /* a scan as new as the loader's state lacks it */
			if (!unchanged(s) && rescan() < 0)
				break;
			fresh = 1; /* current is now as new as the loader's state */
		} else {
			/* need came from a snapshot that may be gone by now: only a
			 * module of the current one is known to be alive. */
			int alive = 0;
			for (size_t i = 0; s && i < s->n; i++)
				alive |= s->mods[i] == need;
			/* An object's first lookup scans its symbols (as cheap as
			 * reading them once); a later one builds the index. */
			int first = alive && r == NOT_INDEXED && (!atomic_load(&need->built) || atomic_load(&scan_only));
			if (alive && (first ? open_symbols(need) : index_module(need)) < 0)
				break;
			scan = alive && first ? need : NULL;
		}
		h->slot = reader_enter();
		h->held = 1;
		r = try_lookup(atomic_load(&current), addr, out, &need, fresh, in_opd, lines_next, scan);
		if (r == FOUND || r == NOTHING) {
			found = r == FOUND;
			break;
		}
		reader_leave(h->slot);
		h->held = 0;
	}
	unlock_builder();
	return found;
}

int xp_symtab_lookup(uintptr_t addr, struct xp_symbol *out, struct xp_symtab_hold *h)
{
	return lookup(addr, out, h, NULL, 0);
}

int xp_symtab_lookup_before_line(uintptr_t addr, struct xp_symbol *out, struct xp_symtab_hold *h)
{
	return lookup(addr, out, h, NULL, 1);
}

int xp_symtab_in_opd(uintptr_t addr)
{
	if (!xp_desc_native())
		return 0;
	struct xp_symbol sym;
	struct xp_symtab_hold h;
	int in = 0;
	/* The lookup indexes the object holding addr (finding its .opd) and
	 * judges on the snapshot it used: a concurrent rescan cannot make a
	 * not-yet-indexed copy of the object answer instead. */
	if (lookup(addr, &sym, &h, &in, 0))
		in = 0; /* a symbol covers it: code, not a descriptor */
	xp_symtab_release(&h);
	return in;
}

/* The first l lookup in an object reads its lines (cold, and out of the
 * way of the lookups that follow). */
static __attribute__((noinline, cold)) const struct xp_lineidx *first_lines(struct xp_symmod *m,
									 struct xp_symmod_built *b)
{
	if (lock_builder() < 0)
		return NULL;
	read_debug(m, 0);
	unlock_builder();
	return atomic_load_explicit(&b->lines, memory_order_acquire);
}

/* The first i lookup in an object reads its inlined calls. */
static __attribute__((noinline, cold)) const struct xp_inlineidx *first_inlines(struct xp_symmod *m,
									     struct xp_symmod_built *b)
{
	if (lock_builder() < 0)
		return NULL;
	read_debug(m, 1);
	unlock_builder();
	return atomic_load_explicit(&b->inlines, memory_order_acquire);
}

int xp_symtab_srcline(const struct xp_symbol *sym, uintptr_t addr, const char **file, size_t *file_len,
		      unsigned *line)
{
	struct xp_symmod *m = (struct xp_symmod *)sym->object;
	if (!m || sym->is_data) /* data has no line, as llvm-symbolizer's */
		return 0;
	/* The caller's hold keeps m and its index alive; lines are attached
	 * to the index once and never replaced. */
	struct xp_symmod_built *b = atomic_load_explicit(&m->built, memory_order_acquire);
	if (!b)
		return 0;
	const struct xp_lineidx *li = atomic_load_explicit(&b->lines, memory_order_acquire);
	if (!li && !(li = first_lines(m, b)))
		return 0;
	return xp_lineidx_find(li, addr, file, file_len, line);
}

int xp_symtab_inlines(const struct xp_symbol *sym, uintptr_t addr, struct xp_inline_walk *w)
{
	struct xp_symmod *m = (struct xp_symmod *)sym->object;
	w->index = NULL;
	w->call = XP_INLINE_NONE;
	if (!m || sym->is_data)
		return 0;
	struct xp_symmod_built *b = atomic_load_explicit(&m->built, memory_order_acquire);
	if (!b)
		return 0;
	const struct xp_inlineidx *ix = atomic_load_explicit(&b->inlines, memory_order_acquire);
	if (!ix && !(ix = first_inlines(m, b)))
		return 0;
	w->index = ix;
	w->call = xp_inlineidx_find(ix, addr);
	return w->call != XP_INLINE_NONE;
}

int xp_symtab_inline_next(struct xp_inline_walk *w, const char **name, size_t *name_len, const char **file,
			  size_t *file_len, unsigned *line)
{
	if (w->call == XP_INLINE_NONE)
		return 0;
	w->call = xp_inlineidx_call(w->index, w->call, name, name_len, file, file_len, line);
	return 1;
}

int xp_symtab_inlines_read(const struct xp_symbol *sym)
{
	const struct xp_symmod *m = sym->object;
	if (sym->is_data)
		return 1;
	const struct xp_symmod_built *b = m ? atomic_load_explicit(&m->built, memory_order_acquire) : NULL;
	return b && atomic_load_explicit(&b->inlines, memory_order_acquire) != NULL;
}

int xp_symtab_lines_read(const struct xp_symbol *sym)
{
	const struct xp_symmod *m = sym->object;
	if (sym->is_data)
		return 1; /* no line is the answer, whatever is read */
	const struct xp_symmod_built *b = m ? atomic_load_explicit(&m->built, memory_order_acquire) : NULL;
	return b && atomic_load_explicit(&b->lines, memory_order_acquire) != NULL;
}

void xp_symtab_release(struct xp_symtab_hold *h)
{
	if (h->held)
		reader_leave(h->slot);
	h->held = 0;
}

int xp_symtab_preload(void)
{
	if (lock_builder() < 0) {
		errno = EDEADLK;
		return -1;
	}
	int rc = 0;
	struct snapshot *s = atomic_load(&current);
	if (!unchanged(s))
		rc = rescan();
	s = atomic_load(&current);
	for (size_t i = 0; rc == 0 && s && i < s->n; i++) {
		if (!ready_to_index(s->mods[i]))
			continue;
		rc = index_module(s->mods[i]);
		if (rc < 0 && errno == EAGAIN) {
			rc = 0; /* reloaded meanwhile: as if not ready */
			continue;
		}
		if (rc == 0 && (rc = read_debug(s->mods[i], 0)) == 0)
			rc = read_debug(s->mods[i], 1);
	}
	reclaim();
	unlock_builder();
	return rc;
}

int xp_symtab_set_debug_path(const char *dirs)
{
	char *copy = NULL;
	if (dirs && *dirs && !(copy = strdup(dirs))) {
		errno = ENOMEM;
		return -1;
	}
	if (lock_builder() < 0) {
		free(copy);
		errno = EDEADLK;
		return -1;
	}
	free(user_dirs);
	user_dirs = copy;
	/* Modules already indexed used the old directories: start over. */
	int rc = 0;
	if (atomic_load(&current)) {
		drop_all = 1;
		rc = rescan();
	}
	unlock_builder();
	return rc;
}

void xp_symtab_stats(struct xp_symtab_stats *st)
{
	memset(st, 0, sizeof *st);
	unsigned slot = reader_enter();
	const struct snapshot *s = atomic_load(&current);
	for (size_t i = 0; s && i < s->n; i++) {
		const struct xp_symmod_built *b = atomic_load(&s->mods[i]->built);
		st->modules++;
		st->bytes += sizeof *s->mods[i] + sizeof(void *);
		if (b && atomic_load(&b->indexed)) {
			st->indexed_modules++;
			st->symbols += b->ix.n;
			st->data_symbols += b->data.n;
			st->candidates += b->candidates;
			st->data_candidates += b->data_candidates;
			st->bytes += b->ix.bytes + b->data.bytes + sizeof *b;
			st->data_bytes += b->data.bytes;
			st->name_bytes += xp_symidx_name_bytes(&b->ix) + xp_symidx_name_bytes(&b->data);
			const struct xp_lineidx *li = atomic_load(&b->lines);
			if (li) {
				st->line_modules++;
				st->line_rows += li->rows_in;
				st->line_rows_kept += li->nrows;
				st->line_bytes += li->bytes + sizeof *li;
			}
			const struct xp_inlineidx *ix = atomic_load(&b->inlines);
			if (ix) {
				st->inline_modules++;
				st->inline_calls += ix->ncalls;
				st->inline_ranges += ix->ranges_in;
				st->inline_segments += ix->nsegs;
				st->inline_bytes += ix->bytes + sizeof *ix;
			}
		}
	}
	reader_leave(slot);
}

/* A crash report is installed: the program's destructors and the exit
 * handlers that run after xp_symtab_fini may crash too, and the report
 * can build no index then. */
void xp_symtab_keep_until_exit(void)
{
	atomic_store(&keep_at_exit, 1);
}

/* Unmap everything when the library is unloaded (or the program exits),
 * unless it is kept. */
static void xp_symtab_fini(void)
{
	if (atomic_load(&keep_at_exit))
		return;
	if (!atomic_load(&current) || pthread_mutex_trylock(&lock) != 0)
		return;
	retire(atomic_exchange(&current, NULL));
	/* A reader that loaded the old pointer is counted by now; if there
	 * is one (a thread still running at exit), leave everything be. */
	if (!atomic_load(&readers[0]) && !atomic_load(&readers[1])) {
		snapshot_free(pending);
		snapshot_free(grace);
		pending = grace = NULL;
	}
	pthread_mutex_unlock(&lock);
}
