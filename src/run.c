/* run.c - the driver loop: literal text, then for each directive
 * parse (parse.c) -> fetch (args.h) -> convert (convert_*.c) -> sink.
 *
 * The commonest directives (%d %u %x %X %s %c %p %% with no flags, width
 * or precision, optionally with l, ll or z; and e f g a E F G A, with or
 * without L) are handled inline, also under '-'/'0' flags, a digit width
 * and a digit precision; everything else takes the general path.
 * Positional formats run the same loop over a table of arguments fetched
 * up front.  Built twice: as xp_run, and as xp_run_avx512 (run_avx512.c). */
#define _GNU_SOURCE
#include "run.h"

#include <errno.h>
#include <langinfo.h>
#include <limits.h>
#include <stdint.h>
#include <string.h>
#include <sys/types.h>

#include "convert.h"
#include "ext.h"
#include "digits.h"
#include "float_fast.h"
#include "float_hex.h"
#include "spec.h"

#ifndef XP_RUN_NAME
#define XP_RUN_NAME xp_run
#define XP_RUN_PLAIN 1
#endif

/* Read '*' widths and precisions; a negative width means '-'.  On
 * glibc's positional path (glibc_positional) a '0' flag stays with it. */
static void resolve_star(struct xp_args *a, struct xp_spec *sp, int glibc_positional)
{
	if (sp->width_from_arg) {
		int w = (int)xp_fetch(a, XP_A_INT, sp->width_argno).i;
		if (sp->width_from_arg == 1) {
			if (w < 0) {
				if (glibc_positional && (sp->flags & XP_F_ZERO))
					sp->flags |= XP_F_ZERO_LEFT;
				sp->flags = (sp->flags | XP_F_LEFT) & ~XP_F_ZERO;
				sp->width = 0u - (unsigned)w;
			} else {
				sp->width = (unsigned)w;
			}
		}
	}
	if (sp->prec_from_arg) {
		int p = (int)xp_fetch(a, XP_A_INT, sp->prec_argno).i;
		sp->prec = p < 0 ? XP_NO_PREC : p;
	}
}

static int convert(struct xp_sink *s, struct xp_spec *sp, struct xp_args *a, int saved_errno)
{
	union xp_arg v = xp_fetch(a, sp->type, sp->argno);
	switch (sp->conv) {
	case 'd': case 'i': case 'u': case 'o': case 'x': case 'X': case 'b': case 'B':
		xp_convert_int(s, sp, v.i);
		return 0;
	case 's': case 'S':
		return xp_convert_string(s, sp, v.p);
	case 'c': case 'C':
		return xp_convert_char(s, sp, (int)v.i);
	case 'p':
		return xp_convert_pointer(s, sp, v.p);
	case 'e': case 'E': case 'f': case 'F': case 'g': case 'G': case 'a': case 'A':
		return xp_convert_float(s, sp, &v);
	case 'n':
		xp_convert_count(sp, v.p, xp_sink_count(s));
		return 0;
	case 'm':
		xp_convert_errno(s, sp, saved_errno);
		return 0;
	case '%':
		xp_putc(s, '%');
		return 0;
	default:
		xp_convert_unknown(s, sp);
		return 0;
	}
}

/* Fast-path classes of the byte after '%' (and after an l/ll/z). */
enum { FAST_NO, FAST_SIGNED, FAST_UNSIGNED, FAST_HEX, FAST_HEXUP, FAST_STR, FAST_CHAR,
       FAST_PTR, FAST_PERCENT, FAST_LONG, FAST_SIZE, FAST_FIELD, FAST_HEXFLOAT };

static const unsigned char fast_class[256] = {
	['d'] = FAST_SIGNED, ['i'] = FAST_SIGNED, ['u'] = FAST_UNSIGNED,
	['x'] = FAST_HEX, ['X'] = FAST_HEXUP, ['s'] = FAST_STR, ['c'] = FAST_CHAR,
	['p'] = FAST_PTR, ['%'] = FAST_PERCENT, ['l'] = FAST_LONG, ['z'] = FAST_SIZE,
	['-'] = FAST_FIELD, ['0'] = FAST_FIELD, ['1'] = FAST_FIELD, ['2'] = FAST_FIELD,
	['3'] = FAST_FIELD, ['4'] = FAST_FIELD, ['5'] = FAST_FIELD, ['6'] = FAST_FIELD,
	['7'] = FAST_FIELD, ['8'] = FAST_FIELD, ['9'] = FAST_FIELD, ['.'] = FAST_FIELD,
	['e'] = FAST_FIELD, ['E'] = FAST_FIELD, ['f'] = FAST_FIELD, ['F'] = FAST_FIELD,
	['g'] = FAST_FIELD, ['G'] = FAST_FIELD, ['a'] = FAST_HEXFLOAT, ['A'] = FAST_HEXFLOAT,
	['L'] = FAST_FIELD,
};

