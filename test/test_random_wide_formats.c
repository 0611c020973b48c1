/* test_random_wide_formats.c - random, well-typed wide formats: xswprintf against glibc's
 * swprintf (and xvfwprintf against vfwprintf on open_wmemstream, on a
 * fully buffered file, and on a wide file whose wide buffer of 4 to 1024
 * characters holds one already, so that the call stores into its room and
 * may fill it).
 *
 * Every case is generated from (seed, case index) alone, so a failure can be
 * replayed: XPRINTF_WDIFF_SEED=<seed> XPRINTF_WDIFF_CASE=<index>.
 * XPRINTF_WDIFF_CASES sets the number of cases (default 200000), run in the
 * C locale, in en_US.UTF-8 / de_DE.UTF-8 and in a locale with a multibyte
 * radix and thousands separator (newlocale + uselocale).
 * Compared: the whole wchar_t buffer (output, terminator, untouched guard
 * characters), the return value, errno and the targets of %n.  The formats
 * hold literal text outside ASCII (and outside Latin-1), %s of byte strings
 * that are valid or invalid multibyte text, %c of every byte, %lc/%ls of
 * any wchar_t, unknown conversions (non-ASCII ones too), %m, %n, %p,
 * positional arguments, and buffers too small for the output.
 * Left out, as in test_random_formats.c: floating conversions (test_float_diff),
 * q/L integers under positional arguments, and %p followed by a letter or
 * digit (pointer extensions).
 */
#define _GNU_SOURCE
#include <check.h>
#include <errno.h>
#include <limits.h>
#include <locale.h>
#include <stdint.h>
#include <stdio.h>
#include <stdio_ext.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <wchar.h>
#include <wctype.h>

#include <xprintf.h>

#include "check_run.h"
#include "diff_calls.h"
#include "test_locales.h"

#define BUF 1024
#define MAX_DIRS 6

/* ---- the printers behind diff_call's char-shaped signature: buf and fmt
 * are wchar_t pointers in disguise ---- */
static size_t ref_len, xp_len;
static int ref_first, xp_first; /* the first of two calls' results */
/* A file's size when the call returned, before anything flushed it. */
static off_t ref_early, xp_early;

#define SWPRINTF_ADAPTER(name, vfn)                                                  \
	static int name(char *buf, size_t n, const char *fmt, ...)                   \
	{                                                                            \
		va_list ap;                                                          \
		va_start(ap, fmt);                                                   \
		int r = vfn((wchar_t *)(void *)buf, n, (const wchar_t *)(const void *)fmt, ap); \
		va_end(ap);                                                          \
		return r;                                                            \
	}
SWPRINTF_ADAPTER(ref_swprintf, vswprintf)
SWPRINTF_ADAPTER(xp_swprintf, xvswprintf)

/* r = vfn(f, fmt, the adapter's arguments), e the errno it left. */
#define CALL_ON_STREAM(r, e, f, vfn)                                                 \
	do {                                                                         \
		va_list ap;                                                          \
		va_start(ap, fmt);                                                   \
		(r) = vfn((f), (const wchar_t *)(const void *)fmt, ap);              \
		(e) = errno;                                                         \
		va_end(ap);                                                          \
	} while (0)

/* What arrived in the stream, copied into buf (at most BUF - 1 and L'\0').
 * With twice, the stream holds a character before the first of two
 * calls, each starting with the caller's errno; first_var keeps the first
 * call's result. */
