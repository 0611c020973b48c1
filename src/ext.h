/* ext.h - %p extensions.
 *
 * An extension is one file in src/ext/ with one handler, plus one row in
 * src/ext/table.c.  The handler gets the pointer, the letters that follow
 * its name (%pI4h: name "I4", letters "h") and the directive, and writes to
 * the sink.  Unless the row says the field width is the extension's own
 * argument, the caller applies width, precision and '-' to the handler's
 * whole output as for %s, running the handler once (run_padded in
 * src/convert_pointer.c says when an output longer than its scratch window
 * needs a second run, so a handler must not consume anything it cannot
 * consume again).
 *
 * Programs add rows at run time (src/ext/registered.c); the longest name wins
 * across built-in and registered rows.
 */
#ifndef XP_EXT_H
#define XP_EXT_H

#include "sink.h"
#include "spec.h"

struct xp_ext;

struct xp_ext_call {
	const void *ptr;
	const char *letters;       /* the text after the name, not terminated */
	size_t nletters;
	const struct xp_spec *spec;
	const struct xp_ext *ext;  /* the row that matched */
};

/* Returns 0, or -1 with errno set to abandon the whole format. */
typedef int (*xp_ext_fn)(struct xp_sink *s, const struct xp_ext_call *c);

enum xp_ext_flag {
	XP_EXT_OWN_WIDTH = 1u << 0, /* the field width means something else (%*ph) */
	XP_EXT_DEREF = 1u << 1,     /* reads through ptr: NULL and error pointers are caught first */
	/* An explicit field width of 0 prints nothing, checked before the
	 * pointer (the kernel's hex_string and escaped_string). */
	XP_EXT_ZERO_WIDTH_EMPTY = 1u << 2,
	/* With XP_EXT_DEREF: the handler looks at its letters before the
	 * pointer, and checks the pointer itself (xp_ext_bad_pointer) once
	 * they say it reads through it (the kernel's %pt). */
	XP_EXT_LETTERS_FIRST = 1u << 3,
};

struct xp_ext {
	const char *name;
	size_t name_len;
	xp_ext_fn fn;
	unsigned flags;
	const char *letters; /* the letters it reads after its name; NULL if registered */
};

/* The row whose name is the longest prefix of text, built-in or
 * registered, or NULL. */
const struct xp_ext *xp_ext_find(const char *text, size_t len);

/* The longest registered row longer than min_len that prefixes text, or
 * NULL (src/ext/registered.c; lock-free). */
const struct xp_ext *xp_ext_find_registered(const char *text, size_t len, size_t min_len);

/* The built-in rows (src/ext/table.c), in table order. */
extern const struct xp_ext xp_ext_builtin[];
extern const size_t xp_ext_builtin_count;

/* Is name a built-in's, now or reserved for one (%pS and friends)? */
int xp_ext_name_is_builtin(const char *name, size_t len);

/* The kernel's check_pointer(): a marker for NULL and error pointers,
 * NULL when ptr looks dereferenceable.  Any other invalid pointer is the
 * caller's responsibility, as for %s. */
const char *xp_ext_bad_pointer(const void *ptr);

/* The i-th letter after the name, or 0 past the end: handlers read their
 * letters the way the kernel reads fmt[i]. */
static inline char xp_ext_letter(const struct xp_ext_call *c, size_t i)
{
	return i < c->nletters ? c->letters[i] : 0;
}

/*
 * Was a field width given?  The parser leaves width 0 when there is none,
 * and a width written in the format never is 0 (a leading 0 is the flag),
 * so 0 means "given" only when it came from a '*' argument.  The kernel
 * tells the two apart (%ph: absent = 1 byte, %*ph with 0 = nothing).
 */
static inline int xp_ext_width_given(const struct xp_spec *sp)
{
	return sp->width != 0 || sp->width_from_arg;
}

/* Small writers shared by the handlers (src/ext/put.c). */
void xp_ext_put_hex2(struct xp_sink *s, unsigned char byte, int upper);
void xp_ext_put_dec(struct xp_sink *s, unsigned long long v);
/* v in decimal, zero-padded to at least digits characters, as %0*lld. */
void xp_ext_put_dec_padded(struct xp_sink *s, long long v, unsigned digits);
static inline void xp_ext_puts(struct xp_sink *s, const char *str)
{
	xp_put(s, str, strlen(str));
}

/* Built-in handlers (src/ext/<name>.c). */
int xp_ext_px(struct xp_sink *s, const struct xp_ext_call *c);
int xp_ext_symbol(struct xp_sink *s, const struct xp_ext_call *c);        /* %pS %pSR %pSb %pSl %pSC */
int xp_ext_symbol_name(struct xp_sink *s, const struct xp_ext_call *c);   /* %ps */
/* The letters the symbol extensions read: R ignored, b build ID, l source
 * line, C demangle, i inlined calls; and a bit for each (0: none of them). */
#define XP_SYMBOL_LETTERS "RblCi"
static inline unsigned xp_symbol_letter_bit(char c)
{
	switch (c) {
	case 'R': return 1;
	case 'b': return 2;
	case 'l': return 4;
	case 'C': return 8;
	case 'i': return 16;
	default: return 0;
	}
}
/* %pS (with_offset) or %ps, with no letter but one of those (letter 0:
 * none), no width or precision: the driver's fast path calls it without
 * the extension lookup (no registered name can be spelt so). */
void xp_ext_symbol_plain(struct xp_sink *s, const void *ptr, int with_offset, char letter);
/* The same for %pS, %ps, %pB, %pF or %pf (name) followed by nletters
 * distinct ones of those letters. */
void xp_ext_symbol_letters(struct xp_sink *s, const void *ptr, char name, const char *letters, size_t nletters);
int xp_ext_backtrace(struct xp_sink *s, const struct xp_ext_call *c);     /* %pB %pBb */
int xp_ext_function(struct xp_sink *s, const struct xp_ext_call *c);      /* %pF */
int xp_ext_function_name(struct xp_sink *s, const struct xp_ext_call *c); /* %pf */
int xp_ext_ipv4(struct xp_sink *s, const struct xp_ext_call *c);
int xp_ext_ipv6(struct xp_sink *s, const struct xp_ext_call *c);
int xp_ext_sockaddr(struct xp_sink *s, const struct xp_ext_call *c);
int xp_ext_mac(struct xp_sink *s, const struct xp_ext_call *c);
int xp_ext_uuid(struct xp_sink *s, const struct xp_ext_call *c);
int xp_ext_hex(struct xp_sink *s, const struct xp_ext_call *c);
int xp_ext_escape(struct xp_sink *s, const struct xp_ext_call *c);
int xp_ext_bitmap(struct xp_sink *s, const struct xp_ext_call *c);
int xp_ext_fourcc(struct xp_sink *s, const struct xp_ext_call *c);
int xp_ext_va(struct xp_sink *s, const struct xp_ext_call *c);
int xp_ext_time(struct xp_sink *s, const struct xp_ext_call *c);

#endif
