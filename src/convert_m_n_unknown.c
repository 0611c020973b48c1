/* convert_m_n_unknown.c - m, n and directives glibc does not know. */
#define _GNU_SOURCE
#include "convert.h"

#include <stdint.h>
#include <string.h>

const char *xp_errno_text(const struct xp_spec *sp, int saved_errno, char *buf, size_t size)
{
	if (sp->flags & XP_F_ALT)
		return strerrorname_np(saved_errno);
	return strerror_r(saved_errno, buf, size);
}

void xp_convert_errno(struct xp_sink *s, const struct xp_spec *sp, int saved_errno)
{
	char buf[256];
	const char *text = xp_errno_text(sp, saved_errno, buf, sizeof buf);
	if (text) {
		xp_emit_padded(s, sp, text, strnlen(text, sp->prec >= 0 ? (size_t)sp->prec : SIZE_MAX));
		return;
	}
	/* %#m of an errno without a name: the number. */
	struct xp_spec num = *sp;
	num.conv = 'd';
	num.size = sizeof(int);
	xp_convert_int(s, &num, saved_errno);
}

void xp_convert_count(const struct xp_spec *sp, void *dest, size_t count)
{
	if (!dest)
		return;
	switch (sp->size) {
	case 1: *(signed char *)dest = (signed char)count; break;
	case 2: *(short *)dest = (short)count; break;
	case 4: *(int *)dest = (int)count; break;
	default: *(long long *)dest = (long long)count; break;
	}
}

/* glibc's __printf_unknown: '%', the flags in a fixed order, width,
 * precision and the conversion character; length modifiers are dropped. */
void xp_convert_unknown(struct xp_sink *s, const struct xp_spec *sp)
{
	char buf[64];
	char *p = buf;
	unsigned f = sp->flags;
	*p++ = '%';
	if (f & XP_F_ALT) *p++ = '#';
	if (f & XP_F_GROUP) *p++ = '\'';
	if (f & XP_F_PLUS) *p++ = '+';
	else if (f & XP_F_SPACE) *p++ = ' ';
	if (f & XP_F_LEFT) *p++ = '-';
	if (f & (XP_F_ZERO | XP_F_ZERO_LEFT)) *p++ = '0';
	if (f & XP_F_I18N) *p++ = 'I';
	xp_put(s, buf, (size_t)(p - buf));
	struct xp_spec num;
	memset(&num, 0, sizeof num);
	num.prec = XP_NO_PREC;
	if (sp->width)
		xp_emit_number(s, &num, sp->width, 0, 10, 0);
	if (sp->prec >= 0) {
		xp_putc(s, '.');
		xp_emit_number(s, &num, (unsigned)sp->prec, 0, 10, 0);
	}
	if (sp->conv)
		xp_putc(s, (char)sp->conv);
}
