/* sink_wide.c - a wide sink's common part: decoding the engine's bytes,
 * counting, and the wide text that bypasses the byte window. */
#include "sink_wide.h"

#include <errno.h>
#include <string.h>

#include "widen.h"

void xp_wide_fail(struct xp_wide_sink *w, int err)
{
	if (!w->sink.error)
		w->sink.error = err;
	w->sink.counting = 1;
	w->wend = w->wpos;
}

static void pass_on(struct xp_wide_sink *w, const wchar_t *p, size_t n)
{
	if (n && !w->sink.counting)
		w->write(w, p, n);
	w->sink.done += n;
}

/* The bytes at p as wide characters.  A byte that starts no character of
 * the locale (an extension's output in the wrong encoding) fails the call
 * with EILSEQ, as a %lc without a multibyte form fails a narrow one. */
static void decode(struct xp_wide_sink *w, const char *p, size_t n)
{
	wchar_t out[64];
	size_t k = 0;
	while (n) {
		if (!w->partial && (unsigned char)*p < 0x80) {
			out[k++] = (unsigned char)*p++;
			n--;
		} else {
			wchar_t wc;
			size_t r = mbrtowc(&wc, p, n, &w->state);
			if (r == (size_t)-2) {
				w->partial = 1; /* the rest comes with the next bytes */
				break;
			}
			if (r == (size_t)-1) {
				pass_on(w, out, k);
				memset(&w->state, 0, sizeof w->state);
				w->partial = 0;
				xp_wide_fail(w, EILSEQ);
				return;
			}
			w->partial = 0;
			if (r == 0)
				r = 1; /* the NUL byte */
			out[k++] = wc;
			p += r;
			n -= r;
		}
		if (k == sizeof out / sizeof out[0]) {
			pass_on(w, out, k);
			k = 0;
		}
	}
	pass_on(w, out, k);
}

void xp_wide_drain(struct xp_sink *s, const char *p, size_t n)
{
	struct xp_wide_sink *w = (struct xp_wide_sink *)s;
	size_t used = (size_t)(s->pos - s->base);
	s->pos = s->base;
	if (s->counting) {
		s->done += used + n;
		return;
	}
	decode(w, s->base, used);
	if (!s->counting)
		decode(w, p, n);
	else
		s->done += n;
}

/* ASCII that fits goes straight to the destination. */
void xp_wide_flush_window(struct xp_wide_sink *w)
{
	struct xp_sink *s = &w->sink;
	size_t n = (size_t)(s->pos - s->base);
	if (!w->partial && xp_wide_room(w, n) && xp_is_ascii(s->base, n)) {
		xp_widen_ascii(w->wpos, s->base, n);
		w->wpos += n;
		s->done += n;
		s->pos = s->base;
		return;
	}
	xp_wide_drain(s, NULL, 0);
}

/* Called with the window flushed. */
void xp_wide_write_slow(struct xp_wide_sink *w, const wchar_t *p, size_t n)
{
	pass_on(w, p, n);
}

int xp_wide_put_char(struct xp_wide_sink *w, wint_t c)
{
	xp_wide_flush(w);
	w->sink.done++;
	if (w->sink.counting)
		return 0;
	return w->put_char(w, c);
}
