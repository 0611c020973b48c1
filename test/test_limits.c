/* test_limits.c - outputs near and beyond INT_MAX bytes.
 *
 * The output is discarded (a NULL buffer of size 0, a small buffer with
 * guard bytes after it, /dev/null as a stream and as a descriptor), so
 * nothing of that size is ever stored.  Oracle: glibc's snprintf /
 * fprintf / dprintf on the same call: INT_MAX bytes succeed, one more is
 * -1 with EOVERFLOW; and never a byte past the buffer.
 */
#define _GNU_SOURCE
#include <check.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <xprintf.h>

#include "check_run.h"

struct outcome {
	int r, e;
};

/* glibc returns -1 without setting errno where the width alone is
 * INT_MAX; xprintf documents EOVERFLOW for every overflow. */
static void same(const char *what, struct outcome x, struct outcome g)
{
	int want_errno = g.e ? g.e : EOVERFLOW;
	ck_assert_msg(x.r == g.r && (x.r >= 0 || x.e == want_errno),
		      "%s: xprintf %d (errno %d), glibc %d (errno %d)", what, x.r, x.e, g.r, g.e);
}

/* The formats: exactly INT_MAX, one byte more, far more, and a precision
 * or width that does not fit in an int.  (No INT_MAX-digit precision:
 * glibc would allocate and fill a 2 GiB work buffer.) */
enum { AT_MAX, ONE_MORE, SUM_OVER, PREC_PARSE, WIDTH_PARSE, NFMT };
static const char *const name[NFMT] = {
	"INT_MAX bytes", "INT_MAX + 1 bytes", "2147484000 bytes", "precision 2147483648", "width 2147483648",
};

static int x_snprintf(char *buf, size_t size, int k)
{
	switch (k) {
	case AT_MAX: return xsnprintf(buf, size, "%2147483646d%c", 7, 'x');
	case ONE_MORE: return xsnprintf(buf, size, "%2147483647d%c", 7, 'x');
	case SUM_OVER: return xsnprintf(buf, size, "%2147483000d%1000d", 1, 2);
	case PREC_PARSE: return xsnprintf(buf, size, "%.2147483648d", 5);
	default: return xsnprintf(buf, size, "%2147483648d", 5);
	}
}

static int x_fprintf(FILE *f, int k)
{
	switch (k) {
	case AT_MAX: return xfprintf(f, "%2147483646d%c", 7, 'x');
	case ONE_MORE: return xfprintf(f, "%2147483647d%c", 7, 'x');
	case SUM_OVER: return xfprintf(f, "%2147483000d%1000d", 1, 2);
	case PREC_PARSE: return xfprintf(f, "%.2147483648d", 5);
	default: return xfprintf(f, "%2147483648d", 5);
	}
}

static int g_fprintf(FILE *f, int k)
{
	switch (k) {
	case AT_MAX: return fprintf(f, "%2147483646d%c", 7, 'x');
	case ONE_MORE: return fprintf(f, "%2147483647d%c", 7, 'x');
	case SUM_OVER: return fprintf(f, "%2147483000d%1000d", 1, 2);
	case PREC_PARSE: return fprintf(f, "%.2147483648d", 5);
	default: return fprintf(f, "%2147483648d", 5);
	}
}

static int x_dprintf(int fd, int k)
{
	switch (k) {
	case AT_MAX: return xdprintf(fd, "%2147483646d%c", 7, 'x');
	case ONE_MORE: return xdprintf(fd, "%2147483647d%c", 7, 'x');
	case SUM_OVER: return xdprintf(fd, "%2147483000d%1000d", 1, 2);
	case PREC_PARSE: return xdprintf(fd, "%.2147483648d", 5);
	default: return xdprintf(fd, "%2147483648d", 5);
	}
}

/*
 * glibc's snprintf takes 10+ s to count 2 GiB of padding (a small buffer
 * flushed to nowhere), its fprintf to /dev/null a few seconds, so glibc
 * runs each format once, to /dev/null, and that result is the oracle for
 * every xprintf destination (snprintf, fprintf and dprintf share the
 * return contract).
 */
static struct outcome glibc[NFMT];

static void glibc_once(void)
{
	FILE *f = fopen("/dev/null", "w");
	ck_assert_ptr_nonnull(f);
	for (int k = 0; k < NFMT; k++) {
		errno = 0;
		glibc[k].r = g_fprintf(f, k);
		glibc[k].e = errno;
		clearerr(f);
	}
	fclose(f);
	/* The premise: glibc takes INT_MAX and refuses one more. */
	ck_assert_int_eq(glibc[AT_MAX].r, INT_MAX);
	ck_assert_int_eq(glibc[PREC_PARSE].r, -1);
	ck_assert_int_eq(glibc[ONE_MORE].r, -1);
	ck_assert_int_eq(glibc[SUM_OVER].r, -1);
}

START_TEST(every_destination)
{
	glibc_once();
	FILE *devnull = fopen("/dev/null", "w");
	int fd = open("/dev/null", O_WRONLY | O_CLOEXEC);
	ck_assert_ptr_nonnull(devnull);
	ck_assert_int_ge(fd, 0);
	for (int k = 0; k < NFMT; k++) {
		char what[64];
		struct outcome x;

		snprintf(what, sizeof what, "%s, xsnprintf(NULL, 0)", name[k]);
		errno = 0, x.r = x_snprintf(NULL, 0, k), x.e = errno;
		same(what, x, glibc[k]);

		/* A small buffer with guard bytes on both sides. */
		char mem[64 + 2 * 16];
		char *buf = mem + 16;
		const size_t size = 64;
		memset(mem, '#', sizeof mem);
		snprintf(what, sizeof what, "%s, xsnprintf(buf, 64)", name[k]);
		errno = 0, x.r = x_snprintf(buf, size, k), x.e = errno;
		same(what, x, glibc[k]);
		for (size_t i = 0; i < 16; i++) {
			ck_assert_msg(mem[i] == '#', "%s: byte %d before the buffer written", what, (int)i - 16);
			ck_assert_msg(buf[size + i] == '#', "%s: byte %zu after the buffer written", what, size + i);
		}
		ck_assert_ptr_nonnull(memchr(buf, 0, size));
		if (x.r >= 0) /* the start of the text: padding */
			for (size_t i = 0; i + 1 < size; i++)
				ck_assert_int_eq(buf[i], ' ');

		snprintf(what, sizeof what, "%s, xfprintf(/dev/null)", name[k]);
		errno = 0, x.r = x_fprintf(devnull, k), x.e = errno;
		same(what, x, glibc[k]);
		/* The stream stays usable, not in error (glibc's too). */
		ck_assert_int_eq(ferror(devnull), 0);

		snprintf(what, sizeof what, "%s, xdprintf(/dev/null)", name[k]);
		errno = 0, x.r = x_dprintf(fd, k), x.e = errno;
		same(what, x, glibc[k]);
	}
	ck_assert_int_eq(xfprintf(devnull, "ok"), 2);
	fclose(devnull);
	close(fd);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("limits");
	TCase *tc = tcase_create("limits");
	tcase_set_timeout(tc, 600);
	tcase_add_test(tc, every_destination);
	suite_add_tcase(s, tc);
	return check_run(s);
}
