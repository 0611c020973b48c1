/* test_wide.c - the wide family beyond the random differential: stream
 * orientation, unwritable and failing streams, return values and errno,
 * floating conversions in a locale with a ',' radix and '.' grouping,
 * %n in wide characters, xwprintf to stdout, and %p extensions (which
 * must print, widened, what the narrow functions print).
 * Oracle: glibc's function of the same name on an identical destination;
 * for extensions, xsnprintf of the same directive. */
#define _GNU_SOURCE
#include <check.h>
#include <errno.h>
#include <limits.h>
#include <locale.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <wchar.h>

#include <xprintf.h>

#include "check_run.h"
#include "test_locales.h"

static int (*volatile ref_vswprintf)(wchar_t *, size_t, const wchar_t *, va_list) = vswprintf;
static int (*volatile ref_vfwprintf)(FILE *, const wchar_t *, va_list) = vfwprintf;
static int (*volatile ref_vfprintf)(FILE *, const char *, va_list) = vfprintf;

struct outcome {
	int ret, err, ferr, orient;
};

static void assert_same_outcome(const struct outcome *w, const struct outcome *g, const char *what)
{
	ck_assert_msg(w->ret == g->ret && w->err == g->err && w->ferr == g->ferr &&
			      w->orient == g->orient,
		      "%s: glibc ret %d errno %d ferror %d fwide %d, xprintf ret %d errno %d ferror "
		      "%d fwide %d",
		      what, w->ret, w->err, w->ferr, w->orient, g->ret, g->err, g->ferr, g->orient);
}

/* The outcome of vfn(f, fmt, ...) with errno set to errno_in before. */
#define CALL(out, vfn, f, errno_in, ...)                                                    \
	do {                                                                                \
		errno = (errno_in);                                                         \
		(out).ret = call_##vfn(f, __VA_ARGS__);                                     \
		(out).err = errno;                                                          \
		(out).ferr = ferror(f) != 0;                                                \
		(out).orient = fwide(f, 0);                                                 \
	} while (0)

#define VARIADIC_OF(name, vfn, ftype, ctype)                                                \
	static int call_##name(FILE *f, const ctype *fmt, ...)                              \
	{                                                                                   \
		va_list ap;                                                                 \
		va_start(ap, fmt);                                                          \
		int r = vfn(f, fmt, ap);                                                    \
		va_end(ap);                                                                 \
		return r;                                                                   \
	}
VARIADIC_OF(ref_w, ref_vfwprintf, FILE, wchar_t)
VARIADIC_OF(xp_w, xvfwprintf, FILE, wchar_t)
VARIADIC_OF(ref_n, ref_vfprintf, FILE, char)
VARIADIC_OF(xp_n, xvfprintf, FILE, char)

/* glibc's and xprintf's swprintf into guarded buffers of size n: the
 * whole buffers, returns and errno must agree. */
static void same_swprintf(size_t n, const wchar_t *fmt, ...)
{
	wchar_t ref[96], xp[96];
	ck_assert(n <= 90);
	wmemset(ref, L'#', 96);
	wmemset(xp, L'#', 96);
	va_list ap, aq;
	va_start(ap, fmt);
	va_copy(aq, ap);
	errno = ENOENT;
	int rr = ref_vswprintf(ref, n, fmt, ap);
	int er = errno;
	errno = ENOENT;
	int rx = xvswprintf(xp, n, fmt, aq);
	int ex = errno;
	va_end(aq);
	va_end(ap);
	ck_assert_msg(rr == rx && er == ex && wmemcmp(ref, xp, 96) == 0,
		      "%ls (size %zu): glibc %d errno %d \"%ls\", xprintf %d errno %d \"%ls\"", fmt, n,
		      rr, er, ref, rx, ex, xp);
}

START_TEST(test_byte_oriented_stream_refuses_wide_calls)
{
	FILE *ref = tmpfile(), *xp = tmpfile();
	ck_assert(ref && xp);
	fputs("x", ref);
	fputs("x", xp);
	struct outcome w, g;
	CALL(w, ref_w, ref, EDOM, L"abc%d", 1);
	CALL(g, xp_w, xp, EDOM, L"abc%d", 1);
	assert_same_outcome(&w, &g, "fwprintf on a byte stream");
	ck_assert_int_eq(g.ret, -1);
	ck_assert_int_eq(g.orient, -1);
	fclose(ref);
	fclose(xp);
}
END_TEST

