/* outdigits.c - the locale's output digits and punctuation for the I flag. */
#define _GNU_SOURCE
#include "outdigits.h"

#include <errno.h>
#include <langinfo.h>
#include <string.h>
#include <wchar.h>
#include <wctype.h>

/* c's mapping under to_outpunct, as a multibyte string; the ASCII
 * character itself when it has none (as glibc's _i18n_number_rewrite). */
static size_t outpunct(wctrans_t map, wchar_t c, char *out)
{
	mbstate_t st;
	memset(&st, 0, sizeof st);
	size_t n = wcrtomb(out, (wchar_t)towctrans((wint_t)c, map), &st);
	if (n == (size_t)-1) {
		out[0] = (char)c;
		n = 1;
	}
	out[n] = '\0';
	return n;
}

int xp_outdigits_get(struct xp_outdigits *od)
{
	int plain = 1;
	for (int i = 0; i < 10; i++) {
		const char *d = nl_langinfo((nl_item)(_NL_CTYPE_OUTDIGIT0_MB + i));
		od->digit[i] = d;
		od->digit_len[i] = strlen(d);
		plain &= od->digit_len[i] == 1 && d[0] == '0' + i;
	}
	int saved = errno; /* wctrans sets it for an unknown name */
	wctrans_t map = wctrans("to_outpunct");
	errno = saved;
	if (map) {
		od->decimal_len = outpunct(map, L'.', od->decimal);
		od->thousands_len = outpunct(map, L',', od->thousands);
	} else {
		memcpy(od->decimal, ".", 2);
		memcpy(od->thousands, ",", 2);
		od->decimal_len = od->thousands_len = 1;
	}
	return !plain || od->decimal_len != 1 || od->decimal[0] != '.' || od->thousands_len != 1 ||
	       od->thousands[0] != ',';
}

/* The replacement of byte c, or NULL to keep it. */
static const char *replacement(const struct xp_outdigits *od, char c, size_t *len)
{
	if ((unsigned)(c - '0') < 10u) {
		*len = od->digit_len[c - '0'];
		return od->digit[c - '0'];
	}
	if (c == '.') {
		*len = od->decimal_len;
		return od->decimal;
	}
	if (c == ',') {
		*len = od->thousands_len;
		return od->thousands;
	}
	return NULL;
}

size_t xp_outdigits_len(const struct xp_outdigits *od, const char *p, size_t n)
{
	size_t total = 0;
	for (size_t i = 0; i < n; i++) {
		size_t len = 1;
		replacement(od, p[i], &len);
		total += len;
	}
	return total;
}

void xp_outdigits_put(struct xp_sink *s, const struct xp_outdigits *od, const char *p, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		size_t len;
		const char *r = replacement(od, p[i], &len);
		if (r)
			xp_put(s, r, len);
		else
			xp_putc(s, p[i]);
	}
}

static void outdigits_drain(struct xp_sink *s, const char *p, size_t n)
{
	struct xp_outdigits_sink *o = (struct xp_outdigits_sink *)s;
	xp_outdigits_put(o->parent, o->od, s->base, (size_t)(s->pos - s->base));
	xp_outdigits_put(o->parent, o->od, p, n);
	s->done += (size_t)(s->pos - s->base) + n;
	s->pos = s->base;
}

void xp_outdigits_sink_init(struct xp_outdigits_sink *o, struct xp_sink *parent,
			    const struct xp_outdigits *od)
{
	struct xp_sink *s = &o->sink;
	o->parent = parent;
	o->od = od;
	s->base = s->pos = o->buf;
	s->end = o->buf + sizeof o->buf;
	s->done = 0;
	s->error = 0;
	s->counting = 0;
	s->drain = outdigits_drain;
}

void xp_outdigits_sink_finish(struct xp_outdigits_sink *o)
{
	struct xp_sink *s = &o->sink;
	xp_outdigits_put(o->parent, o->od, s->base, (size_t)(s->pos - s->base));
	s->done += (size_t)(s->pos - s->base);
	s->pos = s->base;
}