#define WMEMSTREAM_ADAPTER(name, vfn, len_var, first_var, twice)                     \
	static int name(char *buf, size_t n, const char *fmt, ...)                   \
	{                                                                            \
		(void)n;                                                             \
		wchar_t *p = NULL;                                                   \
		size_t len = 0;                                                      \
		int e0 = errno;                                                      \
		FILE *f = open_wmemstream(&p, &len);                                 \
		if (!f)                                                              \
			return -3;                                                   \
		int r, e;                                                            \
		if (twice) {                                                         \
			fputwc(L'>', f);                                             \
			CALL_ON_STREAM(r, e, f, vfn);                                \
			first_var = r;                                               \
			errno = e0;                                                  \
		}                                                                    \
		CALL_ON_STREAM(r, e, f, vfn);                                        \
		fclose(f);                                                           \
		size_t k = len < BUF - 1 ? len : BUF - 1;                            \
		wmemcpy((wchar_t *)(void *)buf, p, k);                               \
		((wchar_t *)(void *)buf)[k] = L'\0';                                 \
		len_var = len;                                                       \
		free(p);                                                             \
		errno = e;                                                           \
		return r;                                                            \
	}
WMEMSTREAM_ADAPTER(ref_wmemstream, vfwprintf, ref_len, ref_first, 0)
WMEMSTREAM_ADAPTER(xp_wmemstream, xvfwprintf, xp_len, xp_first, 0)
WMEMSTREAM_ADAPTER(ref_wmemstream_twice, vfwprintf, ref_len, ref_first, 1)
WMEMSTREAM_ADAPTER(xp_wmemstream_twice, xvfwprintf, xp_len, xp_first, 1)

/* f opened by the call, fully buffered, for the call to orient; its
 * first write allocates the buffers.  NULL, f closed, when that cannot
 * be. */
static FILE *plain(FILE *f)
{
	if (f && setvbuf(f, NULL, _IOFBF, BUFSIZ) != 0) {
		fclose(f);
		return NULL;
	}
	return f;
}

/* f wide already, with mode and a buffer of n bytes (unused when
 * unbuffered) that holds one character: a buffered call starts in its
 * room.  NULL, f closed, when that cannot be.  One buffer serves every
 * such stream, each closed before the next is opened. */
static FILE *wide_holding_one(FILE *f, int mode, size_t n)
{
	static char vbuf[BUF * sizeof(wchar_t)];
	if (!f)
		return NULL;
	if (n > sizeof vbuf || setvbuf(f, vbuf, mode, n) != 0 || fwide(f, 1) <= 0 ||
	    fputwc(L'>', f) == WEOF) {
		fclose(f);
		return NULL;
	}
	return f;
}

/* A file opened by open (an expression of n): the bytes that reached it,
 * each as one wchar_t in buf (at most BUF - 1, then L'\0'), and in
 * early_var its size when the call returned, before anything flushed it. */
#define FILE_ADAPTER(name, vfn, len_var, early_var, open)                            \
	static int name(char *buf, size_t n, const char *fmt, ...)                   \
	{                                                                            \
		(void)n; /* when open does not use it */                             \
		FILE *f = (open);                                                    \
		if (!f)                                                              \
			return -3;                                                   \
		int r, e;                                                            \
		CALL_ON_STREAM(r, e, f, vfn);                                        \
		early_var = lseek(fileno(f), 0, SEEK_END);                           \
		fflush(f);                                                           \
		static unsigned char bytes[BUF];                                     \
		ssize_t got = pread(fileno(f), bytes, BUF - 1, 0);                   \
		size_t k = got > 0 ? (size_t)got : 0;                                \
		for (size_t i = 0; i < k; i++)                                       \
			((wchar_t *)(void *)buf)[i] = bytes[i];                      \
		((wchar_t *)(void *)buf)[k] = L'\0';                                \
		len_var = (size_t)lseek(fileno(f), 0, SEEK_END);                     \
		fclose(f);                                                           \
		errno = e;                                                           \
		return r;                                                            \
	}
/* /dev/full, set up by wide_holding_one: a write fails with ENOSPC
 * wherever stdio flushes.  len_var is the stream's error flag after the
 * call, early_var the bytes it still holds (__fpending); nothing reaches
 * the device. */
