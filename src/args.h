/* args.h - step 2: fetch a directive's argument.
 *
 * Sequential formats read straight from the va_list.  The first n$ switches
 * to glibc's positional semantics: the whole format is scanned once for the
 * type of every argument, all arguments are read in order into a table,
 * and directives then index the table.
 */
#ifndef XP_ARGS_H
#define XP_ARGS_H

#include <stdarg.h>

#include "spec.h"

union xp_arg {
	long long i;   /* XP_A_INT, XP_A_LONG, XP_A_LLONG, sign-extended */
	double d;
	long double ld;
	void *p;
};

/* Positional tables up to this many arguments live on the stack. */
#define XP_POSITIONAL_STACK 64

struct xp_args {
	va_list ap;               /* sequential: the next argument */
	union xp_arg *table;      /* positional: every argument, or NULL */
	int count;                /* entries in table */
	int next_seq;             /* next index for a directive without n$ */
};

/* Storage for the positional table, in the frame that switches modes. */
struct xp_arg_table {
	union xp_arg *heap;       /* when it outgrew the stack */
	union xp_arg stack[XP_POSITIONAL_STACK];
};

/* Assign argument indices to a directive's *, *m$ and n$ parts the way
 * glibc numbers them: directives without n$ take the next sequential index. */
void xp_args_number(struct xp_spec *sp, int *next_seq);

/*
 * Switch to positional mode: scan fmt (the whole format) for argument types,
 * then read them all from orig (a copy of the va_list as the call received
 * it).  stop is the directive where sequential processing ended; next_seq is
 * set to glibc's sequential counter at that point.  Returns 0, or -1 with
 * errno (ENOMEM, EOVERFLOW).
 */
int xp_args_go_positional(struct xp_args *a, struct xp_arg_table *store,
			  const char *fmt, const char *stop, va_list orig);

/* The same for a wchar_t format. */
int xp_args_go_positional_wide(struct xp_args *a, struct xp_arg_table *store,
			       const wchar_t *fmt, const wchar_t *stop, va_list orig);

void xp_arg_table_release(struct xp_arg_table *store);

static inline union xp_arg xp_fetch(struct xp_args *a, unsigned char type, int argno)
{
	union xp_arg v;
	if (a->table) {
		if (argno >= 0 && argno < a->count)
			return a->table[argno];
		v.i = 0;
		return v;
	}
	switch (type) {
	case XP_A_INT: v.i = va_arg(a->ap, int); break;
	case XP_A_LONG: v.i = va_arg(a->ap, long); break;
	case XP_A_LLONG: v.i = va_arg(a->ap, long long); break;
	case XP_A_PTR: v.p = va_arg(a->ap, void *); break;
	case XP_A_DOUBLE: v.d = va_arg(a->ap, double); break;
	case XP_A_LDOUBLE: v.ld = va_arg(a->ap, long double); break;
	default: v.i = 0; break;
	}
	return v;
}

#endif
