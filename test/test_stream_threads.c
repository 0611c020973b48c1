/* test_stream_threads.c - the stream lock: a call writes its whole output
 * under the stream's lock once the process has threads, and a
 * single-threaded process prints the same bytes without taking it.
 *
 * Each thread prints lines of its own letter, longer than the stream
 * sink's window and than the stream's buffer, so one call is several
 * writes into the FILE; without the lock, lines of two threads mix.
 * The oracle is the file read back: every line one letter, each letter
 * on exactly its count of lines.  Threads start on a barrier and run
 * bounded loops.  CI also runs it under ThreadSanitizer, which sees the
 * FILE fields the calls write under the lock (src/stream_lock.h tells it
 * what the lock orders).  The wide calls store into the stream's own wide
 * buffer, so they run here too.
 */
#define _GNU_SOURCE
#include <check.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/single_threaded.h>
#include <unistd.h>
#include <wchar.h>

#include <xprintf.h>

#include "check_run.h"

enum { THREADS = 4, LINES = 400, LINE_LEN = 3000 };

static FILE *shared;
static int wide_calls; /* the printers call xfwprintf */
static pthread_barrier_t start;
static char text[THREADS][LINE_LEN + 1];

static FILE *buffered_tmpfile(void)
{
	FILE *f = tmpfile();
	ck_assert_ptr_nonnull(f);
	/* A buffer smaller than a line: each call reaches the descriptor
	 * in several pieces, where a missing lock shows. */
	ck_assert_int_eq(setvbuf(f, NULL, _IOFBF, 512), 0);
	return f;
}

/* Every line of f is one letter 'a'+t repeated LINE_LEN times; counts[t]
 * gets the number of lines of each. */
static void count_lines(FILE *f, int counts[THREADS])
{
	static char line[LINE_LEN + 2];
	memset(counts, 0, sizeof(int) * THREADS);
	/* A reader of its own: f may be wide-oriented. */
	FILE *r = fdopen(dup(fileno(f)), "r");
	ck_assert_ptr_nonnull(r);
	rewind(r);
	while (fgets(line, sizeof line, r)) {
		size_t n = strlen(line);
		ck_assert_uint_eq(n, LINE_LEN + 1);
		ck_assert_int_eq(line[LINE_LEN], '\n');
		int t = line[0] - 'a';
		ck_assert(t >= 0 && t < THREADS);
		ck_assert_uint_eq(strspn(line, (char[]){ line[0], 0 }), LINE_LEN);
		counts[t]++;
	}
	fclose(r);
}

static void fill_texts(void)
{
	for (int t = 0; t < THREADS; t++) {
		memset(text[t], 'a' + t, LINE_LEN);
		text[t][LINE_LEN] = '\0';
	}
}

START_TEST(single_threaded_prints_whole_lines)
{
	/* Check runs each test in a forked child: no thread yet there (but
	 * ThreadSanitizer's own, which leaves the locked path to check). */
#ifndef __SANITIZE_THREAD__
	ck_assert_int_ne(__libc_single_threaded, 0);
#endif
	fill_texts();
	FILE *f = buffered_tmpfile();
	for (int i = 0; i < LINES; i++)
		ck_assert_int_eq(xfprintf(f, "%s\n", text[i % THREADS]), LINE_LEN + 1);
	ck_assert_int_eq(fflush(f), 0);
	int counts[THREADS];
	count_lines(f, counts);
	for (int t = 0; t < THREADS; t++)
		ck_assert_int_eq(counts[t], LINES / THREADS);
	fclose(f);
}
END_TEST

static void *nothing(void *arg)
{
	return arg;
}

/* Another thread's ftrylockfile: 0 when no call left the lock held. */
static void *try_lock(void *arg)
{
	FILE *f = arg;
	int r = ftrylockfile(f);
	if (r == 0)
		funlockfile(f);
	return (void *)(long)r;
}

/* Inside a caller's own flockfile a call still prints (the lock nests),
 * and neither a single-threaded call nor one after a thread exists
 * leaves the lock held: another thread can take it afterwards. */
START_TEST(calls_leave_the_lock_as_they_found_it)
{
	fill_texts();
	FILE *f = buffered_tmpfile();
	flockfile(f);
	ck_assert_int_eq(xfprintf(f, "%s\n", text[0]), LINE_LEN + 1);
	funlockfile(f);
	pthread_t th;
	void *r;
	ck_assert_int_eq(pthread_create(&th, NULL, nothing, NULL), 0);
	ck_assert_int_eq(pthread_join(th, NULL), 0);
	ck_assert_int_eq(__libc_single_threaded, 0);
	ck_assert_int_eq(xfprintf(f, "%s\n", text[1]), LINE_LEN + 1);
	ck_assert_int_eq(pthread_create(&th, NULL, try_lock, f), 0);
	ck_assert_int_eq(pthread_join(th, &r), 0);
	ck_assert_ptr_null(r);
	fclose(f);
}
END_TEST

static void *printer(void *arg)
{
	int t = (int)(long)arg;
	pthread_barrier_wait(&start);
	for (int i = 0; i < LINES; i++) {
		int r = wide_calls ? xfwprintf(shared, L"%s\n", text[t]) : xfprintf(shared, "%s\n", text[t]);
		if (r != LINE_LEN + 1)
			return (void *)1;
	}
	return NULL;
}

static void threads_print_to_one_stream(int wide)
{
	fill_texts();
	shared = buffered_tmpfile();
	wide_calls = wide;
	if (wide)
		ck_assert_int_gt(fwide(shared, 1), 0);
	pthread_t th[THREADS];
	ck_assert_int_eq(pthread_barrier_init(&start, NULL, THREADS), 0);
	for (int t = 0; t < THREADS; t++)
		ck_assert_int_eq(pthread_create(&th[t], NULL, printer, (void *)(long)t), 0);
	for (int t = 0; t < THREADS; t++) {
		void *r;
		ck_assert_int_eq(pthread_join(th[t], &r), 0);
		ck_assert_ptr_null(r);
	}
	pthread_barrier_destroy(&start);
	ck_assert_int_eq(fflush(shared), 0);
	int counts[THREADS];
	count_lines(shared, counts);
	for (int t = 0; t < THREADS; t++)
		ck_assert_int_eq(counts[t], LINES);
	fclose(shared);
}

START_TEST(threads_never_interleave_within_a_call)
{
	threads_print_to_one_stream(0);
}
END_TEST

START_TEST(wide_threads_never_interleave_within_a_call)
{
	threads_print_to_one_stream(1);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("stream_threads");
	TCase *tc = tcase_create("lock");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, single_threaded_prints_whole_lines);
	tcase_add_test(tc, calls_leave_the_lock_as_they_found_it);
	tcase_add_test(tc, threads_never_interleave_within_a_call);
	tcase_add_test(tc, wide_threads_never_interleave_within_a_call);
	suite_add_tcase(s, tc);
	return check_run(s);
}
