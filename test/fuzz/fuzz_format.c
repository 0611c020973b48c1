/* fuzz_format.c - the format parser and engine, fed well-typed calls.
 *
 * The input does not become the format directly: it drives a generator
 * that writes a format *and* knows which argument each directive reads.
 * Every call passes the same 24 arguments, of fixed C types (slot_class);
 * the generator only emits directives that read a slot of the right
 * class, so no input can make the harness itself undefined.  Sequential
 * formats walk the slots in order (two int slots, then a value slot:
 * the ints are either '*' width/precision of the value or directives of
 * their own); positional formats (%n$, *m$) pick slots freely and then
 * reference every slot up to the highest one used, as C requires.
 *
 * Pointer slots point at what their directive reads: NUL-terminated
 * narrow and wide strings, %n storage of exactly the length modifier's
 * type, buffers large enough for a %p extension (its field width is kept
 * within the buffer), or NULL/error pointers where the extension checks.
 *
 * Oracle: for formats glibc 2.36 defines the same way (no %p extension,
 * no C23 wN; and, where glibc takes its positional path (n$, or after an
 * unknown conversion), no q/L integer (doc/contract.md §1), no width or precision
 * beyond INT_MAX (glibc does not reject it there)), the
 * return value, errno, the text and the %n results must equal glibc's
 * snprintf, and a truncated buffer must hold exactly glibc's prefix.
 * A mismatch aborts, so libFuzzer reports it with the input.
 * The same format, widened, then goes through xswprintf and glibc's
 * swprintf under the same oracle (wide_call()).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <float.h>
#include <limits.h>
#include <locale.h>
#include <netinet/in.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <wchar.h>

#include <xprintf.h>

#include "fuzz_input.h"

enum cls { I, L, Q, D, E, P };
enum { NSLOT = 24, FMT_MAX = 8192, EXTBUF = 4096 };
static const unsigned char slot_class[NSLOT] = {
	I, I, P, I, I, D, I, I, L, I, I, P, I, I, E, I, I, Q, I, I, P, I, I, D,
};

/* What a pointer slot points at; fixed by the first directive using it. */
enum pkind {
	PK_NONE, PK_STR, PK_WSTR, PK_PLAIN,
	PK_N_HH, PK_N_H, PK_N, PK_N_L, PK_N_LL, PK_N_J, PK_N_Z, PK_N_T,
	PK_EXT, /* + index into exts[] */
};

/* %p extensions: bound = the largest field width the buffer allows for
 * the ones whose width is a length (0 = any width). */
struct ext_kind {
	const char *name;
	unsigned bound;
	unsigned char deref;  /* reads through the pointer */
	unsigned char letters; /* random letters may follow */
};
static const struct ext_kind exts[] = {
	{ "x", 0, 0, 1 },   { "S", 0, 0, 1 },   { "s", 0, 0, 1 },    { "B", 0, 0, 1 },
	{ "F", 0, 0, 1 },   { "f", 0, 0, 1 },   { "I4", 0, 1, 1 },   { "i4", 0, 1, 1 },
	{ "I6", 0, 1, 1 },  { "i6", 0, 1, 1 },  { "IS", 0, 1, 1 },   { "iS", 0, 1, 1 },
	{ "M", 0, 1, 1 },   { "m", 0, 1, 1 },   { "U", 0, 1, 1 },    { "h", 64, 1, 1 },
	{ "E", EXTBUF, 1, 1 }, { "b", EXTBUF * 8, 1, 1 }, { "4c", 0, 1, 1 }, { "tT", 0, 1, 1 },
	{ "tR", 0, 1, 1 },  { "Reg", 0, 0, 1 }, { "Q", 0, 0, 1 },    { "Z", 0, 0, 1 },
};
#define NEXT (sizeof exts / sizeof exts[0])

union extbuf {
	unsigned long ul[EXTBUF / sizeof(unsigned long)];
	struct sockaddr_in6 s6;
	struct sockaddr_in s4;
	struct tm tm;
	time_t t;
	unsigned char b[EXTBUF];
};

struct nstore {
	signed char hh;
	short h;
	int i;
	long l;
	long long ll;
	intmax_t j;
	size_t z;
	ptrdiff_t t;
};