/* A floating directive of the fast paths, its value already read. */
static void convert_float_fields(struct xp_sink *s, unsigned flags, unsigned width, int prec,
				 unsigned char conv, int ldbl, const union xp_arg *v)
{
	struct xp_spec sp = {0};
	sp.flags = flags;
	sp.width = width;
	sp.prec = prec;
	sp.conv = conv;
	sp.ldbl = (unsigned char)ldbl;
	sp.type = ldbl ? XP_A_LDOUBLE : XP_A_DOUBLE;
	xp_convert_float(s, &sp, v);
}

/* A floating directive of the fast paths: read the value, convert it. */
static inline void emit_float(struct xp_sink *s, struct xp_args *a, unsigned flags, unsigned width,
			      int prec, unsigned char conv, int ldbl)
{
	union xp_arg v;
	if (ldbl) {
		v.ld = va_arg(a->ap, long double);
	} else {
		v.d = va_arg(a->ap, double);
		if (xp_fast_double(s, v.d, flags, width, prec, conv))
			return;
	}
	convert_float_fields(s, flags, width, prec, conv, ldbl, &v);
}

/* At most 8 digits; -1 for more (the general path then reads them). */
static int read_small_number(const char **pp)
{
	const char *p = *pp, *start = p;
	unsigned v = 0; /* unsigned: more than 9 digits wrap, harmlessly */
	for (unsigned d; (d = (unsigned char)*p - '0') < 10u; p++)
		v = v * 10 + d;
	*pp = p;
	return p - start <= 8 ? (int)v : -1;
}

/* e f g a E F G A */
static int is_float_conv(unsigned char c)
{
	switch (c) {
	case 'e': case 'E': case 'f': case 'F': case 'g': case 'G': case 'a': case 'A':
		return 1;
	default:
		return 0;
	}
}

/* The plainest float shapes, %[.prec][L]conv, parsed with less than
 * fast_field needs; NULL (no argument read) for anything else. */
static inline const char *fast_float(struct xp_sink *s, const char *p, struct xp_args *a)
{
	int prec = XP_NO_PREC;
	if (*p == '.') {
		p++;
		prec = read_small_number(&p);
		if (prec < 0)
			return NULL;
	}
	int ldbl = *p == 'L';
	if (!is_float_conv((unsigned char)p[ldbl]))
		return NULL;
	p += ldbl;
	emit_float(s, a, 0, 0, prec, (unsigned char)*p, ldbl);
	return p + 1;
}

static int is_alnum(unsigned char c)
{
	return (unsigned)(c - '0') < 10u || (unsigned)((c | 0x20) - 'a') < 26u;
}

static inline unsigned digit_count(unsigned long long v, int hex)
{
	return hex ? xp_hex_len(v) : xp_dec_len(v);
}

/* put_number near the end of a bounded buffer (the window too short):
 * rare, so out of the way of the inlined fast path. */
static __attribute__((noinline, cold)) void put_number_staged(struct xp_sink *s,
							     unsigned long long v,
							     unsigned digits, int negative,
							     int hex, int upper)
{
	char buf[24];
	char *end = buf + sizeof buf;
	char *str = end - digits;
	if (hex)
		xp_hex_exact(str, v, digits, upper);
	else
		xp_dec_backwards(end, v);
	if (negative)
		*--str = '-';
	s->drain(s, str, (size_t)(end - str)); /* what xp_put does: they do not fit */
}

/* v as `digits` digits (digit_count() of them, or more for hex: leading
 * zeros), after a '-' when negative, written straight into the sink's
 * window when they fit (see digits.h for why not through a buffer).
 * always_inline: at -O2 (the default build) GCC kept it out of line, and
 * the call is a large share of a short integer directive's cost. */
