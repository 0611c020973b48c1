/* test_sinks.c - every destination: stdio streams (memory, full, read-only,
 * closed), file descriptors, asprintf, the four buffer entry points
 * (snprintf, sprintf and their v-forms), stdout, and EOVERFLOW.
 * Oracle: the glibc function of the same name on an identical destination
 * (return value, errno, bytes, the stream's error flag); hand-derived only
 * where glibc would take seconds (outputs near INT_MAX). */
#define _GNU_SOURCE
#include <check.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>
#include <wchar.h>

#include <xprintf.h>

#include "check_run.h"

#define N(a) (sizeof(a) / sizeof((a)[0]))

static int (*volatile ref_vfprintf)(FILE *, const char *, va_list) = vfprintf;
static int (*volatile ref_vdprintf)(int, const char *, va_list) = vdprintf;
static int (*volatile ref_vasprintf)(char **, const char *, va_list) = vasprintf;

struct outcome {
	int ret, err, ferr;
};

/* Run glibc's and xprintf's vfprintf on two streams set up alike. */
static void both_fprintf(FILE *ref, FILE *xp, struct outcome *w, struct outcome *g, int errno_in,
			 const char *fmt, ...)
{
	va_list ap, aq;
	va_start(ap, fmt);
	va_copy(aq, ap);
	errno = errno_in;
	w->ret = ref_vfprintf(ref, fmt, ap);
	w->err = errno;
	w->ferr = ferror(ref) != 0;
	errno = errno_in;
	g->ret = xvfprintf(xp, fmt, aq);
	g->err = errno;
	g->ferr = ferror(xp) != 0;
	va_end(aq);
	va_end(ap);
}

static void assert_same_outcome(const struct outcome *w, const struct outcome *g, const char *what)
{
	ck_assert_msg(w->ret == g->ret && w->err == g->err && w->ferr == g->ferr,
		      "%s: glibc ret %d errno %d ferror %d, xprintf ret %d errno %d ferror %d", what,
		      w->ret, w->err, w->ferr, g->ret, g->err, g->ferr);
}

static char big_string[100000];

static void fill_big_string(void)
{
	for (size_t i = 0; i < sizeof big_string - 1; i++)
		big_string[i] = (char)('a' + i % 26);
	big_string[sizeof big_string - 1] = '\0';
}

/* ---- stdio streams ---- */

START_TEST(test_memstream)
{
	fill_big_string();
	char *wbuf = NULL, *gbuf = NULL;
	size_t wlen = 0, glen = 0;
	FILE *ref = open_memstream(&wbuf, &wlen);
	FILE *xp = open_memstream(&gbuf, &glen);
	ck_assert(ref && xp);
	struct outcome w, g;
	both_fprintf(ref, xp, &w, &g, 0, "%s|%5d|%-8x|%p|%c%%", "abc", 42, 0xbeefu, (void *)0x10, 'z');
	assert_same_outcome(&w, &g, "small");
	both_fprintf(ref, xp, &w, &g, 0, "[%5000d]", 7);            /* beyond the stream window */
	assert_same_outcome(&w, &g, "wide field");
	both_fprintf(ref, xp, &w, &g, 0, "%s%s", big_string, "end"); /* one long piece */
	assert_same_outcome(&w, &g, "long string");
	both_fprintf(ref, xp, &w, &g, 0, "%2$s %1$d\n", 9, "nine");
	assert_same_outcome(&w, &g, "positional");
	both_fprintf(ref, xp, &w, &g, 0, "");
	assert_same_outcome(&w, &g, "empty");
	/* An error in the middle: the text before it reaches the stream. */
	both_fprintf(ref, xp, &w, &g, 0, "before %d %", 1);
	assert_same_outcome(&w, &g, "EINVAL");
	ck_assert_int_eq(fclose(ref), 0);
	ck_assert_int_eq(fclose(xp), 0);
	ck_assert_uint_eq(glen, wlen);
	ck_assert(memcmp(gbuf, wbuf, wlen) == 0);
	free(wbuf);
	free(gbuf);
}
END_TEST