START_TEST(test_wide_oriented_stream_refuses_narrow_calls)
{
	FILE *ref = tmpfile(), *xp = tmpfile();
	ck_assert(ref && xp);
	struct outcome w, g;
	CALL(w, ref_w, ref, 0, L"%ls", L"\x4e2d");
	CALL(g, xp_w, xp, 0, L"%ls", L"\x4e2d");
	assert_same_outcome(&w, &g, "fwprintf on a fresh stream");
	ck_assert_int_eq(g.orient, 1); /* made wide */
	CALL(w, ref_n, ref, ERANGE, "abc");
	CALL(g, xp_n, xp, ERANGE, "abc");
	assert_same_outcome(&w, &g, "fprintf on a wide stream");
	ck_assert_int_eq(g.ret, -1);
	ck_assert_int_eq(g.err, ERANGE);
	fclose(ref);
	fclose(xp);
}
END_TEST

START_TEST(test_unwritable_streams)
{
	/* fresh: made wide, then EBADF and the error flag */
	FILE *ref = fopen("/dev/null", "r"), *xp = fopen("/dev/null", "r");
	ck_assert(ref && xp);
	struct outcome w, g;
	CALL(w, ref_w, ref, 0, L"abc");
	CALL(g, xp_w, xp, 0, L"abc");
	assert_same_outcome(&w, &g, "fwprintf on a read-only stream");
	ck_assert_int_eq(g.err, EBADF);
	fclose(ref);
	fclose(xp);
	/* byte-oriented and read-only: the orientation fails first */
	ref = fopen("/dev/null", "r");
	xp = fopen("/dev/null", "r");
	ck_assert(ref && xp);
	fwide(ref, -1);
	fwide(xp, -1);
	CALL(w, ref_w, ref, 0, L"abc");
	CALL(g, xp_w, xp, 0, L"abc");
	assert_same_outcome(&w, &g, "fwprintf on a read-only byte stream");
	ck_assert_int_eq(g.err, 0);
	fclose(ref);
	fclose(xp);
}
END_TEST

START_TEST(test_failing_write)
{
	FILE *ref = fopen("/dev/full", "w"), *xp = fopen("/dev/full", "w");
	ck_assert(ref && xp);
	setvbuf(ref, NULL, _IONBF, 0);
	setvbuf(xp, NULL, _IONBF, 0);
	struct outcome w, g;
	CALL(w, ref_w, ref, 0, L"abc%d\n", 5);
	CALL(g, xp_w, xp, 0, L"abc%d\n", 5);
	assert_same_outcome(&w, &g, "fwprintf to /dev/full, unbuffered");
	ck_assert_int_eq(g.ret, -1);
	fclose(ref);
	fclose(xp);
}
END_TEST

/* Output longer than the stream's buffer, or not, to /dev/full, fully
 * and line-buffered: the call fails where glibc's does, and a %n past
 * that point stores nothing (xprintf holds a fully buffered stream's
 * output back until it must go out).  A line-buffered stream's failed
 * flush at '\n' does not fail the call.  (Unbuffered streams are left
 * out: there glibc 2.36's own call writes past the end of the FILE, in
 * _IO_wfile_xsputn under its helper buffer, and crashed the test.) */
