/* run_fast.h - the driver's fast path: the commonest directives formatted
 * inline, straight from the format and the va_list, without a struct
 * xp_spec.  Included by run.c (which run_avx512.c compiles a second
 * time), so that both driver loops inline these into their own copy, and
 * by the wide driver's (run_wide_fast.h).
 *
 * fast_directive takes %d %i %u %x %X (also with l, ll or z), %s %c %p %%
 * and %a %A with no flags, width or precision; and under '-'/'0' flags, a
 * width and a precision of up to 8 digits each, %s, the integers and
 * e f g a E F G A (with or without L).  Anything else it declines, having
 * read no argument, and the general path (parse, fetch, convert) formats
 * it. */
#ifndef XP_RUN_FAST_H
#define XP_RUN_FAST_H

#include <langinfo.h>
#include <stdint.h>
#include <string.h>
#include <sys/types.h>

#include "args.h"
#include "chars.h"
#include "convert.h"
#include "digits.h"
#include "ext.h"
#include "field.h"
#include "float/fast.h"
#include "float/hex.h"
#include "sink.h"
#include "spec.h"

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

/* A floating directive of the fast paths, its value already read.  Out of
 * line: its spec is then not in the loop's frame (zeroing it there took a
 * 32-byte store in the AVX-512 build, and with it a realigned frame and a
 * vzeroupper on every call of the loop). */
static __attribute__((noinline)) void convert_float_fields(struct xp_sink *s, unsigned flags,
							   unsigned width, int prec,
							   unsigned char conv, int ldbl,
							   const union xp_arg *v)
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

/* read_small_number's loop, for three digits or more. */
static int read_longer_number(const char **pp)
{
	const char *p = *pp, *start = p;
	unsigned v = 0; /* unsigned: more than 9 digits wrap, harmlessly */
	for (unsigned d; (d = (unsigned char)*p - '0') < 10u; p++)
		v = v * 10 + d;
	*pp = p;
	return p - start <= 8 ? (int)v : -1;
}

/* At most 8 digits; -1 for more (the general path then reads them).
 * Widths and precisions are mostly one or two digits: those are read
 * without the loop (a byte is read only after a digit, so never past the
 * format's NUL). */
static inline int read_small_number(const char **pp)
{
	const char *p = *pp;
	unsigned d0 = (unsigned char)p[0] - '0';
	if (d0 >= 10u)
		return 0;
	unsigned d1 = (unsigned char)p[1] - '0';
	if (d1 >= 10u) {
		*pp = p + 1;
		return (int)d0;
	}
	if ((unsigned)(unsigned char)p[2] - '0' >= 10u) {
		*pp = p + 2;
		return (int)(d0 * 10 + d1);
	}
	return read_longer_number(pp);
}

/* An optional '.' and up to 8 digits: *prec is XP_NO_PREC without them.
 * 0 for more digits (the general path then reads them). */
