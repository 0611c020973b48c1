/* run_wide.h - the driver loop for wchar_t formats (run_wide.c) and the
 * end of a wide formatting call (vformat_wide.c). */
#ifndef XP_RUN_WIDE_H
#define XP_RUN_WIDE_H

#include <limits.h>
#include <stdarg.h>
#include <wchar.h>

#include "args.h"
#include "sink_wide.h"

struct wide_run_state {
	int saved_errno;        /* for %m, and a refused character's failure */
	/* saved_errno is still to be read: nothing so far changed errno (a
	 * buffer's call, until its first directive on the general path) */
	int errno_unread;
	int slow;               /* glibc would have left its fast path */
	int err;                /* errno to fail with; -1: fail, errno as received */
	const wchar_t *resume;  /* where sequential processing stopped for n$ */
};

/* As xp_run: format from p to the end, an error or the first n$. */
void xp_run_wide(struct xp_wide_sink *w, const wchar_t *p, struct xp_args *a,
		 struct wide_run_state *st);

/* The end of a call whose sequential run (xp_run_wide) is over: the
 * positional restart from orig, the arguments as the call received them,
 * when a n$ stopped the run; then the result, the number of wide
 * characters or -1 with errno (as glibc's vfwprintf).  w is flushed but
 * not finished. */
int xp_wide_call_end(struct xp_wide_sink *w, const wchar_t *fmt, va_list orig,
		     struct wide_run_state *st);

/* The result of a call whose sequential run simply finished (nothing but
 * the count to report), else XP_WIDE_UNFINISHED: xp_wide_call_end then
 * ends it. */
#define XP_WIDE_UNFINISHED (-2)
static inline int xp_wide_quick_result(const struct xp_wide_sink *w,
				       const struct wide_run_state *st)
{
	const struct xp_sink *s = &w->sink;
	if (st->resume || st->err || s->error || s->pos != s->base || s->done > INT_MAX)
		return XP_WIDE_UNFINISHED;
	return (int)s->done;
}

#endif