#define FULL_ADAPTER(name, vfn, len_var, early_var, mode)                            \
	static int name(char *buf, size_t n, const char *fmt, ...)                   \
	{                                                                            \
		((wchar_t *)(void *)buf)[0] = L'\0';                                 \
		FILE *f = wide_holding_one(fopen("/dev/full", "w"), (mode), n);      \
		if (!f)                                                              \
			return -3;                                                   \
		int r, e;                                                            \
		CALL_ON_STREAM(r, e, f, vfn);                                        \
		len_var = ferror(f) != 0;                                            \
		early_var = (off_t)__fpending(f);                                    \
		fclose(f);                                                           \
		errno = e;                                                           \
		return r;                                                            \
	}
FULL_ADAPTER(ref_full, vfwprintf, ref_len, ref_early, _IOFBF)
FULL_ADAPTER(xp_full, xvfwprintf, xp_len, xp_early, _IOFBF)
FULL_ADAPTER(ref_line_full, vfwprintf, ref_len, ref_early, _IOLBF)
FULL_ADAPTER(xp_line_full, xvfwprintf, xp_len, xp_early, _IOLBF)
FILE_ADAPTER(ref_file, vfwprintf, ref_len, ref_early, plain(tmpfile()))
FILE_ADAPTER(xp_file, xvfwprintf, xp_len, xp_early, plain(tmpfile()))
FILE_ADAPTER(ref_wide_file, vfwprintf, ref_len, ref_early, wide_holding_one(tmpfile(), _IOFBF, n))
FILE_ADAPTER(xp_wide_file, xvfwprintf, xp_len, xp_early, wide_holding_one(tmpfile(), _IOFBF, n))
FILE_ADAPTER(ref_line_file, vfwprintf, ref_len, ref_early, wide_holding_one(tmpfile(), _IOLBF, n))
FILE_ADAPTER(xp_line_file, xvfwprintf, xp_len, xp_early, wide_holding_one(tmpfile(), _IOLBF, n))
FILE_ADAPTER(ref_unbuffered_file, vfwprintf, ref_len, ref_early,
	     wide_holding_one(tmpfile(), _IONBF, n))
FILE_ADAPTER(xp_unbuffered_file, xvfwprintf, xp_len, xp_early,
	     wide_holding_one(tmpfile(), _IONBF, n))

enum { SINK_BUFFER, SINK_STREAM, SINK_FILE, SINK_WIDE_FILE, SINK_STREAM_TWICE, SINK_LINE_FILE,
       SINK_UNBUFFERED_FILE, SINK_FULL, SINK_LINE_FULL };
static const char *const sink_names[] = { "swprintf", "fwprintf(open_wmemstream)",
	"fwprintf(fully buffered file)", "fwprintf(wide file, buffer of size bytes)",
	"fwprintf(open_wmemstream holding one character), twice",
	"fwprintf(line-buffered wide file, buffer of size bytes)",
	"fwprintf(unbuffered wide file holding one character)",
	"fwprintf(/dev/full, buffer of size bytes holding one; destination bytes: ferror, file's: __fpending)",
	"fwprintf(line-buffered /dev/full, as /dev/full)" };
static int (*volatile ref_sinks[])(char *, size_t, const char *, ...) = { ref_swprintf,
	ref_wmemstream, ref_file, ref_wide_file, ref_wmemstream_twice, ref_line_file,
	ref_unbuffered_file, ref_full, ref_line_full };
static int (*volatile xp_sinks[])(char *, size_t, const char *, ...) = { xp_swprintf,
	xp_wmemstream, xp_file, xp_wide_file, xp_wmemstream_twice, xp_line_file,
	xp_unbuffered_file, xp_full, xp_line_full };

/* ---- random numbers: splitmix64 ---- */
static uint64_t rng_state;
static uint64_t rnd(void)
{
	uint64_t z = (rng_state += 0x9e3779b97f4a7c15ull);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}
static unsigned below(unsigned n) { return (unsigned)(rnd() % n); }
static int chance(unsigned percent) { return below(100) < percent; }

struct slot {
	struct diff_val v;
	int count;     /* a %n target: pointer differs between the printers */
	int count_idx;
};

