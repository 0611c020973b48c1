/* test_dprintf_writes.c - xdprintf against glibc's dprintf where the
 * writes themselves show.
 *
 * On a SOCK_SEQPACKET socket every write(2) arrives as one packet, so the
 * packets' sizes are the writes' sizes: seeded random formats (literal
 * runs, strings, padded fields, a character, of 0 to 9000 bytes each) must
 * arrive in the same packets from both.  A descriptor that is not open
 * fails both before anything is formatted (EBADF even for an empty output
 * or a bad format), and a write that a signal interrupts fails both with
 * EINTR, not retried.  Oracle: glibc's dprintf on the same destination.
 */
#define _GNU_SOURCE
#include <check.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include <xprintf.h>

#include "check_run.h"

/* glibc 2.36's dprintf leaks its stream buffer when a write fails (the
 * interrupted one below); LeakSanitizer reads this hook. */
const char *__lsan_default_suppressions(void);
const char *__lsan_default_suppressions(void)
{
	return "leak:_IO_file_doallocate\n";
}

static int (*volatile ref_vdprintf)(int, const char *, va_list) = vdprintf;

static int ref_dprintf(int fd, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int r = ref_vdprintf(fd, fmt, ap);
	va_end(ap);
	return r;
}

/* ---- packets ---- */

#define MAX_OUT 32768 /* the socket queues it whole: read after the call */
#define MAX_PACKETS 64

struct packets {
	size_t n, size[MAX_PACKETS];
	char bytes[MAX_OUT + 1];
	size_t len;
};

/* Everything queued on fd, packet by packet (the socket is non-blocking
 * for reading). */
static void read_packets(int fd, struct packets *p)
{
	p->n = p->len = 0;
	for (;;) {
		ssize_t r = recv(fd, p->bytes + p->len, sizeof p->bytes - p->len, MSG_DONTWAIT);
		if (r < 0) {
			ck_assert_int_eq(errno, EAGAIN);
			return;
		}
		ck_assert_uint_lt(p->n, MAX_PACKETS);
		p->size[p->n++] = (size_t)r;
		p->len += (size_t)r;
	}
}

static uint64_t rng;
static unsigned next_rand(unsigned bound)
{
	rng = rng * 6364136223846793005ULL + 1442695040888963407ULL;
	return (unsigned)((rng >> 33) % bound);
}

/* A length: mostly short, sometimes around the 4096-byte buffer or beyond. */
static unsigned random_len(void)
{
	switch (next_rand(6)) {
	case 0: return 0;
	case 1: case 2: return next_rand(64);
	case 3: return 4096 - 8 + next_rand(17);
	case 4: return next_rand(4096);
	default: return next_rand(9001);
	}
}

static void fill_text(char *s, unsigned len, char base)
{
	for (unsigned i = 0; i < len; i++)
		s[i] = (char)(base + i % 26);
	s[len] = '\0';
}

static char text_a[9002], text_b[9002], fmt[5 * 9002 + 64];

/* lit "%s" lit "%*d" lit "%-*s" lit "%c" lit, every length random. */
static size_t random_case(int *w1, int *w2)
{
	size_t total = 0, k = 0;
	static const char *const dirs[] = { "%s", "%*d", "%-*s", "%c", "" };
	for (int i = 0; i < 5; i++) {
		unsigned lit = random_len();
		for (unsigned j = 0; j < lit; j++)
			fmt[k++] = (char)('A' + (i + j) % 26);
		total += lit;
		size_t dl = strlen(dirs[i]);
		memcpy(fmt + k, dirs[i], dl);
		k += dl;
	}
	fmt[k] = '\0';
	unsigned la = random_len(), lb = random_len();
	fill_text(text_a, la, 'a');
	fill_text(text_b, lb, 'a');
	*w1 = (int)random_len();
	*w2 = (int)random_len();
	total += la + (*w1 > 1 ? (size_t)*w1 : 1) + (lb > (unsigned)*w2 ? lb : (size_t)*w2) + 1;
	return total;
}

START_TEST(packets_as_glibc)
{
	int sv[2];
	ck_assert_int_eq(socketpair(AF_UNIX, SOCK_SEQPACKET, 0, sv), 0);
	static struct packets want, got;
	rng = 20261207;
	unsigned cases = 0, multi = 0;
	for (int i = 0; i < 3000; i++) {
		int w1, w2;
		if (random_case(&w1, &w2) > MAX_OUT)
			continue;
		int rw = ref_dprintf(sv[0], fmt, text_a, w1, 7, w2, text_b, 'z');
		read_packets(sv[1], &want);
		int rg = xdprintf(sv[0], fmt, text_a, w1, 7, w2, text_b, 'z');
		read_packets(sv[1], &got);
		ck_assert_int_eq(rg, rw);
		ck_assert_uint_eq(got.len, want.len);
		ck_assert(memcmp(got.bytes, want.bytes, want.len) == 0);
		for (size_t k = 0; k < want.n || k < got.n; k++)
			ck_assert_msg(k < want.n && k < got.n && got.size[k] == want.size[k],
				      "case %d: packet %zu is %zu bytes, glibc's %zu (of %zu, %zu packets)",
				      i, k, k < got.n ? got.size[k] : 0, k < want.n ? want.size[k] : 0,
				      got.n, want.n);
		cases++;
		multi += want.n > 2;
	}
	/* The generator reaches the shapes it guards. */
	ck_assert_uint_gt(cases, 2000);
	ck_assert_uint_gt(multi, 100);
	close(sv[0]);
	close(sv[1]);
}
END_TEST

/* Shapes named: a first piece of whole blocks, a piece that exactly fills
 * the buffer, the next one after it, a padding run across blocks, and
 * the same through numbered arguments. */