START_TEST(test_failing_write_midway)
{
	int mode = (int[]){ _IOFBF, _IOLBF }[_i];
	static wchar_t text[12000];
	wmemset(text, L'a', sizeof text / sizeof text[0] - 1);
	for (int len = 0; len < 2; len++) {
		FILE *ref = fopen("/dev/full", "w"), *xp = fopen("/dev/full", "w");
		ck_assert(ref && xp);
		setvbuf(ref, NULL, mode, BUFSIZ);
		setvbuf(xp, NULL, mode, BUFSIZ);
		const wchar_t *arg = len ? text : L"short";
		int nr[3] = { -1, -1, -1 }, nx[3] = { -1, -1, -1 };
		struct outcome w, g;
		CALL(w, ref_w, ref, 0, L"x%n%d:%ls%n|%s%c\n%n", &nr[0], 42, arg, &nr[1], "end", 'z',
		     &nr[2]);
		CALL(g, xp_w, xp, 0, L"x%n%d:%ls%n|%s%c\n%n", &nx[0], 42, arg, &nx[1], "end", 'z',
		     &nx[2]);
		assert_same_outcome(&w, &g, len ? "long output to /dev/full" : "short output to /dev/full");
		ck_assert_msg(memcmp(nr, nx, sizeof nr) == 0, "mode %d: %%n glibc %d %d %d, xprintf %d %d %d",
			      mode, nr[0], nr[1], nr[2], nx[0], nx[1], nx[2]);
		fclose(ref);
		fclose(xp);
	}
	/* The stream's buffer (BUFSIZ characters) all but full before the
	 * call: its first characters fill it, before a %n. */
	for (size_t room = 1; room <= 3; room++) {
		FILE *ref = fopen("/dev/full", "w"), *xp = fopen("/dev/full", "w");
		ck_assert(ref && xp);
		setvbuf(ref, NULL, mode, BUFSIZ);
		setvbuf(xp, NULL, mode, BUFSIZ);
		text[BUFSIZ - room] = L'\0';
		fputws(text, ref);
		fputws(text, xp);
		text[BUFSIZ - room] = L'a';
		int nr[2] = { -1, -1 }, nx[2] = { -1, -1 };
		struct outcome w, g;
		CALL(w, ref_w, ref, 0, L"ab%n|%d%n", &nr[0], 7, &nr[1]);
		CALL(g, xp_w, xp, 0, L"ab%n|%d%n", &nx[0], 7, &nx[1]);
		assert_same_outcome(&w, &g, "a stream buffer all but full");
		ck_assert_msg(memcmp(nr, nx, sizeof nr) == 0, "mode %d, room %zu: %%n glibc %d %d, xprintf %d %d",
			      mode, room, nr[0], nr[1], nx[0], nx[1]);
		fclose(ref);
		fclose(xp);
	}
}
END_TEST

/* What reached the file, as bytes (the stream converts to multibyte). */
static size_t file_bytes(FILE *f, char *buf, size_t size)
{
	fflush(f);
	int fd = fileno(f);
	ssize_t n = pread(fd, buf, size, 0);
	return n < 0 ? 0 : (size_t)n;
}

static void same_file_output(int bufmode, const char *locale, const wchar_t *fmt, ...)
{
	locale_t loc = newlocale(LC_ALL_MASK, locale, (locale_t)0);
	if (!loc)
		return; /* not installed */
	locale_t old = uselocale(loc);
	FILE *ref = tmpfile(), *xp = tmpfile();
	ck_assert(ref && xp);
	setvbuf(ref, NULL, bufmode, 0);
	setvbuf(xp, NULL, bufmode, 0);
	va_list ap, aq;
	va_start(ap, fmt);
	va_copy(aq, ap);
	int rr = ref_vfwprintf(ref, fmt, ap);
	int rx = xvfwprintf(xp, fmt, aq);
	va_end(aq);
	va_end(ap);
	char rb[256], xb[256];
	size_t rn = file_bytes(ref, rb, sizeof rb), xn = file_bytes(xp, xb, sizeof xb);
	ck_assert_msg(rr == rx && rn == xn && memcmp(rb, xb, rn) == 0,
		      "%s %ls (mode %d): glibc %d (%zu bytes) xprintf %d (%zu bytes)", locale, fmt,
		      bufmode, rr, rn, rx, xn);
	fclose(ref);
	fclose(xp);
	uselocale(old);
	freelocale(loc);
}

