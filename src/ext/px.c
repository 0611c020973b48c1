/* px.c - %px: the raw address, lowercase hex, zero-padded to pointer width. */
#include "../convert.h"
#include "../ext.h"

#include <stdint.h>

int xp_ext_px(struct xp_sink *s, const struct xp_ext_call *c)
{
	struct xp_spec sp = *c->spec;
	sp.flags &= ~(XP_F_ALT | XP_F_PLUS | XP_F_SPACE | XP_F_GROUP);
	sp.prec = XP_NO_PREC;
	if (!sp.width) {
		/* The kernel's pointer_string(): width 2*sizeof(void *), zero padded. */
		sp.width = 2 * sizeof(void *);
		sp.flags = XP_F_ZERO;
	}
	xp_emit_number(s, &sp, (uintptr_t)c->ptr, 0, 16, 0);
	return 0;
}