struct gcase {
	int positional;
	int slow_seen;  /* glibc left its fast path: no q/L integers after it */
	wchar_t fmt[512];
	size_t flen;
	int nslots;
	struct slot s[DIFF_MAX_ARGS];
	int order[DIFF_MAX_ARGS];
	/* per directive, the slots its '*', '*' and value use, in order */
	struct diff_val ref_args[DIFF_MAX_ARGS], xp_args[DIFF_MAX_ARGS];
	char strs[DIFF_MAX_ARGS][24];
	wchar_t wstrs[DIFF_MAX_ARGS][10];
	long long nref[DIFF_MAX_ARGS], nxp[DIFF_MAX_ARGS];
	int ncount;
	size_t size;
	int sink;
	int errno_in;
	int locale;
};

/* The last one is built by the test set-up (test/locales/xp_MB): its radix
 * and thousands separator are multibyte characters. */
#define NLOCALES 6
static locale_t locales[NLOCALES];
static const char *const locale_names[NLOCALES] = { "C", "en_US.UTF-8", "de_DE.UTF-8",
	"fa_IR.UTF-8", "hi_IN.UTF-8", "xp_MB.UTF-8" };

/* A locale from XP_TEST_LOCALES when set (the test set-up builds xp_*
 * there), else from the system. */
static locale_t load_locale(const char *name)
{
	if (strncmp(name, "xp_", 3) == 0 && getenv("XP_TEST_LOCALES"))
		return xp_test_locale(name);
	return newlocale(LC_ALL_MASK, name, (locale_t)0);
}

static void put(struct gcase *g, wchar_t c)
{
	if (g->flen + 1 < sizeof g->fmt / sizeof g->fmt[0])
		g->fmt[g->flen++] = c;
	g->fmt[g->flen] = L'\0';
}

static void put_ascii(struct gcase *g, const char *s)
{
	while (*s)
		put(g, (wchar_t)(unsigned char)*s++);
}

static void put_num(struct gcase *g, unsigned v, const char *post)
{
	char tmp[32];
	snprintf(tmp, sizeof tmp, "%u%s", v, post);
	put_ascii(g, tmp);
}

static int pick_int(void)
{
	/* 256, 65536, 0x1000000, INT_MIN: 0 once hh or h cuts them */
	static const int special[] = { 0, 1, -1, 7, 42, -42, 127, 128, 255, 256, -128, 65535,
		65536, -65536, 0x1000000, 1234567, -1234567, 1000, 999999, INT_MAX, INT_MIN };
	switch (below(4)) {
	case 0: return special[below(sizeof special / sizeof special[0])];
	case 1: return (int)below(2000) - 1000;
	default: return (int)(uint32_t)rnd();
	}
}

static wint_t pick_wchar(int allow_zero)
{
	static const wint_t special[] = { 'A', 'z', ' ', 0x7f, 0x80, 0xa0, 0xe9, 0xff, 0x100,
		0x20ac, 0x4e2d, 0xfffd, 0x1f600, 0x10ffff, 0xd800, 0x110000, 0x7fffffff, WEOF };
	wint_t c;
	do {
		switch (below(3)) {
		case 0: c = special[below(sizeof special / sizeof special[0])]; break;
		case 1: c = 0x20 + below(0x5f); break;
		default: c = below(0x800); break;
		}
	} while (!allow_zero && (c == 0 || c == WEOF));
	if (allow_zero && chance(3))
		c = 0;
	return c;
}

/* Byte strings: ASCII, UTF-8 sequences (valid, cut short, stray bytes). */
static void random_bytes(char *out, size_t max)
{
	static const char *const pieces[] = { "a", "Z", "9", " ", "-", "%", "\xc3\xa9", "\xe2\x82\xac",
		"\xf0\x9f\x98\x80", "\xc3", "\xa9", "\xff", "\xe2\x82", "\x80" };
	size_t n = 0;
	unsigned k = below(8);
	for (unsigned i = 0; i < k; i++) {
		unsigned which = chance(80) ? below(9) : below(sizeof pieces / sizeof pieces[0]);
		size_t len = strlen(pieces[which]);
		if (n + len >= max)
			break;
		memcpy(out + n, pieces[which], len);
		n += len;
	}
	out[n] = '\0';
}

