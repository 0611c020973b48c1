/* fast_digits.h - what the fast path's digit generation and its field
 * writers share: 128-bit arithmetic, fixed-width digits, and the first
 * significant digits of a double from the power-of-ten table. */
#ifndef XP_FLOAT_FAST_DIGITS_H
#define XP_FLOAT_FAST_DIGITS_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "decode.h"
#include "digits.h"

#ifdef __SIZEOF_INT128__
__extension__ typedef unsigned __int128 u128;

/* k digits of x (< 10^k), leading zeros included, ending at out + k. */
static inline void xp_put_fixed(char *out, uint64_t x, int k)
{
	char *p = out + k;
	while (k >= 2) {
		p -= 2;
		memcpy(p, xp_two_digits + 2 * (x % 100), 2);
		x /= 100;
		k -= 2;
	}
	if (k)
		*--p = (char)('0' + x);
}

/*
 * The first sig+1 significant digits of v (sig <= 17, mantissa <= 64
 * bits) as an integer: D = floor(v / 10^q) from one 64x128-bit product
 * with a power of ten T <= 10^-q < T + err (in its last place).  The true
 * quotient lies in [F, F + err*m) / 2^sh for the product F, so D and "is
 * anything left" are known unless that interval straddles an integer;
 * then (returns 0) the big-number path decides.  *x is the decimal
 * exponent of the first digit.
 */
int xp_fast_table_digits(const struct xp_fpval *v, size_t sig, uint64_t *out, int *sticky_out,
			 int *x_out);
#endif

#endif
