/* parse.c - step 1: turn the text of one directive into a struct xp_spec.
 *
 * The grammar is glibc's: [n$] [flags] [width | * | *m$] [.prec | .* | .*m$]
 * [length] conversion, plus C23 wN/wfN and the kernel's %p[A-Za-z0-9]*.
 * Nothing here reads arguments; that is args.c's job.
 */
#include "spec.h"

#include <limits.h>
#include <stdint.h>
#include <string.h>

#include "chars.h"

enum { CONV_INT = 1, CONV_UINT, CONV_FLOAT, CONV_CHAR, CONV_STR, CONV_PTR, CONV_COUNT, CONV_NOARG };

static const unsigned char conv_class[256] = {
	['d'] = CONV_INT, ['i'] = CONV_INT,
	['u'] = CONV_UINT, ['o'] = CONV_UINT, ['x'] = CONV_UINT, ['X'] = CONV_UINT,
	['b'] = CONV_UINT, ['B'] = CONV_UINT,
	['e'] = CONV_FLOAT, ['E'] = CONV_FLOAT, ['f'] = CONV_FLOAT, ['F'] = CONV_FLOAT,
	['g'] = CONV_FLOAT, ['G'] = CONV_FLOAT, ['a'] = CONV_FLOAT, ['A'] = CONV_FLOAT,
	['c'] = CONV_CHAR, ['C'] = CONV_CHAR,
	['s'] = CONV_STR, ['S'] = CONV_STR,
	['p'] = CONV_PTR, ['n'] = CONV_COUNT,
	['m'] = CONV_NOARG, ['%'] = CONV_NOARG,
};

int xp_conv_known(unsigned char c) { return conv_class[c] != 0; }

static unsigned char int_argtype(unsigned size)
{
	if (size <= sizeof(int))
		return XP_A_INT;
	return size == sizeof(long) ? XP_A_LONG : XP_A_LLONG;
}

static const unsigned char flag_bits[256] = {
	['-'] = XP_F_LEFT, ['+'] = XP_F_PLUS, [' '] = XP_F_SPACE, ['#'] = XP_F_ALT,
	['0'] = XP_F_ZERO, ['\''] = XP_F_GROUP, ['I'] = XP_F_I18N,
};

static const struct xp_spec blank_spec = {
	.prec = XP_NO_PREC,
	.size = sizeof(int),
	.argno = XP_NO_ARG,
	.width_argno = XP_NO_ARG,
	.prec_argno = XP_NO_ARG,
};

/* char formats: the code that always was, byte for byte. */
#define XP_CHAR char
#define XP_CODE(c) ((unsigned char)(c))
#define XP_NAME(n) n
#define XP_EXT_AT(p) (p)
#include "parse_directive.h"
#undef XP_CHAR
#undef XP_CODE
#undef XP_NAME
#undef XP_EXT_AT

/* wchar_t formats: the same grammar.  A character outside ASCII is no
 * flag, digit, modifier or conversion glibc knows; 0x80 is none of those
 * either.  The caller reads a %p extension's name from the format itself. */
static unsigned char wide_code(wchar_t c)
{
	return (unsigned)c < 0x80u ? (unsigned char)c : 0x80;
}
#define XP_CHAR wchar_t
#define XP_CODE(c) wide_code(c)
#define XP_NAME(n) n##_wide
#define XP_EXT_AT(p) ((void)(p), (const char *)0)
#include "parse_directive.h"
