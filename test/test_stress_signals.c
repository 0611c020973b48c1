/* test_stress_signals.c - %pS and %pB from a signal handler.
 *
 * After xprintf_symbols_preload() the header promises that xsnprintf with
 * the symbol conversions is async-signal-safe.  A worker thread loops
 * through malloc/free, stdio (fprintf, holding the stream lock), xfprintf
 * (also holding it, and inside the engine) and xasprintf (inside malloc
 * via the heap sink); another thread interrupts it with SIGUSR1 a fixed
 * number of times, waiting each time until the handler has run (a
 * semaphore handshake, no sleeps).  The handler formats a line with xsnprintf,
 * compares it with the line computed before any signal, and write(2)s it
 * to a file.  A deadlock would hang the test until Check's timeout.
 * Afterwards: every handler line is the expected one, there is one line
 * per signal, and the worker's own xfprintf output is intact.
 */
#define _GNU_SOURCE
#include <check.h>
#include <errno.h>
#include <pthread.h>
#include <semaphore.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <xprintf.h>

#include "check_run.h"

enum { SIGNALS = 3000 };

__attribute__((noinline)) int sig_known_function(int x);
__attribute__((noinline)) int sig_known_function(int x)
{
	return x * 5 - 1;
}

/* A C++ name, for %psC. */
__attribute__((noinline)) int sig_cxx_function(int x) __asm__("_ZN3app7Handler5startEi");
__attribute__((noinline)) int sig_cxx_function(int x)
{
	return x * 3 + 1;
}

/* A function's code address: on ppc64 ELFv1 a function pointer points at
 * its descriptor, whose first word is the entry (%pB, rightly, never
 * dereferences; the address must be code). */
static const void *code_of(const void *fp)
{
#if defined(__powerpc64__) && (!defined(_CALL_ELF) || _CALL_ELF == 1)
	return (const void *)*(const uintptr_t *)fp;
#else
	return fp;
#endif
}

static const void *known(void)
{
	return code_of((const void *)(uintptr_t)&sig_known_function);
}

static const void *cxx_fn(void)
{
	return code_of((const void *)(uintptr_t)&sig_cxx_function);
}

static char expect_line[256];
static size_t expect_len;
static int out_fd;
static atomic_int handled, mismatches, stop;
static sem_t ran; /* sem_post is async-signal-safe: the handshake */

static void on_signal(int sig)
{
	(void)sig;
	int saved = errno;
	char buf[256];
	/* %pB of the function's first byte names the one before it, so use
	 * an address inside it; %ps of a libc function for another module
	 * (one no sanitizer intercepts). */
	int n = xsnprintf(buf, sizeof buf, "sig %pS|%pB|%ps|%pSl|%psCl|%d\n", known(),
			  (const char *)known() + 1, (const void *)(uintptr_t)&labs, known(), cxx_fn(), 7);
	if (n != (int)expect_len || memcmp(buf, expect_line, expect_len) != 0)
		atomic_fetch_add(&mismatches, 1);
	if (n > 0 && write(out_fd, buf, (size_t)n) != n)
		atomic_fetch_add(&mismatches, 1);
	atomic_fetch_add(&handled, 1);
	sem_post(&ran);
	errno = saved;
}

struct work {
	FILE *stream; /* the worker's xfprintf/fprintf target */
	long rounds;
	int bad;
};

static void *worker(void *arg)
{
	struct work *w = arg;
	for (long i = 0; !atomic_load(&stop); i++) {
		void *p = malloc(1 + (size_t)(i * 37 % 5000));
		if (p)
			memset(p, 1, 1);
		free(p);
		fprintf(w->stream, "stdio %ld\n", i);
		xfprintf(w->stream, "x %ld %pS %s\n", i, known(), "end");
		char *s = NULL;
		if (xasprintf(&s, "%ld|%ps|%2000s|", i, known(), "") < 0)
			w->bad++;
		free(s);
		w->rounds = i + 1;
	}
	return NULL;
}

