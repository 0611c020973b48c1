/* test_ext_padding.c - width and precision around a %p extension: the
 * handler is called once, also when its output is longer than the library's
 * scratch window; only a right-justified field wider than that window
 * around an output longer than it may call the handler a second time.
 * Oracles: glibc's %*.*s / %-*.*s of the same bytes, the handler's own
 * call count, and glibc's dprintf on /dev/full. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>

#include "ext_check.h"

/* The library's scratch window; the lengths below straddle it. */
#define SCRATCH 256

struct rep {
	size_t len;   /* bytes to print: 'a' + i % 26 at position i */
	size_t chunk; /* written this many at a time */
	int fail;     /* 0, or return -1 with this errno after writing */
};

static int calls;
static int write_failed;

static int print_rep(struct xprintf_sink *sink, const void *ptr,
		     const struct xprintf_pointer_spec *spec, void *ctx)
{
	(void)spec;
	(void)ctx;
	const struct rep *r = ptr;
	calls++;
	char piece[512];
	for (size_t at = 0; at < r->len; at += r->chunk) {
		size_t n = r->len - at < r->chunk ? r->len - at : r->chunk;
		for (size_t i = 0; i < n; i++)
			piece[i] = (char)('a' + (at + i) % 26);
		if (xprintf_sink_write(sink, piece, n) < 0) {
			write_failed = 1;
			return -1;
		}
	}
	if (r->fail) {
		errno = r->fail;
		return -1;
	}
	return 0;
}

static char *rep_text(size_t len)
{
	char *s = malloc(len + 1);
	ck_assert_ptr_nonnull(s);
	for (size_t i = 0; i < len; i++)
		s[i] = (char)('a' + i % 26);
	s[len] = '\0';
	return s;
}

static void setup(void)
{
	ck_assert_int_eq(xprintf_register_pointer("Rep", print_rep, NULL), 0);
}

static void teardown(void)
{
	ck_assert_int_eq(xprintf_unregister_pointer("Rep"), 0);
}

START_TEST(short_output_once)
{
	struct rep r = { 5, 2, 0 };
	calls = 0;
	EXPECT("               abcde|", "%20pRep|", &r);
	/* EXPECT formats seven times (six buffer sizes and xasprintf). */
	ck_assert_int_eq(calls, 7);
	calls = 0;
	EXPECT("abc                 |", "%-20.3pRep|", &r);
	ck_assert_int_eq(calls, 7);
	calls = 0;
	char out[64];
	ck_assert_int_eq(xsnprintf(out, sizeof out, "[%*.*pRep]", 9, 4, (void *)&r), 11);
	ck_assert_str_eq(out, "[     abcd]");
	ck_assert_int_eq(calls, 1);
}
END_TEST

/* Every width, precision and justification around outputs on both sides
 * of the scratch window, against glibc's %s of the same bytes. */
START_TEST(long_output_exact)
{
	static const size_t lens[] = { 0, 1, 5, SCRATCH - 1, SCRATCH, SCRATCH + 1, 300, 1000, 5000 };
	static const int widths[] = { -1, 1, 20, SCRATCH - 1, SCRATCH, SCRATCH + 1,
				      SCRATCH + 2, 300, 2000, 6000 };
	static const int precs[] = { -1, 0, 3, SCRATCH, SCRATCH + 1, SCRATCH + 2, 1000, 6000 };
	static const size_t chunks[] = { 1, 100, 512 };
	int measured_twice = 0;
	for (size_t li = 0; li < sizeof lens / sizeof lens[0]; li++) {
		char *text = rep_text(lens[li]);
		for (size_t ci = 0; ci < sizeof chunks / sizeof chunks[0]; ci++)
			for (size_t wi = 0; wi < sizeof widths / sizeof widths[0]; wi++)
				for (size_t pi = 0; pi < sizeof precs / sizeof precs[0]; pi++)
					for (int left = 0; left < 2; left++) {
		struct rep r = { lens[li], chunks[ci], 0 };
		int w = widths[wi], p = precs[pi];
		/* the same directive for both, absent parts left out */
		char dir[8], sfmt[32], gfmt[32];
		snprintf(dir, sizeof dir, "%%%s%s%s", left ? "-" : "", w >= 0 ? "*" : "",
			 p >= 0 ? ".*" : "");
		snprintf(sfmt, sizeof sfmt, "<%ss>", dir);
		snprintf(gfmt, sizeof gfmt, "<%spRep>", dir);
		char *want = NULL, *got = NULL;
		int wn, gn;
		calls = 0;
		if (w >= 0 && p >= 0) {
			wn = asprintf(&want, sfmt, w, p, text);
			gn = xasprintf(&got, gfmt, w, p, (void *)&r);
		} else if (w >= 0) {
			wn = asprintf(&want, sfmt, w, text);
			gn = xasprintf(&got, gfmt, w, (void *)&r);
		} else if (p >= 0) {
			wn = asprintf(&want, sfmt, p, text);
			gn = xasprintf(&got, gfmt, p, (void *)&r);
		} else {
			wn = asprintf(&want, sfmt, text);
			gn = xasprintf(&got, gfmt, (void *)&r);
		}
		ck_assert_int_ge(wn, 0);
		ck_assert_msg(gn == wn && strcmp(got, want) == 0,
			      "%s (len %zu, chunk %zu, width %d, prec %d): got %d, want %d",
			      gfmt, lens[li], chunks[ci], w, p, gn, wn);
		size_t cap = p >= 0 ? (size_t)p : SIZE_MAX;
		int may_measure = !left && w > SCRATCH && cap > SCRATCH && lens[li] > SCRATCH;
		ck_assert_msg(calls == 1 || (may_measure && calls == 2),
			      "%s (len %zu, chunk %zu, width %d, prec %d): %d calls", gfmt,
			      lens[li], chunks[ci], w, p, calls);
		measured_twice += calls == 2;
		free(want);
		free(got);
					}
		free(text);
	}
	/* The second-run path was taken, and was exact. */
	ck_assert_int_gt(measured_twice, 0);
}
END_TEST