START_TEST(test_fmemopen_too_small)
{
	static const int errnos[] = { 0, 4242 };
	for (size_t e = 0; e < N(errnos); e++) {
		char wmem[16], gmem[16];
		memset(wmem, 'w', sizeof wmem);
		memset(gmem, 'w', sizeof gmem);
		FILE *ref = fmemopen(wmem, 8, "w");
		FILE *xp = fmemopen(gmem, 8, "w");
		ck_assert(ref && xp);
		struct outcome w, g;
		/* Fits the stdio buffer: succeeds now, truncated at close. */
		both_fprintf(ref, xp, &w, &g, errnos[e], "%s", "0123456789abc");
		assert_same_outcome(&w, &g, "buffered");
		/* Beyond the stdio buffer: the write fails (glibc leaves errno). */
		both_fprintf(ref, xp, &w, &g, errnos[e], "%9000d", 1);
		assert_same_outcome(&w, &g, "overflowing");
		fclose(ref);
		fclose(xp);
		ck_assert(memcmp(wmem, gmem, sizeof wmem) == 0);
	}
}
END_TEST

START_TEST(test_dev_full)
{
	FILE *ref = fopen("/dev/full", "w");
	FILE *xp = fopen("/dev/full", "w");
	ck_assert(ref && xp);
	struct outcome w, g;
	both_fprintf(ref, xp, &w, &g, 0, "%d", 1); /* buffered: fine until flushed */
	assert_same_outcome(&w, &g, "buffered");
	both_fprintf(ref, xp, &w, &g, 0, "%20000d", 1);
	assert_same_outcome(&w, &g, "large");
	ck_assert_int_eq(g.err, ENOSPC);
	setvbuf(ref, NULL, _IONBF, 0);
	setvbuf(xp, NULL, _IONBF, 0);
	clearerr(ref);
	clearerr(xp);
	both_fprintf(ref, xp, &w, &g, 0, "x%dy", 1);
	assert_same_outcome(&w, &g, "unbuffered");
	ck_assert_int_eq(g.ret, -1);
	fclose(ref);
	fclose(xp);
}
END_TEST

/* A cookie stream that records what reaches it and, like a write(2) that
 * succeeds after a retry, leaves errno changed. */
struct recorder {
	char data[16384];
	size_t len;
	int fail;
};

static ssize_t record_write(void *cookie, const char *buf, size_t n)
{
	struct recorder *r = cookie;
	errno = ENOTTY;
	if (r->fail)
		return -1;
	if (n > sizeof r->data - r->len)
		n = sizeof r->data - r->len;
	memcpy(r->data + r->len, buf, n);
	r->len += n;
	return (ssize_t)n;
}

static FILE *open_recorder(struct recorder *r, char *buf, size_t size)
{
	memset(r, 0, sizeof *r);
	FILE *f = fopencookie(r, "w", (cookie_io_functions_t){ .write = record_write });
	ck_assert(f != NULL);
	ck_assert_int_eq(setvbuf(f, buf, _IOFBF, size), 0);
	return f;
}

/* Output that starts in the stream's buffer and outgrows it, so that the
 * stream writes in the middle of the call: %m after that still prints
 * the errno the call received, and a failing write fails the call as
 * glibc's. */
