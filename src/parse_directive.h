/* parse_directive.h - the directive parser's body, included by parse.c
 * once for char formats and once for wchar_t ones.  The includer defines
 * XP_CHAR (the format's character type), XP_CODE(c) (the character as an
 * index into the byte tables: characters outside ASCII map to a byte no
 * table knows), XP_NAME(n) (the name of each function for this type) and
 * XP_EXT_AT(p) (what sp->ext records for a %p extension name at p). */

/* glibc's read_int: all digits are consumed; too large gives -1. */
static int XP_NAME(read_number)(const XP_CHAR **pp)
{
	const XP_CHAR *p = *pp;
	unsigned long long v = 0;
	for (; xp_is_digit(XP_CODE(*p)); p++)
		if (v <= INT_MAX)
			v = v * 10 + (unsigned)(XP_CODE(*p) - '0');
	*pp = p;
	return v <= INT_MAX ? (int)v : -1;
}

/* "n$" at p: returns the 0-based index and advances, or XP_NO_ARG. */
static int XP_NAME(read_argno)(const XP_CHAR **pp, int *overflow)
{
	const XP_CHAR *q = *pp;
	int n = XP_NAME(read_number)(&q);
	if (n < 0)
		*overflow = 1; /* glibc: EOVERFLOW, whether or not '$' follows */
	if (*q != '$' || n == 0)
		return XP_NO_ARG;
	*pp = q + 1;
	return n - 1;
}

/* C23 wN / wfN; returns the size in bytes or 0 when N is not 8/16/32/64. */
static unsigned XP_NAME(read_wn)(const XP_CHAR **pp)
{
	const XP_CHAR *p = *pp;
	int fast = *p == 'f';
	if (fast)
		p++;
	if (!xp_is_digit(XP_CODE(*p)))
		return 0;
	int n = XP_NAME(read_number)(&p);
	unsigned size;
	switch (n) {
	case 8: size = fast ? sizeof(int_fast8_t) : 1; break;
	case 16: size = fast ? sizeof(int_fast16_t) : 2; break;
	case 32: size = fast ? sizeof(int_fast32_t) : 4; break;
	case 64: size = fast ? sizeof(int_fast64_t) : 8; break;
	default: return 0;
	}
	*pp = p;
	return size;
}

static const XP_CHAR *XP_NAME(parse_length)(const XP_CHAR *p, struct xp_spec *sp)
{
	/* wide/ldbl follow glibc's is_long/is_long_double for each modifier. */
	switch (*p) {
	case 'h':
		if (p[1] == 'h') {
			sp->size = 1;
			return p + 2;
		}
		sp->size = sizeof(short);
		return p + 1;
	case 'l':
		if (p[1] != 'l') {
			sp->size = sizeof(long);
			sp->wide = 1;
			return p + 1;
		}
		/* ll is L */
		sp->size = sizeof(long long);
		sp->wide = sp->ldbl = 1;
		return p + 2;
	case 'L':
	case 'q':
		sp->size = sizeof(long long);
		sp->wide = sp->ldbl = 1;
		return p + 1;
	case 'j':
		sp->size = sizeof(intmax_t);
		sp->wide = sizeof(intmax_t) > sizeof(unsigned);
		sp->ldbl = sizeof(intmax_t) > sizeof(unsigned long);
		return p + 1;
	case 'z':
	case 'Z':
		sp->size = sizeof(size_t);
		sp->wide = sizeof(size_t) > sizeof(unsigned);
		sp->ldbl = sizeof(size_t) > sizeof(unsigned long);
		return p + 1;
	case 't':
		sp->size = sizeof(ptrdiff_t);
		sp->wide = sizeof(ptrdiff_t) > sizeof(unsigned);
		sp->ldbl = sizeof(ptrdiff_t) > sizeof(unsigned long);
		return p + 1;
	case 'w': {
		const XP_CHAR *q = p + 1;
		unsigned size = XP_NAME(read_wn)(&q);
		if (!size)
			return p; /* not a modifier: 'w' becomes the (unknown) conversion */
		sp->size = (unsigned char)size;
		return q;
	}
	default:
		return p;
	}
}

