/* float_fast.h - the double fast path: exact 64/128-bit integer arithmetic
 * for values whose integer part fits 128 bits and whose fraction has at
 * most 124 bits (about 5e-38 .. 3e38), when the digits fit a small buffer.
 * It fills a planned struct xp_digits exactly as the big-number path would. */
#ifndef XP_FLOAT_FAST_H
#define XP_FLOAT_FAST_H

#include "float_digits.h"

/* Room the fast path needs in the caller's digit store. */
#define XP_FAST_STORE 128

/* e_mode 0: want int digits + min(prec, frac digits) (prec = %f precision);
 * e_mode 1: want min(prec, exact digits) significant digits.  Returns 0 when
 * the value or the length is out of the fast path's reach; *ni = integer digits. */
int xp_fast_plan(struct xp_digits *d, const struct xp_fpval *v, int e_mode, size_t prec,
		 int *ni, char *store, size_t cap);

#endif
