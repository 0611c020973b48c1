/* run.c - the driver loop: literal text, then for each directive
 * parse (parse.c) -> fetch (args.h) -> convert (convert_*.c) -> sink.
 *
 * The commonest directives of a sequential format take a fast path
 * (run_fast.h) that formats them straight from the format and the
 * va_list; everything else takes the general one.  Positional formats run
 * the same loop over a table of arguments fetched up front, all on the
 * general path.  Built twice: as xp_run, and as xp_run_avx512
 * (run_avx512.c). */
#define _GNU_SOURCE
#include "run.h"

#include <errno.h>
#include <limits.h>
#include <string.h>

#include "convert.h"
#include "hot_text.h"
#include "run_fast.h"
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

/* What both drivers do with a directive just parsed: EOVERFLOW for a
 * number that did not fit; in sequential mode, a n$ stops the run (the
 * caller records where, for the positional restart); else the
 * directive's argument numbers and '*' values.  0 to go on; 1 to stop at
 * a n$ (*slow set); -1 to stop with *err. */
static inline int directive_args(struct xp_args *a, struct xp_spec *sp, int overflow, int *slow,
				 int *err)
{
	if (overflow) {
		*err = EOVERFLOW;
		return -1;
	}
	if (sp->positional && !a->table) {
		*slow = 1;
		return 1;
	}
	if (a->table)
		xp_args_number(sp, &a->next_seq);
	/* glibc's positional path: after a n$ or from an unknown conversion
	 * on (this one included), in wide formats too */
	resolve_star(a, sp, a->table || *slow || sp->glibc_slow);
	return 0;
}

/* A floating conversion's value, fetched where its address is taken. */
static int convert_float_arg(struct xp_sink *s, struct xp_spec *sp, struct xp_args *a)
{
	union xp_arg v = xp_fetch(a, sp->type, sp->argno);
	return xp_convert_float(s, sp, &v);
}

/* The general path's conversion.  In a sequential format, what the fast
 * path takes (run_fast.h) never comes here: %% always; %d %i %u %x %X %s
 * %c %p and %a %A plain or with l/ll/z; and the '-'/'0'/width/precision
 * shapes of %s, those integers and the floats.  It gets everything of a
 * positional format, and of a sequential one whatever has another flag
 * ('+', ' ', '#', '\''), a '*', a width or precision of more than 8
 * digits, an h, hh, j, t or q length, a wide %lc/%ls, a %p extension or a
 * padded %p or %c, and %o %b %B %C %S %n %m and unknown conversions. */
static __attribute__((noinline)) int convert(struct xp_sink *s, struct xp_spec *sp, struct xp_args *a,
					     int saved_errno)
{
	/* Only a float's value is passed by address: any other stays out of
	 * memory (the copy of a whole union after an 8-byte store made the
	 * store fail to forward to the wider load). */
	if (sp->type == XP_A_DOUBLE || sp->type == XP_A_LDOUBLE)
		return convert_float_arg(s, sp, a);
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

/* One directive at pct on the general path: parse, fetch, convert.
 * Returns where the format goes on, or NULL when the run stops (the end
 * of an unknown conversion's output, an error in st->err, or a n$ met in
 * sequential mode, recorded in st->resume).  Out of line: its locals and
 * their addresses would otherwise be set up on every call of the loop. */
static __attribute__((noinline)) const char *general_directive(struct xp_sink *s, const char *pct,
							       struct xp_args *a,
							       struct run_state *st)
{
	/* Nothing on the fast path changes errno, and a memory sink's writes
	 * leave it alone: %m's errno can be read this late. */
	if (st->errno_unread) {
		st->saved_errno = errno;
		st->errno_unread = 0;
	}
	/* A write failed (a stream's, a heap string's): glibc's vfprintf
	 * stops at the piece that failed, so no later directive runs (a %n
	 * stores nothing). */
	if (s->error) {
		st->err = s->error;
		return NULL;
	}
	struct xp_spec sp;
	int overflow = 0;
	const char *next = xp_parse_directive(pct + 1, &sp, &overflow);
	int stop = directive_args(a, &sp, overflow, &st->slow, &st->err);
	if (stop) {
		if (stop > 0)
			st->resume = pct;
		return NULL;
	}

	if (!sp.conv) {
		if (!st->slow)
			st->err = EINVAL;
		else
			xp_convert_unknown(s, &sp);
		return NULL;
	}
	if (sp.glibc_slow)
		st->slow = 1;
	if (convert(s, &sp, a, st->saved_errno) < 0) {
		st->err = errno;
		return NULL;
	}
	if (s->error) {
		st->err = s->error;
		return NULL;
	}
	if (xp_sink_count(s) > INT_MAX) {
		st->err = EOVERFLOW;
		return NULL;
	}
	return next;
}

/* The loop over the format from p.  In sequential mode it stops at the
 * first n$ directive and records it in st->resume. */
XP_HOT_TEXT void XP_RUN_NAME(struct xp_sink *s, const char *p, struct xp_args *a, struct run_state *st)
{
	for (;;) {
		const char *pct = literal_end(p);
		if (pct == p + 1) /* one byte ("[", a space) is common: no copy */
			xp_putc(s, *p);
		else if (pct != p)
			xp_put(s, p, (size_t)(pct - p));
		if (!*pct)
			return;
		const char *next = a->table ? NULL : fast_directive(s, pct, a);
		if (!next) {
			next = general_directive(s, pct, a, st);
			if (!next)
				return;
		}
		p = next;
	}
}

#ifdef XP_RUN_PLAIN
/* The wide driver (run_wide.c) takes a directive's arguments exactly as
 * this loop. */
int xp_run_directive_args(struct xp_args *a, struct xp_spec *sp, int overflow, int *slow, int *err)
{
	return directive_args(a, sp, overflow, slow, err);
}
#endif