START_TEST(test_stream_writes_in_the_middle_of_a_call)
{
	static char wbuf[16], gbuf[16];
	for (int fail = 0; fail < 2; fail++) {
		struct recorder wr, gr;
		FILE *ref = open_recorder(&wr, wbuf, sizeof wbuf);
		FILE *xp = open_recorder(&gr, gbuf, sizeof gbuf);
		struct outcome w, g;
		both_fprintf(ref, xp, &w, &g, 0, "ab"); /* the buffer is the stream's now */
		assert_same_outcome(&w, &g, "start");
		wr.fail = gr.fail = fail;
		/* beyond the buffer and any window on the stack before %m */
		both_fprintf(ref, xp, &w, &g, EAGAIN, "%3000s %m|%.3s|%m", "0123456789abcdef",
			     "xyz123");
		assert_same_outcome(&w, &g, fail ? "failing write" : "errno for %m");
		ck_assert_uint_eq(gr.len, wr.len);
		ck_assert(memcmp(gr.data, wr.data, wr.len) == 0);
		wr.fail = gr.fail = 0;
		clearerr(ref);
		clearerr(xp);
		both_fprintf(ref, xp, &w, &g, 0, "%40d|", 5); /* fills and crosses the end exactly */
		assert_same_outcome(&w, &g, "crossing");
		fflush(ref);
		fflush(xp);
		ck_assert_uint_eq(gr.len, wr.len);
		ck_assert_msg(memcmp(gr.data, wr.data, wr.len) == 0, "glibc %.*s, xprintf %.*s",
			      (int)wr.len, wr.data, (int)gr.len, gr.data);
		fclose(ref);
		fclose(xp);
	}
}
END_TEST

START_TEST(test_read_only_stream)
{
	FILE *ref = fopen("/dev/null", "r");
	FILE *xp = fopen("/dev/null", "r");
	ck_assert(ref && xp);
	struct outcome w, g;
	both_fprintf(ref, xp, &w, &g, 0, "%d", 1);
	assert_same_outcome(&w, &g, "read-only");
	ck_assert_int_eq(g.ret, -1);
	ck_assert_int_eq(g.err, EBADF);
	fclose(ref);
	fclose(xp);
}
END_TEST

START_TEST(test_closed_descriptor_stream)
{
	int wfd = open("/dev/null", O_WRONLY), gfd = open("/dev/null", O_WRONLY);
	ck_assert(wfd >= 0 && gfd >= 0);
	FILE *ref = fdopen(wfd, "w");
	FILE *xp = fdopen(gfd, "w");
	ck_assert(ref && xp);
	setvbuf(ref, NULL, _IONBF, 0);
	setvbuf(xp, NULL, _IONBF, 0);
	close(wfd);
	close(gfd);
	struct outcome w, g;
	both_fprintf(ref, xp, &w, &g, 0, "abc%d", 1);
	assert_same_outcome(&w, &g, "closed fd");
	ck_assert_int_eq(g.err, EBADF);
	fclose(ref);
	fclose(xp);
}
END_TEST

START_TEST(test_wide_stream)
{
	FILE *ref = fopen("/dev/null", "w");
	FILE *xp = fopen("/dev/null", "w");
	ck_assert(ref && xp);
	fwide(ref, 1);
	fwide(xp, 1);
	struct outcome w, g;
	both_fprintf(ref, xp, &w, &g, 0, "%d", 1);
	assert_same_outcome(&w, &g, "wide-oriented");
	ck_assert_int_eq(g.ret, -1);
	fclose(ref);
	fclose(xp);
}
END_TEST

/* Line buffering: what reaches the descriptor before the stream is flushed
 * matches glibc's (stdio flushes through the last newline written). */
START_TEST(test_line_buffered_stream)
{
	int wp[2], gp[2];
	ck_assert(pipe2(wp, O_NONBLOCK) == 0 && pipe2(gp, O_NONBLOCK) == 0);
	FILE *ref = fdopen(wp[1], "w");
	FILE *xp = fdopen(gp[1], "w");
	ck_assert(ref && xp);
	setvbuf(ref, NULL, _IOLBF, 4096);
	setvbuf(xp, NULL, _IOLBF, 4096);
	struct outcome w, g;
	both_fprintf(ref, xp, &w, &g, 0, "one %d\ntwo %s\nthree", 1, "2");
	assert_same_outcome(&w, &g, "line buffered");
	char wbuf[256], gbuf[256];
	ssize_t wn = read(wp[0], wbuf, sizeof wbuf);
	ssize_t gn = read(gp[0], gbuf, sizeof gbuf);
	ck_assert_int_eq(gn, wn);
	ck_assert(wn > 0 && memcmp(gbuf, wbuf, (size_t)wn) == 0);
	both_fprintf(ref, xp, &w, &g, 0, "[%3000d]", 5); /* larger than the window */
	assert_same_outcome(&w, &g, "line buffered, large");
	fclose(ref);
	fclose(xp);
	close(wp[0]);
	close(gp[0]);
}
END_TEST

