/* symtab.h - the running process's function and data symbols, for %pS and friends.
 *
 * The seam other parts use (src/ext/symbol.c, desc/): look an address up,
 * read the answer, release it.  Everything the answer points to stays
 * valid until the release, even if another thread dlclose()s the object
 * or rebuilds the index meanwhile (retired indexes are freed only after
 * every lookup that could see them has released, see loaded_objects.c).
 *
 * For desc/ (function descriptors): on ppc64 ELFv1 a function symbol's
 * value lies in .opd; symbol_reader.c makes it a candidate at the entry
 * word read from the loaded, relocated .opd (libdwfl's own resolution
 * reads the file's copy), with no section end (.opd's would bound
 * nothing).  src/ext/symbol.c reads descriptors through desc/ and asks
 * xp_symtab_in_opd() for %pS.
 *
 * Which objects: every one dl_iterate_phdr reports (main program, shared
 * objects, the vDSO), re-read when an address falls in an object the index
 * does not know yet (dlopen) and gated per lookup by _dl_find_object, so an
 * object that was dlclose()d is never named again.  Which symbols, and which
 * name wins at an address: symtab/index.h.
 */
#ifndef XP_SYMTAB_H
#define XP_SYMTAB_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

struct xp_inlineidx;

struct xp_symbol {
	const char *name;       /* not NUL-terminated at name_len: a @VERSION may follow */
	size_t name_len;
	uintptr_t start;        /* runtime address of the symbol */
	uintptr_t size;         /* st_size, or the distance to the next symbol */
	uintptr_t offset;       /* looked-up address - start */
	const char *module;     /* base name of the object, NUL-terminated */
	size_t module_len;
	const unsigned char *build_id; /* GNU build ID bytes, or NULL */
	size_t build_id_len;
	int main_program;       /* the executable: printed without [module] */
	int permanent;          /* its object is never unloaded (loaded with the program, NODELETE) */
	uintptr_t map_start, map_end, eh_frame; /* the object as _dl_find_object reports it */
	const void *object;     /* the object it came from, for xp_symtab_srcline */
	int is_data;            /* a data object (no source line) */
};

struct xp_symtab_hold {
	unsigned slot;
	int held;
};

/* 1 with *out filled, or 0 when no function or data symbol covers addr
 * (a function covering it wins over an object).  Either
 * way call xp_symtab_release(h) afterwards.  Takes no lock and allocates
 * nothing when the object holding addr is already indexed (see
 * xp_symtab_preload); otherwise indexes it first (mutex, malloc, files). */
int xp_symtab_lookup(uintptr_t addr, struct xp_symbol *out, struct xp_symtab_hold *h);
/* The same, for a caller that asks xp_symtab_srcline next: the line's
 * place starts loading into the cache during the symbol search. */
int xp_symtab_lookup_before_line(uintptr_t addr, struct xp_symbol *out, struct xp_symtab_hold *h);
void xp_symtab_release(struct xp_symtab_hold *h);

/* The source line of addr, which lies in the object sym (from a lookup
 * whose hold is still held) came from: 1 with *file (*file_len bytes,
 * NUL-terminated, valid until the release) and *line, or 0 (no line
 * tables, line 0, no row).
 * Lock-free and allocation-free once the object's lines are read (by
 * xp_symtab_preload, or by the first call for that object: mutex, malloc,
 * files; 0 when the lock cannot be taken, as in a signal handler that
 * interrupted the reader). */
int xp_symtab_srcline(const struct xp_symbol *sym, uintptr_t addr, const char **file, size_t *file_len,
		      unsigned *line);

/* Whether the lines of sym's object are read (hold still held): then a 0
 * from xp_symtab_srcline means no line, not a lock it could not take. */
int xp_symtab_lines_read(const struct xp_symbol *sym);

/* The inlined calls at addr, innermost first, as a walk: the innermost's
 * name and call site, then the call it lies in, and so on outward.  Read
 * from the object's DWARF once (by xp_symtab_preload, or by the first call
 * for that object: mutex, malloc, files; nothing when the lock cannot be
 * taken); then lock-free and allocation-free. */
struct xp_inline_walk {
	const struct xp_inlineidx *index;
	uint32_t call;
};
/* 1 when an inlined call covers addr (in sym's object, hold still held),
 * with *w at the innermost; else 0. */
int xp_symtab_inlines(const struct xp_symbol *sym, uintptr_t addr, struct xp_inline_walk *w);
/* The next call outward: 1 with its function's *name (NULL when unknown;
 * *name_len bytes) and its call site *file (NULL when unknown) and *line
 * (0 when unknown), or 0 past the outermost. */
int xp_symtab_inline_next(struct xp_inline_walk *w, const char **name, size_t *name_len, const char **file,
			  size_t *file_len, unsigned *line);
/* Whether the inlined calls of sym's object are read (as for lines). */
int xp_symtab_inlines_read(const struct xp_symbol *sym);

/* Descriptor ABIs (desc/): addr lies inside the loaded .opd of an object
 * (indexing that object first if needed), so that %pS of it dereferences. */
int xp_symtab_in_opd(uintptr_t addr);

/* Index every loaded object now, symbols and source lines.  0, or -1
 * with errno. */
int xp_symtab_preload(void);

/* While tid (a thread writing a crash report) is set, its lookups build
 * nothing: an object not yet indexed, or its lines, answer as unknown
 * (building allocates and takes the builder lock, which the crash may
 * hold).  0 lifts it. */
void xp_symtab_no_builds_for(int tid);
/* Keep the index until the process ends, even at exit (the crash report:
 * a destructor that crashes after the library's exit handler ran). */
void xp_symtab_keep_until_exit(void);

/* Extra debug-file directories (colon-separated; NULL or "" for none),
 * searched before /usr/lib/debug; drops the current index. */
int xp_symtab_set_debug_path(const char *dirs);

/* Changes whenever the snapshot of loaded objects is replaced (a rescan
 * after dlopen, an index drop): what was looked up before may differ now. */
extern __attribute__((visibility("hidden"))) atomic_uint xp_symtab_generation;

/* For tests: 1 makes every lookup in an object whose index is not built
 * answer by a scan of its symbols (as its first lookup does) and build
 * no index, unless the scan cannot tell; 0 restores the default. */
void xp_symtab_test_scan_only(int on);

/* Statistics for tests and benchmarks. */
struct xp_symtab_stats {
	size_t modules, indexed_modules;
	size_t symbols;    /* function index entries (each names one symbol) */
	size_t data_symbols; /* data index entries */
	size_t candidates; /* function symbols read from the tables */
	size_t data_candidates; /* object symbols read from the tables */
	size_t bytes;      /* index arrays (both) + per-module bookkeeping */
	size_t data_bytes; /* the data indexes' arrays alone */
	size_t name_bytes; /* the names entries refer to (in mapped files, not copied) */
	size_t line_modules;   /* objects whose lines were read (some may have none) */
	size_t line_rows;      /* line-table rows read */
	size_t line_rows_kept; /* rows the line index stores */
	size_t line_bytes;     /* line indexes, file names included */
	size_t inline_modules;  /* objects whose inlined calls were read */
	size_t inline_calls;    /* inlined calls kept */
	size_t inline_ranges;   /* their address ranges read */
	size_t inline_segments; /* segments the inline index stores */
	size_t inline_bytes;    /* inline indexes, names and paths included */
};
void xp_symtab_stats(struct xp_symtab_stats *st);

#endif
