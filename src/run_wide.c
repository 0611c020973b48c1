/* run_wide.c - the driver loop for wchar_t formats.  The format's literal
 * text goes to the wide sink as it is; the commonest directives of a
 * sequential format take a fast path (run_wide_fast.h); the others are
 * parsed by the parser's wchar_t instance into the same struct xp_spec and
 * converted by the same converters, whose bytes the sink decodes
 * (sink_wide.h), except where glibc's wide printf differs
 * (convert_wide.c). */
#define _GNU_SOURCE
#include "run_wide.h"

#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "convert.h"
#include "convert_wide.h"
#include "run.h"
#include "run_wide_fast.h"
#include "spec.h"

/* A %p extension's name is ASCII letters and digits: as bytes in buf (or
 * on the heap when longer), for the registry. */
static int narrow_name(struct xp_spec *sp, const wchar_t *name, char *buf, size_t size,
		       char **heap)
{
	char *out = buf;
	if (sp->ext_len > size) {
		out = *heap = malloc(sp->ext_len);
		if (!out)
			return -1;
	}
	for (size_t i = 0; i < sp->ext_len; i++)
		out[i] = (char)name[i];
	sp->ext = out;
	return 0;
}

static int convert(struct xp_wide_sink *w, struct xp_spec *sp, struct xp_args *a,
		   int saved_errno, wchar_t conv)
{
	struct xp_sink *s = &w->sink;
	union xp_arg v = xp_fetch(a, sp->type, sp->argno);
	switch (sp->conv) {
	case 'd': case 'i': case 'u': case 'o': case 'x': case 'X': case 'b': case 'B':
		xp_wide_convert_int(w, sp, v.i);
		return 0;
	case 's': case 'S':
		return xp_wide_convert_string(w, sp, v.p);
	case 'c': case 'C':
		return xp_wide_convert_char(w, sp, (int)v.i);
	case 'p':
		return xp_convert_pointer(s, sp, v.p);
	case 'e': case 'E': case 'f': case 'F': case 'g': case 'G': case 'a': case 'A':
		return xp_convert_float(s, sp, &v);
	case 'n':
		xp_convert_count(sp, v.p, xp_sink_count(s));
		return 0;
	case 'm':
		return xp_wide_convert_errno(w, sp, saved_errno);
	case '%':
		xp_wide_write(w, L"%", 1);
		return 0;
	default:
		xp_wide_convert_unknown(w, sp, conv);
		return 0;
	}
}

/* After a directive whose converter returned rc (errno e when rc < 0):
 * its bytes decoded, and 0 to go on, or -1 with st->err set. */
static int directive_end(struct xp_wide_sink *w, struct wide_run_state *st, int rc, int e)
{
	struct xp_sink *s = &w->sink;
	xp_wide_flush(w);
	if (__builtin_expect(!rc && !s->error && s->done <= INT_MAX, 1))
		return 0; /* (the window is empty: done is the count) */
	if (rc < 0 && rc != XP_WIDE_REFUSED)
		st->err = e;
	else if (s->error) /* a failed write, behind a refused character too */
		st->err = s->error;
	else if (rc < 0) /* refused: errno as it was */
		st->err = -1;
	else
		st->err = EOVERFLOW;
	return -1;
}

/* One directive at pct on the general path: parse, fetch, convert.
 * Returns where the format goes on, or NULL when the run stops (as
 * xp_run_wide).  Out of line: the fast path's loop then sets up no
 * struct xp_spec. */
static __attribute__((noinline)) const wchar_t *general_directive(struct xp_wide_sink *w,
								   const wchar_t *pct,
								   struct xp_args *a,
								   struct wide_run_state *st)
{
	/* Nothing on the fast path changes errno, and a buffer's writes
	 * leave it alone: %m's errno can be read this late. */
	if (st->errno_unread) {
		st->saved_errno = errno;
		st->errno_unread = 0;
	}
	/* What the destination has not seen yet goes out first; the call
	 * ends at a failed write, as glibc's at the piece that failed (a %n
	 * after it stores nothing). */
	xp_wide_sync(w);
	struct xp_sink *s = &w->sink;
	if (s->error) {
		st->err = s->error;
		return NULL;
	}
	struct xp_spec sp;
	int overflow = 0;
	const wchar_t *p = xp_parse_directive_wide(pct + 1, &sp, &overflow);
	int stop = xp_run_directive_args(a, &sp, overflow, &st->slow, &st->err);
	if (stop) {
		if (stop > 0)
			st->resume = pct;
		return NULL;
	}

	if (!sp.conv) {
		if (!st->slow) {
			st->err = EINVAL;
			return NULL;
		}
		xp_convert_unknown(s, &sp);
		xp_wide_flush(w);
		return NULL;
	}
	if (sp.glibc_slow)
		st->slow = 1;
	/* glibc's wide printf gives floating directives ASCII digits
	 * whatever the I flag says (integers do get the locale's). */
	if (strchr("aAeEfFgG", sp.conv))
		sp.flags &= ~(unsigned)XP_F_I18N;
	char name[64], *heap = NULL;
	if (sp.conv == 'p' && sp.ext_len &&
	    narrow_name(&sp, p - sp.ext_len, name, sizeof name, &heap) < 0) {
		st->err = errno;
		return NULL;
	}
	int rc = convert(w, &sp, a, st->saved_errno, p[-1]);
	int e = errno;
	free(heap);
	return directive_end(w, st, rc, e) < 0 ? NULL : p;
}

/* Where the literal text at p ends.  Runs are usually short: the first
 * eight characters are looked at inline, never one past a stop, with one
 * test each: (c - '%') * c is 0 modulo 2^32 for '%' and L'\0' alone ('%'
 * being odd, one of the two factors is, and a product with an odd factor
 * is 0 only when the other factor is); longer runs go to wcschrnul. */
static inline const wchar_t *literal_end(const wchar_t *p)
{
#pragma GCC unroll 8
	for (int i = 0; i < 8; i++)
		if (((uint32_t)p[i] - L'%') * (uint32_t)p[i] == 0)
			return p + i;
	return wcschrnul(p + 8, L'%');
}

void xp_run_wide(struct xp_wide_sink *w, const wchar_t *p, struct xp_args *a,
		 struct wide_run_state *st)
{
	for (;;) {
		const wchar_t *pct = literal_end(p);
		if (pct != p)
			xp_wide_write(w, p, (size_t)(pct - p));
		if (!*pct)
			return;
		int rc = 0;
		const wchar_t *next = a->table ? NULL : fast_directive_wide(w, pct, a, &rc);
		if (next) {
			if (directive_end(w, st, rc, rc < 0 ? errno : 0) < 0)
				return;
		} else {
			next = general_directive(w, pct, a, st);
			if (!next)
				return;
		}
		p = next;
	}
}