static int new_slot(struct gcase *g, int cls)
{
	int k = g->nslots++;
	memset(&g->s[k], 0, sizeof g->s[k]);
	g->s[k].v.cls = cls;
	return k;
}

static void random_literal(struct gcase *g, int after_pointer)
{
	/* \xd800 and \x110000 are no characters: a stream writes what glibc
	 * writes for them */
	static const wchar_t pool[] = L"ab Z09-|.:[]#\n\xe9\x20ac\x4e2d\x1f600\xff\xd800\x110000";
	unsigned len = below(5);
	for (unsigned i = 0; i < len; i++) {
		if (chance(5)) {
			put_ascii(g, "%%");
			continue;
		}
		wchar_t c = pool[below(sizeof pool / sizeof pool[0] - 1)];
		/* %p followed by a letter or digit would be a pointer extension */
		if (after_pointer && i == 0 && c < 0x80 && iswalnum((wint_t)c))
			c = L'|';
		put(g, c);
	}
}

/* The '*' parts and the value slot are numbered by the caller: it keeps
 * the slots of one directive in argument order for the sequential case. */
static void star_parts(struct gcase *g, int allow_star, int *wslot, int *pslot)
{
	*wslot = *pslot = -1;
	static const char flags[] = "-+ #0'I";
	int nf = 0;
	while (nf < 5 && chance(nf ? 25 : 40)) {
		char f[2] = { flags[below(sizeof flags - 1)], 0 };
		put_ascii(g, f);
		nf++;
	}
	unsigned w = below(10);
	if (w >= 4 && w < 7) {
		put_num(g, 1 + below(chance(5) ? 300 : 25), "");
	} else if (w >= 7 && allow_star) {
		*wslot = new_slot(g, DC_INT);
		g->s[*wslot].v.i = (int)below(50) - 25;
		put_ascii(g, "*");
		if (g->positional)
			put_num(g, (unsigned)g->order[*wslot] + 1, "$");
	}
	unsigned p = below(10);
	if (p >= 5 && p < 8) {
		put_ascii(g, ".");
		/* none, or 0: a zero value then prints no digits */
		if (!chance(15))
			put_num(g, chance(10) ? 0 : below(chance(5) ? 300 : 25), "");
	} else if (p >= 8 && allow_star) {
		*pslot = new_slot(g, DC_INT);
		g->s[*pslot].v.i = (int)below(40) - 8;
		put_ascii(g, ".*");
		if (g->positional)
			put_num(g, (unsigned)g->order[*pslot] + 1, "$");
	}
}

static const char *pick(const char *const *list, unsigned n) { return list[below(n)]; }

