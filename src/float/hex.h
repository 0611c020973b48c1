/* hex.h - %a / %A with glibc's digits, rounding and exponent. */
#ifndef XP_FLOAT_HEX_H
#define XP_FLOAT_HEX_H

#include "decode.h"
#include "locale_numeric.h"
#include "sink.h"
#include "spec.h"

void xp_float_hex(struct xp_sink *s, const struct xp_spec *sp, const struct xp_fpval *v,
		  const struct xp_numeric *num);

/* Plain %a / %A of a double (no flags, width or precision) straight into
 * the sink's window; 0, having written nothing, when d is not finite, the
 * radix is not one byte or the window is short (then xp_float_hex does
 * it).  radix is nl_langinfo(RADIXCHAR), read by the caller: this way the
 * writer calls nothing and saves no registers. */
int xp_float_hex_plain(struct xp_sink *s, double d, int upper, const char *radix);

#endif
