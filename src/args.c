/* args.c - the positional-argument table (glibc's two-pass scheme). */
#include "args.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

#include "variadic.h"

void xp_args_number(struct xp_spec *sp, int *next_seq)
{
	if (sp->width_from_arg && sp->width_argno == XP_NO_ARG)
		sp->width_argno = (*next_seq)++;
	if (sp->prec_from_arg && sp->prec_argno == XP_NO_ARG)
		sp->prec_argno = (*next_seq)++;
	if (sp->type != XP_A_NONE && sp->argno == XP_NO_ARG)
		sp->argno = (*next_seq)++;
}

/* A growable byte array of argument types, on the stack while small. */
struct type_list {
	unsigned char *v;
	int len, cap;
	unsigned char stack[XP_POSITIONAL_STACK];
};

static int note_type(struct type_list *t, int argno, unsigned char type)
{
	if (argno < 0)
		return 0;
	if (type == XP_A_NONE) {
		/* %1$m, %1$H: glibc counts the argument but gives it no type
		 * of its own (an int, unless another directive reads it) */
		if (argno < t->len)
			return 0;
		type = XP_A_INT;
	}
	if (argno >= t->cap) {
		if (argno >= (1 << 28)) {
			errno = EOVERFLOW;
			return -1;
		}
		int cap = t->cap * 2 > argno + 1 ? t->cap * 2 : argno + 1;
		unsigned char *nv = malloc((size_t)cap);
		if (!nv)
			return -1;
		memcpy(nv, t->v, (size_t)t->len);
		if (t->v != t->stack)
			free(t->v);
		t->v = nv;
		t->cap = cap;
	}
	while (t->len <= argno)
		t->v[t->len++] = XP_A_INT; /* glibc reads unreferenced gaps as int */
	t->v[argno] = type;
	return 0;
}

/* Every directive's argument types, up to the end of the format or the
 * first one cut short; *seq_at_stop is glibc's sequential counter at stop.
 * Defined for char and for wchar_t formats. */
#define DEFINE_SCAN_TYPES(name, char_type, find_percent, parse)                        \
	static int name(struct type_list *t, const char_type *fmt, const char_type *stop, \
			int *seq_at_stop)                                                 \
	{                                                                                 \
		int next_seq = 0, overflow = 0;                                           \
		*seq_at_stop = 0;                                                         \
		for (const char_type *p = fmt; (p = find_percent(p, '%')) != NULL;) {     \
			if (p == stop)                                                    \
				*seq_at_stop = next_seq;                                  \
			struct xp_spec sp;                                                \
			const char_type *after = parse(p + 1, &sp, &overflow);            \
			xp_args_number(&sp, &next_seq);                                   \
			if (note_type(t, sp.width_argno, XP_A_INT) ||                     \
			    note_type(t, sp.prec_argno, XP_A_INT) ||                      \
			    note_type(t, sp.argno, sp.type))                              \
				return -1;                                                \
			if (!sp.conv)                                                     \
				break;                                                    \
			p = after;                                                        \
		}                                                                         \
		return 0;                                                                 \
	}

DEFINE_SCAN_TYPES(scan_types, char, strchr, xp_parse_directive)
DEFINE_SCAN_TYPES(scan_types_wide, wchar_t, wcschr, xp_parse_directive_wide)

static void type_list_init(struct type_list *t)
{
	t->v = t->stack;
	t->len = 0;
	t->cap = XP_POSITIONAL_STACK;
}

/* Read the arguments of the types in t (rc: the scan's result) into the
 * table, then free t. */
static int fill_table(struct xp_args *a, struct xp_arg_table *store, struct type_list *t, int rc,
		      va_list orig)
{
	if (rc == 0) {
		union xp_arg *table = store->stack;
		if (t->len > XP_POSITIONAL_STACK) {
			table = store->heap = malloc((size_t)t->len * sizeof *table);
			if (!table)
				rc = -1;
		}
		if (rc == 0) {
			struct xp_args seq;
			XP_VA_COPY(seq.ap, orig);
			seq.table = NULL;
			seq.count = seq.next_seq = 0;
			for (int i = 0; i < t->len; i++)
				table[i] = xp_fetch(&seq, t->v[i], i);
			va_end(seq.ap);
			a->table = table;
			a->count = t->len;
		}
	}
	if (t->v != t->stack)
		free(t->v);
	return rc;
}

int xp_args_go_positional(struct xp_args *a, struct xp_arg_table *store,
			  const char *fmt, const char *stop, va_list orig)
{
	struct type_list t;
	type_list_init(&t);
	return fill_table(a, store, &t, scan_types(&t, fmt, stop, &a->next_seq), orig);
}

int xp_args_go_positional_wide(struct xp_args *a, struct xp_arg_table *store,
			       const wchar_t *fmt, const wchar_t *stop, va_list orig)
{
	struct type_list t;
	type_list_init(&t);
	return fill_table(a, store, &t, scan_types_wide(&t, fmt, stop, &a->next_seq), orig);
}

void xp_arg_table_release(struct xp_arg_table *store)
{
	free(store->heap);
	store->heap = NULL;
}
