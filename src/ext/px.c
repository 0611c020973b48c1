/* px.c - %px: the raw address in lowercase hex, as the kernel's
 * pointer_string() and number() print it.  With no field width it is zero
 * padded to the width of a pointer; with one, the directive's '-', '0',
 * '#' (a 0x prefix) and precision (at least that many digits) apply, and,
 * unlike C's %x, '0' pads beside a precision and a zero address still
 * prints its digit (and its 0x). */
#include "../digits.h"
#include "../ext.h"

#include <stdint.h>

int xp_ext_px(struct xp_sink *s, const struct xp_ext_call *c)
{
	const struct xp_spec *sp = c->spec;
	unsigned flags = sp->flags;
	size_t width = sp->width;
	if (!xp_ext_width_given(sp)) {
		width = 2 * sizeof(void *);
		flags |= XP_F_ZERO;
	}
	int zero = (flags & XP_F_ZERO) && !(flags & XP_F_LEFT);

	char digits[2 * sizeof(uintptr_t)];
	const char *first = xp_hex_backwards(digits + sizeof digits, (uintptr_t)c->ptr, 0);
	size_t n = (size_t)(digits + sizeof digits - first);
	size_t prec = sp->prec > 0 && (size_t)sp->prec > n ? (size_t)sp->prec : n;
	size_t prefix = flags & XP_F_ALT ? 2 : 0;
	size_t pad = width > prefix + prec ? width - prefix - prec : 0;

	if (!zero && !(flags & XP_F_LEFT))
		xp_pad(s, ' ', pad);
	xp_put(s, "0x", prefix);
	if (zero)
		xp_pad(s, '0', pad);
	xp_pad(s, '0', prec - n);
	xp_put(s, first, n);
	if (flags & XP_F_LEFT)
		xp_pad(s, ' ', pad);
	return 0;
}