START_TEST(long_output_truncated_buffer)
{
	/* Streamed past the window into a buffer too small for it. */
	struct rep r = { 1000, 100, 0 };
	char *text = rep_text(r.len);
	char want[1200], got[1200];
	for (size_t size = 0; size < sizeof got; size += 97) {
		memset(got, EXT_CANARY, sizeof got);
		int wn = snprintf(want, size, "%1100s|%-1100.600s", text, text);
		int gn = xsnprintf(got, size, "%1100pRep|%-1100.600pRep", (void *)&r, (void *)&r);
		ck_assert_int_eq(gn, wn);
		if (size)
			ck_assert_mem_eq(got, want, size);
		for (size_t i = size; i < sizeof got; i++)
			ck_assert_int_eq(got[i], EXT_CANARY);
	}
	free(text);
}
END_TEST

static int va_padded(char *out, size_t size, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	struct xprintf_va_format vf = { fmt, &ap };
	int n = xsnprintf(out, size, "[%12pV|%-12.6pV]", (void *)&vf, (void *)&vf);
	va_end(ap);
	return n;
}

START_TEST(va_nested_once)
{
	/* %pV in a field formats its format once: the %pRep inside it too. */
	struct rep r = { 5, 1, 0 };
	char out[64];
	calls = 0;
	ck_assert_int_eq(va_padded(out, sizeof out, "%d:%pRep", 42, (void *)&r), 27);
	ck_assert_str_eq(out, "[    42:abcde|42:abc      ]");
	ck_assert_int_eq(calls, 2);
}
END_TEST

START_TEST(failure_after_the_window)
{
	/* A handler failing after it has streamed past the window fails the
	 * whole call with its errno, whatever the justification. */
	struct rep r = { 1000, 10, EIO };
	char out[64];
	errno = 0;
	ck_assert_int_eq(xsnprintf(out, sizeof out, "%-20pRep", (void *)&r), -1);
	ck_assert_int_eq(errno, EIO);
	errno = 0;
	ck_assert_int_eq(xsnprintf(out, sizeof out, "%5000pRep", (void *)&r), -1);
	ck_assert_int_eq(errno, EIO);
	errno = 0;
	ck_assert_int_eq(xsnprintf(out, sizeof out, "%.3pRep", (void *)&r), -1);
	ck_assert_int_eq(errno, EIO);
}
END_TEST

START_TEST(destination_error_reaches_the_handler)
{
	/* The destination's write error, met while streaming, is what the
	 * handler's next write returns; the call fails as glibc's does. */
	int fd = open("/dev/full", O_WRONLY);
	ck_assert_int_ge(fd, 0);
	char *text = rep_text(20000);
	errno = 0;
	ck_assert_int_eq(dprintf(fd, "%-20s", text), -1);
	int want = errno;
	struct rep r = { 20000, 100, 0 };
	write_failed = 0;
	errno = 0;
	ck_assert_int_eq(xdprintf(fd, "%-20pRep", (void *)&r), -1);
	ck_assert_int_eq(errno, want);
	ck_assert_int_eq(write_failed, 1);
	free(text);
	close(fd);
}
END_TEST

static void add(TCase *tc)
{
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, short_output_once);
	tcase_add_test(tc, long_output_exact);
	tcase_add_test(tc, long_output_truncated_buffer);
	tcase_add_test(tc, va_nested_once);
	tcase_add_test(tc, failure_after_the_window);
	tcase_add_test(tc, destination_error_reaches_the_handler);
}

int main(void) { return ext_run_suite("ext_padding", add); }