/* The arguments of one call. */
static int iv[NSLOT];
static long lv[NSLOT];
static long long qv[NSLOT];
static double dv[NSLOT];
static long double ev[NSLOT];
static void *pv[NSLOT];
static char strs[NSLOT][48];
static wchar_t wstrs[NSLOT][24];
static struct nstore nst[NSLOT];
static union extbuf extbufs[NSLOT];

/* Every call passes exactly these.  Pointer slots go as void *, the type
 * xprintf fetches every pointer with (args.h); for glibc's %s, void * and
 * char * are interchangeable through va_arg. */
#define ARGS                                                                              \
	iv[0], iv[1], pv[2], iv[3], iv[4], dv[5], iv[6], iv[7], lv[8], iv[9], iv[10], pv[11], \
		iv[12], iv[13], ev[14], iv[15], iv[16], qv[17], iv[18], iv[19], pv[20], iv[21],   \
		iv[22], dv[23]

struct gen {
	struct fuzz_in in;
	char fmt[FMT_MAX];
	size_t len;
	int full;          /* no room left: stop generating */
	int diff_ok;       /* glibc defines this format as xprintf does */
	int positional;
	int big, unknown; /* a width/precision beyond INT_MAX; an unknown conversion */
	int q_or_l;           /* a q or L integer directive */
	unsigned char used[NSLOT];
	unsigned char kind[NSLOT]; /* enum pkind for P slots */
	int int_bounded[NSLOT];    /* int slot's value fits any star use */
};

static void emit(struct gen *g, const char *s, size_t n)
{
	if (g->full || g->len + n + 64 >= FMT_MAX) {
		g->full = 1;
		return;
	}
	memcpy(g->fmt + g->len, s, n);
	g->len += n;
	g->fmt[g->len] = 0;
}

static void emits(struct gen *g, const char *s) { emit(g, s, strlen(s)); }

static void emitf(struct gen *g, const char *f, long long v)
{
	char t[32];
	int n = snprintf(t, sizeof t, f, v);
	emit(g, t, (size_t)n);
}

static void literal(struct gen *g)
{
	unsigned n = fuzz_pick(&g->in, 6);
	for (unsigned k = 0; k < n; k++) {
		char c = (char)fuzz_u8(&g->in);
		if (c == '%' || c == 0)
			c = '.';
		emit(g, &c, 1);
	}
}

/* Directives that read no argument. */
static void noarg_directive(struct gen *g)
{
	static const char unknown[] = "yYkKrRvQ!&,";
	switch (fuzz_pick(&g->in, 6)) {
	case 0: emits(g, "%%"); break;
	case 1: emitf(g, "%%%lld%%", fuzz_pick(&g->in, 20)); break;
	case 2: emits(g, fuzz_u8(&g->in) & 1 ? "%#m" : "%m"); break;
	case 3: emitf(g, "%%-%lldm", fuzz_pick(&g->in, 30)); break;
	default: {
		static const char fl[] = "-+ #0'";
		emits(g, "%");
		unsigned f = fuzz_u8(&g->in);
		for (unsigned b = 0; b < 6; b++)
			if (f >> b & 1)
				emit(g, &fl[b], 1);
		if (f & 0x40)
			emitf(g, "%lld", 1 + fuzz_pick(&g->in, 40));
		if (f & 0x80)
			emitf(g, ".%lld", fuzz_pick(&g->in, 40));
		emit(g, &unknown[fuzz_pick(&g->in, sizeof unknown - 1)], 1);
		g->unknown = 1;
	}
	}
}

/* Flags from one input byte. */
static void flags(struct gen *g)
{
	static const char fl[] = "-+ #0'I";
	unsigned f = fuzz_u8(&g->in);
	for (unsigned b = 0; b < 7; b++)
		if (f >> b & 1)
			emit(g, &fl[b], 1);
	if (f & 0x80) { /* a repeated flag now and then */
		unsigned r = fuzz_pick(&g->in, 7);
		emit(g, &fl[r], 1);
	}
}

/* A value for a fresh int slot used as '*': bounded so the output stays
 * small (and within the buffer for length-like widths). */
static void star_value(struct gen *g, int slot, unsigned bound)
{
	unsigned b = bound ? bound : 300;
	int v = (int)(fuzz_u8(&g->in) | fuzz_u8(&g->in) << 8) % (int)(b + 1);
	if (fuzz_u8(&g->in) & 1)
		v = -v;
	if (fuzz_u8(&g->in) % 16 == 0)
		v = (fuzz_u8(&g->in) & 1) ? -1 : 0;
	iv[slot] = v;
	g->used[slot] = 1;
	g->int_bounded[slot] = 1;
}