/* ---- file descriptors ---- */

/* glibc 2.36's dprintf leaks its 8 KiB stream buffer when the write fails
 * (EBADF); LeakSanitizer reads this hook.  xprintf allocates no stdio
 * buffers, so the suppression cannot hide a leak of its own. */
const char *__lsan_default_suppressions(void);
const char *__lsan_default_suppressions(void)
{
	return "leak:_IO_file_doallocate\n";
}

static int both_dprintf(int wfd, int gfd, struct outcome *w, struct outcome *g, const char *fmt, ...)
{
	va_list ap, aq;
	va_start(ap, fmt);
	va_copy(aq, ap);
	errno = 0;
	w->ret = ref_vdprintf(wfd, fmt, ap);
	w->err = errno;
	errno = 0;
	g->ret = xvdprintf(gfd, fmt, aq);
	g->err = errno;
	w->ferr = g->ferr = 0;
	va_end(aq);
	va_end(ap);
	return g->ret;
}

static size_t drain_pipe(int fd, char *buf, size_t cap)
{
	size_t n = 0;
	ssize_t r;
	while (n < cap && (r = read(fd, buf + n, cap - n)) > 0)
		n += (size_t)r;
	return n;
}

START_TEST(test_dprintf_pipe)
{
	static char wout[40000], gout[40000];
	int wp[2], gp[2];
	ck_assert(pipe(wp) == 0 && pipe(gp) == 0);
	struct outcome w, g;
	both_dprintf(wp[1], gp[1], &w, &g, "%s=%d %#x|%-6s|\n", "key", -5, 255u, "v");
	assert_same_outcome(&w, &g, "small");
	/* More than the 4096-byte window, still less than the pipe holds. */
	both_dprintf(wp[1], gp[1], &w, &g, "[%20000d]%3$s%2$c", 1, 'e', "z");
	assert_same_outcome(&w, &g, "large");
	both_dprintf(wp[1], gp[1], &w, &g, "ab%");
	assert_same_outcome(&w, &g, "EINVAL");
	close(wp[1]);
	close(gp[1]);
	size_t wn = drain_pipe(wp[0], wout, sizeof wout);
	size_t gn = drain_pipe(gp[0], gout, sizeof gout);
	close(wp[0]);
	close(gp[0]);
	ck_assert_uint_eq(gn, wn);
	ck_assert(memcmp(gout, wout, wn) == 0);
}
END_TEST

START_TEST(test_dprintf_closed_fd)
{
	int fd = open("/dev/null", O_WRONLY);
	ck_assert(fd >= 0);
	close(fd);
	struct outcome w, g;
	both_dprintf(fd, fd, &w, &g, "abc%d", 1);
	assert_same_outcome(&w, &g, "closed fd");
	ck_assert_int_eq(g.ret, -1);
	ck_assert_int_eq(g.err, EBADF);
	both_dprintf(-1, -1, &w, &g, "x");
	assert_same_outcome(&w, &g, "fd -1");
	int p[2];
	ck_assert(pipe(p) == 0);
	close(p[1]);
	both_dprintf(p[0], p[0], &w, &g, "read end");
	assert_same_outcome(&w, &g, "read end of a pipe");
	close(p[0]);
}
END_TEST

/* ---- asprintf, sprintf ---- */

static void check_asprintf(const char *fmt, ...)
{
	va_list ap, aq;
	va_start(ap, fmt);
	va_copy(aq, ap);
	char *want = NULL, *got = NULL;
	errno = 0;
	int rw = ref_vasprintf(&want, fmt, ap);
	int ew = errno;
	errno = 0;
	int rg = xvasprintf(&got, fmt, aq);
	int eg = errno;
	va_end(aq);
	va_end(ap);
	ck_assert_int_eq(rg, rw);
	ck_assert_int_eq(eg, ew);
	if (rw >= 0) {
		ck_assert_ptr_nonnull(got);
		ck_assert_uint_eq(strlen(got), (size_t)rg);
		ck_assert(memcmp(got, want, (size_t)rw + 1) == 0);
		free(want);
	} else {
		ck_assert_ptr_null(got); /* xprintf.h: nothing is left allocated */
	}
	free(got);
}

