/* vformat.c - the driver: literal text, then for each directive
 * parse (parse.c) -> fetch (args.h) -> convert (convert_*.c) -> sink. */
#define _GNU_SOURCE
#include "vformat.h"

#include <errno.h>
#include <limits.h>
#include <string.h>

#include "args.h"
#include "convert.h"
#include "spec.h"

/* Read '*' widths and precisions; a negative width means '-'. */
static void resolve_star(struct xp_args *a, struct xp_spec *sp)
{
	if (sp->width_from_arg) {
		int w = (int)xp_fetch(a, XP_A_INT, sp->width_argno).i;
		if (sp->width_from_arg == 1) {
			if (w < 0) {
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

int xp_vformat(struct xp_sink *s, const char *fmt, va_list ap)
{
	int saved_errno = errno;
	int err = 0;
	/* glibc leaves its fast path at the first n$ or unknown conversion;
	 * after that a format ending inside a directive is printed, not EINVAL. */
	int glibc_slow_path = 0;
	struct xp_args a;
	va_copy(a.ap, ap);
	a.table = a.heap = NULL;
	a.count = a.next_seq = 0;

	const char *p = fmt;
	for (;;) {
		const char *pct = strchrnul(p, '%');
		if (pct != p)
			xp_put(s, p, (size_t)(pct - p));
		if (!*pct)
			break;

		struct xp_spec sp;
		int overflow = 0;
		p = xp_parse_directive(pct + 1, &sp, &overflow);
		if (overflow) {
			err = EOVERFLOW;
			break;
		}
		if (sp.positional && !a.table) {
			glibc_slow_path = 1;
			if (xp_args_go_positional(&a, fmt, pct, ap) < 0) {
				err = errno;
				break;
			}
		}
		if (a.table)
			xp_args_number(&sp, &a.next_seq);
		resolve_star(&a, &sp);

		if (!sp.conv) {
			if (!glibc_slow_path) {
				err = EINVAL;
				break;
			}
			xp_convert_unknown(s, &sp);
			break;
		}
		if (sp.glibc_slow)
			glibc_slow_path = 1;
		if (convert(s, &sp, &a, saved_errno) < 0) {
			err = errno;
			break;
		}
		if (s->error) {
			err = s->error;
			break;
		}
		if (xp_sink_count(s) > INT_MAX) {
			err = EOVERFLOW;
			break;
		}
	}
	va_end(a.ap);
	xp_args_release(&a);
	if (!err && s->error)
		err = s->error;
	if (!err && xp_sink_count(s) > INT_MAX)
		err = EOVERFLOW;
	if (err) {
		errno = err;
		return -1;
	}
	return (int)xp_sink_count(s);
}
