/* test_symtab_nm.c - %pS against nm for every function symbol of the test
 * program (built PIE and non-PIE), fixture libraries with their symbols in
 * .symtab, in a debug file found by build ID and by .gnu_debuglink, a
 * library dlopen()ed after the first lookup and dlclose()d, libc and libm.
 * At offsets 0, 1, size/2 and size-1 of each symbol %pS must be one of the
 * texts nm implies; %pB at each symbol start must name what covers the
 * byte before.  Zero mismatches. */
#define _GNU_SOURCE
#include <check.h>
#include <dlfcn.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <xprintf.h>

#include "check_run.h"
#ifdef XP_TEST_SCAN_ONLY
#include "../../symtab/symtab.h"
#endif
#include "oracle.h"

int plain_global(int);
int buildid_global(int);
int debuglink_global(int);
int minidebug_global(int);

/* Functions of the program itself, static ones and a zero-sized one. */
__attribute__((noinline, used)) static int prog_static(int x)
{
	return x * 5 + 1;
}

__attribute__((noinline, used)) int prog_global(int x)
{
	return prog_static(x) + plain_global(x) + buildid_global(x) + debuglink_global(x) +
	       minidebug_global(x);
}

__asm__(".text\n.globl prog_zero_sized\n.type prog_zero_sized, @function\n"
	"prog_zero_sized:\n" XP_TEST_ASM_RET "\tnop\n\tnop\n");

struct tally {
	size_t checked, mismatches, backtraces, adjacent;
};

static void check_addr(const struct omodule *m, uintptr_t a, int backtrace, struct tally *t)
{
	char want[16][256];
	size_t n = oracle_expect(m, a, backtrace, want, 16);
	char got[512];
	xsnprintf(got, sizeof got, backtrace ? "%pB" : "%pS", (void *)a);
	t->checked++;
	if (!n) {
		/* Nothing covers it per nm: the fallback, or some other module's
		 * symbol is impossible inside this module's text. */
		char hex[64];
		snprintf(hex, sizeof hex, "0x%lx", (unsigned long)a);
		if (!strcmp(got, hex))
			return;
		if (t->mismatches++ < 10)
			fprintf(stderr, "%s %#lx: got %s, want %s\n", backtrace ? "%pB" : "%pS",
				(unsigned long)a, got, hex);
		return;
	}
	for (size_t i = 0; i < n; i++)
		if (!strcmp(got, want[i]))
			return;
	if (t->mismatches++ < 10)
		fprintf(stderr, "%s %#lx: got %s, want %s (%zu choices)\n",
			backtrace ? "%pB" : "%pS", (unsigned long)a, got, want[0], n);
}

static struct tally check_module(const struct omodule *m)
{
	struct tally t = { 0 };
	for (size_t i = 0; i < m->n; i++) {
		const struct osym *s = &m->s[i];
		if (!s->size)
			continue;
		uintptr_t offs[4] = { 0, 1, s->size / 2, s->size - 1 };
		for (int k = 0; k < 4; k++)
			if (offs[k] < s->size && (k == 0 || offs[k] != offs[k - 1]))
				check_addr(m, s->start + offs[k], 0, &t);
		/* %pB at the first byte: whatever covers the byte before. */
		char want[16][256];
		if (oracle_expect(m, s->start, 1, want, 16)) {
			check_addr(m, s->start, 1, &t);
			t.backtraces++;
			for (size_t j = 0; j < m->n; j++)
				if (m->s[j].size && m->s[j].start + m->s[j].size == s->start) {
					t.adjacent++;
					break;
				}
		}
	}
	return t;
}

/* Load the oracle for a loaded object and check it. */
static void run_module(const char *suffix, const char *nm_file, int dynamic, int is_main,
		       const char *must_have)
{
	uintptr_t bias;
	char path[4096];
	ck_assert_msg(oracle_loaded(suffix, &bias, path, sizeof path) == 0, "%s not loaded", suffix);
	const char *base = strrchr(path, '/');
	base = base ? base + 1 : path;
	struct omodule m;
	ck_assert_int_eq(oracle_load_split(&m, nm_file ? nm_file : path, path, dynamic, bias,
					   is_main ? NULL : base), 0);
	if (must_have) {
		int seen = 0;
		for (size_t i = 0; i < m.n; i++)
			seen |= !strcmp(m.s[i].name, must_have);
		ck_assert_msg(seen, "oracle for %s lacks %s", path, must_have);
	}
	struct tally t = check_module(&m);
	fprintf(stderr, "%-28s %6zu symbols %7zu checks %6zu %%pB (%zu after an adjacent one): %zu mismatches\n",
		base, m.n, t.checked, t.backtraces, t.adjacent, t.mismatches);
	ck_assert_uint_eq(t.mismatches, 0);
	ck_assert_uint_gt(t.checked, 4 * 5);
	ck_assert_uint_gt(t.adjacent, 0);
	oracle_free(&m);
}

