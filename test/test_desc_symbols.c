/* test_desc_symbols.c - %pF %pf %pS %pB with real function pointers, on
 * every target; on ppc64 ELFv1 (the cross leg, under qemu) function
 * pointers are descriptors in .opd, and this suite shows that they are
 * followed where the contract says (doc/contract.md §3).
 *
 * Oracles: nm (the target's: CMAKE_NM when cross-compiling) -- its
 * --synthetic ".name" code symbols for where a descriptor must lead, and
 * the symtab oracle (nm -S sizes, objdump's .opd contents) for the text.
 */
#define _GNU_SOURCE
#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include <xprintf.h>

#include "check_run.h"
#include "oracle.h"

int plain_global(int); /* libxpfix_plain.so */

#define FN(f) ((const void *)(uintptr_t)(f))
/* noipa: an optimized build must not clone them (desc_caller.constprop.0) */
#if defined(__has_attribute) && __has_attribute(noipa)
#define KEEP __attribute__((noipa, used))
#else
#define KEEP __attribute__((noinline, used))
#endif

static char buf[1024];

static const char *fmt1(const char *fmt, const void *p)
{
	xsnprintf(buf, sizeof buf, fmt, p);
	return buf;
}

static const char *hex(uintptr_t v)
{
	static char h[64];
	snprintf(h, sizeof h, "0x%jx", (uintmax_t)v);
	return h;
}

KEEP static int desc_static(int x) { return x * 5 + 3; }
KEEP int desc_global(int x) { return desc_static(x) - 1; }

static const void *captured;
KEEP static void capture_return_address(void)
{
	captured = __builtin_return_address(0);
	__asm__ volatile("" ::: "memory");
}
KEEP int desc_caller(int x)
{
	capture_return_address();
	return x + 1; /* work after the call: the return address is inside */
}

/* The main program's oracle, loaded once per test (forked). */
static struct omodule prog, libc_mod, plain_mod;
static uintptr_t prog_bias;
static char prog_path[4096];

static void load_module(struct omodule *m, const char *suffix, int dynamic, int is_main,
			uintptr_t *bias_out, char *path, size_t len)
{
	uintptr_t bias;
	ck_assert_int_eq(oracle_loaded(suffix, &bias, path, len), 0);
	const char *base = strrchr(path, '/');
	ck_assert_int_eq(oracle_load(m, path, dynamic, bias, is_main ? NULL : base + 1), 0);
	if (bias_out)
		*bias_out = bias;
}

static void setup(void)
{
	char path[4096];
	load_module(&prog, "", 0, 1, &prog_bias, prog_path, sizeof prog_path);
	load_module(&libc_mod, "/libc.so.6", 1, 0, NULL, path, sizeof path);
	load_module(&plain_mod, "/libxpfix_plain.so", 0, 0, NULL, path, sizeof path);
}

static void teardown(void)
{
	oracle_free(&prog);
	oracle_free(&libc_mod);
	oracle_free(&plain_mod);
}

/* "name+0x0/0xsize[ [module]]" as the oracle has it for the named symbol. */
static void expect_entry(const struct omodule *m, const char *name, char out[256])
{
	uintptr_t start = oracle_symbol_start(m, name);
	ck_assert_msg(start != 0, "oracle has no %s", name);
	char want[8][256];
	size_t n = oracle_expect(m, start, 0, want, 8);
	ck_assert_uint_ge(n, 1);
	for (size_t k = 0; k < n; k++)
		if (!strncmp(want[k], name, strlen(name)) && want[k][strlen(name)] == '+') {
			snprintf(out, 256, "%s", want[k]);
			return;
		}
	snprintf(out, 256, "%s", want[0]);
}

static void check_function(const struct omodule *m, const void *fn, const char *name)
{
	char want[256], want_name[300];
	expect_entry(m, name, want);
	snprintf(want_name, sizeof want_name, "%s%s", name, m->suffix);
	ck_assert_str_eq(fmt1("%pF", fn), want);
	ck_assert_str_eq(fmt1("%pf", fn), want_name);
	/* %pS of a function pointer: a code address here, or an address in
	 * a loaded .opd, which it dereferences too. */
	ck_assert_str_eq(fmt1("%pS", fn), want);
	ck_assert_str_eq(fmt1("%ps", fn), want_name);
}

