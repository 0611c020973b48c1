/* escape.c - %*pE[achnops]: a buffer with escapes, the kernel's
 * string_escape_mem() with the letters as its flags:
 *   a any (= c n o s)  c special (\\ \a \e \")  h hex (\xHH)  n null (\0)
 *   o octal (\ooo)  p leave printable bytes alone  s space (\n \r \t \v \f)
 * No letters means "a p".  Letters are read up to the first other one.
 * Printable is ASCII 0x20..0x7e only: bytes >= 0x80 are escaped (the
 * kernel's Latin-1 table would split UTF-8 sequences).  The field width is
 * the length: 1 byte when omitted; an explicit 0 prints nothing. */
#include "../ext.h"

enum {
	ESC_SPACE = 1, ESC_SPECIAL = 2, ESC_NULL = 4, ESC_OCTAL = 8, ESC_NP = 16, ESC_HEX = 32,
	ESC_ANY = ESC_SPACE | ESC_SPECIAL | ESC_NULL | ESC_OCTAL,
};

static unsigned letter_flag(char l)
{
	switch (l) {
	case 'a': return ESC_ANY;
	case 'c': return ESC_SPECIAL;
	case 'h': return ESC_HEX;
	case 'n': return ESC_NULL;
	case 'o': return ESC_OCTAL;
	case 'p': return ESC_NP;
	case 's': return ESC_SPACE;
	default: return 0;
	}
}

static char space_escape(unsigned char b)
{
	switch (b) {
	case '\n': return 'n';
	case '\r': return 'r';
	case '\t': return 't';
	case '\v': return 'v';
	case '\f': return 'f';
	default: return 0;
	}
}

static char special_escape(unsigned char b)
{
	switch (b) {
	case '\\': return '\\';
	case '\a': return 'a';
	case 0x1b: return 'e';
	case '"': return '"'; /* since Linux 5.15 */
	default: return 0;
	}
}

static void escape_byte(struct xp_sink *s, unsigned char b, unsigned flags)
{
	char e = 0;
	if (flags & ESC_NP && b >= 0x20 && b < 0x7f) {
		/* printable: passes */
	} else if ((flags & ESC_SPACE && (e = space_escape(b))) ||
		   (flags & ESC_SPECIAL && (e = special_escape(b))) ||
		   (flags & ESC_NULL && b == 0 && (e = '0'))) {
		char two[2] = { '\\', e };
		xp_put(s, two, 2);
		return;
	} else if (flags & ESC_OCTAL) {
		char four[4] = { '\\', (char)('0' + (b >> 6)), (char)('0' + ((b >> 3) & 7)),
				 (char)('0' + (b & 7)) };
		xp_put(s, four, 4);
		return;
	} else if (flags & ESC_HEX) {
		xp_put(s, "\\x", 2);
		xp_ext_put_hex2(s, b, 0);
		return;
	}
	xp_putc(s, (char)b);
}

int xp_ext_escape(struct xp_sink *s, const struct xp_ext_call *c)
{
	unsigned flags = 0;
	for (size_t i = 0; i < c->nletters; i++) {
		unsigned f = letter_flag(c->letters[i]);
		if (!f)
			break;
		flags |= f;
	}
	if (!flags)
		flags = ESC_ANY | ESC_NP;
	size_t len = xp_ext_width_given(c->spec) ? c->spec->width : 1;
	const unsigned char *buf = c->ptr;
	for (size_t i = 0; i < len; i++)
		escape_byte(s, buf[i], flags);
	return 0;
}