START_TEST(test_asprintf)
{
	fill_big_string();
	check_asprintf("");
	check_asprintf("%s-%d-%c", "short", 1, 'x');
	check_asprintf("%255d", 1);            /* exactly the on-stack start */
	check_asprintf("%256d", 1);            /* one more */
	check_asprintf("%s|%s", big_string, big_string);
	check_asprintf("[%300000d]", 5);
	check_asprintf("%1$s%2$500d%1$s", "p", 3);
	check_asprintf("abc%");
	char *p = NULL;
	ck_assert_int_eq(xasprintf(&p, "%s %d", "hello", 42), 8);
	ck_assert_str_eq(p, "hello 42");
	free(p);
}
END_TEST

/* Without the address-space limit ASan needs its shadow; leave it out there. */
#if defined(__SANITIZE_ADDRESS__)
#define UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define UNDER_ASAN 1
#endif
#endif

START_TEST(test_asprintf_enomem)
{
#ifdef UNDER_ASAN
	return;
#else
	/* Check runs this in a child process: the limit dies with it. */
	struct rlimit lim = { 256u << 20, 256u << 20 };
	ck_assert_int_eq(setrlimit(RLIMIT_AS, &lim), 0);
	char *p = (char *)1;
	errno = 0;
	ck_assert_int_eq(xasprintf(&p, "%s%600000000d", "x", 1), -1);
	ck_assert_int_eq(errno, ENOMEM);
	ck_assert_ptr_null(p);
#endif
}
END_TEST

START_TEST(test_sprintf_large)
{
	static char want[70000], got[70000];
	memset(want, 0xa5, sizeof want);
	memset(got, 0xa5, sizeof got);
	int rw = sprintf(want, "%s%60000d|", "x", 1);
	int rg = xsprintf(got, "%s%60000d|", "x", 1);
	ck_assert_int_eq(rg, rw);
	ck_assert(memcmp(got, want, sizeof want) == 0);
}
END_TEST

/* ---- the four buffer entry points ---- */

static int (*volatile ref_vsnprintf)(char *, size_t, const char *, va_list) = vsnprintf;
static int (*volatile ref_vsprintf)(char *, const char *, va_list) = vsprintf;

static int call_xvsnprintf(char *buf, size_t size, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int r = xvsnprintf(buf, size, fmt, ap);
	va_end(ap);
	return r;
}

static int call_xvsprintf(char *buf, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int r = xvsprintf(buf, fmt, ap);
	va_end(ap);
	return r;
}

static int call_ref_vsnprintf(char *buf, size_t size, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int r = ref_vsnprintf(buf, size, fmt, ap);
	va_end(ap);
	return r;
}

static int call_ref_vsprintf(char *buf, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int r = ref_vsprintf(buf, fmt, ap);
	va_end(ap);
	return r;
}

/* Each call's bytes (the whole buffer, so a stray byte shows), return
 * value and errno against glibc's on an identical buffer. */
