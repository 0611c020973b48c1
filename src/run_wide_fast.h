/* run_wide_fast.h - the wide driver's fast path (run_wide.c only): the
 * commonest directives of a sequential format without a struct xp_spec
 * from the parser.
 *
 * Plain %s, %ls, %c and %lc are written as wide text here; a value the
 * plain copy cannot take (NULL, a byte outside ASCII, WEOF, a %s that
 * does not fit in the destination's room) goes to convert_wide.c's
 * converters, as the general path would send it.  %% is a '%'.  Plain
 * %d %i %u %x %X (also with l, ll or z), %p and %0<width>x are written as wide digits
 * straight into the destination's room (wide_digits.h).  The other
 * directives whose bytes are the same in a narrow call (floats, and the
 * flags, widths and precisions of the narrow fast path) go to that fast
 * path (run_fast.h) through a narrowed copy of the directive, and the
 * sink decodes its bytes.
 */
#ifndef XP_RUN_WIDE_FAST_H
#define XP_RUN_WIDE_FAST_H

#include <stdint.h>
#include <string.h>
#include <wchar.h>

#include "args.h"
#include "chars.h"
#include "convert_wide.h"
#include "run_fast.h"
#include "sink_wide.h"
#include "spec.h"
#include "wide_digits.h"
#include "widen.h"

/* The directive's characters before its conversion that the narrow fast
 * path may take: flags '-' '0', digits, '.', and the l ll z L modifiers. */
static inline int narrowable(wchar_t c)
{
	if ((unsigned)c >= 0x80u)
		return 0;
	return xp_is_digit((unsigned char)c) || c == L'-' || c == L'.' || c == L'l' || c == L'z' ||
	       c == L'L';
}

/* Longest directive narrowed, '%' and the terminating NUL included. */
#define NARROW_MAX 32

/* The directive at pct as bytes in out: '%', the narrowable characters
 * after it, the next one and a NUL.  0 when that one is outside ASCII, s
 * or c (converted differently in a wide call), p starting an extension's
 * name, or the directive is longer than out. */
static inline int narrow_directive(const wchar_t *pct, char out[NARROW_MAX])
{
	size_t n = 0;
	out[n++] = '%';
	const wchar_t *p = pct + 1;
	while (narrowable(*p)) {
		if (n == NARROW_MAX - 2)
			return 0;
		out[n++] = (char)*p++;
	}
	wchar_t conv = *p;
	if ((unsigned)conv >= 0x80u || conv == L's' || conv == L'c' ||
	    (conv == L'p' && (unsigned)p[1] < 0x80u && xp_is_alnum((unsigned char)p[1])))
		return 0;
	out[n++] = (char)conv;
	out[n] = '\0';
	return 1;
}

/* The narrow fast path's take on the directive at pct: its bytes go to
 * the window.  NULL, having read no argument, when it declines. */
static inline const wchar_t *narrowed_directive(struct xp_wide_sink *w, const wchar_t *pct,
						struct xp_args *a)
{
	char narrow[NARROW_MAX];
	if (!narrow_directive(pct, narrow))
		return NULL;
	const char *end = fast_directive(&w->sink, narrow, a);
	return end ? pct + (end - narrow) : NULL;
}

/* A plain %s, %ls, %c or %lc of value v, converted as the general path
 * converts it. */
static __attribute__((noinline)) int convert_plain(struct xp_wide_sink *w, wchar_t conv, int wide,
						 union xp_arg v)
{
	xp_wide_sync(w);
	if (w->sink.error)
		return 0; /* a write failed: the call ends there (directive_end) */
	struct xp_spec sp = { .prec = XP_NO_PREC, .conv = (unsigned char)conv,
			      .wide = (unsigned char)wide };
	if (conv == L's')
		return xp_wide_convert_string(w, &sp, v.p);
	return xp_wide_convert_char(w, &sp, (int)v.i);
}

/* Plain %s: an ASCII string that fits goes straight into the
 * destination's room. */
static inline int fast_string(struct xp_wide_sink *w, const char *str)
{
	if (str) {
		size_t len = strlen(str);
		xp_wide_flush(w);
		if (xp_wide_room(w, len) && xp_is_ascii(str, len)) {
			xp_widen_ascii(w->wpos, str, len);
			w->wpos += len;
			w->sink.done += len;
			return 0;
		}
	}
	return convert_plain(w, L's', 0, (union xp_arg){ .p = (void *)str });
}

/* v as `digits` digits (hex: xp_hex_len(v) or more, leading zeros) after
 * a '-' when negative: straight into the destination when they fit, else
 * through the window as the narrow fast path writes them. */
