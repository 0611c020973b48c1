/* locale_numeric.c - thousands grouping and the radix character. */
#define _GNU_SOURCE
#include "locale_numeric.h"

#include <langinfo.h>
#include <limits.h>
#include <string.h>

void xp_numeric_get(struct xp_numeric *n)
{
	/* nl_langinfo answers for the thread's locale (uselocale) and is MT-safe. */
	n->thousands_sep = nl_langinfo(THOUSEP);
	n->thousands_len = strlen(n->thousands_sep);
	n->grouping = nl_langinfo(GROUPING);
	n->radix = nl_langinfo(RADIXCHAR);
	n->radix_len = strlen(n->radix);
	if (!n->grouping || !*n->grouping || *n->grouping == CHAR_MAX || *n->grouping <= 0)
		n->thousands_len = 0;
}

char *xp_group_digits(char *buf, char *digits, char *end, const struct xp_numeric *n)
{
	(void)buf;
	if (!n->thousands_len)
		return digits;
	/* Walk from the least significant digit; rebuild at the front. */
	size_t ndig = (size_t)(end - digits);
	char tmp[160];
	if (ndig > sizeof tmp)
		return digits;
	memcpy(tmp, digits, ndig);
	const char *g = n->grouping;
	int group = *g;
	char *out = end;
	size_t in = ndig;
	int run = 0;
	while (in) {
		if (group > 0 && group != CHAR_MAX && run == group) {
			out -= n->thousands_len;
			memcpy(out, n->thousands_sep, n->thousands_len);
			run = 0;
			if (g[1])
				group = *++g;
		}
		*--out = tmp[--in];
		run++;
	}
	return out;
}
