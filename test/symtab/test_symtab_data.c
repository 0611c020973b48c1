/* test_symtab_data.c - %pS of data objects against nm: every object symbol
 * of the test program (initialised, zeroed, constant, static, a libc
 * object copied into the program by a copy relocation), of libc through
 * its debug file, and of libstdc++ through .dynsym; at offsets 0, size-1
 * and one drawn at random between, under %pS %ps %pSl and %pB, before
 * and after xprintf_symbols_preload() (the _scan variant, whose lookups
 * scan until the preload, under %pS and %pB).  Where nm's functions cover
 * the address the function is the answer.  Thread-local, heap and stack
 * addresses print plain. */
#define _GNU_SOURCE
#include <check.h>
#include <dlfcn.h>
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

/* The program's own objects, of every kind. */
int prog_initialised[5] = { 1, 2, 3 };
int prog_zeroed[33];
const char prog_constant[40] = "a constant string in .rodata";
static long prog_static_table[16] = { 7 };
static __thread int prog_thread_local[8];
const void *volatile keep_static = prog_static_table;

/* An object inside a function's range: the function wins. */
__asm__(".text\n.globl outer_function\n.type outer_function, @function\n"
	"outer_function:\n" XP_TEST_ASM_RET ".type inner_object, @object\n"
	"inner_object:\n\t.long 0\n.size inner_object, 4\n"
	".size outer_function, .-outer_function\n");
extern const int inner_object;

struct tally {
	size_t objects, checked, mismatches;
};

/* The answers for a: the functions' when one covers it, else the objects'. */
static size_t expect(const struct omodule *fn, const struct omodule *data, uintptr_t a, int backtrace,
		     char want[][256])
{
	size_t n = fn ? oracle_expect(fn, a, backtrace, want, 16) : 0;
	return n ? n : oracle_expect(data, a, backtrace, want, 16);
}

/* %ps's text of one of %pS's: the name and the module, no offset. */
static void without_offset(const char *text, char *out, size_t len)
{
	const char *module = strstr(text, " [");
	size_t end = module ? (size_t)(module - text) : strlen(text), name = end;
	while (name > 0 && text[name - 1] != '+') /* the last '+' before the module */
		name--;
	snprintf(out, len, "%.*s%s", (int)(name ? name - 1 : end), text, module ? module : "");
}

static void check_form(const char *fmt, uintptr_t a, char want[][256], size_t n, int drop_offset,
		       struct tally *t)
{
	char got[512], alt[256];
	xsnprintf(got, sizeof got, fmt, (void *)a);
	t->checked++;
	if (!n) {
		snprintf(alt, sizeof alt, "0x%lx", (unsigned long)a);
		if (!strcmp(got, alt))
			return;
		if (t->mismatches++ < 10)
			fprintf(stderr, "%s %#lx: got %s, want %s\n", fmt, (unsigned long)a, got, alt);
		return;
	}
	for (size_t i = 0; i < n; i++) {
		const char *w = want[i];
		if (drop_offset) {
			without_offset(want[i], alt, sizeof alt);
			w = alt;
		}
		if (!strcmp(got, w))
			return;
	}
	if (t->mismatches++ < 10)
		fprintf(stderr, "%s %#lx: got %s, want %s (%zu choices)\n", fmt, (unsigned long)a, got,
			want[0], n);
}

static void check_addr(const struct omodule *fn, const struct omodule *data, uintptr_t a,
		       struct tally *t)
{
	char want[16][256];
	size_t n = expect(fn, data, a, 0, want);
	check_form("%pS", a, want, n, 0, t);
#ifndef XP_TEST_SCAN_ONLY /* (scanning, these would repeat %pS's lookup) */
	/* No line for data (a function's line is test_symtab_lines'). */
	if (!fn || !oracle_expect(fn, a, 0, want + 15, 1))
		check_form("%pSl", a, want, n, 0, t);
	check_form("%ps", a, want, n, 1, t);
#endif
	n = expect(fn, data, a, 1, want);
	check_form("%pB", a, want, n, 0, t);
}

static struct tally check_objects(const struct omodule *fn, const struct omodule *data)
{
	struct tally t = { 0 };
	for (size_t i = 0; i < data->n; i++) {
		const struct osym *s = &data->s[i];
		if (!s->size)
			continue;
		t.objects++;
		uintptr_t offs[3] = { 0, s->size - 1, (uintptr_t)rand() % s->size };
		for (int k = 0; k < 3; k++)
			check_addr(fn, data, s->start + offs[k], &t);
	}
	return t;
}

/* The loaded object ending in suffix, its functions and objects from
 * symbols (its own file when NULL) or .dynsym; checked before and after
 * the preload.  Returns the data oracle (caller frees). */