#define SAME_BUFFER_CALLS(size, fmt, ...)                                                   \
	do {                                                                                \
		char want[64], got[4][64];                                                  \
		memset(want, 0xa5, sizeof want);                                            \
		memset(got, 0xa5, sizeof got);                                              \
		errno = 0;                                                                  \
		int rw = call_ref_vsnprintf(want, (size), (fmt), __VA_ARGS__);              \
		int ew = errno;                                                             \
		int rg[4], eg[4];                                                           \
		errno = 0;                                                                  \
		rg[0] = xsnprintf(got[0], (size), (fmt), __VA_ARGS__);                      \
		eg[0] = errno;                                                              \
		errno = 0;                                                                  \
		rg[1] = call_xvsnprintf(got[1], (size), (fmt), __VA_ARGS__);                \
		eg[1] = errno;                                                              \
		for (int k = 0; k < 2; k++) {                                               \
			ck_assert_msg(rg[k] == rw && eg[k] == ew, "%s [%d]: %d/%d, glibc %d/%d", \
				      (fmt), k, rg[k], eg[k], rw, ew);                      \
			ck_assert_msg(memcmp(got[k], want, sizeof want) == 0, "%s [%d]", (fmt), k); \
		}                                                                           \
		memset(want, 0xa5, sizeof want);                                            \
		errno = 0;                                                                  \
		rw = call_ref_vsprintf(want, (fmt), __VA_ARGS__);                           \
		ew = errno;                                                                 \
		errno = 0;                                                                  \
		rg[2] = xsprintf(got[2], (fmt), __VA_ARGS__);                               \
		eg[2] = errno;                                                              \
		errno = 0;                                                                  \
		rg[3] = call_xvsprintf(got[3], (fmt), __VA_ARGS__);                         \
		eg[3] = errno;                                                              \
		for (int k = 2; k < 4; k++) {                                               \
			ck_assert_msg(rg[k] == rw && eg[k] == ew, "%s [%d]: %d/%d, glibc %d/%d", \
				      (fmt), k, rg[k], eg[k], rw, ew);                      \
			ck_assert_msg(memcmp(got[k], want, sizeof want) == 0, "%s [%d]", (fmt), k); \
		}                                                                           \
	} while (0)

START_TEST(test_buffer_entry_points)
{
	static const size_t sizes[] = { 0, 1, 5, 64 };
	for (size_t i = 0; i < N(sizes); i++) {
		size_t n = sizes[i];
		/* the common end */
		SAME_BUFFER_CALLS(n, "%s|%d", "abc", 42);
		/* a positional restart from the start, and after sequential
		 * directives (the arguments are read again from the first) */
		SAME_BUFFER_CALLS(n, "%2$s|%1$d", 42, "abc");
		SAME_BUFFER_CALLS(n, "%d %3$s %2$x", 7, 255, "z");
		SAME_BUFFER_CALLS(n, "%s%1$s", "ab", 0);
		/* an error in the run: a wide character with no multibyte form
		 * in the C locale (EILSEQ) */
		SAME_BUFFER_CALLS(n, "x%lcy", (wint_t)0x1f600, 0);
		SAME_BUFFER_CALLS(n, "%1$s%2$lc", "ab", (wint_t)0x1f600);
	}
}
END_TEST

/* ---- stdout ---- */

static int call_xvprintf(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int r = xvprintf(fmt, ap);
	va_end(ap);
	return r;
}

START_TEST(test_stdout)
{
	FILE *tmp = tmpfile();
	ck_assert_ptr_nonnull(tmp);
	fflush(stdout);
	int saved = dup(STDOUT_FILENO);
	ck_assert(dup2(fileno(tmp), STDOUT_FILENO) >= 0);
	int r1 = printf("%s %05d|%2$x\n", "printf", 42);
	int r2 = xprintf("%s %05d|%2$x\n", "printf", 42);
	int r3 = call_xvprintf("%s %05d|%2$x\n", "printf", 42);
	fflush(stdout);
	dup2(saved, STDOUT_FILENO);
	close(saved);
	ck_assert_int_eq(r2, r1);
	ck_assert_int_eq(r3, r1);
	char buf[128];
	rewind(tmp);
	size_t n = fread(buf, 1, sizeof buf, tmp);
	fclose(tmp);
	ck_assert_uint_eq(n, 3 * (size_t)r1);
	ck_assert(memcmp(buf, buf + r1, (size_t)r1) == 0);
	ck_assert(memcmp(buf, buf + 2 * r1, (size_t)r1) == 0);
	ck_assert(memcmp(buf, "printf 00042|2a\n", 16) == 0);
}
END_TEST

/* ---- output beyond INT_MAX ---- */

