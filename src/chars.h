/* chars.h - ASCII character classes that ignore the locale: directive
 * letters and %p extension names are ASCII whatever LC_CTYPE says. */
#ifndef XP_CHARS_H
#define XP_CHARS_H

static inline int xp_is_digit(unsigned char c)
{
	return (unsigned)(c - '0') < 10u;
}

static inline int xp_is_alpha(unsigned char c)
{
	return (unsigned)((c | 0x20) - 'a') < 26u;
}

static inline int xp_is_alnum(unsigned char c)
{
	return xp_is_digit(c) || xp_is_alpha(c);
}

#endif