START_TEST(test_stream_converts_to_the_locale)
{
	/* fully, line- and unbuffered: glibc formats for an unbuffered stream
	 * into a helper buffer, where even a first WEOF is refused */
	int mode = (int[]){ _IOFBF, _IOLBF, _IONBF }[_i];
	same_file_output(mode, "C.UTF-8", L"\x4e2d|%ls|%lc|%s|%5.2s|%c\n", L"\xe9\x20ac", 0x1f600,
			 "\xc3\xa9t\xc3\xa9", "\xc3\xa9t\xc3\xa9", 'x');
	/* characters the C locale cannot encode: the stream writes '?' */
	same_file_output(mode, "C", L"a\xe9z%lc%ls\n", 0x4e2d, L"\x20ac");
	same_file_output(mode, "de_DE.UTF-8", L"%'.3f %'d %g\n", 1234567.25, 7654321, 0.5);
	/* %c of a byte btowc refuses: glibc writes WEOF's '?' and fails */
	same_file_output(mode, "C.UTF-8", L"a%cb", 0xe9);
	/* ... but on a stream with no buffer yet, putwc(WEOF) only flushes:
	 * glibc's call succeeds and writes nothing for it */
	same_file_output(mode, "C.UTF-8", L"%c", 0xe9);
	same_file_output(mode, "C.UTF-8", L"%lc|", (wint_t)WEOF);
	same_file_output(mode, "C.UTF-8", L"x\n%lcb", (wint_t)WEOF);
}
END_TEST

START_TEST(test_swprintf_returns_and_errno)
{
	same_swprintf(5, L"hello");       /* does not fit: -1, unterminated */
	same_swprintf(6, L"hello");
	same_swprintf(0, L"hello");       /* no room even for L'\0' */
	same_swprintf(1, L"");
	same_swprintf(1, L"a");
	same_swprintf(3, L"ab%c", 0xff);  /* WEOF past the end */
	same_swprintf(40, L"%");          /* EINVAL */
	same_swprintf(40, L"a%5");
	same_swprintf(40, L"%c|", 0xe9);  /* btowc: WEOF, errno unchanged */
	same_swprintf(40, L"%-4lc|", (wint_t)WEOF);
	same_swprintf(40, L"%2147483648d", 1); /* EOVERFLOW */
	same_swprintf(40, L"%\xe9 %-5\x4e2d %l\xe9");
	same_swprintf(40, L"%5ls|%.3ls|%-4S|", L"\xe9", NULL, L"ab");
	same_swprintf(40, L"%2$s %1$lc %3$5.1ls", 0x20ac, "x", L"\x4e2d\x4e2d");
	same_swprintf(40, L"%m %#m %.3m", 0);
	same_swprintf(40, L"%p %5p %-20p|", (void *)0, (void *)0x1234, (void *)0x1234);
	locale_t utf8 = newlocale(LC_ALL_MASK, "C.UTF-8", (locale_t)0);
	ck_assert(utf8);
	locale_t old = uselocale(utf8);
	same_swprintf(40, L"%s|%.1s|%4s|%-4s|", "\xc3\xa9x", "\xc3\xa9x", "\xc3\xa9x", "\xc3\xa9");
	same_swprintf(40, L"%5s", "a\xff");       /* EILSEQ, nothing written */
	same_swprintf(40, L"%.1s", "a\xff");      /* the bad byte is past the precision */
	same_swprintf(3, L"abcd%s", "\xff");      /* does not fit and EILSEQ */
	uselocale(old);
	freelocale(utf8);
}
END_TEST

START_TEST(test_null_format)
{
	wchar_t buf[8];
	errno = 0;
	ck_assert_int_eq(xswprintf(buf, 8, NULL), -1);
	ck_assert_int_eq(errno, EINVAL);
	ck_assert_int_eq(buf[0], L'\0');
}
END_TEST

START_TEST(test_floats_and_grouping)
{
	locale_t de = newlocale(LC_ALL_MASK, "de_DE.UTF-8", (locale_t)0);
	locale_t old = de ? uselocale(de) : NULL;
	same_swprintf(80, L"%'.2f|%'15.3f|%-12e|%+g|%'d|%'12d|%'-12ld|", 1234567.891, -9876543.21,
		      0.000123, 1e10, 1234567, -1234567, 9876543210l);
	same_swprintf(80, L"%a|%A|%La|%.3Le|%'Lf|%012.4f|%-+9.1f|", 1.5, -0.1, 3.0L, 1e100L,
		      12345.5L, 3.14159, 2.5);
	same_swprintf(80, L"%f %e %g %F", 1.0 / 0.0, -1.0 / 0.0, 0.0 / 0.0, 1.0 / 0.0);
	if (de) {
		uselocale(old);
		freelocale(de);
	}
	same_swprintf(80, L"%'.2f|%'15.3f|%'d|%#x|%#o|%+.5i|% 08d|", 1234567.891, -9876543.21,
		      1234567, 255u, 8u, 42, -7);
}
END_TEST

