/* test_faults_nomem.c - xasprintf, xfprintf, xdprintf and xsnprintf when
 * an allocation fails.
 *
 * The program links the static library with -Wl,--wrap=malloc,realloc,
 * free (test/CMakeLists.txt), so every allocation the library makes goes
 * through the wrappers below, also in the ASan build (they call ASan's
 * allocator through __real_*; the leak checker sees everything).  For
 * each case: count the allocations of a successful call, then for every
 * N up to that count make the Nth one fail.  Oracle: the documented
 * result (-1 with ENOMEM, *strp NULL for xasprintf, except that a failed
 * trim of the finished string still returns it; glibc's asprintf
 * also returns -1 but leaves *strp undefined, so it cannot be the oracle
 * for that), nothing left allocated, and the destination untouched: the
 * stream's contents and position, the buffer's bytes.
 */
#define _GNU_SOURCE
#include <check.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <xprintf.h>

#include "check_run.h"

void *__real_malloc(size_t n);
void *__real_realloc(void *p, size_t n);
void __real_free(void *p);
void *__wrap_malloc(size_t n);
void *__wrap_realloc(void *p, size_t n);
void __wrap_free(void *p);

/* While armed: count allocations, fail the fail_at-th, track what lives. */
static int armed;
static long calls, fail_at;
enum { TRACK = 64 };
static void *live[TRACK];

static void track(void *p)
{
	for (int i = 0; i < TRACK; i++)
		if (!live[i]) {
			live[i] = p;
			return;
		}
	ck_abort_msg("more than %d live allocations", TRACK);
}

static int untrack(void *p)
{
	for (int i = 0; i < TRACK; i++)
		if (live[i] == p) {
			live[i] = NULL;
			return 1;
		}
	return 0;
}

static int live_count(void)
{
	int n = 0;
	for (int i = 0; i < TRACK; i++)
		n += live[i] != NULL;
	return n;
}

static int should_fail(void)
{
	return armed && ++calls == fail_at;
}

void *__wrap_malloc(size_t n)
{
	if (should_fail()) {
		errno = ENOMEM;
		return NULL;
	}
	void *p = __real_malloc(n);
	if (p && armed)
		track(p);
	return p;
}

void *__wrap_realloc(void *p, size_t n)
{
	if (should_fail()) {
		errno = ENOMEM;
		return NULL;
	}
	void *q = __real_realloc(p, n);
	if (q && armed) {
		if (p)
			untrack(p);
		track(q);
	}
	return q;
}

void __wrap_free(void *p)
{
	if (p && armed)
		untrack(p);
	__real_free(p);
}

static void arm(long at)
{
	memset(live, 0, sizeof live);
	calls = 0;
	fail_at = at;
	armed = 1;
}

static long disarm(void)
{
	armed = 0;
	return calls;
}

/* 70 positional arguments: more than XPRINTF_POSITIONAL_STACK (64), so
 * the argument table is allocated. */
#define P10(b) "%" #b "0$d%" #b "1$d%" #b "2$d%" #b "3$d%" #b "4$d%" #b "5$d%" #b "6$d%" #b "7$d%" #b "8$d%" #b "9$d"
static const char many_fmt[] = "%1$d%2$d%3$d%4$d%5$d%6$d%7$d%8$d%9$d" P10(1) P10(2) P10(3)
	P10(4) P10(5) P10(6) "%70$d|";
#define A10 1, 2, 3, 4, 5, 6, 7, 8, 9, 0
#define MANY_ARGS A10, A10, A10, A10, A10, A10, A10

static char long_text[20001];

/* The cases, each one call. */
enum { C_ASPRINTF_LONG, C_ASPRINTF_MANY, C_FPRINTF_MANY, C_DPRINTF_MANY, C_SNPRINTF_MANY, NCASES };

struct dest {
	char *str;     /* xasprintf's result */
	FILE *stream;
	int fd;
	char buf[256];
};