static inline __attribute__((always_inline)) void put_number(struct xp_sink *s, unsigned long long v, unsigned digits,
			      int negative, int hex, int upper)
{
	size_t len = digits + (size_t)negative;
	if (len <= (size_t)(s->end - s->pos)) {
		if (negative)
			*s->pos = '-';
		char *end = s->pos + len;
		if (hex)
			xp_hex_exact(end - digits, v, digits, upper);
		else
			xp_dec_backwards(end, v);
		s->pos = end;
		return;
	}
	put_number_staged(s, v, digits, negative, hex, upper);
}

/* An integer directive of the fast path: conv is d/i/u/x/X. */
static inline void fast_int(struct xp_sink *s, unsigned cls, unsigned long long v, int negative)
{
	int hex = cls == FAST_HEX || cls == FAST_HEXUP;
	put_number(s, v, digit_count(v, hex), negative, hex, cls == FAST_HEXUP);
}

/* The fast path's integer arguments; size 0: int, 1: long, 2: long long,
 * 3: size_t. */
static inline long long signed_arg(struct xp_args *a, unsigned size)
{
	switch (size) {
	case 0: return va_arg(a->ap, int);
	case 1: return va_arg(a->ap, long);
	case 2: return va_arg(a->ap, long long);
	default: return (long long)va_arg(a->ap, ssize_t);
	}
}

static inline unsigned long long unsigned_arg(struct xp_args *a, unsigned size)
{
	switch (size) {
	case 0: return va_arg(a->ap, unsigned);
	case 1: return va_arg(a->ap, unsigned long);
	case 2: return va_arg(a->ap, unsigned long long);
	default: return va_arg(a->ap, size_t);
	}
}

/* An integer under '-'/'0' and a width; a precision goes the general way.
 * always_inline: GCC kept it out of line, a call per "%08x". */
static inline __attribute__((always_inline)) void fast_padded_int(struct xp_sink *s, unsigned flags, unsigned width, int prec,
				   unsigned long long v, int negative, unsigned base, int upper)
{
	if (prec >= 0) {
		xp_emit_number_fields(s, flags, width, prec, v, negative, base, upper);
		return;
	}
	int hex = base == 16;
	unsigned digits = digit_count(v, hex);
	size_t len = digits + (size_t)negative;
	size_t fill = width > len ? width - len : 0;
	if (flags & XP_F_ZERO) {
		if (hex && width <= 16) {
			/* %08x: the zeros are the digits' own leading zeros */
			put_number(s, v, width > digits ? width : digits, 0, 1, upper);
			return;
		}
		if (negative)
			xp_putc(s, '-');
		xp_pad(s, '0', fill);
		put_number(s, v, digits, 0, hex, upper);
		return;
	}
	if (!(flags & XP_F_LEFT))
		xp_pad(s, ' ', fill);
	put_number(s, v, digits, negative, hex, upper);
	if (flags & XP_F_LEFT)
		xp_pad(s, ' ', fill);
}

/* %s under '-', a width and a precision (XP_NO_PREC: none). */
static inline void field_string(struct xp_sink *s, const char *str, unsigned flags, unsigned width,
				int prec)
{
	if (!str)
		str = prec >= 0 && prec < 6 ? "" : "(null)";
	size_t len;
	if (prec < 0) {
		len = strlen(str);
	} else if (prec <= 4) {
		/* As many steps as the precision (fixed by the format), each
		 * reading the byte at the count so far: a byte before the
		 * precision that is not past the NUL.  No branch on where the
		 * string ends, which is as random as the data. */
		len = 0;
		for (int i = 0; i < prec; i++)
			len += str[len] != 0;
	} else if (prec <= 16) {
		/* a few bytes: cheaper than the call */
		for (len = 0; len < (size_t)prec && str[len]; len++)
			;
	} else {
		len = strnlen(str, (size_t)prec);
	}
	xp_emit_padded_fields(s, width, (flags & XP_F_LEFT) != 0, str, len);
}

/*
 * Directives with '-'/'0' flags, a digit width and a digit precision, the
 * shapes of aligned output ("%-20s", "%08x", "%10.3s", "%5lu", "%.2f",
 * "%8.3Lf").  p points
 * after '%'.  Returns NULL, having read no argument, for anything else.
 */