static int star_fits(struct gen *g, int slot, unsigned bound)
{
	unsigned b = bound ? bound : 300;
	if (!g->used[slot])
		return 1;
	long long v = iv[slot];
	return g->int_bounded[slot] && (v < 0 ? -v : v) <= (long long)b;
}

/* '*' (or '.*') reading int slot `slot`, if its value can serve. */
static int star(struct gen *g, int slot, unsigned bound, const char *text)
{
	if (slot < 0 || !star_fits(g, slot, bound))
		return 0;
	if (!g->used[slot])
		star_value(g, slot, bound);
	emits(g, text);
	if (g->positional)
		emitf(g, "%lld$", slot + 1);
	return 1;
}

/* Width: none, digits, or '*' from slot ws.  Sequential formats must use
 * the star they were given (the slot is next in the argument list);
 * positional ones may.  bound > 0: the width is a length and must stay
 * within it. */
static void width(struct gen *g, int ws, unsigned bound)
{
	if (ws >= 0 && !g->positional) {
		star(g, ws, bound, "*");
		return;
	}
	switch (fuzz_pick(&g->in, 6)) {
	case 0: case 1:
		break;
	case 2: case 3: {
		unsigned b = bound ? bound : 999;
		emitf(g, "%lld", 1 + (fuzz_u8(&g->in) | fuzz_u8(&g->in) << 8) % b);
		break;
	}
	case 4:
		star(g, ws, bound, "*");
		break;
	default:
		if (!bound) { /* beyond INT_MAX: EOVERFLOW */
			static const char *const big[] = { "2147483648", "4294967297", "99999999999999999999" };
			emits(g, big[fuzz_pick(&g->in, 3)]);
			g->big = 1;
		}
		break;
	}
}

static void precision(struct gen *g, int ps)
{
	if (ps >= 0 && !g->positional) {
		star(g, ps, 0, ".*");
		return;
	}
	switch (fuzz_pick(&g->in, 7)) {
	case 0: case 1: case 2:
		break;
	case 3:
		emits(g, ".");
		break;
	case 4:
		emitf(g, ".%lld", fuzz_pick(&g->in, 60));
		break;
	case 5:
		if (!star(g, ps, 0, ".*"))
			emitf(g, ".%03lld", fuzz_pick(&g->in, 400));
		break;
	default:
		if (fuzz_u8(&g->in) % 8 == 0) {
			emits(g, ".2147483648");
			g->big = 1;
		}
		else
			emitf(g, ".%lld", (fuzz_u8(&g->in) | fuzz_u8(&g->in) << 8) % 1000);
	}
}

static const char *pick(struct gen *g, const char *const *v, unsigned n)
{
	return v[fuzz_pick(&g->in, n)];
}
#define PICK(g, arr) pick(g, arr, sizeof arr / sizeof arr[0])

static void fill_string(struct gen *g, int slot)
{
	unsigned n = fuzz_pick(&g->in, sizeof strs[0]);
	for (unsigned k = 0; k < n; k++) {
		char c = (char)fuzz_u8(&g->in);
		strs[slot][k] = c ? c : 'z';
	}
	strs[slot][n] = 0;
	pv[slot] = fuzz_u8(&g->in) % 16 == 0 ? NULL : strs[slot];
}

static void fill_wstring(struct gen *g, int slot)
{
	unsigned n = fuzz_pick(&g->in, sizeof wstrs[0] / sizeof wstrs[0][0]);
	for (unsigned k = 0; k < n; k++) {
		unsigned c = fuzz_u8(&g->in);
		switch (c >> 6) {
		case 0: case 1: wstrs[slot][k] = (wchar_t)(c ? c : 'z'); break;
		case 2: wstrs[slot][k] = (wchar_t)(0x80 + (c & 63) * 97); break;
		default: {
			static const wchar_t odd[] = { 0xd800, 0x10ffff, 0x110000, 0x7fffffff, 0xfffd, 0x1f600 };
			wstrs[slot][k] = odd[c % 6];
		}
		}
	}
	wstrs[slot][n] = 0;
	pv[slot] = fuzz_u8(&g->in) % 16 == 0 ? NULL : wstrs[slot];
}