START_TEST(function_pointer_static)
{
	check_function(&prog, FN(desc_static), "desc_static");
}
END_TEST

START_TEST(function_pointer_global)
{
	check_function(&prog, FN(desc_global), "desc_global");
}
END_TEST

START_TEST(function_pointer_shared_library)
{
	check_function(&plain_mod, FN(plain_global), "plain_global");
	check_function(&libc_mod, FN(abort), "abort");
}
END_TEST

START_TEST(return_address)
{
	ck_assert_int_eq(desc_caller(1), 2);
	uintptr_t ra = (uintptr_t)captured;
	char want[8][256];
	ck_assert_uint_eq(oracle_expect(&prog, ra, 0, want, 8), 1);
	ck_assert_str_eq(fmt1("%pS", captured), want[0]);
	ck_assert_str_eq(fmt1("%pSR", captured), want[0]);
	ck_assert_uint_eq(oracle_expect(&prog, ra, 1, want, 8), 1);
	ck_assert_str_eq(fmt1("%pB", captured), want[0]);
	/* It names the caller, at a real offset inside it. */
	ck_assert_msg(!strncmp(want[0], "desc_caller+0x", 14), "%s", want[0]);
	uintptr_t start = oracle_symbol_start(&prog, "desc_caller");
	ck_assert_uint_gt(ra, start);
	ck_assert_str_eq(fmt1("%ps", captured), "desc_caller");
}
END_TEST

START_TEST(backtrace_never_dereferences)
{
#if XP_TEST_DESCRIPTORS
	/* A descriptor address is data: %pB looks up addr-1 in .opd. */
	const char *got = fmt1("%pB", FN(desc_global));
	ck_assert_str_eq(got, hex((uintptr_t)FN(desc_global)));
#else
	/* The first byte of a function: %pB names what precedes it. */
	const char *got = fmt1("%pB", FN(desc_global));
	ck_assert_ptr_null(strstr(got, "desc_global+0x0/"));
#endif
}
END_TEST

