/* run_wide.c - the driver loop for wchar_t formats.  The format's literal
 * text goes to the wide sink as it is; each directive is parsed by the
 * parser's wchar_t instance into the same struct xp_spec and converted by
 * the same converters, whose bytes the sink decodes (sink_wide.h), except
 * where glibc's wide printf differs (convert_wide.c).  No fast paths: the
 * narrow loop (run.c, run_fast.h) keeps them to itself. */
#define _GNU_SOURCE
#include "run_wide.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "convert.h"
#include "convert_wide.h"
#include "run.h"
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

void xp_run_wide(struct xp_wide_sink *w, const wchar_t *p, struct xp_args *a,
		 struct wide_run_state *st)
{
	struct xp_sink *s = &w->sink;
	for (;;) {
		const wchar_t *pct = wcschrnul(p, L'%');
		if (pct != p)
			xp_wide_write(w, p, (size_t)(pct - p));
		if (!*pct)
			return;

		struct xp_spec sp;
		int overflow = 0;
		p = xp_parse_directive_wide(pct + 1, &sp, &overflow);
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
		/* glibc's positional path keeps '0' under a negative '*' width,
		 * in wide formats too (one vfprintf for both) */
		xp_run_resolve_star(a, &sp, a->table || st->slow || sp.glibc_slow);

		if (!sp.conv) {
			if (!st->slow) {
				st->err = EINVAL;
				return;
			}
			xp_convert_unknown(s, &sp);
			xp_wide_flush(w);
			return;
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
			return;
		}
		int rc = convert(w, &sp, a, st->saved_errno, p[-1]);
		int e = errno;
		free(heap);
		xp_wide_flush(w);
		if (rc < 0) {
			st->err = rc == XP_WIDE_REFUSED ? -1 : e;
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
