/* cache.h - the text of recently printed symbols, by address.
 *
 * A hot %pS (a log line printing the same few call sites) finds its whole
 * text here instead of searching the objects and their indexes.  Readers
 * take no lock, allocate nothing and never wait (a signal handler may read
 * while its own thread writes); writers only try-lock one entry and skip
 * it when busy.  An entry is believed only while the snapshot of loaded
 * objects is the one it was filled under (xp_symtab_generation) and, for
 * an object that dlclose() may unload, while the loader still reports for
 * the address the object the entry saw (_dl_find_object: a dlclose()d
 * object's text is never printed).  How and why this is safe: cache.c.
 */
#ifndef XP_SYMTAB_CACHE_H
#define XP_SYMTAB_CACHE_H

#include <stddef.h>
#include <stdint.h>

#include "symtab.h"

#define XP_SYMTEXT_MAX 464

/* The text as printed: "name+0xoff/0xsize [module]" (%pS), without the
 * offset and size (%ps), either followed by " (file:line)" (%pSl, %psl)
 * or by the inlined calls' " (file:line in inner; ...; file:line)" (%pSi,
 * %psi; " (file:line)" where there are none).  %pB's forms are kept under
 * the address looked up (one before the return address) with the offset
 * printed one more; the C forms with names demangled, the b forms with
 * the module's build ID.  Each form of an address is an entry of its own
 * (bit 0: line, bit 1: no offset, bit 2: inlined calls, bit 3: %pB, bit
 * 4: C, bit 5: b), so that a hit is one copy out. */
enum xp_symtext_form {
	XP_SYMTEXT_PLAIN,     /* %pS */
	XP_SYMTEXT_LINE,      /* %pSl */
	XP_SYMTEXT_NAME,      /* %ps */
	XP_SYMTEXT_NAME_LINE, /* %psl */
	XP_SYMTEXT_INLINE = 5,      /* %pSi */
	XP_SYMTEXT_NAME_INLINE = 7, /* %psi */
	XP_SYMTEXT_BACKTRACE = 8,   /* %pB */
	XP_SYMTEXT_BACKTRACE_LINE = 9,    /* %pBl */
	XP_SYMTEXT_BACKTRACE_INLINE = 13, /* %pBi */
};
#define XP_SYMTEXT_INLINE_BIT 4
#define XP_SYMTEXT_BACKTRACE_BIT 8
#define XP_SYMTEXT_DEMANGLE_BIT 16
#define XP_SYMTEXT_BUILD_ID_BIT 32
struct xp_symtext {
	unsigned len;
	char text[XP_SYMTEXT_MAX];
};

/* Map the cache's memory, if it is not mapped yet: the first index
 * build's job (under the builder's lock).  Until it is, nothing is cached. */
void xp_symcache_map(void);

/* 1 with *t filled when addr's text in that form is cached and still
 * true, else 0. */
int xp_symcache_get(uintptr_t addr, enum xp_symtext_form form, struct xp_symtext *t);

/* Filling: xp_symcache_begin before the lookup whose answer is put (an
 * index drop or rescan meanwhile makes the entry stale at once), then
 * xp_symcache_admits (1 when addr missed before, else it is remembered
 * and 0: only a second miss fills), and if it did, xp_symcache_put with
 * the symbol the text was made from. */
struct xp_symcache_fill {
	uintptr_t addr;
	unsigned generation;
	enum xp_symtext_form form;
};
void xp_symcache_begin(struct xp_symcache_fill *f, uintptr_t addr, enum xp_symtext_form form);
int xp_symcache_admits(const struct xp_symcache_fill *f);
void xp_symcache_put(const struct xp_symcache_fill *f, const struct xp_symtext *t,
		     const struct xp_symbol *sym);

/* For tests: entry i (0-3) addr's text in a form may occupy (0 and 1
 * are a pair of neighbours, found by one hash, 2 and 3 by the other), and
 * a write to an entry held open (1 claimed, 0 busy) until
 * xp_symcache_test_release. */
size_t xp_symcache_slot(uintptr_t addr, enum xp_symtext_form form, int i);
int xp_symcache_test_claim(size_t slot, const char *partial_text);
void xp_symcache_test_release(size_t slot);

#endif