static void gen_dir(struct gcase *g, int *after_pointer)
{
	random_literal(g, *after_pointer);
	*after_pointer = 0;
	put_ascii(g, "%");
	/* room for the value and two '*' */
	int has_room = g->nslots < DIFF_MAX_ARGS - 2;
	int vslot = g->nslots;
	unsigned r = has_room ? below(100) : 90 + below(10);
	if (g->positional && r < 90)
		put_num(g, (unsigned)g->order[vslot] + 1, "$");
	int wslot, pslot;
	/* positional: the value's slot (numbered first) before the '*' ones;
	 * sequential: after them, in the order the va_list is read */
	if (r < 90 && g->positional)
		vslot = new_slot(g, DC_INT);
	if (r < 83 || r >= 90) /* %n takes no flags, width or precision here */
		star_parts(g, r < 90, &wslot, &pslot);
	if (r < 90 && !g->positional)
		vslot = new_slot(g, DC_INT);
	if (r < 35) {
		static const char *const lens[] = { "", "", "", "hh", "h", "l", "ll", "j", "z", "t", "q", "L" };
		static const int cls[] = { DC_INT, DC_INT, DC_INT, DC_INT, DC_INT, DC_LONG, DC_LLONG,
			DC_LONG, DC_LONG, DC_LONG, DC_LLONG, DC_LLONG };
		unsigned k;
		do
			k = below(sizeof lens / sizeof lens[0]);
		while ((g->positional || g->slow_seen) && k >= 10);
		put_ascii(g, lens[k]);
		char c[2] = { "diuoxXbB"[below(8)], 0 };
		put_ascii(g, c);
		struct diff_val *v = &g->s[vslot].v;
		v->cls = cls[k];
		v->i = pick_int();
		/* what hh and h leave of it: often 0 or next to it */
		if ((k == 3 || k == 4) && chance(30))
			v->i = (int)((uint32_t)rnd() & 0xffff0000u) + (int)below(3) - 1;
		v->l = (long)rnd() >> below(64);
		v->q = (long long)rnd() >> below(64);
	} else if (r < 45) {
		static const char *const lens[] = { "", "", "hh" };
		put_ascii(g, pick(lens, 3));
		put_ascii(g, "c");
		g->s[vslot].v.i = chance(60) ? (int)(0x20 + below(0x5f)) : (int)below(256);
	} else if (r < 53) {
		put_ascii(g, chance(50) ? "lc" : "C");
		g->s[vslot].v.i = (int)pick_wchar(1);
	} else if (r < 67) {
		put_ascii(g, "s");
		g->s[vslot].v.cls = DC_PTR;
		if (chance(8)) {
			g->s[vslot].v.p = NULL;
		} else {
			random_bytes(g->strs[vslot], sizeof g->strs[vslot]);
			g->s[vslot].v.p = g->strs[vslot];
		}
	} else if (r < 75) {
		put_ascii(g, chance(50) ? "ls" : "S");
		g->s[vslot].v.cls = DC_PTR;
		if (chance(8)) {
			g->s[vslot].v.p = NULL;
		} else {
			wchar_t *w = g->wstrs[vslot];
			unsigned n = below(9);
			for (unsigned i = 0; i < n; i++)
				w[i] = (wchar_t)pick_wchar(0);
			w[n] = 0;
			g->s[vslot].v.p = w;
		}
	} else if (r < 83) {
		put_ascii(g, "p");
		*after_pointer = 1;
		g->s[vslot].v.cls = DC_PTR;
		static void *const ptrs[] = { NULL, (void *)1, (void *)0x7fff1234, (void *)UINTPTR_MAX };
		g->s[vslot].v.p = ptrs[below(4)];
	} else if (r < 90) {
		static const char *const lens[] = { "", "hh", "h", "l", "ll", "j", "z", "t" };
		put_ascii(g, pick(lens, 8));
		put_ascii(g, "n");
		g->s[vslot].v.cls = DC_PTR;
		g->s[vslot].count = 1;
		g->s[vslot].count_idx = g->ncount++;
	} else if (r < 95) {
		put_ascii(g, "m");
	} else if (r < 97 || g->positional) {
		put_ascii(g, "%");
	} else {
		static const wchar_t unknown[] = L"ykKvrHJMTUVW!&\xe9\x4e2d";
		put(g, unknown[below(sizeof unknown / sizeof unknown[0] - 1)]);
		g->slow_seen = 1;
	}
}

static void generate_directives(struct gcase *g)
{
	int ndirs = 1 + (int)below(MAX_DIRS);
	int after_pointer = 0;
	for (int i = 0; i < ndirs; i++)
		gen_dir(g, &after_pointer);
	random_literal(g, after_pointer);
	if (!g->positional && chance(5))
		put_ascii(g, pick((const char *const[]){ "%", "%-", "%5", "%." }, 4));
}

