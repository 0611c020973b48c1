/* run_fast_call.c - the narrow driver's fast path (run_fast.h) as a
 * function, for the wide driver (run_wide_fast.h): a directive it takes
 * prints the same bytes in a wide call, decoded by the wide sink.  A
 * file of its own so that run.c's loop stays its only caller there. */
#define _GNU_SOURCE
#include "run_fast.h"
#include "run.h"

const char *xp_run_fast_directive(struct xp_sink *s, const char *pct, struct xp_args *a)
{
	return fast_directive(s, pct, a);
}
