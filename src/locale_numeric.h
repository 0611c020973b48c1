/* locale_numeric.h - LC_NUMERIC data of the calling thread's locale. */
#ifndef XP_LOCALE_NUMERIC_H
#define XP_LOCALE_NUMERIC_H

#include <stddef.h>

struct xp_numeric {
	const char *thousands_sep; /* "" when the locale does not group */
	size_t thousands_len;
	const char *grouping;      /* glibc GROUPING bytes */
	const char *radix;         /* decimal point, possibly multibyte */
	size_t radix_len;
};

void xp_numeric_get(struct xp_numeric *n);

/*
 * Insert thousands separators into the digits [digits, end), moving them
 * towards the front of buf.  Returns the new start.  buf must have room for
 * the digits plus a separator before every digit.
 */
char *xp_group_digits(char *buf, char *digits, char *end, const struct xp_numeric *n);

#endif