static void fill_ext(struct gen *g, int slot, const struct ext_kind *x)
{
	union extbuf *b = &extbufs[slot];
	fuzz_bytes(&g->in, b->b, 32);
	for (size_t k = 32; k < EXTBUF; k++)
		b->b[k] = (unsigned char)(k * 131 + b->b[k % 32]);
	if (x->name[0] == 'I' && x->name[1] == 'S') {
		static const sa_family_t fam[] = { AF_INET, AF_INET6, AF_UNIX };
		b->s6.sin6_family = fam[fuzz_pick(&g->in, 3)];
	} else if (x->name[0] == 'i' && x->name[1] == 'S') {
		b->s6.sin6_family = fuzz_u8(&g->in) & 1 ? AF_INET : AF_INET6;
	}
	pv[slot] = b;
	unsigned c = fuzz_u8(&g->in);
	if (c % 16 == 0) {
		/* NULL, first page, error value: checked before any read. */
		static const uintptr_t bad[] = { 0, 1, 4095, (uintptr_t)-1, (uintptr_t)-4095 };
		if (x->deref || fuzz_u8(&g->in) & 1)
			pv[slot] = (void *)bad[c / 16 % 5];
	} else if (!x->deref && c % 16 == 1) {
		/* Not read through: any address, or one inside a function. */
		pv[slot] = (void *)(uintptr_t)fuzz_u64(&g->in);
	} else if (!x->deref && c % 16 == 2) {
		pv[slot] = (void *)((uintptr_t)&snprintf + fuzz_pick(&g->in, 64));
	}
}

/* The directive reading pointer slot `slot`. */
static void ptr_directive(struct gen *g, int slot, int ws, int ps)
{
	unsigned char k = g->kind[slot];
	if (k == PK_NONE) {
		static const unsigned char any[] = {
			PK_STR, PK_STR, PK_STR, PK_WSTR, PK_PLAIN, PK_N_HH, PK_N_H, PK_N, PK_N_L,
			PK_N_LL, PK_N_J, PK_N_Z, PK_N_T, PK_EXT, PK_EXT, PK_EXT, PK_EXT,
		};
		k = any[fuzz_pick(&g->in, sizeof any)];
		if (k == PK_EXT)
			k = (unsigned char)(PK_EXT + fuzz_pick(&g->in, NEXT));
		g->kind[slot] = k;
		switch (k) {
		case PK_STR: fill_string(g, slot); break;
		case PK_WSTR: fill_wstring(g, slot); break;
		case PK_PLAIN: pv[slot] = (void *)(uintptr_t)fuzz_u64(&g->in); break;
		default:
			if (k >= PK_EXT)
				fill_ext(g, slot, &exts[k - PK_EXT]);
			else
				pv[slot] = &nst[slot];
		}
	}
	switch (k) {
	case PK_STR:
		flags(g), width(g, ws, 0), precision(g, ps);
		emits(g, "s");
		return;
	case PK_WSTR:
		flags(g), width(g, ws, 0), precision(g, ps);
		emits(g, fuzz_u8(&g->in) & 1 ? "ls" : "S");
		return;
	case PK_PLAIN:
		flags(g), width(g, ws, 0), precision(g, ps);
		emits(g, "p|"); /* '|': a letter after %p would make it an extension */
		return;
	}
	if (k < PK_EXT) /* %n: a '*' is still read (glibc) */
		width(g, ws, 0), precision(g, ps);
	switch (k) {
	case PK_N_HH: emits(g, "hhn"); return;
	case PK_N_H: emits(g, "hn"); return;
	case PK_N: emits(g, "n"); return;
	case PK_N_L: emits(g, "ln"); return;
	case PK_N_LL: emits(g, "lln"); return;
	case PK_N_J: emits(g, "jn"); return;
	case PK_N_Z: emits(g, "zn"); return;
	case PK_N_T: emits(g, "tn"); return;
	}
	const struct ext_kind *x = &exts[k - PK_EXT];
	g->diff_ok = 0;
	flags(g), width(g, ws, x->bound), precision(g, ps);
	emits(g, "p");
	emits(g, x->name);
	static const char alnum[] = "abcdefhlnopsrtRTCDNbBhlnc0123456789AZ";
	if (x->letters)
		for (unsigned n = fuzz_pick(&g->in, 4); n; n--)
			emit(g, &alnum[fuzz_pick(&g->in, sizeof alnum - 1)], 1);
	emits(g, "|");
}

