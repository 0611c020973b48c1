/* test_symtab_many.c - a process with many loaded objects: copies of a
 * fixture under as many names, each function named with its own copy's
 * name, beside the program's (past a few dozen objects the
 * lookup finds an address's object another way than below). */
#define _GNU_SOURCE
#include <check.h>
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <xprintf.h>

#include "check_run.h"
#include "copy_file.h"

#define COPIES 80

/* Copy k of the fixture: dir/libxpfix_many_<k>.so, its path in path. */
static int fixture_copy(const char *dir, int k, char *path, size_t size)
{
	snprintf(path, size, "%s/libxpfix_many_%d.so", dir, k);
	return copy_file(FIXTURE_DIR "/libxpfix_late.so", path);
}

__attribute__((noinline)) static int program_function(int x)
{
	return x + 1;
}

static int (*volatile keep)(int) = program_function;

START_TEST(each_copy_named_as_itself)
{
	char dir[] = "/tmp/xpmanyXXXXXX";
	ck_assert_ptr_nonnull(mkdtemp(dir));
	void *h[COPIES];
	static char path[COPIES][300];
	for (int k = 0; k < COPIES; k++) {
		ck_assert_int_eq(fixture_copy(dir, k, path[k], sizeof path[k]), 0);
		h[k] = dlopen(path[k], RTLD_NOW | RTLD_LOCAL);
		ck_assert_ptr_nonnull(h[k]);
	}
	ck_assert_int_eq(xprintf_symbols_preload(), 0);
	/* in turn from the last copy to the first, so that each lookup lands
	 * in another object than the one before */
	for (int k = COPIES; k-- > 0;) {
		char buf[300], want[300];
		xsnprintf(buf, sizeof buf, "%ps", dlsym(h[k], "late_global"));
		snprintf(want, sizeof want, "late_global [libxpfix_many_%d.so]", k);
		ck_assert_str_eq(buf, want);
		xsnprintf(buf, sizeof buf, "%pS", dlsym(h[k], "late_global"));
		ck_assert_msg(!strncmp(buf, "late_global+0x0/0x", 18) && strstr(buf, want + strlen("late_global")),
			      "%s", buf);
	}
	char buf[300];
	xsnprintf(buf, sizeof buf, "%ps", (void *)(uintptr_t)keep);
	ck_assert_str_eq(buf, "program_function");
	for (int k = 0; k < COPIES; k++) {
		ck_assert_int_eq(dlclose(h[k]), 0);
		unlink(path[k]);
	}
	rmdir(dir);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("symtab_many");
	TCase *tc = tcase_create("many");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, each_copy_named_as_itself);
	suite_add_tcase(s, tc);
	return check_run(s);
}
