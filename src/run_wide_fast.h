/* run_wide_fast.h - the wide driver's fast path (run_wide.c only): the
 * commonest directives of a sequential format without a struct xp_spec
 * from the parser.
 *
 * Plain %s, %ls, %c and %lc are written as wide text here; a value the
 * plain copy cannot take (NULL, a byte outside ASCII, WEOF, a %s that
 * does not fit in the destination's room) goes to convert_wide.c's
 * converters, as the general path would send it.  The directives whose
 * bytes are the same in a narrow call (integers, %p, %%, floats, with the
 * narrow fast path's flags, widths and precisions) go to that fast path
 * (run_fast_call.c) through a narrowed copy of the directive.
 */
#ifndef XP_RUN_WIDE_FAST_H
#define XP_RUN_WIDE_FAST_H

#include <string.h>
#include <wchar.h>

#include "args.h"
#include "chars.h"
#include "convert_wide.h"
#include "run.h"
#include "sink_wide.h"
#include "spec.h"
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

/* A plain %s, %ls, %c or %lc of value v, converted as the general path
 * converts it. */
static __attribute__((noinline)) int convert_plain(struct xp_wide_sink *w, wchar_t conv, int wide,
						 union xp_arg v)
{
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

/*
 * Try the fast path for the directive at pct.  Returns the character after
 * it, or NULL, having read no argument, when the general path must take
 * it.  *rc is the converter's result (convert_wide.h).
 */
static inline const wchar_t *fast_directive_wide(struct xp_wide_sink *w, const wchar_t *pct,
						 struct xp_args *a, int *rc)
{
	const wchar_t *p = pct + 1;
	int wide = *p == L'l';
	p += wide;
	switch (*p) {
	case L's':
		if (wide) {
			const wchar_t *ws = va_arg(a->ap, const wchar_t *);
			if (ws)
				xp_wide_write(w, ws, wcslen(ws));
			else
				*rc = convert_plain(w, L's', 1, (union xp_arg){ .p = NULL });
		} else {
			*rc = fast_string(w, va_arg(a->ap, const char *));
		}
		return p + 1;
	case L'c': {
		/* btowc of an ASCII byte is itself; a wint_t but WEOF is put as
		 * any character */
		int v = va_arg(a->ap, int);
		wchar_t c = wide ? (wchar_t)v : (unsigned char)v;
		if (wide ? (wint_t)v != WEOF : (unsigned)c < 0x80u)
			xp_wide_write(w, &c, 1);
		else
			*rc = convert_plain(w, L'c', wide, (union xp_arg){ .i = v });
		return p + 1;
	}
	default: {
		char narrow[NARROW_MAX];
		if (!narrow_directive(pct, narrow))
			return NULL;
		const char *end = xp_run_fast_directive(&w->sink, narrow, a);
		return end ? pct + (end - narrow) : NULL;
	}
	}
}

#endif
