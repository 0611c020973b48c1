/* test_ext_register_nomem.c - registration when memory runs out.
 * This program's malloc (which the library's calls resolve to) fails on
 * request; the oracle is the documented ENOMEM and an unchanged registry.
 * Sanitizer builds bring their own malloc, so there the test is skipped. */
#include <errno.h>
#include <stddef.h>

#include "ext_check.h"

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define OWN_MALLOC 0
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define OWN_MALLOC 0
#endif
#endif
#ifndef OWN_MALLOC
#define OWN_MALLOC 1
#endif

static int fail_malloc;

#if OWN_MALLOC
extern void *__libc_malloc(size_t size);
void *malloc(size_t size);
void *malloc(size_t size)
{
	if (fail_malloc) {
		errno = ENOMEM;
		return NULL;
	}
	return __libc_malloc(size);
}
#endif

static int print_tag(struct xprintf_sink *sink, const void *ptr,
		     const struct xprintf_pointer_spec *spec, void *ctx)
{
	(void)ptr;
	(void)spec;
	return xprintf_sink_write(sink, ctx, strlen(ctx));
}

START_TEST(register_without_memory)
{
	if (!OWN_MALLOC)
		return;
	int x;
	ck_assert_int_eq(xprintf_register_pointer("Kept", print_tag, "<kept>"), 0);
	fail_malloc = 1;
	errno = 0;
	int r = xprintf_register_pointer("New", print_tag, "<new>");
	int e = errno;
	fail_malloc = 0;
	ck_assert_int_eq(r, -1);
	ck_assert_int_eq(e, ENOMEM);
	/* Removing needs a new (smaller) table too. */
	ck_assert_int_eq(xprintf_register_pointer("Other", print_tag, "<other>"), 0);
	fail_malloc = 1;
	errno = 0;
	r = xprintf_unregister_pointer("Other");
	e = errno;
	fail_malloc = 0;
	ck_assert_int_eq(r, -1);
	ck_assert_int_eq(e, ENOMEM);
	/* Nothing changed. */
	char want[64];
	snprintf(want, sizeof want, "<kept>|%p|<other>", (void *)&x);
	EXPECT(want, "%pKept|%pNew|%pOther", &x, &x, &x);
}
END_TEST

static void add(TCase *tc) { tcase_add_test(tc, register_without_memory); }

int main(void) { return ext_run_suite("ext_register_nomem", add); }