static void generate(struct gcase *g, uint64_t seed, unsigned long index)
{
	rng_state = seed ^ (index * 0xd1342543de82ef95ull);
	rnd();
	memset(g, 0, sizeof *g);
	g->positional = chance(30);
	/* Twice from the same random state: the first run counts the slots,
	 * the second writes their argument numbers, a permutation of 1..n. */
	for (int k = 0; k < DIFF_MAX_ARGS; k++)
		g->order[k] = k;
	uint64_t start = rng_state;
	for (int pass = 0; pass < 2; pass++) {
		if (pass == 1) {
			int n = g->nslots;
			if (!g->positional || n == 0)
				break;
			for (int k = n - 1; k > 0; k--) {
				int j = (int)below((unsigned)k + 1);
				int tmp = g->order[k];
				g->order[k] = g->order[j];
				g->order[j] = tmp;
			}
			uint64_t after = rng_state;
			rng_state = start;
			g->flen = 0;
			g->nslots = g->ncount = 0;
			g->slow_seen = 0;
			generate_directives(g);
			rng_state = after;
		} else {
			generate_directives(g);
		}
	}
	if (g->positional && g->nslots == 0)
		g->positional = 0;
	for (int c = 0; c < DIFF_MAX_ARGS; c++)
		g->nref[c] = g->nxp[c] = (long long)0x5a5a5a5a5a5a5a5aull;
	for (int k = 0; k < g->nslots; k++) {
		int pos = g->order[k];
		g->ref_args[pos] = g->xp_args[pos] = g->s[k].v;
		if (g->s[k].count) {
			g->ref_args[pos].p = &g->nref[g->s[k].count_idx];
			g->xp_args[pos].p = &g->nxp[g->s[k].count_idx];
		}
	}
	static const size_t sizes[] = { 0, 1, 2, 5, BUF, BUF, BUF };
	g->size = chance(20) ? below(64) : sizes[below(sizeof sizes / sizeof sizes[0])];
	static const int errnos[] = { 0, ENOENT, EINVAL, EILSEQ, 12345 };
	g->errno_in = errnos[below(sizeof errnos / sizeof errnos[0])];
	g->locale = (int)below(NLOCALES);
	unsigned sink = below(100);
	g->sink = sink < 85   ? SINK_BUFFER
		  : sink < 88 ? SINK_STREAM
		  : sink < 90 ? SINK_STREAM_TWICE
		  : sink < 92 ? SINK_FILE
		  : sink < 95 ? SINK_WIDE_FILE
		  : sink < 96 ? SINK_LINE_FILE
		  : sink < 97 ? SINK_UNBUFFERED_FILE
		  : sink < 98 ? SINK_FULL
			      : SINK_LINE_FULL;
	static const size_t buffer_bytes[] = { 16, 64, 256, BUF * sizeof(wchar_t) };
	if (g->sink == SINK_WIDE_FILE || g->sink == SINK_LINE_FILE || g->sink == SINK_FULL ||
	    g->sink == SINK_LINE_FULL)
		g->size = buffer_bytes[below(sizeof buffer_bytes / sizeof buffer_bytes[0])];
	else if (g->sink != SINK_BUFFER)
		g->size = BUF;
}

static void print_wide(FILE *f, const wchar_t *s, size_t n)
{
	fputc('"', f);
	for (size_t i = 0; i < n; i++) {
		unsigned c = (unsigned)s[i];
		if (c >= 0x20 && c < 0x7f && c != '"' && c != '\\')
			fputc((int)c, f);
		else
			fprintf(f, "\\x{%x}", c);
	}
	fputc('"', f);
}

