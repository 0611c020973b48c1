/* outdigits.h - glibc's I flag: a number printed with the locale's output
 * digits (LC_CTYPE outdigits) and, where the locale maps them with
 * to_outpunct, its own decimal point and thousands separator for '.' and
 * ','; the rest of the bytes as they are. */
#ifndef XP_OUTDIGITS_H
#define XP_OUTDIGITS_H

#include <limits.h>
#include <stddef.h>

#include "sink.h"

struct xp_outdigits {
	const char *digit[10]; /* multibyte strings, from nl_langinfo */
	size_t digit_len[10];
	char decimal[MB_LEN_MAX + 1], thousands[MB_LEN_MAX + 1]; /* "." and "," when unmapped */
	size_t decimal_len, thousands_len;
};

/* The calling thread's locale's; 0 when the flag changes nothing there
 * (ASCII digits and no to_outpunct), so the caller prints as without it. */
int xp_outdigits_get(struct xp_outdigits *od);

/* How many bytes the n bytes at p become. */
size_t xp_outdigits_len(const struct xp_outdigits *od, const char *p, size_t n);

/* Write the n bytes at p to s, rewritten. */
void xp_outdigits_put(struct xp_sink *s, const struct xp_outdigits *od, const char *p, size_t n);

/* A sink that rewrites everything written to it onto parent. */
struct xp_outdigits_sink {
	struct xp_sink sink;
	struct xp_sink *parent;
	const struct xp_outdigits *od;
	char buf[256];
};
void xp_outdigits_sink_init(struct xp_outdigits_sink *o, struct xp_sink *parent,
			    const struct xp_outdigits *od);
void xp_outdigits_sink_finish(struct xp_outdigits_sink *o);

#endif
