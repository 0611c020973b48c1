/* vformat_wide.c - the end of a wide formatting call whose sequential
 * run did not simply finish: the positional restart when a n$ directive
 * stopped it, then the result and errno (vformat.c's steps for wchar_t
 * formats).  api_wide.c runs the rest inline. */
#define _GNU_SOURCE
#include "run_wide.h"

#include <errno.h>
#include <limits.h>


static void run_positional(struct xp_wide_sink *w, const wchar_t *fmt, va_list ap,
			   struct wide_run_state *st)
{
	struct xp_arg_table store;
	store.heap = NULL;
	struct xp_args a;
	a.table = NULL;
	a.count = a.next_seq = 0;
	if (xp_args_go_positional_wide(&a, &store, fmt, st->resume, ap) < 0) {
		st->err = errno;
	} else {
		const wchar_t *from = st->resume;
		st->resume = NULL;
		xp_run_wide(w, from, &a, st);
	}
	xp_arg_table_release(&store);
}

int xp_wide_call_end(struct xp_wide_sink *w, const wchar_t *fmt, va_list orig,
		     struct wide_run_state *st)
{
	if (st->resume && !st->err)
		run_positional(w, fmt, orig, st);
	xp_wide_flush(w);
	struct xp_sink *s = &w->sink;
	int err = st->err;
	if (!err && s->error)
		err = s->error;
	if (!err && xp_sink_count(s) > INT_MAX)
		err = EOVERFLOW;
	if (err) {
		/* a refused character: errno as the call received it, which
		 * nothing has changed while it was still unread */
		if (err > 0 || !st->errno_unread)
			errno = err < 0 ? st->saved_errno : err;
		return -1;
	}
	return (int)xp_sink_count(s);
}