START_TEST(named_shapes)
{
	int sv[2];
	ck_assert_int_eq(socketpair(AF_UNIX, SOCK_SEQPACKET, 0, sv), 0);
	static struct packets want, got;
	static char s9000[9001], s4096[4097], s4094[4095];
	fill_text(s9000, 9000, 'a');
	fill_text(s4096, 4096, 'a');
	fill_text(s4094, 4094, 'a');
	static const struct {
		const char *fmt;
		const char *arg;
	} shapes[] = {
		{ "%s|", s9000 }, { "ab%s|", s9000 }, { "%s", s4096 }, { "%s|", s4096 },
		{ "ab%s", s4094 }, { "ab%s|x", s4094 }, { "%s%20000d", s4094 }, { "%s%.9000d", "" },
		/* numbered arguments: glibc's positional path, the same pieces */
		{ "%2$d|%1$s|", s9000 }, { "ab%1$s%2$9000d", s4094 }, { "%2$-9000d%1$s", s4096 },
	};
	for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++) {
		int rw = ref_dprintf(sv[0], shapes[i].fmt, shapes[i].arg, 5);
		read_packets(sv[1], &want);
		int rg = xdprintf(sv[0], shapes[i].fmt, shapes[i].arg, 5);
		read_packets(sv[1], &got);
		ck_assert_int_eq(rg, rw);
		ck_assert_uint_eq(got.n, want.n);
		for (size_t k = 0; k < want.n; k++)
			ck_assert_msg(got.size[k] == want.size[k], "\"%s\": packet %zu: %zu, glibc %zu",
				      shapes[i].fmt, k, got.size[k], want.size[k]);
	}
	close(sv[0]);
	close(sv[1]);
}
END_TEST

/* ---- a descriptor that is not open ---- */

START_TEST(not_open_fails_first)
{
	int fd = open("/dev/null", O_WRONLY);
	ck_assert_int_ge(fd, 0);
	close(fd);
	static const char *const fmts[] = { "", "abc%", "%s", NULL };
	for (size_t i = 0; i < sizeof fmts / sizeof fmts[0]; i++) {
		errno = 0;
		int rw = ref_dprintf(fd, fmts[i], "");
		int ew = errno;
		errno = 0;
		int rg = xdprintf(fd, fmts[i], "");
		int eg = errno;
		ck_assert_msg(rg == rw && eg == ew, "\"%s\": %d (errno %d), glibc %d (errno %d)",
			      fmts[i] ? fmts[i] : "(NULL)", rg, eg, rw, ew);
		ck_assert_int_eq(eg, EBADF);
	}
	/* An open one: nothing written is 0, errno untouched; NULL is EINVAL. */
	int p[2];
	ck_assert_int_eq(pipe(p), 0);
	errno = 1234;
	ck_assert_int_eq(xdprintf(p[1], ""), 0);
	ck_assert_int_eq(errno, 1234);
	ck_assert_int_eq(ref_dprintf(p[1], ""), 0);
	ck_assert_int_eq(errno, 1234);
	ck_assert_int_eq(xdprintf(p[1], NULL), -1);
	ck_assert_int_eq(errno, EINVAL);
	close(p[0]);
	close(p[1]);
}
END_TEST

/* ---- a write that a signal interrupts ---- */

static void on_signal(int sig) { (void)sig; }
static atomic_int stop_signals;
static pthread_t target;

/* Signals until told to stop, so that one lands while the write blocks. */
static void *signaller(void *arg)
{
	(void)arg;
	while (!atomic_load(&stop_signals))
		pthread_kill(target, SIGUSR1);
	return NULL;
}

/* A pipe with no room left, blocking again. */
static void full_pipe(int p[2])
{
	ck_assert_int_eq(pipe(p), 0);
	ck_assert_int_eq(fcntl(p[1], F_SETFL, O_NONBLOCK), 0);
	static const char block[4096];
	while (write(p[1], block, sizeof block) > 0 || write(p[1], block, 1) > 0)
		;
	ck_assert_int_eq(errno, EAGAIN);
	ck_assert_int_eq(fcntl(p[1], F_SETFL, 0), 0);
}

START_TEST(interrupted_write_fails)
{
	struct sigaction sa = { .sa_handler = on_signal }; /* no SA_RESTART */
	sigemptyset(&sa.sa_mask);
	ck_assert_int_eq(sigaction(SIGUSR1, &sa, NULL), 0);
	int p[2];
	full_pipe(p);
	target = pthread_self();
	atomic_store(&stop_signals, 0);
	pthread_t t;
	ck_assert_int_eq(pthread_create(&t, NULL, signaller, NULL), 0);
	errno = 0;
	int rw = ref_dprintf(p[1], "abc%d\n", 1);
	int ew = errno;
	/* Retrying EINTR would block here for good (the pipe stays full). */
	errno = 0;
	int rg = xdprintf(p[1], "abc%d\n", 1);
	int eg = errno;
	atomic_store(&stop_signals, 1);
	pthread_join(t, NULL);
	ck_assert_int_eq(rw, -1);
	ck_assert_int_eq(ew, EINTR);
	ck_assert_int_eq(rg, rw);
	ck_assert_int_eq(eg, ew);
	close(p[0]);
	close(p[1]);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("dprintf_writes");
	TCase *tc = tcase_create("dprintf_writes");
	tcase_add_test(tc, packets_as_glibc);
	tcase_add_test(tc, named_shapes);
	tcase_add_test(tc, not_open_fails_first);
	tcase_add_test(tc, interrupted_write_fails);
	/* Bounds a hang (a retried EINTR); no test waits on time. */
	tcase_set_timeout(tc, 120);
	suite_add_tcase(s, tc);
	return check_run(s);
}
