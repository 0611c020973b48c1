/* symbol.c - %pS %ps %pSR %pB %pSb %pBb %pF %pf: code addresses by name.
 *
 *   %pS  name+0xoff/0xsize [module]     %ps  name [module]
 *   %pB  as %pS for addr-1, offset+1    letter b: [module build-id]
 *   letter l: then " (file:line)", the source line of the looked-up address
 *   letter i: l, with the inlined calls there unfolded, innermost first:
 *             " (file:line in inner; file:line in outer; file:line)"
 *   letter C: the name demangled (C++, Rust), inlined functions' too
 *   no symbol: 0x<hex of the address>, NULL included.
 * The main program gets no [module] unless b asks for its build ID. */
#include "../ext.h"

#include <errno.h>
#include <stdint.h>

#include "../../desc/desc.h"
#include "../../symtab/cache.h"
#include "../../symtab/symtab.h"
#include "../digits.h"
#include "../sink_dest.h"
#include "demangle.h"

static void put_hex(struct xp_sink *s, uintptr_t v)
{
	char buf[2 + 2 * sizeof v];
	char *p = xp_hex_backwards(buf + sizeof buf, v, 0);
	*--p = 'x';
	*--p = '0';
	xp_put(s, p, (size_t)(buf + sizeof buf - p));
}

static int has_letter(const struct xp_ext_call *c, char l)
{
	for (size_t i = 0; i < c->nletters; i++)
		if (c->letters[i] == l)
			return 1;
	return 0;
}

/* ":<line>)" ending at end (room for LINE_TAIL_MAX bytes): its start. */
#define LINE_TAIL_MAX (1 + 10 + 1)
static char *line_tail(char *end, unsigned line)
{
	*--end = ')';
	char *p = xp_dec32_backwards(end, line);
	*--p = ':';
	return p;
}

/* " (file:line)" of a line that xp_symtab_srcline found. */
static void put_line(struct xp_sink *s, const char *file, size_t file_len, unsigned line)
{
	xp_put(s, " (", 2);
	xp_put(s, file, file_len);
	char tail[LINE_TAIL_MAX];
	char *p = line_tail(tail + sizeof tail, line);
	xp_put(s, p, (size_t)(tail + sizeof tail - p));
}

/* "file:line" of a source location, "??:line" when the file is unknown. */
static void put_location(struct xp_sink *s, const char *file, size_t file_len, unsigned line)
{
	if (file)
		xp_put(s, file, file_len);
	else
		xp_put(s, "??", 2);
	char tail[LINE_TAIL_MAX];
	char *p = line_tail(tail + sizeof tail, line);
	xp_put(s, p, (size_t)(tail + sizeof tail - p - 1)); /* without the ')' */
}

/* The source line a text ends with (file NULL: none). */
struct srcline {
	const char *file;
	size_t file_len;
	unsigned line;
};

/* " (file:line in inner; call site in outer; ...; call site)" of the
 * inlined calls w found (l: the address's own line). */
static void put_inlines(struct xp_sink *s, struct xp_inline_walk w, const struct srcline *l, int demangle)
{
	const char *file = l->file;
	size_t file_len = l->file_len;
	unsigned line = l->line;
	xp_put(s, " (", 2);
	const char *name, *call_file;
	size_t name_len, call_file_len;
	unsigned call_line;
	while (xp_symtab_inline_next(&w, &name, &name_len, &call_file, &call_file_len, &call_line)) {
		put_location(s, file, file_len, line);
		xp_put(s, " in ", 4);
		if (!name)
			xp_put(s, "??", 2);
		else if (!demangle || !xp_put_demangled(s, name, name_len))
			xp_put(s, name, name_len);
		xp_put(s, "; ", 2);
		file = call_file;
		file_len = call_file_len;
		line = call_line;
	}
	put_location(s, file, file_len, line);
	xp_putc(s, ')');
}