static int run_case(uint64_t seed, unsigned long index, int verbose)
{
	static struct gcase g;
	static wchar_t ref_buf[BUF], xp_buf[BUF];
	generate(&g, seed, index);
	uselocale(locales[g.locale] ? locales[g.locale] : LC_GLOBAL_LOCALE);
	wmemset(ref_buf, (wchar_t)0x5a5a, BUF);
	wmemset(xp_buf, (wchar_t)0x5a5a, BUF);
	ref_len = xp_len = 0;
	ref_first = xp_first = 0;
	ref_early = xp_early = 0;
	errno = g.errno_in;
	int rr = diff_call(ref_sinks[g.sink], (char *)ref_buf, g.size, (const char *)g.fmt, g.nslots,
			   g.ref_args);
	int er = errno;
	errno = g.errno_in;
	int rx = diff_call(xp_sinks[g.sink], (char *)xp_buf, g.size, (const char *)g.fmt, g.nslots,
			   g.xp_args);
	int ex = errno;
	uselocale(LC_GLOBAL_LOCALE);
	int bad = rr != rx || er != ex || wmemcmp(ref_buf, xp_buf, BUF) != 0 ||
		  memcmp(g.nref, g.nxp, sizeof g.nref) != 0 || ref_len != xp_len ||
		  ref_first != xp_first || ref_early != xp_early;
	if (bad || verbose) {
		fprintf(stderr, "%s seed=%llu case=%lu %s locale=%s size=%zu errno_in=%d format=",
			bad ? "MISMATCH" : "CASE", (unsigned long long)seed, index, sink_names[g.sink],
			locale_names[g.locale], g.size, g.errno_in);
		print_wide(stderr, g.fmt, g.flen);
		fputc('\n', stderr);
		for (int k = 0; k < g.nslots; k++) {
			const struct diff_val *v = &g.ref_args[k];
			fprintf(stderr, "  arg %d: cls %d int %d long %ld ll %lld p %p\n", k + 1, v->cls,
				v->i, v->l, v->q, v->p);
		}
		/* a stream's whole contents; a buffer's result and its L'\0' */
		size_t nr = ref_len ? ref_len + 1 : rr > 0 ? (size_t)rr + 1 : 8;
		size_t nx = xp_len ? xp_len + 1 : rx > 0 ? (size_t)rx + 1 : 8;
		fprintf(stderr, "  glibc   ret=%d first call=%d errno=%d buf=", rr, ref_first, er);
		print_wide(stderr, ref_buf, nr < BUF ? nr : BUF);
		fprintf(stderr, "\n  xprintf ret=%d first call=%d errno=%d buf=", rx, xp_first, ex);
		print_wide(stderr, xp_buf, nx < BUF ? nx : BUF);
		fprintf(stderr, "\n  a file's bytes when the call returned: glibc %lld xprintf %lld\n",
			(long long)ref_early, (long long)xp_early);
	}
	return bad;
}

START_TEST(test_random_wide_formats_match_glibc)
{
	uint64_t seed = diff_env_ulong("XPRINTF_WDIFF_SEED", 20261204);
	unsigned long cases = diff_env_ulong("XPRINTF_WDIFF_CASES", 200000);
	const char *one = getenv("XPRINTF_WDIFF_CASE");
	for (int i = 0; i < NLOCALES; i++) {
		locales[i] = load_locale(locale_names[i]);
		if (!locales[i])
			fprintf(stderr, "note: locale %s missing, using the global one\n", locale_names[i]);
	}
	unsigned long mismatches = 0, run = 0;
	if (one && *one) {
		mismatches = (unsigned long)run_case(seed, strtoul(one, NULL, 0), 1);
	} else {
		for (unsigned long i = 0; i < cases; i++) {
			run++;
			if (run_case(seed, i, 0) && ++mismatches >= 20) {
				fprintf(stderr, "stopping after %lu mismatches\n", mismatches);
				break;
			}
		}
	}
	for (int i = 0; i < NLOCALES; i++)
		if (locales[i])
			freelocale(locales[i]);
	fprintf(stderr, "wide differential: seed=%llu cases=%lu mismatches=%lu\n",
		(unsigned long long)seed, run, mismatches);
	ck_assert_msg(mismatches == 0, "%lu mismatches against glibc (seed %llu)", mismatches,
		      (unsigned long long)seed);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("wide differential");
	TCase *tc = tcase_create("random");
	tcase_set_timeout(tc, 600);
	tcase_add_test(tc, test_random_wide_formats_match_glibc);
	suite_add_tcase(s, tc);
	return check_run(s);
}