START_TEST(symbols_from_a_handler)
{
	ck_assert_int_eq(xprintf_symbols_preload(), 0);
	int n = xsnprintf(expect_line, sizeof expect_line, "sig %pS|%pB|%ps|%pSl|%psCl|%d\n", known(),
			  (const char *)known() + 1, (const void *)(uintptr_t)&labs, known(), cxx_fn(), 7);
	ck_assert_int_gt(n, 0);
	expect_len = (size_t)n;
	/* The oracle for the texts themselves: the function's name (nm is
	 * the symtab suites' job), offset 0 and, for %pB of +1, offset 1. */
	ck_assert_msg(strncmp(expect_line, "sig sig_known_function+0x0/0x", 29) == 0, "%s", expect_line);
	ck_assert_msg(strstr(expect_line, "|sig_known_function+0x1/0x") != NULL, "%s", expect_line);
	ck_assert_msg(strstr(expect_line, "|labs [libc.so.6]|") != NULL, "%s", expect_line);
	/* l and C in the handler too: a line of this file, a C++ name */
	ck_assert_msg(strstr(expect_line, "test_stress_signals.c:") != NULL, "%s", expect_line);
	ck_assert_msg(strstr(expect_line, "|app::Handler::start(int) (") != NULL, "%s", expect_line);

	FILE *lines = tmpfile();
	ck_assert_ptr_nonnull(lines);
	out_fd = fileno(lines);
	struct work w = { .stream = tmpfile() };
	ck_assert_ptr_nonnull(w.stream);
	struct sigaction sa = { .sa_handler = on_signal };
	sigemptyset(&sa.sa_mask);
	ck_assert_int_eq(sigaction(SIGUSR1, &sa, NULL), 0);

	ck_assert_int_eq(sem_init(&ran, 0, 0), 0);
	pthread_t t;
	ck_assert_int_eq(pthread_create(&t, NULL, worker, &w), 0);
	for (int i = 0; i < SIGNALS; i++) {
		ck_assert_int_eq(pthread_kill(t, SIGUSR1), 0);
		while (sem_wait(&ran) != 0)
			ck_assert_int_eq(errno, EINTR);
	}
	atomic_store(&stop, 1);
	pthread_join(t, NULL);
	signal(SIGUSR1, SIG_DFL);

	ck_assert_int_eq(atomic_load(&handled), SIGNALS);
	ck_assert_int_eq(atomic_load(&mismatches), 0);
	ck_assert_int_eq(w.bad, 0);
	ck_assert_int_gt(w.rounds, 0);

	/* One expected line per signal in the handler's file. */
	rewind(lines);
	char buf[512];
	int count = 0;
	while (fgets(buf, sizeof buf, lines)) {
		ck_assert_str_eq(buf, expect_line);
		count++;
	}
	ck_assert_int_eq(count, SIGNALS);
	fclose(lines);

	/* The worker's stream: its lines in order, none torn by a handler. */
	fflush(w.stream);
	rewind(w.stream);
	char sym[128];
	xsnprintf(sym, sizeof sym, "%pS", known());
	for (long i = 0; i < w.rounds; i++) {
		char want[256];
		ck_assert_ptr_nonnull(fgets(buf, sizeof buf, w.stream));
		snprintf(want, sizeof want, "stdio %ld\n", i);
		ck_assert_str_eq(buf, want);
		ck_assert_ptr_nonnull(fgets(buf, sizeof buf, w.stream));
		snprintf(want, sizeof want, "x %ld %s end\n", i, sym);
		ck_assert_str_eq(buf, want);
	}
	fclose(w.stream);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("stress_signals");
	TCase *tc = tcase_create("signals");
	tcase_set_timeout(tc, 300);
	tcase_add_test(tc, symbols_from_a_handler);
	suite_add_tcase(s, tc);
	return check_run(s);
}