static const char *fast_field(struct xp_sink *s, const char *p, struct xp_args *a)
{
	unsigned flags = 0;
	for (;; p++) {
		if (*p == '-')
			flags |= XP_F_LEFT;
		else if (*p == '0')
			flags |= XP_F_ZERO;
		else
			break;
	}
	if (flags & XP_F_LEFT)
		flags &= ~XP_F_ZERO;
	int width = read_small_number(&p);
	if (width < 0 || *p == '$')
		return NULL;
	int prec = XP_NO_PREC;
	if (*p == '.') {
		p++;
		prec = read_small_number(&p);
		if (prec < 0)
			return NULL;
	}
	unsigned size = 0; /* as signed_arg() */
	switch (*p) {
	case 's':
		field_string(s, va_arg(a->ap, const char *), flags, (unsigned)width, prec);
		return p + 1;
	case 'e': case 'E': case 'f': case 'F': case 'g': case 'G': case 'a': case 'A':
		emit_float(s, a, flags, (unsigned)width, prec, (unsigned char)*p, 0);
		return p + 1;
	case 'L':
		if (!is_float_conv((unsigned char)p[1]))
			return NULL;
		emit_float(s, a, flags, (unsigned)width, prec, (unsigned char)p[1], 1);
		return p + 2;
	case 'l':
		size = p[1] == 'l' ? 2 : 1;
		p += size;
		break;
	case 'z':
		size = 3;
		p++;
		break;
	default:
		break;
	}
	switch (*p) {
	case 'd':
	case 'i': {
		long long v = signed_arg(a, size);
		unsigned long long mag = v < 0 ? 0ull - (unsigned long long)v : (unsigned long long)v;
		fast_padded_int(s, flags, (unsigned)width, prec, mag, v < 0, 10, 0);
		return p + 1;
	}
	case 'u':
		fast_padded_int(s, flags, (unsigned)width, prec, unsigned_arg(a, size), 0, 10, 0);
		return p + 1;
	case 'x':
		fast_padded_int(s, flags, (unsigned)width, prec, unsigned_arg(a, size), 0, 16, 0);
		return p + 1;
	case 'X':
		fast_padded_int(s, flags, (unsigned)width, prec, unsigned_arg(a, size), 0, 16, 1);
		return p + 1;
	default:
		return NULL; /* %ls (wide) among them */
	}
}

/*
 * Try the fast path for the directive at pct.  Returns the byte after it,
 * or NULL when the general path must handle it.
 */
static inline const char *fast_directive(struct xp_sink *s, const char *pct, struct xp_args *a)
{
	const char *p = pct + 1;
	unsigned cls = fast_class[(unsigned char)*p];
	unsigned size = 0; /* as signed_arg() */
	if (cls == FAST_LONG) {
		p++;
		size = 1;
		if (*p == 'l') {
			p++;
			size = 2;
		}
		cls = fast_class[(unsigned char)*p];
		if (cls < FAST_SIGNED || cls > FAST_HEXUP)
			return NULL;
	} else if (cls == FAST_SIZE) {
		p++;
		size = 3;
		cls = fast_class[(unsigned char)*p];
		if (cls < FAST_SIGNED || cls > FAST_HEXUP)
			return NULL;
	}
	switch (cls) {
	case FAST_SIGNED: {
		long long v = signed_arg(a, size);
		unsigned long long mag = v < 0 ? 0ull - (unsigned long long)v : (unsigned long long)v;
		fast_int(s, cls, mag, v < 0);
		return p + 1;
	}
	case FAST_UNSIGNED:
	case FAST_HEX:
	case FAST_HEXUP: {
		unsigned long long v = unsigned_arg(a, size);
		fast_int(s, cls, v, 0);
		return p + 1;
	}
	case FAST_STR: {
		const char *str = va_arg(a->ap, const char *);
		if (!str)
			str = "(null)";
		size_t len = strlen(str);
		if (__builtin_expect(xp_overlaps_output(s, str, len, len), 0))
			xp_emit_overlapping(s, 0, 0, str, len);
		else
			xp_put(s, str, len);
		return p + 1;
	}
	case FAST_CHAR:
		xp_putc(s, (char)va_arg(a->ap, int));
		return p + 1;
	case FAST_PTR: {
		if (is_alnum((unsigned char)p[1])) {
			/* Plain %pS %ps %pSl %psl, the log line's: no name but
			 * the built-in's can be spelt so (nothing registers "S"
			 * or a built-in followed by its letters). */
			int line = p[2] == 'l';
			if ((p[1] == 'S' || p[1] == 's') && !is_alnum((unsigned char)p[2 + line])) {
				xp_ext_symbol_plain(s, va_arg(a->ap, void *), p[1] == 'S', line);
				return p + 2 + line;
			}
			return NULL; /* a %p extension */
		}
		void *ptr = va_arg(a->ap, void *);
		if (!ptr) {
			xp_put(s, "(nil)", 5);
		} else {
			xp_put(s, "0x", 2);
			put_number(s, (uintptr_t)ptr, xp_hex_len((uintptr_t)ptr), 0, 1, 0);
		}
		return p + 1;
	}
	case FAST_PERCENT:
		xp_putc(s, '%');
		return p + 1;
	case FAST_HEXFLOAT: {
		/* plain %a/%A of a double: bits to digits, nothing to parse */
		union xp_arg v;
		v.d = va_arg(a->ap, double);
		if (!xp_float_hex_plain(s, v.d, *p == 'A', nl_langinfo(RADIXCHAR)))
			convert_float_fields(s, 0, 0, XP_NO_PREC, (unsigned char)*p, 0, &v);
		return p + 1;
	}
	case FAST_FIELD: {
		const char *r = *p == '.' || *p > '9' ? fast_float(s, p, a) : NULL;
		return r ? r : fast_field(s, p, a);
	}
	default:
		return NULL;
	}
}

