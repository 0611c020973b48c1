/* convert_float.c - e E f F g G a A (placeholder until the exact engine lands). */
#include "convert.h"

int xp_convert_float(struct xp_sink *s, const struct xp_spec *sp, const union xp_arg *v)
{
	(void)v;
	static const char marker[] = "(float)";
	xp_emit_padded(s, sp, marker, sizeof marker - 1);
	return 0;
}