static void value_directive(struct gen *g, int slot, int ws, int ps)
{
	static const char *const ints[] = { "d", "i", "u", "o", "x", "X", "b", "B" };
	static const char *const floats[] = { "e", "E", "f", "F", "g", "G", "a", "A" };
	if (g->positional)
		emitf(g, "%%%lld$", slot + 1);
	else
		emits(g, "%");
	int fresh = !g->used[slot];
	g->used[slot] = 1;
	switch (slot_class[slot]) {
	case I: {
		static const char *const len[] = { "", "", "hh", "h", "w8", "w16", "w32", "wf8" };
		if (fresh)
			iv[slot] = (int)(uint32_t)fuzz_u64(&g->in);
		flags(g), width(g, ws, 0), precision(g, ps);
		unsigned c = fuzz_pick(&g->in, 11);
		if (c >= 8) {
			emits(g, c == 8 ? "c" : c == 9 ? "lc" : "C");
			return;
		}
		const char *l = PICK(g, len);
		if (l[0] == 'w')
			g->diff_ok = 0;
		emits(g, l);
		emits(g, ints[c]);
		return;
	}
	case L: {
		static const char *const len[] = { "l", "l", "j", "z", "Z", "t", "w64", "wf16", "wf32", "wf64" };
		lv[slot] = (long)fuzz_u64(&g->in);
		flags(g), width(g, ws, 0), precision(g, ps);
		const char *l = PICK(g, len);
		if (l[0] == 'w')
			g->diff_ok = 0;
		emits(g, l);
		emits(g, PICK(g, ints));
		return;
	}
	case Q: {
		static const char *const len[] = { "ll", "ll", "q", "L" };
		qv[slot] = (long long)fuzz_u64(&g->in);
		flags(g), width(g, ws, 0), precision(g, ps);
		const char *l = PICK(g, len);
		if (l[0] != 'l')
			g->q_or_l = 1; /* glibc's positional path reads them as int (doc/contract.md §1) */
		emits(g, l);
		emits(g, PICK(g, ints));
		return;
	}
	case D: {
		uint64_t bits = fuzz_u64(&g->in);
		static const double nice[] = { 0.0, -0.0, 1.0, 0.5, 1e300, 123.456, 5e-324, 0.1 };
		if ((bits & 0xff) < 0x30)
			dv[slot] = nice[bits % 8];
		else
			memcpy(&dv[slot], &bits, sizeof bits);
		flags(g), width(g, ws, 0), precision(g, ps);
		emits(g, fuzz_u8(&g->in) & 1 ? "l" : "");
		emits(g, PICK(g, floats));
		return;
	}
	case E: {
		unsigned char raw[sizeof(long double)] = { 0 };
		fuzz_bytes(&g->in, raw, 10); /* x87: 64-bit mantissa, sign and exponent */
		if (raw[0] < 0x40) {
			static const long double nice[] = { 0.0L, -1.0L, LDBL_MAX, 0.1L };
			ev[slot] = nice[raw[0] % 4];
		} else {
			memcpy(&ev[slot], raw, sizeof raw);
		}
		static const char *const len[] = { "L", "L", "ll", "q" };
		flags(g), width(g, ws, 0), precision(g, ps);
		emits(g, PICK(g, len));
		emits(g, PICK(g, floats));
		return;
	}
	default:
		ptr_directive(g, slot, ws, ps);
	}
}

/* An int slot as a directive of its own: no star. */
static void int_directive(struct gen *g, int slot)
{
	value_directive(g, slot, -1, -1);
}

/* A directive without a value (unknown, %m, %%) under the flags and the
 * '*' width and precision of slots ws and ps: glibc reprints an unknown
 * one with them. */
static void starred_noarg(struct gen *g, int ws, int ps)
{
	static const char conv[] = "HYkK!mm%";
	emits(g, "%");
	flags(g), width(g, ws, 0), precision(g, ps);
	char c = conv[fuzz_pick(&g->in, sizeof conv - 1)];
	emit(g, &c, 1);
	g->unknown |= c != 'm' && c != '%';
}