const XP_CHAR *XP_NAME(xp_parse_directive)(const XP_CHAR *p, struct xp_spec *sp, int *overflow)
{
	*sp = blank_spec;

	/* Digits first are "n$", or (without '$' and without a leading 0) the
	 * width itself: read them once. */
	if ((unsigned)(*p - '1') < 9u) {
		int n = XP_NAME(read_number)(&p);
		if (*p == '$') {
			if (n < 0)
				*overflow = 1;
			sp->argno = n - 1;
			sp->positional = 1;
			p++;
		} else {
			if (n < 0)
				*overflow = 1;
			sp->width = (unsigned)n;
			goto precision;
		}
	}

	for (unsigned f; (f = flag_bits[XP_CODE(*p)]) != 0; p++)
		sp->flags |= f;

	if (*p == '*') {
		p++;
		sp->width_from_arg = 1;
		if (xp_is_digit(XP_CODE(*p))) {
			/* Without '$', glibc takes the digit of "%*5d" as the
			 * (unknown) conversion: it prints "%<width>5", then "d". */
			sp->width_argno = XP_NAME(read_argno)(&p, overflow);
			sp->positional |= sp->width_argno != XP_NO_ARG;
		}
	} else if (xp_is_digit(XP_CODE(*p))) {
		int w = XP_NAME(read_number)(&p);
		if (w < 0)
			*overflow = 1;
		sp->width = (unsigned)w;
	}

precision:
	if (*p == '.') {
		p++;
		if (*p == '*') {
			p++;
			sp->prec_from_arg = 1;
			if (xp_is_digit(XP_CODE(*p))) {
				sp->prec_argno = XP_NAME(read_argno)(&p, overflow);
				sp->positional |= sp->prec_argno != XP_NO_ARG;
			}
		} else if (xp_is_digit(XP_CODE(*p))) {
			sp->prec = XP_NAME(read_number)(&p);
			if (sp->prec < 0)
				*overflow = 1;
		} else {
			sp->prec = 0;
		}
	}

	const XP_CHAR *length = p;
	p = XP_NAME(parse_length)(p, sp);

	unsigned char c = XP_CODE(*p);
	sp->conv = c;
	if (c)
		p++;
	/* glibc's fast path knows no conversion after a single 'h' but the
	 * integers, n and %: %hc %hs %hp %hm %hf ... go the slow way, like an
	 * unknown conversion (which changes how a trailing '%' prints). */
	sp->glibc_slow = c && (!conv_class[c] ||
		(p - length == 2 && *length == 'h' && !strchr("diouxXbBn%", c)));
	if (sp->flags & XP_F_LEFT)
		sp->flags &= ~XP_F_ZERO;

	switch (conv_class[c]) {
	case CONV_INT:
	case CONV_UINT:
		sp->type = int_argtype(sp->size);
		break;
	case CONV_FLOAT:
		sp->type = sp->ldbl ? XP_A_LDOUBLE : XP_A_DOUBLE;
		break;
	case CONV_CHAR:
		sp->type = XP_A_INT;
		sp->wide |= c == 'C';
		break;
	case CONV_STR:
		sp->type = XP_A_PTR;
		sp->wide |= c == 'S';
		break;
	case CONV_PTR: {
		sp->type = XP_A_PTR;
		const XP_CHAR *ext = p;
		while (xp_is_alnum(XP_CODE(*p)))
			p++;
		sp->ext = XP_EXT_AT(ext);
		sp->ext_len = (size_t)(p - ext);
		break;
	}
	case CONV_COUNT:
		sp->type = XP_A_PTR;
		break;
	default:
		sp->type = XP_A_NONE;
		break;
	}
	return p;
}