START_TEST(test_eoverflow_snprintf)
{
	/* Two fields of 2^30 + 1: the second crosses INT_MAX. */
	static const size_t sizes[] = { 0, 1, 8, 64 };
	for (size_t k = 0; k < N(sizes); k++) {
		char mem[128];
		memset(mem, 0xa5, sizeof mem);
		char *buf = mem + 16;
		errno = 0;
		int r = xsnprintf(buf, sizes[k], "%*d%*d", (1 << 30) + 1, 1, (1 << 30) + 1, 2);
		ck_assert_int_eq(r, -1);
		ck_assert_int_eq(errno, EOVERFLOW);
		for (size_t i = 0; i < sizeof mem; i++) {
			int inside = i >= 16 && i < 16 + sizes[k];
			if (!inside) {
				ck_assert_msg((unsigned char)mem[i] == 0xa5, "size %zu: byte %zd written",
					      sizes[k], (ssize_t)i - 16);
			}
		}
		if (sizes[k]) {
			/* Filled with padding and terminated, as glibc leaves it. */
			for (size_t i = 0; i + 1 < sizes[k]; i++)
				ck_assert_int_eq(buf[i], ' ');
			ck_assert_int_eq(buf[sizes[k] - 1], '\0');
		}
	}
	/* Exactly INT_MAX is still fine; one more is not. */
	char b[4];
	ck_assert_int_eq(xsnprintf(b, sizeof b, "%*d%*d", INT_MAX / 2, 1, INT_MAX / 2 + 1, 2), INT_MAX);
	errno = 0;
	ck_assert_int_eq(xsnprintf(b, sizeof b, "%*d%*d%s", INT_MAX / 2, 1, INT_MAX / 2 + 1, 2, "x"), -1);
	ck_assert_int_eq(errno, EOVERFLOW);
}
END_TEST

START_TEST(test_eoverflow_other_sinks)
{
	/* The padding alone would pass INT_MAX: nothing is allocated or written
	 * for it (a width one smaller would really write 2 GiB). */
	char *p = (char *)1;
	errno = 0;
	ck_assert_int_eq(xasprintf(&p, "xy%*d", INT_MAX, 1), -1);
	ck_assert_int_eq(errno, EOVERFLOW);
	ck_assert_ptr_null(p);
	int fd = open("/dev/null", O_WRONLY);
	ck_assert(fd >= 0);
	errno = 0;
	ck_assert_int_eq(xdprintf(fd, "xy%*d", INT_MAX, 1), -1);
	ck_assert_int_eq(errno, EOVERFLOW);
	FILE *f = fdopen(fd, "w");
	ck_assert_ptr_nonnull(f);
	errno = 0;
	ck_assert_int_eq(xfprintf(f, "xy%*d", INT_MAX, 1), -1);
	ck_assert_int_eq(errno, EOVERFLOW);
	fclose(f);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("sinks");
	struct {
		const char *name;
		const TTest *test;
	} tests[] = {
		{ "memstream", test_memstream },
		{ "fmemopen", test_fmemopen_too_small },
		{ "dev_full", test_dev_full },
		{ "writes_mid_call", test_stream_writes_in_the_middle_of_a_call },
		{ "read_only", test_read_only_stream },
		{ "closed_fd_stream", test_closed_descriptor_stream },
		{ "wide_stream", test_wide_stream },
		{ "line_buffered", test_line_buffered_stream },
		{ "dprintf_pipe", test_dprintf_pipe },
		{ "dprintf_closed", test_dprintf_closed_fd },
		{ "asprintf", test_asprintf },
		{ "asprintf_enomem", test_asprintf_enomem },
		{ "sprintf", test_sprintf_large },
		{ "buffer_entry_points", test_buffer_entry_points },
		{ "stdout", test_stdout },
		{ "eoverflow_snprintf", test_eoverflow_snprintf },
		{ "eoverflow_other", test_eoverflow_other_sinks },
	};
	for (size_t i = 0; i < N(tests); i++) {
		TCase *tc = tcase_create(tests[i].name);
		tcase_add_test(tc, tests[i].test);
		suite_add_tcase(s, tc);
	}
	return check_run(s);
}