/* A radix (U+066B) and a thousands separator (U+202F) of several bytes:
 * each is one character of the field in wide output. */
START_TEST(test_multibyte_radix_and_separator)
{
	locale_t mb = xp_test_locale("xp_MB.UTF-8");
	if (!mb) {
		fprintf(stderr, "note: XP_TEST_LOCALES unset (ctest sets it), skipped\n");
		return;
	}
	locale_t old = uselocale(mb);
	same_swprintf(80, L"%'d|%'15d|%-'15d|%0'15d|%'+15.9d|", 1234567, 1234567, -1234567,
		      1234567, 1234567);
	same_swprintf(80, L"%'.2f|%'20.2f|%-'20.2f|%0'20.2f|", 1234567.891, 1234567.891,
		      1234567.891, -1234567.891);
	same_swprintf(80, L"%'e|%'g|%'15g|%a|%15a|%-15.2A|", 1234567.891, 1234567.891, 123456.0,
		      1.5, 1.5, -0.1);
	same_swprintf(80, L"%'lu|%'15lld|%'x|%'10o|", 18446744073709551615ul,
		      -9223372036854775807ll, 1234567u, 1234567u);
	same_swprintf(12, L"%'15d", 1234567); /* does not fit */
	uselocale(old);
	freelocale(mb);
}
END_TEST

/* The locale's own digits (I) are several bytes each, and the wide field
 * is counted in characters (doc/contract.md section 1b); a length modifier
 * can cut a value to 0, which a precision of 0 then prints as no digits at
 * all (%I10.hu of 65536 is ten spaces, as %I10.hu of 0). */
START_TEST(test_locale_digits_fields)
{
	static const char *const names[] = { "fa_IR.UTF-8", "hi_IN.UTF-8", "xp_MB.UTF-8" };
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
		locale_t loc = i < 2 ? newlocale(LC_ALL_MASK, names[i], (locale_t)0)
				     : xp_test_locale(names[i]);
		if (!loc) {
			fprintf(stderr, "note: locale %s missing, skipped\n", names[i]);
			continue;
		}
		locale_t old = uselocale(loc);
		same_swprintf(80, L"[%I10.hu|%I10.hi|%I10.hhi|%I-9.0hu|%I10.hhd]", 65536, INT_MIN, 256,
			      -65536, 512);
		same_swprintf(80, L"[%'I10.hu|%'12.hd|%I10.hu|%I10.2hhu|%I10.hu]", 65536, INT_MIN, 65537,
			      256, 0);
		same_swprintf(80, L"[%2$I*1$.hi|%3$I10.hhu]", 12, INT_MIN, 1024);
		same_swprintf(80, L"[%I6d|%I.3d|%'I10d|%I-6d]", 5, 5, 1234567, 12);
		uselocale(old);
		freelocale(loc);
	}
}
END_TEST

/* Seeded random floating directives (flags I included, width, precision,
 * L) of special and random values, in C, de_DE.UTF-8, the multibyte test
 * locale and two with their own digits (fa_IR, hi_IN): the floating
 * converters' bytes, widened, against glibc. */
