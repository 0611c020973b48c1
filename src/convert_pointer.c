/* convert_pointer.c - %p, and the dispatch to %p extensions. */
#include "convert.h"
#include "ext.h"

#include <stdint.h>

void xp_emit_plain_pointer(struct xp_sink *s, const struct xp_spec *sp, const void *ptr)
{
	if (!ptr) {
		/* glibc prints "(nil)" whole whatever the precision. */
		xp_emit_padded(s, sp, "(nil)", 5);
		return;
	}
	/* glibc: %#lx, keeping '+' and ' ', never grouped. */
	struct xp_spec h = *sp;
	h.flags = (h.flags | XP_F_ALT) & ~XP_F_GROUP;
	xp_emit_number(s, &h, (uintptr_t)ptr, 0, 16, 0);
}

const char *xp_ext_bad_pointer(const void *ptr)
{
	uintptr_t v = (uintptr_t)ptr;
	if (!v)
		return "(null)";
	if (v < 4096 || v > UINTPTR_MAX - 4095)
		return "(efault)";
	return NULL;
}

/* Width and precision around an extension's output, as for %s. */
static int run_padded(struct xp_sink *s, const struct xp_ext *e, const struct xp_ext_call *c)
{
	const struct xp_spec *sp = c->spec;
	if (!sp->width && sp->prec < 0)
		return e->fn(s, c);

	char scratch[256];
	struct xp_sink measure;
	xp_sink_init_count(&measure, scratch, sizeof scratch);
	if (e->fn(&measure, c) < 0)
		return -1;
	size_t len = xp_sink_count(&measure);
	size_t shown = sp->prec >= 0 && (size_t)sp->prec < len ? (size_t)sp->prec : len;
	size_t fill = sp->width > shown ? sp->width - shown : 0;

	if (fill && !(sp->flags & XP_F_LEFT))
		xp_pad(s, ' ', fill);
	int rc;
	if (shown == len) {
		rc = e->fn(s, c);
	} else {
		struct xp_sink_limit lim;
		xp_sink_init_limit(&lim, s, shown);
		rc = e->fn(&lim.sink, c);
		xp_sink_limit_finish(&lim);
	}
	if (fill && (sp->flags & XP_F_LEFT))
		xp_pad(s, ' ', fill);
	return rc;
}

int xp_convert_pointer(struct xp_sink *s, const struct xp_spec *sp, void *ptr)
{
	const struct xp_ext *e = sp->ext_len ? xp_ext_find(sp->ext, sp->ext_len) : NULL;
	if (!e) {
		xp_emit_plain_pointer(s, sp, ptr);
		return 0;
	}
	if ((e->flags & XP_EXT_ZERO_WIDTH_EMPTY) && sp->width == 0 && xp_ext_width_given(sp))
		return 0;
	if (e->flags & XP_EXT_DEREF) {
		const char *bad = xp_ext_bad_pointer(ptr);
		if (bad) {
			/* The kernel's error_string(): padded and cut as %s. */
			size_t len = strlen(bad);
			if (sp->prec >= 0 && (size_t)sp->prec < len)
				len = (size_t)sp->prec;
			xp_emit_padded(s, sp, bad, len);
			return 0;
		}
	}
	struct xp_ext_call call = {
		.ptr = ptr,
		.letters = sp->ext + e->name_len,
		.nletters = sp->ext_len - e->name_len,
		.spec = sp,
		.ext = e,
	};
	if (e->flags & XP_EXT_OWN_WIDTH)
		return e->fn(s, &call);
	return run_padded(s, e, &call);
}
