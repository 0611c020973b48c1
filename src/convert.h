/* convert.h - step 3: turn one fetched argument into bytes on a sink.
 *
 * Each converter reads the directive (flags, width, precision) and writes
 * the whole field, padding included.  They return 0, or -1 with errno set
 * when the conversion itself fails (EILSEQ from the locale).
 */
#ifndef XP_CONVERT_H
#define XP_CONVERT_H

#include "args.h"
#include "sink.h"
#include "spec.h"

/* d i u o x X b B; value as fetched (sign-extended), narrowed here. */
void xp_convert_int(struct xp_sink *s, const struct xp_spec *sp, long long value);
/* The integer layout engine shared with %p and %#m. */
void xp_emit_number(struct xp_sink *s, const struct xp_spec *sp,
		    unsigned long long mag, int negative, unsigned base, int upper);

/* The same with the fields spelled out (the driver's fast path). */
void xp_emit_number_fields(struct xp_sink *s, unsigned flags, unsigned width, int prec,
			   unsigned long long mag, int negative, unsigned base, int upper);

/* c C (value is an int / wint_t) and s S (value is a pointer). */
int xp_convert_char(struct xp_sink *s, const struct xp_spec *sp, int value);
int xp_convert_string(struct xp_sink *s, const struct xp_spec *sp, const void *str);
/* A byte string of known length, padded to the field width. */
void xp_emit_padded(struct xp_sink *s, const struct xp_spec *sp, const char *str, size_t len);
/* Inline: the driver's fast path pads strings with it. */
static inline void xp_emit_padded_fields(struct xp_sink *s, unsigned width, int left,
					 const char *str, size_t len)
{
	/* no branch on the string's length against the width (GCC makes one
	 * of the plain ?:) */
	size_t fill = (width - len) & (0 - (size_t)(width > len));
	if (__builtin_expect(xp_overlaps_output(s, str, len, len + fill), 0)) {
		xp_emit_overlapping(s, fill, left, str, len);
		return;
	}
	if (width <= 32 && len + fill <= (size_t)(s->end - s->pos)) {
		/* the width in spaces, then the string over them: the branches
		 * follow the width (fixed at the call site), not the string's
		 * varying length */
		char *d = s->pos;
		xp_copy_upto32(d, xp_spaces, width);
		if (len <= XP_COPY_INLINE_MAX)
			xp_copy_upto32(d + (left ? 0 : fill), str, len);
		else
			memcpy(d + (left ? 0 : fill), str, len);
		s->pos = d + len + fill;
		return;
	}
	if (!left)
		xp_pad(s, ' ', fill);
	xp_put(s, str, len);
	if (left)
		xp_pad(s, ' ', fill);
}

/* e E f F g G a A */
int xp_convert_float(struct xp_sink *s, const struct xp_spec *sp, const union xp_arg *v);

/* p, with or without an extension name. */
int xp_convert_pointer(struct xp_sink *s, const struct xp_spec *sp, void *ptr);
/* The plain glibc %p. */
void xp_emit_plain_pointer(struct xp_sink *s, const struct xp_spec *sp, const void *ptr);

/* m (errno saved at entry), n (count so far), and an unknown directive. */
/* What %m (strerror) or %#m (the errno's name; NULL: it has none, then
 * xp_convert_errno prints the number) shows; buf may hold it. */
const char *xp_errno_text(const struct xp_spec *sp, int saved_errno, char *buf, size_t size);
void xp_convert_errno(struct xp_sink *s, const struct xp_spec *sp, int saved_errno);
void xp_convert_count(const struct xp_spec *sp, void *dest, size_t count);
void xp_convert_unknown(struct xp_sink *s, const struct xp_spec *sp);

#endif