#define FLOAT_LOCALES 5
START_TEST(test_random_floats)
{
	static const char *const names[FLOAT_LOCALES] = { "C", "de_DE.UTF-8", "xp_MB.UTF-8", "fa_IR.UTF-8",
							  "hi_IN.UTF-8" };
	locale_t locs[FLOAT_LOCALES];
	for (int i = 0; i < FLOAT_LOCALES; i++)
		locs[i] = i != 2 ? newlocale(LC_ALL_MASK, names[i], (locale_t)0) : xp_test_locale(names[i]);
	uint64_t x = 20261204;
	for (int k = 0; k < 30000; k++) {
		x = x * 6364136223846793005ull + 1442695040888963407ull;
		uint64_t r = x >> 11;
		wchar_t fmt[32];
		int n = 0;
		fmt[n++] = L'%';
		static const char flags[] = "-+ #0'I";
		for (int f = 0; f < 7; f++)
			if (r >> f & 1 && (r >> (f + 6) & 3) == 0)
				fmt[n++] = (wchar_t)flags[f];
		if (r >> 14 & 1)
			n += swprintf(fmt + n, 8, L"%u", (unsigned)(r >> 16 & 31));
		if (r >> 21 & 1)
			n += swprintf(fmt + n, 8, L".%u", (unsigned)(r >> 22 & 15));
		int ldbl = (r >> 26 & 3) == 0;
		if (ldbl)
			fmt[n++] = L'L';
		fmt[n++] = (wchar_t)"efgaEFGA"[r >> 28 & 7];
		fmt[n++] = L'|';
		fmt[n] = L'\0';
		union { uint64_t u; double d; } v = { .u = x ^ (x << 17) };
		static const double special[] = { 0.0, -0.0, 1.0, 0.1, 1e300, -1234567.891, 5e-324,
			1.0 / 0.0, 0.0 / 0.0, 123456789.0, 0.5, 9.5 };
		double d = (r >> 31 & 1) ? special[(r >> 32) % 12] : v.d;
		uselocale(locs[(r >> 40) % FLOAT_LOCALES] ? locs[(r >> 40) % FLOAT_LOCALES] : LC_GLOBAL_LOCALE);
		/* a buffer too short now and then */
		size_t size = (r >> 44 & 7) == 0 ? 1 + (r >> 47) % 24 : 90;
		if (ldbl)
			same_swprintf(size, fmt, (long double)d);
		else
			same_swprintf(size, fmt, d);
		uselocale(LC_GLOBAL_LOCALE);
	}
	for (int i = 0; i < FLOAT_LOCALES; i++)
		if (locs[i])
			freelocale(locs[i]);
}
END_TEST

START_TEST(test_count_is_in_wide_characters)
{
	locale_t utf8 = newlocale(LC_ALL_MASK, "C.UTF-8", (locale_t)0);
	ck_assert(utf8);
	locale_t old = uselocale(utf8);
	int nr = -1, nx = -1;
	wchar_t buf[32];
	ck_assert_int_eq(swprintf(buf, 32, L"\x4e2d%s%n|", "\xc3\xa9\xc3\xa9", &nr), 4);
	ck_assert_int_eq(xswprintf(buf, 32, L"\x4e2d%s%n|", "\xc3\xa9\xc3\xa9", &nx), 4);
	ck_assert_int_eq(nr, nx);
	ck_assert_int_eq(nx, 3);
	uselocale(old);
	freelocale(utf8);
}
END_TEST

START_TEST(test_wprintf_writes_to_stdout)
{
	FILE *saved = stdout;
	FILE *ref = tmpfile(), *xp = tmpfile();
	ck_assert(ref && xp);
	stdout = ref;
	int rr = wprintf(L"%d-%ls\n", 42, L"ok");
	stdout = xp;
	int rx = xwprintf(L"%d-%ls\n", 42, L"ok");
	stdout = saved;
	char rb[64], xb[64];
	size_t rn = file_bytes(ref, rb, sizeof rb), xn = file_bytes(xp, xb, sizeof xb);
	ck_assert_int_eq(rr, rx);
	ck_assert(rn == xn && memcmp(rb, xb, rn) == 0);
	ck_assert_int_eq(fwide(xp, 0), 1);
	fclose(ref);
	fclose(xp);
}
END_TEST

/* A %p extension prints, widened, what xsnprintf prints for it. */
static void same_as_narrow(const char *nfmt, const wchar_t *wfmt, const void *ptr)
{
	char narrow[256];
	wchar_t wide[256], widened[256];
	int rn = xsnprintf(narrow, sizeof narrow, nfmt, ptr);
	int rw = xswprintf(wide, 256, wfmt, ptr);
	ck_assert_int_eq(rn, rw);
	ck_assert(rn >= 0 && rn < 256);
	for (int i = 0; i <= rn; i++)
		widened[i] = (wchar_t)(unsigned char)narrow[i];
	ck_assert_msg(wmemcmp(wide, widened, (size_t)rn + 1) == 0, "%s: \"%s\" vs \"%ls\"", nfmt,
		      narrow, wide);
	ck_assert_msg(rn > 0 && strcmp(narrow, "(null)") != 0, "%s printed nothing useful", nfmt);
}