START_TEST(main_program)
{
	run_module("", NULL, 0, 1, "prog_static");
}
END_TEST

START_TEST(symtab_in_file)
{
	run_module("/libxpfix_plain.so", NULL, 0, 0, "plain_static_helper");
}
END_TEST

START_TEST(debug_file_by_build_id)
{
	run_module("/libxpfix_buildid.so", FIXTURE_DIR "/libxpfix_buildid.so.reference-debug", 0, 0,
		   "buildid_static_helper");
}
END_TEST

START_TEST(debug_file_by_debuglink)
{
	run_module("/libxpfix_debuglink.so", FIXTURE_DIR "/libxpfix_debuglink.so.reference-debug", 0, 0,
		   "debuglink_static_helper");
}
END_TEST

/* .dynsym plus the MiniDebugInfo table: together all function symbols. */
START_TEST(minidebuginfo)
{
	run_module("/libxpfix_minidebug.so", FIXTURE_DIR "/libxpfix_minidebug.so.reference-debug", 0, 0,
		   "minidebug_static_helper");
}
END_TEST

static void system_library(const char *suffix)
{
	uintptr_t bias;
	char path[4096], debug[4200];
	ck_assert_int_eq(oracle_loaded(suffix, &bias, path, sizeof path), 0);
	oracle_system_debug_file(path, debug, sizeof debug);
	fprintf(stderr, "%s: symbols from %s\n", path, *debug ? debug : ".dynsym");
	run_module(suffix, *debug ? debug : NULL, !*debug, 0, NULL);
}

START_TEST(libc)
{
	system_library("/libc.so.6");
}
END_TEST

START_TEST(libm)
{
	system_library("/libm.so.6");
}
END_TEST

START_TEST(dlopen_after_first_lookup_then_dlclose)
{
	char buf[256];
	xsnprintf(buf, sizeof buf, "%pS", (void *)(uintptr_t)prog_global); /* index exists now */
	ck_assert_int_eq(strncmp(buf, "prog_global+0x0/0x", 18), 0);
	void *h = dlopen(FIXTURE_DIR "/libxpfix_late.so", RTLD_NOW | RTLD_LOCAL);
	ck_assert_ptr_nonnull(h);
	void *f = dlsym(h, "late_global");
	ck_assert_ptr_nonnull(f);
	run_module("/libxpfix_late.so", NULL, 0, 0, "late_static_helper");
	xsnprintf(buf, sizeof buf, "%ps", f);
	ck_assert_str_eq(buf, "late_global [libxpfix_late.so]");
	ck_assert_int_eq(dlclose(h), 0);
	/* Gone: never named again (the address is unmapped or reused). */
	xsnprintf(buf, sizeof buf, "%pS", f);
	ck_assert_ptr_null(strstr(buf, "libxpfix_late.so"));
}
END_TEST

/* Keep libm loaded. */
double (*volatile keep_libm)(double) = cos;

int main(void)
{
#ifdef XP_TEST_SCAN_ONLY
	/* Every lookup answered as an object's first is: by a scan. */
	xp_symtab_test_scan_only(1);
#endif
	/* The PIE build sets the directories through the API, the non-PIE
	 * build through XPRINTF_DEBUG_PATH (set by ctest). */
	if (!getenv("XPRINTF_DEBUG_PATH") &&
	    xprintf_symbols_set_debug_path(DEBUG_ROOT ":" DEBUG_ROOT "/links") != 0)
		return 1;
	Suite *s = suite_create("symtab_nm");
	TCase *tc = tcase_create("nm");
	tcase_add_test(tc, main_program);
	tcase_add_test(tc, symtab_in_file);
	tcase_add_test(tc, debug_file_by_build_id);
	tcase_add_test(tc, debug_file_by_debuglink);
	tcase_add_test(tc, minidebuginfo);
	tcase_add_test(tc, libc);
	tcase_add_test(tc, libm);
	tcase_add_test(tc, dlopen_after_first_lookup_then_dlclose);
	suite_add_tcase(s, tc);
	return check_run(s);
}