/* After the name: +0xoff/0xsize, then [module] (with b, its build ID). */
static void put_pieces(struct xp_sink *s, const struct xp_symbol *sym, int backtrace,
		       int with_offset, int build_id)
{
	if (with_offset) {
		xp_putc(s, '+');
		put_hex(s, sym->offset + (uintptr_t)backtrace);
		xp_putc(s, '/');
		put_hex(s, sym->size);
	}
	if (!sym->main_program || build_id) {
		xp_put(s, " [", 2);
		xp_put(s, sym->module, sym->module_len);
		if (build_id && sym->build_id_len) {
			xp_putc(s, ' ');
			for (size_t i = 0; i < sym->build_id_len; i++)
				xp_ext_put_hex2(s, sym->build_id[i], 0);
		}
		xp_putc(s, ']');
	}
}

/* What the letters show of a symbol. */
struct shown {
	int backtrace;   /* %pB: the offset printed is one more */
	int with_offset; /* not %ps */
	int build_id;    /* b */
	int demangle;    /* C */
};

/* The text of sym through s: the name, its pieces, then the inlined calls
 * inl found (NULL: none), else the line, if any.  Every form's text but a
 * fast miss's (write_text) is made here, the cache's i forms included, so
 * that they are the same. */
static void put_text(struct xp_sink *s, const struct xp_symbol *sym, const struct shown *how,
		     const struct srcline *l, const struct xp_inline_walk *inl)
{
	if (!how->demangle || !xp_put_demangled(s, sym->name, sym->name_len))
		xp_put(s, sym->name, sym->name_len);
	put_pieces(s, sym, how->backtrace, how->with_offset, how->build_id);
	if (inl)
		put_inlines(s, *inl, l, how->demangle);
	else if (l->file)
		put_line(s, l->file, l->file_len, l->line);
}

/* Hex digits of v at p (which has room for 2 * sizeof v of them):
 * their count. */
static unsigned hex_digits(char *p, uintptr_t v)
{
	unsigned n = xp_hex_len(v);
	xp_hex_backwards(p + n, v, 0);
	return n;
}

/* Bytes the text of sym may take (at most): "name+0xoff/0xsize [module]",
 * then " (file:line)" when there is a file (of file_len bytes). */
static size_t text_need(const struct xp_symbol *sym, int file, size_t file_len)
{
	size_t mod_len = sym->main_program ? 0 : sym->module_len;
	return sym->name_len + 2 * (3 + 2 * sizeof(uintptr_t)) + (mod_len ? mod_len + 3 : 0) +
	       (file ? 2 + file_len + LINE_TAIL_MAX : 0);
}

/* n bytes of a name, module, path or cached text: most are under 128
 * bytes (long C++ names included), copied without a call. */
static inline __attribute__((always_inline)) void copy_piece(char *d, const char *p, size_t n)
{
	if (n <= 32) {
		xp_copy_upto32(d, p, n);
	} else if (n <= 64) {
		memcpy(d, p, 32);
		memcpy(d + n - 32, p + n - 32, 32);
	} else if (n <= 128) {
		memcpy(d, p, 32);
		memcpy(d + 32, p + 32, 32);
		memcpy(d + n - 64, p + n - 64, 32);
		memcpy(d + n - 32, p + n - 32, 32);
	} else {
		memcpy(d, p, n);
	}
}

/* The text of sym at out, "+0xoff/0xsize" only with an offset, with
 * " (file:line)" when file is not NULL: its length.  The name is copied
 * last: a random address's name is the one line of memory still loading
 * (the lookup prefetched it), and the rest is written meanwhile. */
static size_t write_text(char *out, const struct xp_symbol *sym, const char *file, size_t file_len,
			 unsigned line, const struct shown *how)
{
	char *p = out + sym->name_len;
	if (how->with_offset) {
		memcpy(p, "+0x", 3);
		p += 3;
		p += hex_digits(p, sym->offset + (uintptr_t)how->backtrace);
		memcpy(p, "/0x", 3);
		p += 3;
		p += hex_digits(p, sym->size);
	}
	if (!sym->main_program) {
		size_t mod_len = sym->module_len;
		memcpy(p, " [", 2);
		copy_piece(p + 2, sym->module, mod_len);
		p[2 + mod_len] = ']';
		p += mod_len + 3;
	}
	if (file) {
		memcpy(p, " (", 2);
		copy_piece(p + 2, file, file_len);
		p += 2 + file_len;
		char tail[LINE_TAIL_MAX];
		char *tp = line_tail(tail + sizeof tail, line);
		memcpy(p, tp, (size_t)(tail + sizeof tail - tp));
		p += tail + sizeof tail - tp;
	}
	copy_piece(out, sym->name, sym->name_len);
	return (size_t)(p - out);
}

