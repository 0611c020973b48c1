/* run_wide.h - the driver loop for wchar_t formats (run_wide.c) and one
 * wide formatting call (vformat_wide.c). */
#ifndef XP_RUN_WIDE_H
#define XP_RUN_WIDE_H

#include <stdarg.h>
#include <wchar.h>

#include "args.h"
#include "sink_wide.h"

struct wide_run_state {
	int saved_errno;        /* for %m, and a refused character's failure */
	int slow;               /* glibc would have left its fast path */
	int err;                /* errno to fail with; -1: fail, errno as received */
	const wchar_t *resume;  /* where sequential processing stopped for n$ */
};

/* As xp_run: format from p to the end, an error or the first n$. */
void xp_run_wide(struct xp_wide_sink *w, const wchar_t *p, struct xp_args *a,
		 struct wide_run_state *st);

/* Format into w.  Returns the number of wide characters, or -1 with errno
 * (as glibc's vfwprintf).  w is flushed but not finished. */
int xp_vformat_wide(struct xp_wide_sink *w, const wchar_t *fmt, va_list ap);

#endif
