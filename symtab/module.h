/* module.h - one loaded object and its lazily built symbol index. */
#ifndef XP_SYMTAB_MODULE_H
#define XP_SYMTAB_MODULE_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#include "../desc/desc.h"
#include "index.h"
#include "inlines.h"
#include "lines.h"

struct owned_callbacks;

struct xp_symmod_built {
	void *dwfl;        /* Dwfl *: owns the mapped files the names point into */
	struct owned_callbacks *callbacks; /* what dwfl points at */
	struct xp_symidx ix;
	/* The data objects, apart: a function covering an address wins over
	 * any object, so this index is asked only when ix has no answer. */
	struct xp_symidx data;
	const unsigned char *build_id; /* owned by dwfl */
	size_t build_id_len;
	size_t candidates; /* function symbols read (before flattening) */
	size_t data_candidates; /* object symbols read */
	struct xp_desc_opd opd; /* descriptor ABIs: the loaded .opd (no copy kept) */
	void *dwmod;       /* Dwfl_Module * of dwfl */
	unsigned char use_build_id, use_debuglink; /* the debug-file sources that worked */
	/* The source lines, NULL until read (xp_symmod_lines); then set once
	 * and never changed, empty when the object has none. */
	_Atomic(struct xp_lineidx *) lines;
	/* The inlined calls, likewise (xp_symmod_inlines). */
	_Atomic(struct xp_inlineidx *) inlines;
	/* ix, data and the counts are built (release); until then the
	 * object's addresses are answered by a scan (xp_symmod_scan). */
	atomic_int indexed;
};

struct xp_symmod {
	uintptr_t lo, hi;     /* [lo, hi): the PT_LOAD segments' span */
	uintptr_t bias;       /* dlpi_addr == link_map l_addr */
	uintptr_t dyn;        /* PT_DYNAMIC's address, 0 if none */
	uintptr_t map_start;  /* lo rounded down to a page: dlfo_map_start */
	uintptr_t eh_frame;   /* PT_GNU_EH_FRAME's address: dlfo_eh_frame */
	char *path;           /* file to read; NULL for the vDSO (read from memory) */
	char *name;           /* base name printed in [module] */
	size_t name_len;
	int is_main, is_vdso;
	/* Loaded with the program (the program's DT_NEEDED closure), or
	 * NODELETE or needed by one: the loader never unloads it.  Set
	 * before the module is published. */
	int permanent;
	int nodelete;         /* DF_1_NODELETE, and the loader had finished loading it */
	/* The GNU build ID in the loaded object's notes (length 0: none, or
	 * longer than this): a file at path with another is not this object. */
	unsigned char loaded_id[64];
	size_t loaded_id_len;
	_Atomic(struct xp_symmod_built *) built; /* NULL until indexed */
	unsigned refs;        /* snapshots holding it; registry mutex */
	unsigned failures;    /* indexing attempts that ran out of memory; registry mutex */
};

/* Open m's symbols (libdwfl, best source first) without reading them
 * all: an object's first address is answered by a scan, its second
 * builds the index.  NULL with errno ENOMEM when memory ran out or
 * libdwfl failed on a readable file (try again later); a module without
 * symbols comes back indexed, empty.
 * debug_dirs: extra directories for separate debug files ("" = none). */
struct xp_symmod_built *xp_symmod_open(const struct xp_symmod *m, const char *debug_dirs);
/* Build b's index unless built (caller serialises).  0, or -1 with errno
 * ENOMEM, or EAGAIN where the object's .opd was read before the loader
 * had relocated it (b stays as it was either way: try again later). */
int xp_symmod_build(const struct xp_symmod *m, struct xp_symmod_built *b);
/* Give up building: b's index stays empty for good. */
void xp_symmod_built_empty(struct xp_symmod_built *b);
/* What b's index would answer for addr, by a scan of its symbols (caller
 * serialises: libdwfl is not thread-safe; allocates nothing): -1 when only
 * the index can tell, else 1 with *func (a function names addr), 2 with
 * *data (an object does, and no function), or 0. */
int xp_symmod_scan(const struct xp_symmod *m, const struct xp_symmod_built *b, uintptr_t addr,
		   struct xp_symidx_hit *func, struct xp_symidx_hit *data);
void xp_symmod_built_free(struct xp_symmod_built *b);

/* Read m's line tables into b->lines unless done (caller serialises).
 * 0, or -1 with errno ENOMEM (b->lines stays NULL: try again later). */
int xp_symmod_lines(const struct xp_symmod *m, struct xp_symmod_built *b, const char *debug_dirs);

/* Read m's inlined calls into b->inlines unless done (caller serialises).
 * 0, or -1 with errno ENOMEM (b->inlines stays NULL: try again later). */
int xp_symmod_inlines(const struct xp_symmod *m, struct xp_symmod_built *b, const char *debug_dirs);

/* The find_debuginfo callback (debuginfo.c): build ID, then .gnu_debuglink
 * with its CRC, in the given directories and /usr/lib/debug; never
 * debuginfod.  userdata points at a struct xp_debuginfo_ctx. */
struct xp_debuginfo_ctx {
	const char *dirs;      /* colon-separated extra directories */
	const char *file;      /* path of the main file */
	int use_build_id, use_debuglink;
	const struct xp_symmod *mod;
};
#endif