/* A text whose length is known only once written (inlined calls, or a
 * bound over an entry's size): made in a buffer, put in the cache when it
 * fits an entry, printed whole either way.  w: the inlined calls, or NULL. */
static void emit_buffered(struct xp_sink *s, const struct xp_symcache_fill *fill, const struct xp_symbol *sym,
			  const struct shown *how, const struct srcline *l, const struct xp_inline_walk *w)
{
	char buf[XP_SYMTEXT_MAX + 1];
	struct xp_buffer_sink b;
	xp_buffer_init(&b, buf, sizeof buf);
	put_text(&b.sink, sym, how, l, w);
	size_t len = xp_sink_count(&b.sink);
	if (len > XP_SYMTEXT_MAX) {
		put_text(s, sym, how, l, w); /* longer than an entry */
		return;
	}
	struct xp_symtext t;
	t.len = (unsigned)len;
	memcpy(t.text, buf, len);
	xp_symcache_put(fill, &t, sym);
	xp_put(s, buf, len);
}

/* A plain or l form's text on a miss, written straight where it goes
 * (write_text), through the cache's copy when kept. */
static inline void emit_miss(struct xp_sink *s, const struct xp_symcache_fill *fill,
			     const struct xp_symbol *sym, const struct shown *how, const struct srcline *l, int keep)
{
	size_t need = text_need(sym, l->file != NULL, l->file_len);
	int admitted = keep && xp_symcache_admits(fill);
	if (admitted && need <= XP_SYMTEXT_MAX) {
		/* the text, for the cache too */
		struct xp_symtext t;
		t.len = (unsigned)write_text(t.text, sym, l->file, l->file_len, l->line, how);
		xp_symcache_put(fill, &t, sym);
		xp_put(s, t.text, t.len);
	} else if (admitted) {
		/* need is a bound (widest offsets and line): the text may fit */
		emit_buffered(s, fill, sym, how, l, NULL);
	} else if (need <= (size_t)(s->end - s->pos)) {
		/* not kept (an address seen once, as in a random walk): the
		 * text goes straight into the output */
		s->pos += write_text(s->pos, sym, l->file, l->file_len, l->line, how);
	} else { /* too long for the room there is */
		put_text(s, sym, how, l, NULL);
	}
}

/* A text on a miss whose length is known only once written: where
 * inlined calls (w, else NULL) cover the address, names are demangled, or
 * the build ID is printed. */
static void emit_whole_miss(struct xp_sink *s, const struct xp_symcache_fill *fill, const struct xp_symbol *sym,
			     const struct shown *how, const struct srcline *l, const struct xp_inline_walk *w,
			     int keep)
{
	if (keep && xp_symcache_admits(fill))
		emit_buffered(s, fill, sym, how, l, w);
	else
		put_text(s, sym, how, l, w); /* not kept */
}

/* A cache miss: the lookup, whose text is put in the cache.  1 when
 * printed, 0 when no symbol.  Out of line: the hits' frame stays small. */
