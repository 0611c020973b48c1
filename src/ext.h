/* ext.h - %p extensions.
 *
 * An extension is one file in src/ext/ with one handler, plus one row in
 * src/ext/table.c.  The handler gets the pointer, the letters that follow
 * its name (%pI4h: name "I4", letters "h") and the directive, and writes to
 * the sink.  Unless the row says the field width is the extension's own
 * argument, the caller applies width, precision and '-' to the handler's
 * whole output as for %s (the handler may then run twice: once to measure).
 */
#ifndef XP_EXT_H
#define XP_EXT_H

#include "sink.h"
#include "spec.h"

struct xp_ext_call {
	const void *ptr;
	const char *letters;
	size_t nletters;
	const struct xp_spec *spec;
};

/* Returns 0, or -1 with errno set to abandon the whole format. */
typedef int (*xp_ext_fn)(struct xp_sink *s, const struct xp_ext_call *c);

enum xp_ext_flag {
	XP_EXT_OWN_WIDTH = 1u << 0, /* the field width means something else (%*ph) */
	XP_EXT_DEREF = 1u << 1,     /* reads through ptr: NULL and error pointers are caught first */
};

struct xp_ext {
	const char *name;
	xp_ext_fn fn;
	unsigned flags;
};

/* The handler whose name is the longest prefix of text, or NULL. */
const struct xp_ext *xp_ext_find(const char *text, size_t len);

/* The kernel's check_pointer(): a marker for NULL and error pointers,
 * NULL when ptr looks dereferenceable. */
const char *xp_ext_bad_pointer(const void *ptr);

/* Built-in handlers (src/ext/<name>.c). */
int xp_ext_px(struct xp_sink *s, const struct xp_ext_call *c);
int xp_ext_symbol(struct xp_sink *s, const struct xp_ext_call *c);        /* %pS %pSR %pSb */
int xp_ext_symbol_name(struct xp_sink *s, const struct xp_ext_call *c);   /* %ps */
int xp_ext_backtrace(struct xp_sink *s, const struct xp_ext_call *c);     /* %pB %pBb */
int xp_ext_function(struct xp_sink *s, const struct xp_ext_call *c);      /* %pF */
int xp_ext_function_name(struct xp_sink *s, const struct xp_ext_call *c); /* %pf */

#endif
