/* spec.h - one parsed conversion directive, passed along every stage. */
#ifndef XP_SPEC_H
#define XP_SPEC_H

#include <stddef.h>

enum xp_flag {
	XP_F_LEFT = 1u << 0,  /* '-' */
	XP_F_PLUS = 1u << 1,  /* '+' */
	XP_F_SPACE = 1u << 2, /* ' ' */
	XP_F_ALT = 1u << 3,   /* '#' */
	XP_F_ZERO = 1u << 4,  /* '0' (cleared when '-' is set) */
	XP_F_GROUP = 1u << 5, /* '\'' */
	XP_F_I18N = 1u << 6,  /* 'I': the locale's output digits (outdigits.h) */
	/* '0' that survives under XP_F_LEFT: glibc's positional path keeps
	 * the flag when a '*' width is negative; %e %f %g then pad with zeros
	 * on the right, %a not at all, and an unknown directive reprints it. */
	XP_F_ZERO_LEFT = 1u << 7,
};

/* How a directive's argument is read from the va_list. */
enum xp_argtype {
	XP_A_NONE,
	XP_A_INT,   /* int and everything promoted to it, wint_t */
	XP_A_LONG,
	XP_A_LLONG,
	XP_A_PTR,
	XP_A_DOUBLE,
	XP_A_LDOUBLE,
};

#define XP_NO_ARG (-1)
#define XP_NO_PREC (-1)

struct xp_spec {
	unsigned flags;
	unsigned width;      /* field width; up to 2^31 from a negative '*'.  0 and
	                      * !width_from_arg: none given (a written width is
	                      * never 0, a leading 0 being the flag); %*ph tells
	                      * "none" (1 byte) from a '*' of 0 (nothing). */
	int prec;            /* XP_NO_PREC when absent */
	unsigned char conv;  /* conversion character; 0 = format ended early */
	unsigned char size;  /* integer size in bytes for d i u o x X b B n */
	unsigned char wide;  /* c/s take wint_t / wchar_t * (l, ll, L, q, j, z, t) */
	unsigned char ldbl;  /* floating argument is long double (L, ll, q) */
	unsigned char type;  /* enum xp_argtype of the value */
	unsigned char width_from_arg, prec_from_arg;
	unsigned char positional; /* a n$ appeared in this directive */
	unsigned char glibc_slow; /* glibc 2.36 leaves its fast path here (see parse.c) */
	int argno;           /* 0-based positional index of the value, or XP_NO_ARG */
	int width_argno;     /* ... of a '*' width */
	int prec_argno;      /* ... of a '*' precision */
	const char *ext;     /* %p: the [A-Za-z0-9]* text after 'p' */
	size_t ext_len;
};

/*
 * Parse one directive.  p points just after '%'.  Returns the first byte
 * after the directive.  Sets *overflow when a width, precision or argument
 * number does not fit in an int (glibc: EOVERFLOW).
 */
const char *xp_parse_directive(const char *p, struct xp_spec *sp, int *overflow);

/* The same for a wchar_t format: sp->ext is NULL (the name is the
 * sp->ext_len characters before the returned pointer), and a conversion
 * character outside ASCII is stored as 0x80, an unknown one (the caller
 * reprints the real one from the format). */
const wchar_t *xp_parse_directive_wide(const wchar_t *p, struct xp_spec *sp, int *overflow);

/* Is c a conversion xprintf implements (as opposed to one it reprints)? */
int xp_conv_known(unsigned char c);

#endif