static void gen_sequential(struct gen *g)
{
	for (int grp = 0; grp < NSLOT / 3 && !g->full && g->in.n; grp++) {
		int a = 3 * grp, b = a + 1, v = a + 2;
		unsigned stars = fuzz_pick(&g->in, 3);
		int ws = -1, ps = -1;
		if (stars == 2) {
			ws = a, ps = b;
		} else {
			int_directive(g, a);
			literal(g);
			if (stars == 1 && fuzz_u8(&g->in) & 1)
				ws = b;
			else if (stars == 1)
				ps = b;
			else
				int_directive(g, b);
		}
		literal(g);
		if (fuzz_u8(&g->in) % 4 == 0)
			noarg_directive(g), literal(g);
		if ((ws >= 0 || ps >= 0) && fuzz_u8(&g->in) % 4 == 0) {
			/* the stars go to a directive without a value */
			starred_noarg(g, ws, ps), literal(g);
			ws = ps = -1;
		}
		value_directive(g, v, ws, ps);
		literal(g);
	}
	/* A format that ends inside a directive: EINVAL. */
	if (fuzz_u8(&g->in) % 8 == 1) {
		static const char *const tail[] = { "%", "%-", "%5", "%.", "%l", "%hh", "%5.3", "%'" };
		emits(g, PICK(g, tail));
	}
}

static int int_slot(struct gen *g)
{
	return 3 * (int)fuzz_pick(&g->in, NSLOT / 3) + (int)fuzz_pick(&g->in, 2);
}

static void gen_positional(struct gen *g)
{
	g->positional = 1;
	unsigned n = 1 + fuzz_pick(&g->in, 12);
	int top = -1;
	for (unsigned d = 0; d < n && !g->full; d++) {
		int slot = (int)fuzz_pick(&g->in, NSLOT);
		int ws = int_slot(g), ps = int_slot(g);
		literal(g);
		if (fuzz_u8(&g->in) % 4 == 0)
			noarg_directive(g), literal(g);
		if (fuzz_u8(&g->in) % 4 == 0)
			starred_noarg(g, int_slot(g), int_slot(g)), literal(g);
		value_directive(g, slot, ws, ps);
		for (int s = 0; s < NSLOT; s++)
			if (g->used[s])
				top = s > top ? s : top;
	}
	/* Every argument up to the highest one must be referenced. */
	for (int s = 0; s <= top && !g->full; s++)
		if (!g->used[s]) {
			literal(g);
			value_directive(g, s, -1, -1);
		}
	literal(g);
}

static int print_reg(struct xprintf_sink *sink, const void *ptr,
		     const struct xprintf_pointer_spec *spec, void *ctx)
{
	(void)ctx;
	return xprintf_sink_printf(sink, "<%zx|%.*s|%d|%d|%u>", (size_t)(uintptr_t)ptr,
				   (int)spec->nletters, spec->letters, spec->width,
				   spec->precision, spec->flags) < 0 ? -1 : 0;
}

static void init_once(void)
{
	static int done;
	if (done)
		return;
	done = 1;
	if (!setlocale(LC_ALL, "en_US.UTF-8"))
		setlocale(LC_ALL, "C.UTF-8");
	xprintf_register_pointer("Reg", print_reg, NULL);
}

static void fail(const char *what, const char *fmt, int xr, int gr, int xe, int ge)
{
	fprintf(stderr, "fuzz_format: %s\nformat: \"%s\"\nxprintf %d (errno %d), glibc %d (errno %d)\n",
		what, fmt, xr, xe, gr, ge);
	abort();
}

#define BIG (1u << 20)
static char xbig[BIG], gbig[BIG];

/* The same format, each byte widened to a wchar_t, through xswprintf into
 * exactly outsz characters and a large buffer, and, where glibc defines
 * it, against glibc's swprintf (its own rules: %s converted through the
 * locale, %c through btowc, -1 when the output does not fit). */
static wchar_t wfmt[FMT_MAX], wx[BIG / 4], wg[BIG / 4];

