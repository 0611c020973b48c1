/* field.h - the one layout of a numeric field:
 *
 *     [spaces] [sign or prefix] [zeros] [body] [spaces]
 *
 * The width's fill goes before the prefix as spaces, or after it as zeros
 * (the '0' flag), or after the body (the '-' flag: spaces, or zeros where
 * glibc keeps a '0' flag under a negative '*' width, XP_F_ZERO_LEFT).
 * Precision zeros (%.5d) sit between the prefix and the body whatever the
 * flags.  Callers pass the flags that apply to them: only XP_F_LEFT,
 * XP_F_ZERO and XP_F_ZERO_LEFT are read.
 */
#ifndef XP_FIELD_H
#define XP_FIELD_H

#include <stddef.h>

#include "sink.h"
#include "spec.h"

/* The fill a field of chars characters needs to reach width. */
static inline size_t xp_field_fill(size_t width, size_t chars)
{
	return width > chars ? width - chars : 0;
}

/* Everything up to the body: the fill before or after the prefix, and the
 * prefix.  Returns the fill still owed after the body (xp_field_close). */
static inline size_t xp_field_open(struct xp_sink *s, unsigned flags, size_t fill,
				   const char *prefix, size_t plen)
{
	if (flags & XP_F_LEFT) {
		xp_put(s, prefix, plen);
		return fill;
	}
	if (fill && !(flags & XP_F_ZERO))
		xp_pad(s, ' ', fill);
	xp_put(s, prefix, plen);
	if (fill && (flags & XP_F_ZERO))
		xp_pad(s, '0', fill);
	return 0;
}

static inline void xp_field_close(struct xp_sink *s, unsigned flags, size_t right)
{
	if (right)
		xp_pad(s, (flags & XP_F_ZERO_LEFT) ? '0' : ' ', right);
}

/* The whole field, its body in one piece. */
static inline void xp_field(struct xp_sink *s, unsigned flags, size_t fill, const char *prefix,
			    size_t plen, size_t zeros, const char *body, size_t bytes)
{
	size_t right = xp_field_open(s, flags, fill, prefix, plen);
	if (zeros)
		xp_pad(s, '0', zeros);
	xp_put(s, body, bytes);
	xp_field_close(s, flags, right);
}

/* The field of a number built whole, its first plen bytes the sign or
 * prefix: one copy when there is no fill. */
static inline void xp_field_built(struct xp_sink *s, unsigned flags, size_t fill,
				  const char *field, size_t plen, size_t bytes)
{
	if (!fill)
		xp_put(s, field, bytes);
	else
		xp_field(s, flags, fill, field, plen, 0, field + plen, bytes - plen);
}

#endif