static inline int read_small_precision(const char **pp, int *prec)
{
	*prec = XP_NO_PREC;
	if (**pp != '.')
		return 1;
	++*pp;
	*prec = read_small_number(pp);
	return *prec >= 0;
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
	int prec;
	if (!read_small_precision(&p, &prec))
		return NULL;
	int ldbl = *p == 'L';
	if (!is_float_conv((unsigned char)p[ldbl]))
		return NULL;
	p += ldbl;
	emit_float(s, a, 0, 0, prec, (unsigned char)*p, ldbl);
	return p + 1;
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

/* A d or i (is_signed) or u argument as its magnitude and sign. */
static inline unsigned long long decimal_arg(struct xp_args *a, unsigned size, int is_signed,
					     int *negative)
{
	if (!is_signed) {
		*negative = 0;
		return unsigned_arg(a, size);
	}
	long long v = signed_arg(a, size);
	*negative = v < 0;
	return v < 0 ? 0ull - (unsigned long long)v : (unsigned long long)v;
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
	if ((flags & XP_F_ZERO) && hex && width <= 16) {
		/* %08x: the zeros are the digits' own leading zeros */
		put_number(s, v, width > digits ? width : digits, 0, 1, upper);
		return;
	}
	size_t sign = negative ? 1 : 0;
	size_t right = xp_field_open(s, flags, xp_field_fill(width, digits + sign), "-", sign);
	put_number(s, v, digits, 0, hex, upper);
	xp_field_close(s, flags, right);
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
	int prec;
	if (!read_small_precision(&p, &prec))
		return NULL;
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
	case 'i':
	case 'u': {
		/* one call for the three: the decimal writer is inlined once */
		int negative;
		unsigned long long mag = decimal_arg(a, size, *p != 'u', &negative);
		fast_padded_int(s, flags, (unsigned)width, prec, mag, negative, 10, 0);
		return p + 1;
	}
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

/* How many symbol letters start q, each at most once, with no other
 * letter or digit after them; SIZE_MAX if not so.  Nothing else can be
 * spelt so: a program cannot register a built-in's name followed by its
 * own letters. */
static inline size_t symbol_letters(const char *q)
{
	if (!xp_is_alnum((unsigned char)q[0]))
		return 0; /* none: the commonest */
	unsigned seen = 0;
	for (size_t n = 0;; n++) {
		unsigned bit = xp_symbol_letter_bit(q[n]);
		if (!bit)
			return xp_is_alnum((unsigned char)q[n]) ? SIZE_MAX : n;
		if (seen & bit)
			return SIZE_MAX;
		seen |= bit;
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
	/* One jump table for all: a length modifier is a case of its own that
	 * joins the integer cases, so that the common unmodified directive
	 * pays no test for it. */
	switch (cls) {
	case FAST_LONG:
	case FAST_SIZE:
		if (cls == FAST_SIZE) {
			size = 3;
		} else {
			size = 1;
			if (p[1] == 'l') {
				p++;
				size = 2;
			}
		}
		p++;
		cls = fast_class[(unsigned char)*p];
		if (cls == FAST_SIGNED || cls == FAST_UNSIGNED)
			goto decimal;
		if (cls == FAST_HEX || cls == FAST_HEXUP)
			goto hex;
		return NULL;
	case FAST_SIGNED:
	case FAST_UNSIGNED:
	decimal: {
		/* one call for both: the decimal writer is inlined once */
		int negative;
		unsigned long long mag = decimal_arg(a, size, cls == FAST_SIGNED, &negative);
		put_number(s, mag, xp_dec_len(mag), negative, 0, 0);
		return p + 1;
	}
	case FAST_HEX:
	case FAST_HEXUP:
	hex: {
		unsigned long long v = unsigned_arg(a, size);
		put_number(s, v, xp_hex_len(v), 0, 1, cls == FAST_HEXUP);
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
		if (xp_is_alnum((unsigned char)p[1])) {
			/* %pS %ps and with one letter, the log line's (the
			 * letters of XP_SYMBOL_LETTERS, compared inline) */
			int letter = p[2] == 'l' || p[2] == 'i' || p[2] == 'C' || p[2] == 'b' || p[2] == 'R';
			if ((p[1] == 'S' || p[1] == 's') && !xp_is_alnum((unsigned char)p[2 + letter])) {
				xp_ext_symbol_plain(s, va_arg(a->ap, void *), p[1] == 'S', letter ? p[2] : 0);
				return p + 2 + letter;
			}
			/* %pB %pF %pf, and more letters: a backtrace's, a
			 * callback's */
			size_t n = p[1] == 'S' || p[1] == 's' || p[1] == 'B' || p[1] == 'F' || p[1] == 'f'
					   ? symbol_letters(p + 2)
					   : SIZE_MAX;
			if (n != SIZE_MAX) {
				xp_ext_symbol_letters(s, va_arg(a->ap, void *), p[1], p + 2, n);
				return p + 2 + n;
			}
			return NULL; /* another %p extension */
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

#endif