static void wide_call(const struct gen *g, size_t outsz, int err_in)
{
	for (size_t i = 0; i <= g->len; i++)
		wfmt[i] = (wchar_t)(unsigned char)g->fmt[i];
	wchar_t *out = outsz ? malloc(outsz * sizeof *out) : NULL;
	if (outsz && !out)
		return;
	memset(nst, 0x5a, sizeof nst);
	errno = err_in;
	int xr = xswprintf(out, outsz, wfmt, ARGS);
	int xe = errno;
	free(out);
	memset(nst, 0x5a, sizeof nst);
	wmemset(wx, L'#', BIG / 4);
	errno = err_in;
	int xr2 = xswprintf(wx, BIG / 4, wfmt, ARGS);
	int xe2 = errno;
	if (xr >= 0 && (xr2 != xr || xe2 != xe))
		fail("wide: the result depends on the buffer size", g->fmt, xr, xr2, xe, xe2);
	if (!g->diff_ok || g->full)
		return;
	static struct nstore xn[NSLOT];
	memcpy(xn, nst, sizeof nst);
	memset(nst, 0x5a, sizeof nst);
	wmemset(wg, L'#', BIG / 4);
	errno = err_in;
	int gr = swprintf(wg, BIG / 4, wfmt, ARGS);
	int ge = errno;
	if (gr != xr2 || ge != xe2)
		fail("wide: return value or errno differs from glibc", g->fmt, xr2, gr, xe2, ge);
	if (wmemcmp(wg, wx, gr >= 0 ? (size_t)gr + 1 : BIG / 4) != 0)
		fail("wide: output differs from glibc", g->fmt, xr2, gr, xe2, ge);
	if (gr >= 0 && memcmp(xn, nst, sizeof nst) != 0)
		fail("wide: %n stored a different count", g->fmt, xr2, gr, xe2, ge);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	init_once();
	static struct gen g;
	memset(&g, 0, sizeof g);
	g.in = (struct fuzz_in){ data, size };
	g.diff_ok = 1;
	memset(pv, 0, sizeof pv);
	static const size_t sizes[] = { 0, 1, 2, 7, 16, 64, 255, 4096 };
	size_t outsz = sizes[fuzz_pick(&g.in, 8)];
	int err_in = (int)fuzz_pick(&g.in, 140);
	if (fuzz_u8(&g.in) & 1)
		gen_positional(&g);
	else
		gen_sequential(&g);

	/* The bounded call: exactly outsz bytes, so ASan sees any overrun. */
	char *out = outsz ? malloc(outsz) : NULL;
	if (outsz && !out)
		return 0;
	memset(nst, 0x5a, sizeof nst);
	errno = err_in;
	int xr = xsnprintf(out, outsz, g.fmt, ARGS);
	int xe = errno;
	static struct nstore xn[NSLOT];
	memcpy(xn, nst, sizeof nst);

	memset(nst, 0x5a, sizeof nst);
	errno = err_in;
	int xr2 = xsnprintf(xbig, BIG, g.fmt, ARGS);
	int xe2 = errno;
	if (xr2 != xr || (xr < 0 && xe2 != xe))
		fail("the result depends on the buffer size", g.fmt, xr, xr2, xe, xe2);
	if (xr >= 0 && outsz) {
		size_t kept = (size_t)xr < outsz - 1 ? (size_t)xr : outsz - 1;
		if ((size_t)xr < BIG && (memcmp(out, xbig, kept) != 0 || out[kept] != 0))
			fail("the truncated output is not a prefix of the whole", g.fmt, xr, xr2, xe, xe2);
	}

	/* glibc's positional path, which an unknown conversion also switches
	 * to, takes a width or precision beyond INT_MAX without EOVERFLOW. */
	if ((g.big || g.q_or_l) && (g.positional || g.unknown))
		g.diff_ok = 0;
	if (g.diff_ok && !g.full) {
		memset(nst, 0x5a, sizeof nst);
		errno = err_in;
		int gr = snprintf(gbig, BIG, g.fmt, ARGS);
		int ge = errno;
		if (gr != xr && gr >= 0 && xr >= 0)
			fprintf(stderr, "xprintf: \"%s\"\nglibc:   \"%s\"\n", xbig, gbig);
		if (gr != xr || (gr < 0 && ge != xe))
			fail("return value or errno differs from glibc", g.fmt, xr, gr, xe, ge);
		if (gr >= 0 && (size_t)gr < BIG && memcmp(gbig, xbig, (size_t)gr + 1) != 0) {
			fprintf(stderr, "xprintf: \"%s\"\nglibc:   \"%s\"\n", xbig, gbig);
			fail("output differs from glibc", g.fmt, xr, gr, xe, ge);
		}
		if (gr >= 0 && memcmp(xn, nst, sizeof nst) != 0)
			fail("%n stored a different count", g.fmt, xr, gr, xe, ge);
	}
	free(out);
	wide_call(&g, outsz, err_in);
	return 0;
}
