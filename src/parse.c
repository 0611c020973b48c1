/* parse.c - step 1: turn the text of one directive into a struct xp_spec.
 *
 * The grammar is glibc's: [n$] [flags] [width | * | *m$] [.prec | .* | .*m$]
 * [length] conversion, plus C23 wN/wfN and the kernel's %p[A-Za-z0-9]*.
 * Nothing here reads arguments; that is args.c's job.
 */
#include "spec.h"

#include <limits.h>
#include <stdint.h>
#include <string.h>

static int is_digit(unsigned char c) { return (unsigned)(c - '0') < 10u; }

static int is_alnum(unsigned char c)
{
	return is_digit(c) || (unsigned char)((c | 0x20) - 'a') < 26u;
}

/* glibc's read_int: all digits are consumed; too large gives -1. */
static int read_number(const char **pp)
{
	const unsigned char *p = (const unsigned char *)*pp;
	unsigned long long v = 0;
	for (; is_digit(*p); p++)
		if (v <= INT_MAX)
			v = v * 10 + (unsigned)(*p - '0');
	*pp = (const char *)p;
	return v <= INT_MAX ? (int)v : -1;
}

/* "n$" at p: returns the 0-based index and advances, or XP_NO_ARG. */
static int read_argno(const char **pp, int *overflow)
{
	const char *q = *pp;
	int n = read_number(&q);
	if (n < 0)
		*overflow = 1; /* glibc: EOVERFLOW, whether or not '$' follows */
	if (*q != '$' || n == 0)
		return XP_NO_ARG;
	*pp = q + 1;
	return n - 1;
}

enum { CONV_INT = 1, CONV_UINT, CONV_FLOAT, CONV_CHAR, CONV_STR, CONV_PTR, CONV_COUNT, CONV_NOARG };

static const unsigned char conv_class[256] = {
	['d'] = CONV_INT, ['i'] = CONV_INT,
	['u'] = CONV_UINT, ['o'] = CONV_UINT, ['x'] = CONV_UINT, ['X'] = CONV_UINT,
	['b'] = CONV_UINT, ['B'] = CONV_UINT,
	['e'] = CONV_FLOAT, ['E'] = CONV_FLOAT, ['f'] = CONV_FLOAT, ['F'] = CONV_FLOAT,
	['g'] = CONV_FLOAT, ['G'] = CONV_FLOAT, ['a'] = CONV_FLOAT, ['A'] = CONV_FLOAT,
	['c'] = CONV_CHAR, ['C'] = CONV_CHAR,
	['s'] = CONV_STR, ['S'] = CONV_STR,
	['p'] = CONV_PTR, ['n'] = CONV_COUNT,
	['m'] = CONV_NOARG, ['%'] = CONV_NOARG,
};

int xp_conv_known(unsigned char c) { return conv_class[c] != 0; }

static unsigned char int_argtype(unsigned size)
{
	if (size <= sizeof(int))
		return XP_A_INT;
	return size == sizeof(long) ? XP_A_LONG : XP_A_LLONG;
}

/* C23 wN / wfN; returns the size in bytes or 0 when N is not 8/16/32/64. */
static unsigned read_wn(const char **pp)
{
	const char *p = *pp;
	int fast = *p == 'f';
	if (fast)
		p++;
	if (!is_digit((unsigned char)*p))
		return 0;
	int n = read_number(&p);
	unsigned size;
	switch (n) {
	case 8: size = fast ? sizeof(int_fast8_t) : 1; break;
	case 16: size = fast ? sizeof(int_fast16_t) : 2; break;
	case 32: size = fast ? sizeof(int_fast32_t) : 4; break;
	case 64: size = fast ? sizeof(int_fast64_t) : 8; break;
	default: return 0;
	}
	*pp = p;
	return size;
}

static const char *parse_length(const char *p, struct xp_spec *sp)
{
	/* wide/ldbl follow glibc's is_long/is_long_double for each modifier. */
	switch (*p) {
	case 'h':
		if (p[1] == 'h') {
			sp->size = 1;
			return p + 2;
		}
		sp->size = sizeof(short);
		return p + 1;
	case 'l':
		if (p[1] != 'l') {
			sp->size = sizeof(long);
			sp->wide = 1;
			return p + 1;
		}
		/* ll is L */
		sp->size = sizeof(long long);
		sp->wide = sp->ldbl = 1;
		return p + 2;
	case 'L':
	case 'q':
		sp->size = sizeof(long long);
		sp->wide = sp->ldbl = 1;
		return p + 1;
	case 'j':
		sp->size = sizeof(intmax_t);
		sp->wide = sizeof(intmax_t) > sizeof(unsigned);
		sp->ldbl = sizeof(intmax_t) > sizeof(unsigned long);
		return p + 1;
	case 'z':
	case 'Z':
		sp->size = sizeof(size_t);
		sp->wide = sizeof(size_t) > sizeof(unsigned);
		sp->ldbl = sizeof(size_t) > sizeof(unsigned long);
		return p + 1;
	case 't':
		sp->size = sizeof(ptrdiff_t);
		sp->wide = sizeof(ptrdiff_t) > sizeof(unsigned);
		sp->ldbl = sizeof(ptrdiff_t) > sizeof(unsigned long);
		return p + 1;
	case 'w': {
		const char *q = p + 1;
		unsigned size = read_wn(&q);
		if (!size)
			return p; /* not a modifier: 'w' becomes the (unknown) conversion */
		sp->size = (unsigned char)size;
		return q;
	}
	default:
		return p;
	}
}