static __attribute__((noinline)) int emit_uncached(struct xp_sink *s, uintptr_t at, enum xp_symtext_form form)
{
	int lines = form & XP_SYMTEXT_LINE;
	const struct shown how = { .backtrace = (form & XP_SYMTEXT_BACKTRACE_BIT) != 0,
				   .with_offset = !(form & XP_SYMTEXT_NAME),
				   .build_id = (form & XP_SYMTEXT_BUILD_ID_BIT) != 0,
				   .demangle = (form & XP_SYMTEXT_DEMANGLE_BIT) != 0 };
	/* write_text makes neither demangled names nor build IDs */
	int whole = how.demangle || how.build_id;
	/* Indexing opens files: errno stays the caller's (a later %m). */
	int saved_errno = errno;
	struct xp_symcache_fill fill;
	xp_symcache_begin(&fill, at, form);
	struct xp_symbol sym;
	struct xp_symtab_hold h;
	int found = lines ? xp_symtab_lookup_before_line(at, &sym, &h) : xp_symtab_lookup(at, &sym, &h);
	/* No line is an answer to keep only once the object's lines are
	 * read (not when a signal handler could not take the lock to read
	 * them); without one there is no suffix, as the kernel prints
	 * assembly. */
	struct srcline l = { NULL, 0, 0 };
	int keep = 1;
	if (found && lines && !xp_symtab_srcline(&sym, at, &l.file, &l.file_len, &l.line)) {
		l.file = NULL;
		keep = xp_symtab_lines_read(&sym);
	}
	struct xp_inline_walk w;
	if (found && form & XP_SYMTEXT_INLINE_BIT) {
		/* The inlined calls likewise, asked before they are looked
		 * for: a text made while they were not read yet (the object's
		 * first i lookup reads them, a signal handler may not) would
		 * lack them.  With none there, the text is the l form's. */
		keep = keep && xp_symtab_inlines_read(&sym);
		int inlined = xp_symtab_inlines(&sym, at, &w);
		if (inlined || whole)
			emit_whole_miss(s, &fill, &sym, &how, &l, inlined ? &w : NULL, keep);
		else
			emit_miss(s, &fill, &sym, &how, &l, keep);
	} else if (found && whole) {
		emit_whole_miss(s, &fill, &sym, &how, &l, NULL, keep);
	} else if (found) {
		emit_miss(s, &fill, &sym, &how, &l, keep);
	}
	xp_symtab_release(&h);
	errno = saved_errno;
	return found;
}

/* %pS, %ps and %pB with no letters but R, l, i, C and b: their text comes
 * from the cache, or is put there.  1 when printed, 0 when no symbol. */
static inline __attribute__((always_inline)) int emit_cached(struct xp_sink *s, uintptr_t at,
							    enum xp_symtext_form form)
{
	struct xp_symtext t;
	if (xp_symcache_get(at, form, &t)) {
		if (t.len <= (size_t)(s->end - s->pos)) {
			copy_piece(s->pos, t.text, t.len);
			s->pos += t.len;
		} else {
			xp_put_long(s, t.text, t.len);
		}
		return 1;
	}
	return emit_uncached(s, at, form);
}

/* The form bits of a letter: l, i (which implies l), C or b. */
static unsigned letter_bits(char letter)
{
	switch (letter) {
	case 'i': return XP_SYMTEXT_INLINE;
	case 'l': return XP_SYMTEXT_LINE;
	case 'C': return XP_SYMTEXT_DEMANGLE_BIT;
	case 'b': return XP_SYMTEXT_BUILD_ID_BIT;
	default: return 0;
	}
}

/* The cached form of a text: bits are its letters' (line, inline, C, b). */
static enum xp_symtext_form form_of(unsigned bits, int with_offset, int backtrace)
{
	return (enum xp_symtext_form)(bits | (with_offset ? 0u : XP_SYMTEXT_NAME) |
				      (backtrace ? XP_SYMTEXT_BACKTRACE_BIT : 0u));
}

/* Whether the letters leave a cached form: none but R, l, i, C and b; *bits
 * gets the form's bits for them. */
static int cached_form(const struct xp_ext_call *c, unsigned *bits)
{
	*bits = 0;
	for (size_t i = 0; i < c->nletters; i++) {
		unsigned b = letter_bits(c->letters[i]);
		if (!b && c->letters[i] != 'R')
			return 0;
		*bits |= b;
	}
	return 1;
}

static int emit(struct xp_sink *s, const struct xp_ext_call *c, uintptr_t addr,
		int backtrace, int with_offset, uintptr_t miss)
{
	uintptr_t at = addr - (uintptr_t)backtrace;
	unsigned bits;
	if (cached_form(c, &bits)) {
		if (!emit_cached(s, at, form_of(bits, with_offset, backtrace)))
			put_hex(s, miss);
		return 0;
	}
	struct xp_symbol sym;
	struct xp_symtab_hold h;
	int inlines = has_letter(c, 'i'), lines = inlines || has_letter(c, 'l');
	if (!(lines ? xp_symtab_lookup_before_line(at, &sym, &h) : xp_symtab_lookup(at, &sym, &h))) {
		xp_symtab_release(&h);
		put_hex(s, miss);
		return 0;
	}
	/* The line is found first, its path loading while the rest is
	 * written; without a line there is no suffix at all, as the kernel
	 * prints assembly. */
	struct srcline l = { NULL, 0, 0 };
	if (lines && xp_symtab_srcline(&sym, at, &l.file, &l.file_len, &l.line))
		__builtin_prefetch(l.file);
	struct xp_inline_walk w;
	int inlined = inlines && xp_symtab_inlines(&sym, at, &w);
	const struct shown how = { .backtrace = backtrace,
				   .with_offset = with_offset,
				   .build_id = has_letter(c, 'b'),
				   .demangle = has_letter(c, 'C') };
	put_text(s, &sym, &how, &l, inlined ? &w : NULL);
	xp_symtab_release(&h);
	return 0;
}