static void same_as_narrow_va(const char *nfmt, const wchar_t *wfmt, ...)
{
	char narrow[256];
	wchar_t wide[256];
	va_list ap;
	va_start(ap, wfmt);
	int rn = xvsnprintf(narrow, sizeof narrow, nfmt, ap);
	va_end(ap);
	va_start(ap, wfmt);
	int rw = xvswprintf(wide, 256, wfmt, ap);
	va_end(ap);
	ck_assert_int_eq(rn, rw);
	for (int i = 0; i <= rn; i++)
		ck_assert_int_eq(wide[i], (wchar_t)(unsigned char)narrow[i]);
}

/* %pV: its format and arguments are narrow in a wide call too. */
static void same_as_narrow_pv(const char *inner, ...)
{
	va_list ap;
	va_start(ap, inner);
	struct xprintf_va_format vf = { inner, &ap };
	same_as_narrow("%pV|", L"%pV|", &vf);
	va_end(ap);
}

static int print_point(struct xprintf_sink *sink, const void *ptr,
		       const struct xprintf_pointer_spec *spec, void *ctx)
{
	(void)spec, (void)ctx;
	const int *p = ptr;
	return xprintf_sink_printf(sink, "(%d, %d)", p[0], p[1]) < 0 ? -1 : 0;
}

START_TEST(test_pointer_extensions_print_the_same)
{
	static const unsigned char ip4[4] = { 192, 168, 0, 1 };
	static const unsigned char mac[6] = { 0, 1, 2, 0xab, 0xcd, 0xef };
	static const unsigned char uuid[16] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16 };
	same_as_narrow("%pI4", L"%pI4", ip4);
	same_as_narrow("[%-20pI4]", L"[%-20pI4]", ip4);
	same_as_narrow("%.5pI4|", L"%.5pI4|", ip4);
	same_as_narrow("%pM", L"%pM", mac);
	same_as_narrow("%pUb", L"%pUb", uuid);
	same_as_narrow("%pS", L"%pS", (const void *)(uintptr_t)xswprintf);
	same_as_narrow("%px", L"%px", ip4);
	same_as_narrow_va("%#20px|%020.8px|%-#px|", L"%#20px|%020.8px|%-#px|", ip4, ip4, ip4);
	same_as_narrow("%pI4", L"%pI4", (const void *)8); /* (efault) */
	same_as_narrow_va("%*ph|%*pE", L"%*ph|%*pE", 3, mac, 4, "a\x01\xff\"");
	int xy[2] = { 3, -4 };
	ck_assert_int_eq(xprintf_register_pointer("WidePoint", print_point, NULL), 0);
	same_as_narrow("%pWidePoint", L"%pWidePoint", xy);
	same_as_narrow("%12pWidePointxyz|", L"%12pWidePointxyz|", xy);
	/* a name longer than the loop's stack buffer */
	same_as_narrow("%pWidePointAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
		       L"%pWidePointAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
		       xy);
	ck_assert_int_eq(xprintf_unregister_pointer("WidePoint"), 0);
	same_as_narrow_pv("<%d %s %lc>", 7, "x", (wint_t)L'y');
}
END_TEST

int main(void)
{
	Suite *s = suite_create("wide");
	TCase *tc = tcase_create("wide");
	tcase_add_test(tc, test_byte_oriented_stream_refuses_wide_calls);
	tcase_add_test(tc, test_wide_oriented_stream_refuses_narrow_calls);
	tcase_add_test(tc, test_unwritable_streams);
	tcase_add_test(tc, test_failing_write);
	tcase_add_loop_test(tc, test_failing_write_midway, 0, 2);
	tcase_add_loop_test(tc, test_stream_converts_to_the_locale, 0, 3);
	tcase_add_test(tc, test_swprintf_returns_and_errno);
	tcase_add_test(tc, test_null_format);
	tcase_add_test(tc, test_floats_and_grouping);
	tcase_add_test(tc, test_count_is_in_wide_characters);
	tcase_add_test(tc, test_random_floats);
	tcase_add_test(tc, test_multibyte_radix_and_separator);
	tcase_add_test(tc, test_locale_digits_fields);
	tcase_add_test(tc, test_wprintf_writes_to_stdout);
	tcase_add_test(tc, test_pointer_extensions_print_the_same);
	suite_add_tcase(s, tc);
	return check_run(s);
}