static int run_case(int c, struct dest *d)
{
	switch (c) {
	case C_ASPRINTF_LONG:
		return xasprintf(&d->str, "%s|%5000d|%s|%-9000s|%d", "a", 7, long_text, "b", 9);
	case C_ASPRINTF_MANY:
		return xasprintf(&d->str, many_fmt, MANY_ARGS);
	case C_FPRINTF_MANY:
		return xfprintf(d->stream, many_fmt, MANY_ARGS);
	case C_DPRINTF_MANY:
		return xdprintf(d->fd, many_fmt, MANY_ARGS);
	default:
		return xsnprintf(d->buf, sizeof d->buf, many_fmt, MANY_ARGS);
	}
}

static const char *const case_name[NCASES] = {
	"xasprintf long", "xasprintf 70 positional", "xfprintf 70 positional",
	"xdprintf 70 positional", "xsnprintf 70 positional",
};

START_TEST(every_allocation_fails_once)
{
	int c = _i;
	memset(long_text, 'x', sizeof long_text - 1);
	/* The reference: glibc's output of the same call. */
	char *want = NULL;
	int want_len = c == C_ASPRINTF_LONG
		? asprintf(&want, "%s|%5000d|%s|%-9000s|%d", "a", 7, long_text, "b", 9)
		: asprintf(&want, many_fmt, MANY_ARGS);
	ck_assert_int_gt(want_len, 0);

	struct dest d = { .fd = -1 };
	d.stream = tmpfile();
	ck_assert_ptr_nonnull(d.stream);
	d.fd = fileno(d.stream);
	arm(0);
	int r = run_case(c, &d);
	long n = disarm();
	ck_assert_msg(r == want_len, "%s: %d, glibc %d", case_name[c], r, want_len);
	ck_assert_msg(n >= 1, "%s: no allocation to fail", case_name[c]);
	if (c <= C_ASPRINTF_MANY) {
		ck_assert_str_eq(d.str, want);
		free(d.str);
	}
	fflush(d.stream);
	off_t before = lseek(d.fd, 0, SEEK_END);
	ck_assert_int_eq(before, c == C_FPRINTF_MANY || c == C_DPRINTF_MANY ? want_len : 0);

	for (long k = 1; k <= n; k++) {
		d.str = (char *)"untouched";
		memset(d.buf, '#', sizeof d.buf);
		arm(k);
		errno = 0;
		r = run_case(c, &d);
		int e = errno;
		int left = live_count();
		disarm();
		if (r >= 0 && c <= C_ASPRINTF_MANY) {
			/* An allocation that only trims the result may fail: the
			 * text is then returned in the larger block. */
			ck_assert_msg(r == want_len && strcmp(d.str, want) == 0,
				      "%s, allocation %ld failing: %d", case_name[c], k, r);
			ck_assert_msg(left == 1 && untrack(d.str), "%s: %d blocks live", case_name[c], left);
			free(d.str);
			continue;
		}
		ck_assert_msg(r == -1 && e == ENOMEM, "%s, allocation %ld of %ld failing: %d (errno %d)",
			      case_name[c], k, n, r, e);
		ck_assert_msg(left == 0, "%s, allocation %ld failing: %d blocks leaked", case_name[c], k, left);
		if (c <= C_ASPRINTF_MANY)
			ck_assert_ptr_null(d.str);
		/* Nothing reached the stream or the file. */
		fflush(d.stream);
		ck_assert_int_eq(lseek(d.fd, 0, SEEK_END), before);
		ck_assert_int_eq(ftello(d.stream), before);
		if (c == C_SNPRINTF_MANY) {
			/* At most an empty string: no partial output. */
			ck_assert_msg(d.buf[0] == 0 || d.buf[0] == '#', "buffer holds \"%.20s\"", d.buf);
			for (size_t i = 1; i < sizeof d.buf; i++)
				ck_assert_int_eq(d.buf[i], '#');
		}
	}
	fclose(d.stream);
	free(want);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("faults_nomem");
	TCase *tc = tcase_create("nomem");
	tcase_add_loop_test(tc, every_allocation_fails_once, 0, NCASES);
	suite_add_tcase(s, tc);
	return check_run(s);
}
