/* convert_int.c - d i u o x X b B, and the number layout %p and %#m share. */
#include "convert.h"
#include "digits.h"
#include "field.h"
#include "locale_numeric.h"
#include "outdigits.h"

#include <limits.h>

const char xp_two_digits[200] =
	"00010203040506070809101112131415161718192021222324252627282930313233343536373839"
	"40414243444546474849505152535455565758596061626364656667686970717273747576777879"
	"8081828384858687888990919293949596979899";

const char xp_hex_digits[2][17] = { "0123456789abcdef", "0123456789ABCDEF" };

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

/* The field around the digits str[0..len) (the I flag: od, and len the
 * bytes they become): sign or prefix, the precision's zeros, the padding. */
static inline __attribute__((always_inline)) void number_field(
	struct xp_sink *s, unsigned flags, unsigned width, int prec, int zero_pad, const char *str,
	size_t raw_len, size_t len, unsigned long long mag, int negative, unsigned base, int upper,
	const struct xp_outdigits *od)
{
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

	/* integers pad the right with spaces only */
	unsigned how = (flags & XP_F_LEFT) | (zero_pad ? XP_F_ZERO : 0);
	size_t fill = xp_field_fill(width, plen + zeros + len);
	if (!od) {
		xp_field(s, how, fill, prefix, plen, zeros, str, len);
		return;
	}
	size_t right = xp_field_open(s, how, fill, prefix, plen);
	if (zeros)
		xp_pad(s, '0', zeros);
	xp_outdigits_put(s, od, str, raw_len);
	xp_field_close(s, how, right);
}

/* The digits of mag (grouped under '), ending at buf + size; none for a
 * 0 under precision 0. */
static inline char *number_digits(char *buf, size_t size, unsigned flags, int prec,
				  unsigned long long mag, unsigned base, int upper)
{
	if (prec == 0 && mag == 0)
		return buf + size;
	return flags & XP_F_GROUP ? grouped_digits(buf, size, mag, base, upper)
				  : xp_digits_backwards(buf + size, mag, base, upper);
}

void xp_emit_number_fields(struct xp_sink *s, unsigned flags, unsigned width, int prec,
			   unsigned long long mag, int negative, unsigned base, int upper)
{
	char buf[64 * 17];
	int zero_pad = (flags & XP_F_ZERO) && prec < 0;
	if (prec < 0)
		prec = 1;
	char *end = buf + sizeof buf;
	char *str = number_digits(buf, sizeof buf, flags, prec, mag, base, upper);
	if (str == end && base == 8 && (flags & XP_F_ALT))
		*--str = '0';
	size_t len = (size_t)(end - str);
	if (mag != 0 && base == 8 && (flags & XP_F_ALT) && (size_t)prec <= len)
		*--str = '0', len++;
	number_field(s, flags, width, prec, zero_pad, str, len, len, mag, negative, base, upper, NULL);
}

/* A decimal under the I flag: glibc rewrites the digits (and grouping)
 * first, then lays the field out counting bytes, the precision too; its
 * zeros stay ASCII. */
static void emit_decimal_outdigits(struct xp_sink *s, unsigned flags, unsigned width, int prec,
				   unsigned long long mag, int negative, const struct xp_outdigits *od)
{
	char buf[64 * 17];
	int zero_pad = (flags & XP_F_ZERO) && prec < 0;
	if (prec < 0)
		prec = 1;
	char *str = number_digits(buf, sizeof buf, flags, prec, mag, 10, 0);
	size_t raw = (size_t)(buf + sizeof buf - str);
	number_field(s, flags, width, prec, zero_pad, str, raw, xp_outdigits_len(od, str, raw), mag,
		     negative, 10, 0, od);
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
	struct xp_outdigits od;
	if ((flags & XP_F_I18N) && base == 10 && xp_outdigits_get(&od)) {
		emit_decimal_outdigits(s, flags, sp->width, sp->prec, mag, negative, &od);
		return;
	}
	xp_emit_number_fields(s, flags, sp->width, sp->prec, mag, negative, base, upper);
}