START_TEST(bad_function_pointers)
{
	long page = sysconf(_SC_PAGESIZE);
	void *gone = mmap(NULL, (size_t)page, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	ck_assert_ptr_ne(gone, MAP_FAILED);
	munmap(gone, (size_t)page);
	void *none = mmap(NULL, (size_t)page, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	ck_assert_ptr_ne(none, MAP_FAILED);
	const void *cases[] = { NULL, (void *)0x10, gone, none, (void *)(uintptr_t)-4096,
#if UINTPTR_MAX > 0xffffffffu
				(void *)(uintptr_t)0x0000dead0000beefu,
#endif
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		const char *want = hex((uintptr_t)cases[i]);
		ck_assert_str_eq(fmt1("%pF", cases[i]), want);
		ck_assert_str_eq(fmt1("%pf", cases[i]), want);
		ck_assert_str_eq(fmt1("%pS", cases[i]), want);
		ck_assert_str_eq(fmt1("%pB", cases[i]), want);
	}
	munmap(none, (size_t)page);
}
END_TEST

/* Readable, but no descriptor of anything: its "entry" names no symbol,
 * so the argument prints, on every ABI alike.  On the heap: a static one
 * is a data object, which %pS names. */
START_TEST(readable_non_descriptor)
{
	uintptr_t *not_a_descriptor = calloc(3, sizeof *not_a_descriptor);
	ck_assert_ptr_nonnull(not_a_descriptor);
	not_a_descriptor[0] = 0x1234;
	not_a_descriptor[1] = 0x5678;
	const void *p = not_a_descriptor;
	const char *want = hex((uintptr_t)p);
	ck_assert_str_eq(fmt1("%pF", p), want);
	ck_assert_str_eq(fmt1("%pf", p), want);
	ck_assert_str_eq(fmt1("%pS", p), want);
	int local = 0;
	ck_assert_str_eq(fmt1("%pF", &local), hex((uintptr_t)&local));
	free(not_a_descriptor);
}
END_TEST

#if XP_TEST_DESCRIPTORS
/* nm --synthetic: the ".name" code symbols binutils derives from .opd. */
static uintptr_t synthetic_entry(const char *file, const char *name)
{
	char cmd[4400], host[4200], line[1024];
	snprintf(cmd, sizeof cmd, XP_TEST_NM " --synthetic --defined-only '%s' 2>/dev/null",
		 oracle_host_path(file, host, sizeof host));
	FILE *p = popen(cmd, "r");
	ck_assert_ptr_nonnull(p);
	uintptr_t found = 0;
	while (fgets(line, sizeof line, p)) {
		unsigned long long v;
		char cls, sym[512];
		if (sscanf(line, "%llx %c %511s", &v, &cls, sym) == 3 && sym[0] == '.' &&
		    !strcmp(sym + 1, name))
			found = (uintptr_t)v;
	}
	pclose(p);
	return found;
}
#endif

/* Every descriptor nm lists: %pS of its address names its function, the
 * entry agrees with nm --synthetic (descriptor ABIs only). */
START_TEST(descriptors_against_nm)
{
#if XP_TEST_DESCRIPTORS
	static const struct { const void *fn; const char *name; } f[] = {
		{ FN(desc_static), "desc_static" },
		{ FN(desc_global), "desc_global" },
		{ FN(desc_caller), "desc_caller" },
	};
	for (size_t i = 0; i < sizeof f / sizeof f[0]; i++) {
		uintptr_t code = synthetic_entry(prog_path, f[i].name);
		ck_assert_msg(code != 0, "nm --synthetic lacks .%s", f[i].name);
		ck_assert_uint_eq(oracle_symbol_start(&prog, f[i].name), code + prog_bias);
		char want[8][256];
		ck_assert_uint_ge(oracle_expect(&prog, code + prog_bias, 0, want, 8), 1);
		ck_assert_str_eq(fmt1("%pF", f[i].fn), want[0]);
	}
	/* nm's data-class symbols in .opd: each descriptor address, through
	 * %pS, names the function. */
	char cmd[4400], host[4200], line[1024];
	snprintf(cmd, sizeof cmd, XP_TEST_NM " -S --defined-only '%s' 2>/dev/null",
		 oracle_host_path(prog_path, host, sizeof host));
	FILE *p = popen(cmd, "r");
	ck_assert_ptr_nonnull(p);
	size_t checked = 0, bad = 0;
	while (fgets(line, sizeof line, p)) {
		unsigned long long v, size;
		char cls, name[512];
		if (sscanf(line, "%llx %llx %c %511s", &v, &size, &cls, name) != 4 ||
		    (cls != 'D' && cls != 'd' && cls != 'W'))
			continue;
		uintptr_t start = oracle_symbol_start(&prog, name);
		if (!start || start == (uintptr_t)v + prog_bias)
			continue; /* data, or not a descriptor */
		char want[8][256];
		size_t n = oracle_expect(&prog, start, 0, want, 8);
		const char *got = fmt1("%pS", (void *)((uintptr_t)v + prog_bias));
		int ok = 0;
		for (size_t k = 0; k < n; k++)
			ok |= !strcmp(got, want[k]);
		if (!ok && bad++ < 5)
			fprintf(stderr, "descriptor %s: got %s want %s\n", name, got, n ? want[0] : "?");
		checked++;
	}
	pclose(p);
	fprintf(stderr, "descriptors of %s: %zu checked, %zu mismatches\n", prog_path, checked, bad);
	ck_assert_uint_ge(checked, 4);
	ck_assert_uint_eq(bad, 0);
#else
	/* No descriptors: a function pointer is the code address nm gives. */
	ck_assert_uint_eq(oracle_symbol_start(&prog, "desc_global"), (uintptr_t)FN(desc_global));
	ck_assert_uint_eq(oracle_symbol_start(&prog, "desc_static"), (uintptr_t)FN(desc_static));
#endif
}
END_TEST

int main(void)
{
	Suite *s = suite_create("desc_symbols");
	TCase *tc = tcase_create("desc_symbols");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, function_pointer_static);
	tcase_add_test(tc, function_pointer_global);
	tcase_add_test(tc, function_pointer_shared_library);
	tcase_add_test(tc, return_address);
	tcase_add_test(tc, backtrace_never_dereferences);
	tcase_add_test(tc, bad_function_pointers);
	tcase_add_test(tc, readable_non_descriptor);
	tcase_add_test(tc, descriptors_against_nm);
	suite_add_tcase(s, tc);
	return check_run(s);
}