/* The bytes that end a literal run: '%' and the terminating NUL. */
static const unsigned char literal_stop[256] = { [0] = 1, ['%'] = 1 };

/* Where the literal text at p ends.  Runs are usually short: the first
 * eight bytes are looked at inline, one table lookup each, never a byte
 * past a stop; longer runs go to strchrnul. */
static inline const char *literal_end(const char *p)
{
#pragma GCC unroll 8
	for (int i = 0; i < 8; i++)
		if (literal_stop[(unsigned char)p[i]])
			return p + i;
	return strchrnul(p + 8, '%');
}

/* The loop over the format from p.  In sequential mode it stops at the
 * first n$ directive and records it in st->resume. */
void XP_RUN_NAME(struct xp_sink *s, const char *p, struct xp_args *a, struct run_state *st)
{
	for (;;) {
		const char *pct = literal_end(p);
		if (pct != p)
			xp_put(s, p, (size_t)(pct - p));
		if (!*pct)
			return;

		if (!a->table) {
			const char *next = fast_directive(s, pct, a);
			if (next) {
				p = next;
				continue;
			}
		}

		/* Nothing on the fast path changes errno, and a memory sink's
		 * writes leave it alone: %m's errno can be read this late. */
		if (st->errno_unread) {
			st->saved_errno = errno;
			st->errno_unread = 0;
		}
		struct xp_spec sp;
		int overflow = 0;
		p = xp_parse_directive(pct + 1, &sp, &overflow);
		if (overflow) {
			st->err = EOVERFLOW;
			return;
		}
		if (sp.positional && !a->table) {
			st->slow = 1;
			st->resume = pct;
			return;
		}
		if (a->table)
			xp_args_number(&sp, &a->next_seq);
		/* glibc's positional path: after a n$ or from an unknown
		 * conversion on (this one included) */
		resolve_star(a, &sp, a->table || st->slow || sp.glibc_slow);

		if (!sp.conv) {
			if (!st->slow) {
				st->err = EINVAL;
				return;
			}
			xp_convert_unknown(s, &sp);
			return;
		}
		if (sp.glibc_slow)
			st->slow = 1;
		if (convert(s, &sp, a, st->saved_errno) < 0) {
			st->err = errno;
			return;
		}
		if (s->error) {
			st->err = s->error;
			return;
		}
		if (xp_sink_count(s) > INT_MAX) {
			st->err = EOVERFLOW;
			return;
		}
	}
}

#ifdef XP_RUN_PLAIN
/* The wide driver (run_wide.c) reads '*' and '*m$' exactly as this loop. */
void xp_run_resolve_star(struct xp_args *a, struct xp_spec *sp, int glibc_positional)
{
	resolve_star(a, sp, glibc_positional);
}
#endif
