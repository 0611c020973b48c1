/* convert_wide.c - c C s S m, unknown conversions and grouped integers in
 * wide output, as glibc 2.36's vfwprintf prints them. */
#define _GNU_SOURCE
#include "convert_wide.h"

#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "convert.h"
#include "sink_dest.h"

static void pad(struct xp_wide_sink *w, size_t n)
{
	if (n)
		xp_pad(&w->sink, ' ', n);
}

int xp_wide_convert_char(struct xp_wide_sink *w, const struct xp_spec *sp, int value)
{
	wint_t c = sp->wide ? (wint_t)value : btowc((unsigned char)value);
	int left = (sp->flags & XP_F_LEFT) != 0;
	size_t fill = sp->width > 1 ? sp->width - 1 : 0;
	if (!left)
		pad(w, fill);
	if (xp_wide_put_char(w, c) < 0)
		return XP_WIDE_REFUSED;
	if (left)
		pad(w, fill);
	return 0;
}

/* glibc converts 64 characters at a time and writes each piece before
 * converting the next, so a bad sequence fails the call after the pieces
 * before it were written. */
enum { PIECE = 64 };

/* The characters of the first prec (all when prec < 0) of src, or
 * (size_t)-1 with errno EILSEQ. */
static size_t converted_length(const char *src, int prec)
{
	mbstate_t st;
	memset(&st, 0, sizeof st);
	if (prec < 0)
		return mbsrtowcs(NULL, &src, 0, &st);
	wchar_t piece[PIECE];
	size_t total = 0, limit = (size_t)prec;
	while (limit > 0 && src) {
		size_t n = mbsrtowcs(piece, &src, limit < PIECE ? limit : PIECE, &st);
		if (n == (size_t)-1)
			return n;
		if (n == 0)
			break;
		total += n;
		limit -= n;
	}
	return total;
}

/* glibc's outstring_converted_wide_string: the width and the precision
 * count wide characters; a string with a bad sequence before the
 * precision fails with EILSEQ. */
static int emit_converted(struct xp_wide_sink *w, const char *src, unsigned width, int left,
			  int prec)
{
	if (width > 0 && !left) {
		size_t len = converted_length(src, prec);
		if (len < width) /* (size_t)-1 pads nothing: the loop below fails */
			pad(w, width - len);
	}
	mbstate_t st;
	memset(&st, 0, sizeof st);
	size_t total = 0, remaining = prec >= 0 ? (size_t)prec : SIZE_MAX;
	wchar_t piece[PIECE];
	while (remaining > 0 && src) {
		size_t n = mbsrtowcs(piece, &src, remaining < PIECE ? remaining : PIECE, &st);
		if (n == (size_t)-1)
			return -1;
		if (n == 0)
			break;
		xp_wide_write(w, piece, n);
		total += n;
		if (prec >= 0)
			remaining -= n;
	}
	if (width > 0 && left && total < width)
		pad(w, width - total);
	return 0;
}

int xp_wide_convert_string(struct xp_wide_sink *w, const struct xp_spec *sp, const void *str)
{
	if (!str)
		return xp_convert_string(&w->sink, sp, NULL); /* "(null)", ASCII */
	int left = (sp->flags & XP_F_LEFT) != 0;
	if (!sp->wide)
		return emit_converted(w, str, sp->width, left, sp->prec);
	const wchar_t *ws = str;
	size_t len = sp->prec >= 0 ? wcsnlen(ws, (size_t)sp->prec) : wcslen(ws);
	size_t fill = sp->width > len ? sp->width - len : 0;
	if (!left)
		pad(w, fill);
	xp_wide_write(w, ws, len);
	if (left)
		pad(w, fill);
	return 0;
}

int xp_wide_convert_errno(struct xp_wide_sink *w, const struct xp_spec *sp, int saved_errno)
{
	char buf[256];
	const char *text = xp_errno_text(sp, saved_errno, buf, sizeof buf);
	if (!text) {
		/* %#m of an errno without a name: the number, as %d */
		struct xp_spec num = *sp;
		num.conv = 'd';
		num.size = sizeof(int);
		xp_wide_convert_int(w, &num, saved_errno);
		return 0;
	}
	return emit_converted(w, text, sp->width, (sp->flags & XP_F_LEFT) != 0, sp->prec);
}

/* The characters of the bytes [p, p + n) in the locale. */
static size_t character_count(const char *p, size_t n)
{
	mbstate_t st;
	memset(&st, 0, sizeof st);
	size_t chars = 0;
	while (n) {
		size_t r = mbrlen(p, n, &st);
		if (r == 0 || r > n)
			r = 1;
		p += r, n -= r, chars++;
	}
	return chars;
}

/* Whether the directive prints 0: value as its length modifier cuts it
 * (%hu of 65536 is 0). */
static int prints_zero(const struct xp_spec *sp, long long value)
{
	unsigned long long u = (unsigned long long)value;
	switch (sp->size) {
	case 1: return (unsigned char)u == 0;
	case 2: return (unsigned short)u == 0;
	case 4: return (unsigned)u == 0;
	default: return u == 0;
	}
}

void xp_wide_convert_int(struct xp_wide_sink *w, const struct xp_spec *sp, long long value)
{
	/* Only a thousands separator (or digits the I flag takes from the
	 * locale) can be more than one byte. */
	if ((sp->flags & (XP_F_GROUP | XP_F_I18N)) && (sp->width || sp->prec > 0) &&
	    !(sp->prec == 0 && prints_zero(sp, value))) { /* (%.0d of 0 has no digits at all) */
		/* The number alone, to see how many bytes more than characters
		 * it takes; the width and the precision (which counts the
		 * separators too) get that many more. */
		char buf[64 * 17 + 8];
		struct xp_buffer_sink b;
		xp_buffer_init(&b, buf, sizeof buf);
		struct xp_spec bare = *sp;
		bare.width = 0;
		bare.prec = XP_NO_PREC;
		xp_convert_int(&b.sink, &bare, value);
		size_t bytes = xp_sink_count(&b.sink);
		if (bytes >= sizeof buf)
			bytes = 0; /* cannot happen: 64 digits, 63 separators of 16 bytes */
		unsigned extra = (unsigned)(bytes - character_count(buf, bytes));
		if (extra) {
			struct xp_spec wider = *sp;
			if (wider.width)
				wider.width += extra;
			if (wider.prec > 0 && wider.prec <= INT_MAX - (int)extra)
				wider.prec += (int)extra;
			xp_convert_int(&w->sink, &wider, value);
			return;
		}
	}
	xp_convert_int(&w->sink, sp, value);
}

void xp_wide_convert_unknown(struct xp_wide_sink *w, const struct xp_spec *sp, wchar_t conv)
{
	struct xp_spec head = *sp;
	head.conv = 0;
	xp_convert_unknown(&w->sink, &head);
	if (sp->conv)
		xp_wide_write(w, &conv, 1);
}
