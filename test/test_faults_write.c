/* test_faults_write.c - xfprintf and xdprintf when writing fails.
 *
 * Destinations that refuse bytes: /dev/full (ENOSPC), a closed file
 * descriptor (EBADF), a full pipe in non-blocking mode (EAGAIN).  Oracle:
 * glibc's fprintf/dprintf on the same destination in the same state
 * (return value, errno, the stream's error flag), and for the pipe the
 * bytes that did get through: a prefix of the intended text, nothing
 * else (no corruption).
 */
#define _GNU_SOURCE
#include <check.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <xprintf.h>

#include "check_run.h"

struct outcome {
	int r, e, ferr;
};

#define SHORT_FMT "hello %d %s\n", 42, "world"
static char big_text[20000];
#define BIG_FMT "%s|%d", big_text, 7

/* A stream on fd with the given buffering, or with the file closed
 * underneath when closed is set. */
static FILE *stream_on(const char *path, int mode, int closed)
{
	int fd = open(path, O_WRONLY | O_CLOEXEC);
	ck_assert_int_ge(fd, 0);
	FILE *f = fdopen(fd, "w");
	ck_assert_ptr_nonnull(f);
	ck_assert_int_eq(setvbuf(f, NULL, mode, BUFSIZ), 0);
	if (closed)
		close(fd);
	return f;
}

static void same(const char *what, struct outcome x, struct outcome g)
{
	ck_assert_msg(x.r == g.r && (x.r >= 0 || x.e == g.e) && x.ferr == g.ferr,
		      "%s: xprintf %d (errno %d, ferror %d), glibc %d (errno %d, ferror %d)", what,
		      x.r, x.e, x.ferr, g.r, g.e, g.ferr);
}

enum { SHORT, BIG };

static struct outcome x_stream(FILE *f, int which)
{
	errno = 0;
	int r = which == SHORT ? xfprintf(f, SHORT_FMT) : xfprintf(f, BIG_FMT);
	return (struct outcome){ r, errno, ferror(f) != 0 };
}

static struct outcome g_stream(FILE *f, int which)
{
	errno = 0;
	int r = which == SHORT ? fprintf(f, SHORT_FMT) : fprintf(f, BIG_FMT);
	return (struct outcome){ r, errno, ferror(f) != 0 };
}

static struct outcome x_fd(int fd, int which)
{
	errno = 0;
	int r = which == SHORT ? xdprintf(fd, SHORT_FMT) : xdprintf(fd, BIG_FMT);
	return (struct outcome){ r, errno, 0 };
}

/* glibc's dprintf leaks its stream buffer when the write fails, so it
 * runs in a child that leaves with _exit (no leak check there); the
 * descriptor is shared, so the destination sees the same. */
static struct outcome g_fd(int fd, int which)
{
	int p[2];
	ck_assert_int_eq(pipe(p), 0);
	pid_t pid = fork();
	ck_assert_int_ge(pid, 0);
	if (pid == 0) {
		errno = 0;
		int r = which == SHORT ? dprintf(fd, SHORT_FMT) : dprintf(fd, BIG_FMT);
		struct outcome o = { r, errno, 0 };
		_exit(write(p[1], &o, sizeof o) == sizeof o ? 0 : 1);
	}
	struct outcome o;
	ck_assert_int_eq(read(p[0], &o, sizeof o), (ssize_t)sizeof o);
	int status;
	ck_assert_int_eq(waitpid(pid, &status, 0), pid);
	close(p[0]), close(p[1]);
	return o;
}

/* Each (destination, buffering, size): both libraries on fresh streams. */
START_TEST(dev_full_and_closed_streams)
{
	memset(big_text, 'b', sizeof big_text - 1);
	static const int modes[] = { _IONBF, _IOLBF, _IOFBF };
	for (int closed = 0; closed <= 1; closed++)
		for (size_t m = 0; m < 3; m++)
			for (int which = SHORT; which <= BIG; which++) {
				FILE *xf = stream_on("/dev/full", modes[m], closed);
				FILE *gf = stream_on("/dev/full", modes[m], closed);
				char what[96];
				snprintf(what, sizeof what, "%s, buffering %d, %s output",
					 closed ? "closed fd" : "/dev/full", modes[m], which ? "big" : "short");
				same(what, x_stream(xf, which), g_stream(gf, which));
				/* A second call on the failed stream. */
				same(what, x_stream(xf, SHORT), g_stream(gf, SHORT));
				errno = 0;
				int xc = fclose(xf), xe = errno;
				errno = 0;
				int gc = fclose(gf), ge = errno;
				ck_assert_msg(xc == gc && (xc == 0 || xe == ge), "%s: fclose %d/%d", what, xc, gc);
			}
}
END_TEST

