/* test_ext_register_threads.c - registering while other threads format.
 * Formatters must always see a consistent table: a name registered for
 * the whole run prints its handler's output, a name being registered and
 * removed prints either its handler's output or the plain pointer, never
 * anything else.  Run under ThreadSanitizer by .ci/run.  No sleeps: the
 * threads start together on a barrier and run a fixed number of rounds. */
#define _POSIX_C_SOURCE 200809L /* pthread barriers */
#include <errno.h>
#include <pthread.h>

#include "ext_check.h"

enum { FORMATTERS = 3, ROUNDS = 20000, CHANGES = 2000 };

static pthread_barrier_t start;

static int print_tag(struct xprintf_sink *sink, const void *ptr,
		     const struct xprintf_pointer_spec *spec, void *ctx)
{
	(void)ptr;
	(void)spec;
	const char *tag = ctx;
	return xprintf_sink_write(sink, tag, strlen(tag));
}

struct result {
	int bad;
	char first_bad[128];
};

static void *formatter(void *arg)
{
	struct result *res = arg;
	static int object;
	char plain[32];
	snprintf(plain, sizeof plain, "%p", (void *)&object);
	char with[64], without[64];
	snprintf(with, sizeof with, "<stable>|<toggle>|%s", plain);
	snprintf(without, sizeof without, "<stable>|%s|%s", plain, plain);
	pthread_barrier_wait(&start);
	for (int i = 0; i < ROUNDS; i++) {
		char out[128];
		xsnprintf(out, sizeof out, "%pStable|%pToggle|%pNever", (void *)&object, (void *)&object,
			  (void *)&object);
		if (strcmp(out, with) != 0 && strcmp(out, without) != 0 && !res->bad++)
			snprintf(res->first_bad, sizeof res->first_bad, "%s", out);
	}
	return NULL;
}

static void *writer(void *arg)
{
	int *failures = arg;
	static const char *const others[] = { "Tmp0", "Tmp1", "Tmp2", "Tmp3" };
	pthread_barrier_wait(&start);
	for (int i = 0; i < CHANGES; i++) {
		*failures += xprintf_register_pointer("Toggle", print_tag, "<toggle>") != 0;
		*failures += xprintf_register_pointer(others[i % 4], print_tag, "<tmp>") != 0;
		*failures += xprintf_unregister_pointer("Toggle") != 0;
		*failures += xprintf_unregister_pointer(others[i % 4]) != 0;
	}
	return NULL;
}

START_TEST(register_while_formatting)
{
	ck_assert_int_eq(xprintf_register_pointer("Stable", print_tag, "<stable>"), 0);
	ck_assert_int_eq(pthread_barrier_init(&start, NULL, FORMATTERS + 1), 0);
	pthread_t threads[FORMATTERS + 1];
	struct result results[FORMATTERS];
	memset(results, 0, sizeof results);
	int failures = 0;
	for (int i = 0; i < FORMATTERS; i++)
		ck_assert_int_eq(pthread_create(&threads[i], NULL, formatter, &results[i]), 0);
	ck_assert_int_eq(pthread_create(&threads[FORMATTERS], NULL, writer, &failures), 0);
	for (int i = 0; i <= FORMATTERS; i++)
		pthread_join(threads[i], NULL);
	pthread_barrier_destroy(&start);
	ck_assert_int_eq(failures, 0);
	for (int i = 0; i < FORMATTERS; i++)
		ck_assert_msg(results[i].bad == 0, "thread %d: %d bad outputs, first \"%s\"", i,
			      results[i].bad, results[i].first_bad);
	/* After the run: Toggle is gone, Stable still there. */
	int x;
	char want[64];
	snprintf(want, sizeof want, "<stable>|%p", (void *)&x);
	EXPECT(want, "%pStable|%pToggle", &x, &x);
	ck_assert_int_eq(xprintf_unregister_pointer("Stable"), 0);
}
END_TEST

/* Two writers racing for the same name: exactly one wins each round. */
static void *racer(void *arg)
{
	int *wins = arg;
	pthread_barrier_wait(&start);
	for (int i = 0; i < CHANGES; i++) {
		if (xprintf_register_pointer("Race", print_tag, "<race>") == 0) {
			++*wins;
			xprintf_unregister_pointer("Race");
		}
	}
	return NULL;
}

START_TEST(racing_writers)
{
	ck_assert_int_eq(pthread_barrier_init(&start, NULL, 2), 0);
	pthread_t a, b;
	int wins_a = 0, wins_b = 0;
	ck_assert_int_eq(pthread_create(&a, NULL, racer, &wins_a), 0);
	ck_assert_int_eq(pthread_create(&b, NULL, racer, &wins_b), 0);
	pthread_join(a, NULL);
	pthread_join(b, NULL);
	pthread_barrier_destroy(&start);
	/* Each thread's register either won or saw EEXIST; nothing is left. */
	ck_assert_int_gt(wins_a + wins_b, 0);
	errno = 0;
	ck_assert_int_eq(xprintf_unregister_pointer("Race"), -1);
	ck_assert_int_eq(errno, ENOENT);
}
END_TEST

static void add(TCase *tc)
{
	tcase_add_test(tc, register_while_formatting);
	tcase_add_test(tc, racing_writers);
}

int main(void) { return ext_run_suite("ext_register_threads", add); }
