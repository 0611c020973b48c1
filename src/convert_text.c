/* convert_text.c - c C s S, and the padded byte string they all end in. */
#define _GNU_SOURCE
#include "convert.h"

#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <string.h>
#include <wchar.h>

void xp_emit_padded(struct xp_sink *s, const struct xp_spec *sp, const char *str, size_t len)
{
	xp_emit_padded_fields(s, sp->width, (sp->flags & XP_F_LEFT) != 0, str, len);
}

int xp_convert_char(struct xp_sink *s, const struct xp_spec *sp, int value)
{
	if (!sp->wide) {
		char c = (char)(unsigned char)value;
		xp_emit_padded(s, sp, &c, 1);
		return 0;
	}
	char mb[MB_LEN_MAX];
	mbstate_t st;
	memset(&st, 0, sizeof st);
	size_t n = wcrtomb(mb, (wchar_t)value, &st);
	if (n == (size_t)-1)
		return -1; /* errno is EILSEQ */
	xp_emit_padded(s, sp, mb, n);
	return 0;
}

/*
 * The multibyte length of a wide string, stopping before the character that
 * would exceed limit bytes (no partial characters, as wcsrtombs with a
 * bound).  Returns (size_t)-1 when a character within reach has no
 * multibyte form.
 */
static size_t wide_length(const wchar_t *ws, size_t limit)
{
	mbstate_t st;
	memset(&st, 0, sizeof st);
	size_t total = 0;
	char mb[MB_LEN_MAX];
	/* The bound first: with a precision, the array need not hold a
	 * terminating L'\0' after the characters printed (C11 7.21.6.1). */
	for (; total < limit && *ws; ws++) {
		size_t n = wcrtomb(mb, *ws, &st);
		if (n == (size_t)-1)
			return n;
		if (n > limit - total)
			break;
		total += n;
	}
	return total;
}

static void wide_emit(struct xp_sink *s, const wchar_t *ws, size_t bytes)
{
	mbstate_t st;
	memset(&st, 0, sizeof st);
	char mb[MB_LEN_MAX];
	while (bytes) {
		/* at most MB_LEN_MAX bytes, never (size_t)-1: the bytes were
		 * counted before; the clamp tells GCC's bounds warning so */
		size_t n = wcrtomb(mb, *ws++, &st);
		n = n < sizeof mb ? n : sizeof mb;
		xp_put(s, mb, n);
		bytes -= n;
	}
}

int xp_convert_string(struct xp_sink *s, const struct xp_spec *sp, const void *str)
{
	if (!str) {
		/* glibc: "(null)" unless a precision too small for it is given. */
		static const char null_text[] = "(null)";
		if (sp->prec >= 0 && sp->prec < (int)sizeof null_text - 1)
			xp_emit_padded(s, sp, "", 0);
		else
			xp_emit_padded(s, sp, null_text, sizeof null_text - 1);
		return 0;
	}
	if (!sp->wide) {
		size_t len = sp->prec >= 0 ? strnlen(str, (size_t)sp->prec) : strlen(str);
		xp_emit_padded(s, sp, str, len);
		return 0;
	}
	/* Measure first: an unconvertible character fails the whole directive
	 * before anything is written, as in glibc. */
	size_t limit = sp->prec >= 0 ? (size_t)sp->prec : SIZE_MAX;
	size_t len = wide_length(str, limit);
	if (len == (size_t)-1)
		return -1;
	size_t fill = sp->width > len ? sp->width - len : 0;
	if (fill && !(sp->flags & XP_F_LEFT))
		xp_pad(s, ' ', fill);
	wide_emit(s, str, len);
	if (fill && (sp->flags & XP_F_LEFT))
		xp_pad(s, ' ', fill);
	return 0;
}
