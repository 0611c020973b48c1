/* convert_int.c - d i u o x X b B, and the number layout %p and %#m share. */
#include "convert.h"
#include "digits.h"
#include "locale_numeric.h"

#include <limits.h>

const char xp_two_digits[200] =
	"00010203040506070809101112131415161718192021222324252627282930313233343536373839"
	"40414243444546474849505152535455565758596061626364656667686970717273747576777879"
	"8081828384858687888990919293949596979899";

const unsigned long long xp_pow10_u64[20] = {
	1ull, 10ull, 100ull, 1000ull, 10000ull, 100000ull, 1000000ull, 10000000ull,
	100000000ull, 1000000000ull, 10000000000ull, 100000000000ull, 1000000000000ull,
	10000000000000ull, 100000000000000ull, 1000000000000000ull, 10000000000000000ull,
	100000000000000000ull, 1000000000000000000ull, 10000000000000000000ull,
};

/* Digits with thousands separators: room for 64 binary digits each preceded
 * by a multibyte separator. */
static char *grouped_digits(char *buf, size_t size, unsigned long long mag, unsigned base, int upper)
{
	char *end = buf + size;
	char *str = xp_digits_backwards(end, mag, base, upper);
	struct xp_numeric num;
	xp_numeric_get(&num);
	if (num.thousands_len && num.thousands_len <= 16)
		str = xp_group_digits(buf, str, end, &num);
	return str;
}

void xp_emit_number_fields(struct xp_sink *s, unsigned flags, unsigned width, int prec,
			   unsigned long long mag, int negative, unsigned base, int upper)
{
	char buf[64 * 17];
	char *end = buf + sizeof buf;
	char *str = end;
	int zero_pad = (flags & XP_F_ZERO) && prec < 0;

	if (prec < 0)
		prec = 1;
	if (prec == 0 && mag == 0) {
		if (base == 8 && (flags & XP_F_ALT))
			*--str = '0';
	} else {
		if (flags & XP_F_GROUP)
			str = grouped_digits(buf, sizeof buf, mag, base, upper);
		else
			str = xp_digits_backwards(end, mag, base, upper);
	}
	size_t len = (size_t)(end - str);
	if (mag != 0 && base == 8 && (flags & XP_F_ALT) && (size_t)prec <= len)
		*--str = '0', len++;
	size_t zeros = (size_t)prec > len ? (size_t)prec - len : 0;

	char prefix[3];
	size_t plen = 0;
	if (negative)
		prefix[plen++] = '-';
	else if (flags & XP_F_PLUS)
		prefix[plen++] = '+';
	else if (flags & XP_F_SPACE)
		prefix[plen++] = ' ';
	if (mag != 0 && (flags & XP_F_ALT) && (base == 16 || base == 2)) {
		prefix[plen++] = '0';
		prefix[plen++] = base == 16 ? (upper ? 'X' : 'x') : (upper ? 'B' : 'b');
	}

	size_t total = plen + zeros + len;
	size_t fill = width > total ? width - total : 0;
	if (fill && !(flags & XP_F_LEFT)) {
		if (zero_pad)
			zeros += fill;
		else
			xp_pad(s, ' ', fill);
		fill = 0;
	}
	xp_put(s, prefix, plen);
	if (zeros)
		xp_pad(s, '0', zeros);
	xp_put(s, str, len);
	if (fill)
		xp_pad(s, ' ', fill);
}

void xp_emit_number(struct xp_sink *s, const struct xp_spec *sp,
		    unsigned long long mag, int negative, unsigned base, int upper)
{
	xp_emit_number_fields(s, sp->flags, sp->width, sp->prec, mag, negative, base, upper);
}

void xp_convert_int(struct xp_sink *s, const struct xp_spec *sp, long long value)
{
	unsigned base;
	int is_signed = 0, upper = 0;
	switch (sp->conv) {
	case 'd': case 'i': is_signed = 1; base = 10; break;
	case 'u': base = 10; break;
	case 'o': base = 8; break;
	case 'X': upper = 1; base = 16; break;
	case 'x': base = 16; break;
	case 'B': upper = 1; base = 2; break;
	default: base = 2; break;
	}

	unsigned long long mag;
	int negative = 0;
	if (is_signed) {
		long long v;
		switch (sp->size) {
		case 1: v = (signed char)value; break;
		case 2: v = (short)value; break;
		case 4: v = (int)value; break;
		default: v = value; break;
		}
		negative = v < 0;
		mag = negative ? 0ull - (unsigned long long)v : (unsigned long long)v;
	} else {
		unsigned long long u = (unsigned long long)value;
		switch (sp->size) {
		case 1: mag = (unsigned char)u; break;
		case 2: mag = (unsigned short)u; break;
		case 4: mag = (unsigned)u; break;
		default: mag = u; break;
		}
	}

	/* The common case: no flags, width or precision. */
	if (!sp->flags && !sp->width && sp->prec < 0) {
		char buf[64];
		char *end = buf + sizeof buf;
		char *str = xp_digits_backwards(end, mag, base, upper);
		if (negative)
			*--str = '-';
		xp_put(s, str, (size_t)(end - str));
		return;
	}
	/* Signs are for signed conversions only. */
	unsigned flags = is_signed ? sp->flags : sp->flags & ~(XP_F_PLUS | XP_F_SPACE);
	xp_emit_number_fields(s, flags, sp->width, sp->prec, mag, negative, base, upper);
}