START_TEST(dev_full_and_closed_fds)
{
	memset(big_text, 'b', sizeof big_text - 1);
	int fd = open("/dev/full", O_WRONLY | O_CLOEXEC);
	ck_assert_int_ge(fd, 0);
	same("/dev/full short", x_fd(fd, SHORT), g_fd(fd, SHORT));
	same("/dev/full big", x_fd(fd, BIG), g_fd(fd, BIG));
	close(fd);
	/* fd is closed now (and nothing else opened meanwhile). */
	same("closed short", x_fd(fd, SHORT), g_fd(fd, SHORT));
	same("closed big", x_fd(fd, BIG), g_fd(fd, BIG));
	same("fd -1", x_fd(-1, SHORT), g_fd(-1, SHORT));
}
END_TEST

/* A non-blocking pipe with exactly `room` bytes free. */
static void make_pipe(int p[2], size_t room, size_t *capacity)
{
	ck_assert_int_eq(pipe2(p, O_NONBLOCK | O_CLOEXEC), 0);
	int cap = fcntl(p[1], F_GETPIPE_SZ);
	ck_assert_int_gt(cap, (int)room);
	*capacity = (size_t)cap;
	static char fill[1 << 20];
	memset(fill, 'F', sizeof fill);
	size_t want = (size_t)cap - room;
	ck_assert_int_eq(write(p[1], fill, want), (ssize_t)want);
}

/* Everything in the pipe: the filler, then what the call got through. */
static size_t drain(int fd, char *buf, size_t cap)
{
	size_t n = 0;
	ssize_t r;
	while (n < cap && (r = read(fd, buf + n, cap - n)) > 0)
		n += (size_t)r;
	return n;
}

START_TEST(full_nonblocking_pipe)
{
	memset(big_text, 'b', sizeof big_text - 1);
	signal(SIGPIPE, SIG_IGN);
	char want[sizeof big_text + 16];
	int want_len = snprintf(want, sizeof want, BIG_FMT);
	static const size_t rooms[] = { 0, 1, 100, 5000 };
	static char got[1 << 20];
	for (size_t i = 0; i < sizeof rooms / sizeof rooms[0]; i++) {
		for (int which = SHORT; which <= BIG; which++) {
			int xp[2], gp[2];
			size_t cap;
			make_pipe(xp, rooms[i], &cap);
			make_pipe(gp, rooms[i], &cap);
			char what[64];
			snprintf(what, sizeof what, "pipe with %zu bytes free, %s output", rooms[i],
				 which ? "big" : "short");
			struct outcome x = x_fd(xp[1], which), g = g_fd(gp[1], which);
			same(what, x, g);
			/* What got through is the start of the text. */
			size_t n = drain(xp[0], got, sizeof got);
			size_t filler = cap - rooms[i];
			ck_assert_uint_ge(n, filler);
			for (size_t k = 0; k < filler; k++)
				ck_assert_int_eq(got[k], 'F');
			const char *text = which == SHORT ? "hello 42 world\n" : want;
			size_t text_len = which == SHORT ? strlen(text) : (size_t)want_len;
			ck_assert_uint_le(n - filler, text_len);
			ck_assert_msg(memcmp(got + filler, text, n - filler) == 0, "%s: corrupted", what);
			if (x.r >= 0)
				ck_assert_uint_eq(n - filler, text_len);
			close(xp[0]), close(xp[1]), close(gp[0]), close(gp[1]);
		}
	}
	/* The same through unbuffered streams. */
	for (size_t i = 0; i < sizeof rooms / sizeof rooms[0]; i++) {
		int xp[2], gp[2];
		size_t cap;
		make_pipe(xp, rooms[i], &cap);
		make_pipe(gp, rooms[i], &cap);
		FILE *xf = fdopen(xp[1], "w"), *gf = fdopen(gp[1], "w");
		ck_assert_ptr_nonnull(xf);
		ck_assert_ptr_nonnull(gf);
		setvbuf(xf, NULL, _IONBF, 0);
		setvbuf(gf, NULL, _IONBF, 0);
		same("unbuffered stream on a full pipe", x_stream(xf, BIG), g_stream(gf, BIG));
		size_t n = drain(xp[0], got, sizeof got);
		size_t filler = cap - rooms[i];
		ck_assert_uint_ge(n, filler);
		ck_assert_msg(memcmp(got + filler, want, n - filler) == 0, "stream: corrupted");
		fclose(xf), fclose(gf), close(xp[0]), close(gp[0]);
	}
}
END_TEST

int main(void)
{
	Suite *s = suite_create("faults_write");
	TCase *tc = tcase_create("write");
	tcase_add_test(tc, dev_full_and_closed_streams);
	tcase_add_test(tc, dev_full_and_closed_fds);
	tcase_add_test(tc, full_nonblocking_pipe);
	suite_add_tcase(s, tc);
	return check_run(s);
}