static struct omodule run_module(const char *suffix, const char *symbols, int dynamic,
				 const char *must_have)
{
	uintptr_t bias;
	char path[4096];
	ck_assert_msg(oracle_loaded(suffix, &bias, path, sizeof path) == 0, "%s not loaded", suffix);
	const char *base = strrchr(path, '/');
	base = base ? base + 1 : path;
	const char *module = *suffix ? base : NULL;
	struct omodule fn, data;
	ck_assert_int_eq(oracle_load_split(&fn, symbols ? symbols : path, path, dynamic, bias, module), 0);
	ck_assert_int_eq(oracle_load_data(&data, symbols ? symbols : path, dynamic, bias, module), 0);
	int seen = !must_have;
	for (size_t i = 0; i < data.n && !seen; i++)
		seen = !strcmp(data.s[i].name, must_have);
	ck_assert_msg(seen, "oracle for %s lacks %s", path, must_have);
	for (int preloaded = 0; preloaded < 2; preloaded++) {
		if (preloaded)
			ck_assert_int_eq(xprintf_symbols_preload(), 0);
		struct tally t = check_objects(&fn, &data);
		fprintf(stderr, "%-20s %s: %6zu objects %7zu checks: %zu mismatches\n", base,
			preloaded ? "preloaded" : "lazily   ", t.objects, t.checked, t.mismatches);
		ck_assert_uint_eq(t.mismatches, 0);
		ck_assert_uint_gt(t.objects, 3);
	}
	oracle_free(&fn);
	return data;
}

START_TEST(program_objects)
{
	struct omodule data = run_module("", NULL, 0, "prog_static_table");
	static const char *const mine[] = { "prog_initialised", "prog_zeroed", "prog_constant",
					    "prog_static_table" };
	for (size_t i = 0; i < sizeof mine / sizeof mine[0]; i++)
		ck_assert_msg(oracle_symbol_start(&data, mine[i]), "nm has no %s", mine[i]);
	/* Where the program copies stdout in (a copy relocation: x86_64, also
	 * as a PIE) the variable is the program's, else libc's; the FILE it
	 * points at is libc's either way. */
	int copied = oracle_symbol_start(&data, "stdout") != 0;
	oracle_free(&data);
	char buf[256], want[64];
	snprintf(want, sizeof want, "stdout+0x0/0x%zx%s", sizeof stdout, copied ? "" : " [libc.so.6]");
	xsnprintf(buf, sizeof buf, "%pS", (void *)&stdout);
	ck_assert_str_eq(buf, want);
	xsnprintf(buf, sizeof buf, "%ps", (void *)stdout);
	ck_assert_str_eq(buf, "_IO_2_1_stdout_ [libc.so.6]");
}
END_TEST

START_TEST(object_inside_a_function)
{
	uintptr_t bias;
	char path[4096], want[16][256], got[256];
	ck_assert_int_eq(oracle_loaded("", &bias, path, sizeof path), 0);
	struct omodule fn;
	ck_assert_int_eq(oracle_load(&fn, path, 0, bias, NULL), 0);
	ck_assert_uint_eq(oracle_expect(&fn, (uintptr_t)&inner_object, 0, want, 16), 1);
	ck_assert_int_eq(strncmp(want[0], "outer_function+", 15), 0);
	xsnprintf(got, sizeof got, "%pS", (const void *)&inner_object);
	ck_assert_str_eq(got, want[0]);
	oracle_free(&fn);
}
END_TEST

START_TEST(libc_objects)
{
	uintptr_t bias;
	char path[4096], debug[4200];
	ck_assert_int_eq(oracle_loaded("/libc.so.6", &bias, path, sizeof path), 0);
	oracle_system_debug_file(path, debug, sizeof debug);
	fprintf(stderr, "%s: symbols from %s\n", path, *debug ? debug : ".dynsym");
	struct omodule data = run_module("/libc.so.6", *debug ? debug : NULL, !*debug, "_IO_2_1_stdout_");
	oracle_free(&data);
}
END_TEST

START_TEST(libstdcxx_objects)
{
	void *h = dlopen("libstdc++.so.6", RTLD_NOW | RTLD_LOCAL);
#ifdef XP_TEST_SYSROOT
	if (!h) { /* a cross sysroot may not have it: say so */
		fprintf(stderr, "libstdc++ case NOT RUN: %s\n", dlerror());
		return;
	}
#endif
	ck_assert_msg(h != NULL, "%s", dlerror());
	struct omodule data = run_module("/libstdc++.so.6", NULL, 1, NULL);
	oracle_free(&data);
	dlclose(h);
}
END_TEST

START_TEST(thread_local_heap_and_stack_print_plain)
{
	int local = 0;
	void *heap = malloc(64);
	const void *cases[] = { &prog_thread_local[0], &prog_thread_local[3], heap, &local };
	for (int preloaded = 0; preloaded < 2; preloaded++) {
		if (preloaded)
			ck_assert_int_eq(xprintf_symbols_preload(), 0);
		for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
			char got[128], want[64];
			snprintf(want, sizeof want, "0x%lx", (unsigned long)(uintptr_t)cases[i]);
			static const char *const forms[] = { "%pS", "%ps", "%pB", "%pSl" };
			for (size_t f = 0; f < 4; f++) {
				xsnprintf(got, sizeof got, forms[f], cases[i]);
				ck_assert_str_eq(got, want);
			}
		}
	}
	free(heap);
}
END_TEST

int main(void)
{
#ifdef XP_TEST_SCAN_ONLY
	/* Every lookup answered as an object's first is: by a scan. */
	xp_symtab_test_scan_only(1);
#endif
	srand(4242);
	Suite *s = suite_create("symtab_data");
	TCase *tc = tcase_create("data");
	tcase_set_timeout(tc, 300);
	tcase_add_test(tc, program_objects);
	tcase_add_test(tc, object_inside_a_function);
	tcase_add_test(tc, libc_objects);
	tcase_add_test(tc, libstdcxx_objects);
	tcase_add_test(tc, thread_local_heap_and_stack_print_plain);
	suite_add_tcase(s, tc);
	return check_run(s);
}