static inline __attribute__((always_inline)) void wide_number(struct xp_wide_sink *w, unsigned long long v, unsigned digits,
			       int negative, int hex, int upper)
{
#ifdef XP_WIDE_DIGITS
	size_t len = digits + (size_t)negative;
	xp_wide_flush(w);
	if (xp_wide_room(w, len)) {
		wchar_t *d = w->wpos;
		*d = L'-'; /* overwritten by the first digit when not negative */
		d += negative;
		if (hex)
			xp_wput_hex(d, v, digits, upper);
		else
			xp_wput_dec(d, v, digits);
		w->wpos += len;
		w->sink.done += len;
		return;
	}
#endif
	put_number(&w->sink, v, digits, negative, hex, upper);
}

/* An optional l, ll or z at p: *size as signed_arg()'s (int, long, long
 * long, size_t).  Returns what follows. */
static inline const wchar_t *length_modifier(const wchar_t *p, unsigned *size)
{
	*size = 0;
	if (*p == L'l') {
		*size = p[1] == L'l' ? 2 : 1;
		return p + *size;
	}
	if (*p == L'z') {
		*size = 3;
		return p + 1;
	}
	return p;
}

/* %0<width>x and %0<width>X (also with l, ll or z) of up to 16 digits,
 * p after the '0': the zeros are the digits' own leading zeros.  NULL,
 * having read no argument, for any other directive. */
static inline const wchar_t *zero_padded_hex(struct xp_wide_sink *w, const wchar_t *p,
					     struct xp_args *a)
{
	if (!xp_is_digit((unsigned char)*p) || (unsigned)*p >= 0x80u)
		return NULL;
	unsigned width = (unsigned)(*p++ - L'0');
	if ((unsigned)(*p - L'0') < 10u)
		width = width * 10 + (unsigned)(*p++ - L'0');
	unsigned size;
	p = length_modifier(p, &size);
	if ((*p != L'x' && *p != L'X') || width > 16)
		return NULL;
	unsigned long long v = unsigned_arg(a, size);
	unsigned digits = xp_hex_len(v);
	wide_number(w, v, width > digits ? width : digits, 0, 1, *p == L'X');
	return p + 1;
}

/*
 * Try the fast path for the directive at pct.  Returns the character after
 * it, or NULL, having read no argument, when the general path must take
 * it.  *rc is the converter's result (convert_wide.h).
 */
static inline const wchar_t *fast_directive_wide(struct xp_wide_sink *w, const wchar_t *pct,
						 struct xp_args *a, int *rc)
{
	unsigned size;
	const wchar_t *p = length_modifier(pct + 1, &size);
	switch (*p) {
	case L'd':
	case L'i':
	case L'u': {
		int negative;
		unsigned long long mag = decimal_arg(a, size, *p != L'u', &negative);
		wide_number(w, mag, xp_dec_len(mag), negative, 0, 0);
		return p + 1;
	}
	case L'x':
	case L'X': {
		unsigned long long v = unsigned_arg(a, size);
		wide_number(w, v, xp_hex_len(v), 0, 1, *p == L'X');
		return p + 1;
	}
	case L'p': {
		if (size || ((unsigned)p[1] < 0x80u && xp_is_alnum((unsigned char)p[1])))
			return NULL; /* a %p extension */
		uintptr_t ptr = (uintptr_t)va_arg(a->ap, void *);
		if (!ptr) {
			xp_wide_write(w, L"(nil)", 5);
		} else {
			xp_wide_write(w, L"0x", 2);
			wide_number(w, ptr, xp_hex_len(ptr), 0, 1, 0);
		}
		return p + 1;
	}
	case L's':
		if (size == 0) {
			*rc = fast_string(w, va_arg(a->ap, const char *));
			return p + 1;
		}
		if (size == 1) {
			const wchar_t *ws = va_arg(a->ap, const wchar_t *);
			if (ws)
				xp_wide_write(w, ws, wcslen(ws));
			else
				*rc = convert_plain(w, L's', 1, (union xp_arg){ .p = NULL });
			return p + 1;
		}
		return NULL;
	case L'c': {
		if (size > 1)
			return NULL;
		/* btowc of an ASCII byte is itself; a wint_t but WEOF is put as
		 * any character, but for '\n', which goes to a stream as from
		 * putwc (a line-buffered one fails the call if its flush does) */
		int v = va_arg(a->ap, int);
		wchar_t c = size ? (wchar_t)v : (unsigned char)v;
		if ((size ? (wint_t)v != WEOF : (unsigned)c < 0x80u) && c != L'\n')
			xp_wide_write(w, &c, 1);
		else
			*rc = convert_plain(w, L'c', size, (union xp_arg){ .i = v });
		return p + 1;
	}
	case L'%':
		if (size)
			return NULL;
		xp_wide_write(w, L"%", 1);
		return p + 1;
	case L'0':
		if (size == 0) {
			const wchar_t *r = zero_padded_hex(w, p + 1, a);
			if (r)
				return r;
		}
		return narrowed_directive(w, pct, a);
	default:
		return narrowed_directive(w, pct, a);
	}
}

#endif
