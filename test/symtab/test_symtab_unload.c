/* test_symtab_unload.c - what the symbol index maps is unmapped again
 * when libxprintf is unloaded, and a program that never looks a symbol up
 * leaves nothing to unmap.  This program does not link libxprintf: it
 * loads the shared library itself, so that dlclose() unloads it.  The
 * oracle is the kernel's list of this process's mappings: the index maps
 * each object's file once more, beside the loader's segments. */
#define _GNU_SOURCE
#include <check.h>
#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

#include "check_run.h"

#define FIXTURE FIXTURE_DIR "/libxpfix_late.so"

/* How many of this process's mappings are of the file at path. */
static int mappings_of(const char *path)
{
	FILE *f = fopen("/proc/self/maps", "r");
	ck_assert_ptr_nonnull(f);
	char line[4096];
	int n = 0;
	size_t len = strlen(path);
	while (fgets(line, sizeof line, f)) {
		char *nl = strchr(line, '\n');
		if (nl)
			*nl = '\0';
		size_t l = strlen(line);
		n += l >= len && strcmp(line + l - len, path) == 0;
	}
	fclose(f);
	return n;
}

struct library {
	void *handle;
	int (*preload)(void);
	int (*snprintf)(char *, size_t, const char *, ...);
};

static struct library load_library(void)
{
	struct library lib = { dlopen(LIBXPRINTF, RTLD_NOW | RTLD_LOCAL), NULL, NULL };
	ck_assert_msg(lib.handle, "%s", dlerror());
	*(void **)&lib.preload = dlsym(lib.handle, "xprintf_symbols_preload");
	*(void **)&lib.snprintf = dlsym(lib.handle, "xsnprintf");
	ck_assert(lib.preload && lib.snprintf);
	return lib;
}

/* Whether a library whose path ends in name is loaded now. */
static int loaded(const char *name)
{
	void *h = dlopen(name, RTLD_NOW | RTLD_NOLOAD);
	if (h)
		dlclose(h);
	return h != NULL;
}

START_TEST(index_unmapped_when_the_library_is_unloaded)
{
	void *fixture = dlopen(FIXTURE, RTLD_NOW | RTLD_LOCAL);
	ck_assert_msg(fixture, "%s", dlerror());
	int by_loader = mappings_of(FIXTURE);
	ck_assert_int_gt(by_loader, 0);

	struct library lib = load_library();
	ck_assert_int_eq(lib.preload(), 0);
	char got[600];
	lib.snprintf(got, sizeof got, "%ps", dlsym(fixture, "late_global"));
	ck_assert_str_eq(got, "late_global [libxpfix_late.so]");
	ck_assert_int_eq(mappings_of(FIXTURE), by_loader + 1); /* the index's */

	ck_assert_int_eq(dlclose(lib.handle), 0);
	ck_assert_msg(!loaded(LIBXPRINTF), "libxprintf stayed loaded");
	ck_assert_int_eq(mappings_of(FIXTURE), by_loader);
	dlclose(fixture);
}
END_TEST

/* Loaded, formatting, unloaded, with no symbol looked up: nothing was
 * indexed, and loading it again then looking up works as the first time. */
START_TEST(unloaded_without_a_lookup)
{
	struct library lib = load_library();
	char got[64];
	lib.snprintf(got, sizeof got, "%d %p", 7, (void *)0x10);
	ck_assert_str_eq(got, "7 0x10");
	ck_assert_int_eq(dlclose(lib.handle), 0);
	ck_assert(!loaded(LIBXPRINTF));

	void *fixture = dlopen(FIXTURE, RTLD_NOW | RTLD_LOCAL);
	ck_assert_msg(fixture, "%s", dlerror());
	int by_loader = mappings_of(FIXTURE);
	lib = load_library();
	lib.snprintf(got, sizeof got, "%ps", dlsym(fixture, "late_global"));
	ck_assert_str_eq(got, "late_global [libxpfix_late.so]");
	ck_assert_int_eq(mappings_of(FIXTURE), by_loader + 1);
	ck_assert_int_eq(dlclose(lib.handle), 0);
	ck_assert_int_eq(mappings_of(FIXTURE), by_loader);
	dlclose(fixture);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("symtab_unload");
	TCase *tc = tcase_create("unload");
	tcase_add_test(tc, index_unmapped_when_the_library_is_unloaded);
	tcase_add_test(tc, unloaded_without_a_lookup);
	suite_add_tcase(s, tc);
	return check_run(s);
}
