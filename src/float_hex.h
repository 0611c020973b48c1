/* float_hex.h - %a / %A with glibc's digits, rounding and exponent. */
#ifndef XP_FLOAT_HEX_H
#define XP_FLOAT_HEX_H

#include "float_decode.h"
#include "locale_numeric.h"
#include "sink.h"
#include "spec.h"

void xp_float_hex(struct xp_sink *s, const struct xp_spec *sp, const struct xp_fpval *v,
		  const struct xp_numeric *num);

#endif
