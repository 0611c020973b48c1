/* vformat.c - the driver: literal text, then for each directive
 * parse (parse.c) -> fetch (args.h) -> convert (convert_*.c) -> sink.
 *
 * The commonest directives (%d %u %x %X %s %c %p %% with no flags, width
 * or precision, optionally with l, ll or z) are handled inline; everything
 * else takes the general path.  Positional formats run the same loop over
 * a table of arguments fetched up front. */
#define _GNU_SOURCE
#include "vformat.h"

#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <string.h>
#include <sys/types.h>

#include "args.h"
#include "convert.h"
#include "digits.h"
#include "spec.h"

struct run_state {
	int saved_errno;     /* for %m: errno as the call received it */
	int slow;            /* glibc would have left its fast path (n$ or unknown) */
	int err;             /* errno to fail with, 0 = none */
	const char *resume;  /* where sequential processing stopped for n$ */
};

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

/* Fast-path classes of the byte after '%' (and after an l/ll/z). */
enum { FAST_NO, FAST_SIGNED, FAST_UNSIGNED, FAST_HEX, FAST_HEXUP, FAST_STR, FAST_CHAR,
       FAST_PTR, FAST_PERCENT, FAST_LONG, FAST_SIZE };

static const unsigned char fast_class[256] = {
	['d'] = FAST_SIGNED, ['i'] = FAST_SIGNED, ['u'] = FAST_UNSIGNED,
	['x'] = FAST_HEX, ['X'] = FAST_HEXUP, ['s'] = FAST_STR, ['c'] = FAST_CHAR,
	['p'] = FAST_PTR, ['%'] = FAST_PERCENT, ['l'] = FAST_LONG, ['z'] = FAST_SIZE,
};

static int is_alnum(unsigned char c)
{
	return (unsigned)(c - '0') < 10u || (unsigned)((c | 0x20) - 'a') < 26u;
}

/* An integer directive of the fast path: conv is d/i/u/x/X. */
static inline void fast_int(struct xp_sink *s, unsigned cls, unsigned long long v, int negative)
{
	char buf[24];
	char *end = buf + sizeof buf;
	char *str;
	if (cls == FAST_HEX || cls == FAST_HEXUP)
		str = xp_hex_backwards(end, v, cls == FAST_HEXUP);
	else
		str = xp_dec_backwards(end, v);
	if (negative)
		*--str = '-';
	xp_put(s, str, (size_t)(end - str));
}

/*
 * Try the fast path for the directive at pct.  Returns the byte after it,
 * or NULL when the general path must handle it.
 */
static inline const char *fast_directive(struct xp_sink *s, const char *pct, struct xp_args *a)
{
	const char *p = pct + 1;
	unsigned cls = fast_class[(unsigned char)*p];
	unsigned width = 0; /* 0: int, 1: long, 2: long long, 3: size_t */
	if (cls == FAST_LONG) {
		p++;
		width = 1;
		if (*p == 'l') {
			p++;
			width = 2;
		}
		cls = fast_class[(unsigned char)*p];
		if (cls < FAST_SIGNED || cls > FAST_HEXUP)
			return NULL;
	} else if (cls == FAST_SIZE) {
		p++;
		width = 3;
		cls = fast_class[(unsigned char)*p];
		if (cls < FAST_SIGNED || cls > FAST_HEXUP)
			return NULL;
	}
	switch (cls) {
	case FAST_SIGNED: {
		long long v;
		switch (width) {
		case 0: v = va_arg(a->ap, int); break;
		case 1: v = va_arg(a->ap, long); break;
		case 2: v = va_arg(a->ap, long long); break;
		default: v = (long long)va_arg(a->ap, ssize_t); break;
		}
		unsigned long long mag = v < 0 ? 0ull - (unsigned long long)v : (unsigned long long)v;
		fast_int(s, cls, mag, v < 0);
		return p + 1;
	}
	case FAST_UNSIGNED:
	case FAST_HEX:
	case FAST_HEXUP: {
		unsigned long long v;
		switch (width) {
		case 0: v = va_arg(a->ap, unsigned); break;
		case 1: v = va_arg(a->ap, unsigned long); break;
		case 2: v = va_arg(a->ap, unsigned long long); break;
		default: v = va_arg(a->ap, size_t); break;
		}
		fast_int(s, cls, v, 0);
		return p + 1;
	}
	case FAST_STR: {
		const char *str = va_arg(a->ap, const char *);
		if (!str)
			str = "(null)";
		xp_put(s, str, strlen(str));
		return p + 1;
	}
	case FAST_CHAR:
		xp_putc(s, (char)va_arg(a->ap, int));
		return p + 1;
	case FAST_PTR: {
		if (is_alnum((unsigned char)p[1]))
			return NULL; /* a %p extension */
		void *ptr = va_arg(a->ap, void *);
		if (!ptr) {
			xp_put(s, "(nil)", 5);
		} else {
			char buf[24];
			char *end = buf + sizeof buf;
			char *str = xp_hex_backwards(end, (uintptr_t)ptr, 0);
			*--str = 'x';
			*--str = '0';
			xp_put(s, str, (size_t)(end - str));
		}
		return p + 1;
	}
	case FAST_PERCENT:
		xp_putc(s, '%');
		return p + 1;
	default:
		return NULL;
	}
}

/* The loop over the format from *pp.  In sequential mode it stops at the
 * first n$ directive and records it in st->resume. */
static void run(struct xp_sink *s, const char *p, struct xp_args *a, struct run_state *st)
{
	for (;;) {
		/* Literal runs are usually short: scan a few bytes inline. */
		const char *pct = p;
		while (*pct && *pct != '%') {
			if (++pct - p == 8) {
				pct = strchrnul(pct, '%');
				break;
			}
		}
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
		resolve_star(a, &sp);

		if (!sp.conv) {
			if (!st->slow) {
				st->err = EINVAL;
				return;
			}
			xp_convert_unknown(s, &sp);
			return;
		}
		if (!xp_conv_known(sp.conv))
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

/* Continue from st->resume with every argument fetched up front. */
static __attribute__((noinline)) void run_positional(struct xp_sink *s, const char *fmt, va_list ap,
						     struct run_state *st)
{
	struct xp_arg_table store;
	store.heap = NULL;
	struct xp_args a;
	a.table = NULL;
	a.count = a.next_seq = 0;
	if (xp_args_go_positional(&a, &store, fmt, st->resume, ap) < 0) {
		st->err = errno;
	} else {
		const char *from = st->resume;
		st->resume = NULL;
		run(s, from, &a, st);
	}
	xp_arg_table_release(&store);
}

int xp_vformat(struct xp_sink *s, const char *fmt, va_list ap)
{
	if (!fmt) {
		/* glibc: -1 with EINVAL (a program under the preload may do this). */
		errno = EINVAL;
		return -1;
	}
	struct run_state st = { .saved_errno = errno, .slow = 0, .err = 0, .resume = NULL };
	struct xp_args a;
	va_copy(a.ap, ap);
	a.table = NULL;
	a.count = a.next_seq = 0;
	run(s, fmt, &a, &st);
	va_end(a.ap);
	if (st.resume && !st.err)
		run_positional(s, fmt, ap, &st);

	int err = st.err;
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