/* Where function pointers point at descriptors (desc/: ppc64 ELFv1, ia64),
 * %pF and %pf read the entry address first, and %pS of an address inside a
 * loaded .opd does too; everywhere else %pF/%pf are %pS/%ps.  When no
 * symbol names the result, or the descriptor cannot be read, the argument
 * itself prints in hex (the kernel would print the entry word it read). */
static int emit_code(struct xp_sink *s, const struct xp_ext_call *c,
		     enum xp_desc_use use, int with_offset)
{
	const struct xp_desc_abi *abi = xp_desc_native();
	uintptr_t p = (uintptr_t)c->ptr;
	if (!abi)
		return emit(s, c, p, use == XP_DESC_BACKTRACE, with_offset, p);
	int in_opd = use == XP_DESC_SYMBOL && xp_symtab_in_opd(p);
	int ok;
	uintptr_t code = xp_desc_code_address(abi, p, use, in_opd, &ok);
	if (!ok) {
		put_hex(s, p);
		return 0;
	}
	/* Nothing at the entry either (not a descriptor after all, or its
	 * object was dlclose()d meanwhile): the argument, as elsewhere. */
	return emit(s, c, code, use == XP_DESC_BACKTRACE, with_offset, p);
}

int xp_ext_symbol(struct xp_sink *s, const struct xp_ext_call *c)
{
	return emit_code(s, c, XP_DESC_SYMBOL, 1);
}

int xp_ext_symbol_name(struct xp_sink *s, const struct xp_ext_call *c)
{
	return emit_code(s, c, XP_DESC_SYMBOL, 0);
}

void xp_ext_symbol_plain(struct xp_sink *s, const void *ptr, int with_offset, char letter)
{
	uintptr_t p = (uintptr_t)ptr;
	if (!xp_desc_native()) {
		if (!emit_cached(s, p, form_of(letter_bits(letter), with_offset, 0)))
			put_hex(s, p);
		return;
	}
	struct xp_ext_call c = { .ptr = ptr, .letters = &letter, .nletters = (size_t)(letter != 0) };
	emit_code(s, &c, XP_DESC_SYMBOL, with_offset);
}

void xp_ext_symbol_letters(struct xp_sink *s, const void *ptr, char name, const char *letters, size_t nletters)
{
	uintptr_t p = (uintptr_t)ptr;
	int backtrace = name == 'B', with_offset = name != 's' && name != 'f';
	if (!xp_desc_native()) {
		unsigned bits = 0;
		for (size_t i = 0; i < nletters; i++)
			bits |= letter_bits(letters[i]);
		if (!emit_cached(s, p - (uintptr_t)backtrace, form_of(bits, with_offset, backtrace)))
			put_hex(s, p);
		return;
	}
	struct xp_ext_call c = { .ptr = ptr, .letters = letters, .nletters = nletters };
	enum xp_desc_use use = backtrace ? XP_DESC_BACKTRACE
			       : name == 'F' || name == 'f' ? XP_DESC_FUNCTION : XP_DESC_SYMBOL;
	emit_code(s, &c, use, with_offset);
}

int xp_ext_backtrace(struct xp_sink *s, const struct xp_ext_call *c)
{
	return emit_code(s, c, XP_DESC_BACKTRACE, 1);
}

int xp_ext_function(struct xp_sink *s, const struct xp_ext_call *c)
{
	return emit_code(s, c, XP_DESC_FUNCTION, 1);
}

int xp_ext_function_name(struct xp_sink *s, const struct xp_ext_call *c)
{
	return emit_code(s, c, XP_DESC_FUNCTION, 0);
}