static const unsigned char flag_bits[256] = {
	['-'] = XP_F_LEFT, ['+'] = XP_F_PLUS, [' '] = XP_F_SPACE, ['#'] = XP_F_ALT,
	['0'] = XP_F_ZERO, ['\''] = XP_F_GROUP, ['I'] = XP_F_I18N,
};

static const struct xp_spec blank_spec = {
	.prec = XP_NO_PREC,
	.size = sizeof(int),
	.argno = XP_NO_ARG,
	.width_argno = XP_NO_ARG,
	.prec_argno = XP_NO_ARG,
};

const char *xp_parse_directive(const char *p, struct xp_spec *sp, int *overflow)
{
	*sp = blank_spec;

	/* Digits first are "n$", or (without '$' and without a leading 0) the
	 * width itself: read them once. */
	if ((unsigned)(*p - '1') < 9u) {
		int n = read_number(&p);
		if (*p == '$') {
			if (n < 0)
				*overflow = 1;
			sp->argno = n - 1;
			sp->positional = 1;
			p++;
		} else {
			if (n < 0)
				*overflow = 1;
			sp->width = (unsigned)n;
			goto precision;
		}
	}

	for (unsigned f; (f = flag_bits[(unsigned char)*p]) != 0; p++)
		sp->flags |= f;

	if (*p == '*') {
		p++;
		sp->width_from_arg = 1;
		if (is_digit((unsigned char)*p)) {
			/* Without '$', glibc takes the digit of "%*5d" as the
			 * (unknown) conversion: it prints "%<width>5", then "d". */
			sp->width_argno = read_argno(&p, overflow);
			sp->positional |= sp->width_argno != XP_NO_ARG;
		}
	} else if (is_digit((unsigned char)*p)) {
		int w = read_number(&p);
		if (w < 0)
			*overflow = 1;
		sp->width = (unsigned)w;
	}

precision:
	if (*p == '.') {
		p++;
		if (*p == '*') {
			p++;
			sp->prec_from_arg = 1;
			if (is_digit((unsigned char)*p)) {
				sp->prec_argno = read_argno(&p, overflow);
				sp->positional |= sp->prec_argno != XP_NO_ARG;
			}
		} else if (is_digit((unsigned char)*p)) {
			sp->prec = read_number(&p);
			if (sp->prec < 0)
				*overflow = 1;
		} else {
			sp->prec = 0;
		}
	}

	const char *length = p;
	p = parse_length(p, sp);

	unsigned char c = (unsigned char)*p;
	sp->conv = c;
	if (c)
		p++;
	/* glibc's fast path knows no conversion after a single 'h' but the
	 * integers, n and %: %hc %hs %hp %hm %hf ... go the slow way, like an
	 * unknown conversion (which changes how a trailing '%' prints). */
	sp->glibc_slow = c && (!conv_class[c] ||
		(p - length == 2 && *length == 'h' && !strchr("diouxXbBn%", c)));
	if (sp->flags & XP_F_LEFT)
		sp->flags &= ~XP_F_ZERO;

	switch (conv_class[c]) {
	case CONV_INT:
	case CONV_UINT:
		sp->type = int_argtype(sp->size);
		break;
	case CONV_FLOAT:
		sp->type = sp->ldbl ? XP_A_LDOUBLE : XP_A_DOUBLE;
		break;
	case CONV_CHAR:
		sp->type = XP_A_INT;
		sp->wide |= c == 'C';
		break;
	case CONV_STR:
		sp->type = XP_A_PTR;
		sp->wide |= c == 'S';
		break;
	case CONV_PTR:
		sp->type = XP_A_PTR;
		sp->ext = p;
		while (is_alnum((unsigned char)*p))
			p++;
		sp->ext_len = (size_t)(p - sp->ext);
		break;
	case CONV_COUNT:
		sp->type = XP_A_PTR;
		break;
	default:
		sp->type = XP_A_NONE;
		break;
	}
	return p;
}
