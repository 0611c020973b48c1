/* va.c - %pV: a struct xprintf_va_format formatted in place, so logging
 * wrappers can pass their caller's format and arguments through.  The
 * va_list is copied, never consumed (a long padded output runs the handler
 * twice). */
#include "../ext.h"
#include "../vformat.h"

#include <stdarg.h>
#include <string.h>

#include "xprintf.h"

int xp_ext_va(struct xp_sink *s, const struct xp_ext_call *c)
{
	const struct xprintf_va_format *vf = c->ptr;
	const char *bad = xp_ext_bad_pointer(vf->fmt);
	if (!bad)
		bad = xp_ext_bad_pointer(vf->va);
	if (bad) {
		xp_ext_puts(s, bad);
		return 0;
	}
	va_list ap;
	va_copy(ap, *vf->va);
	int r = xp_vformat(s, vf->fmt, ap);
	va_end(ap);
	return r < 0 ? -1 : 0;
}
