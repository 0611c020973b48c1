/* test_symtab_cache.c - the cache of printed symbol texts (symtab/cache.c):
 * every answer it gives must be the one the index gives without it.  The
 * expected texts are built here with glibc's snprintf from a direct index
 * lookup; addresses that share cache entries, an object unloaded and
 * another loaded at the same place, an index drop, and a signal handler
 * that interrupts a write to the very entry it needs. */
#define _GNU_SOURCE
#include <check.h>
#include <dlfcn.h>
#include <math.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <xprintf.h>

#include "../../symtab/cache.h"
#include "../../symtab/symtab.h"
#include "check_run.h"
#include "oracle.h"

/* A function's code address (the cache keys code, not descriptors). */
#define FN(f) ((void *)oracle_code((const void *)(uintptr_t)(f)))

__attribute__((noinline, used)) int cache_prog_function(int x)
{
	return x * 3;
}

static double (*volatile keep_libm)(double) = cos;

/* A function named as a C++ compiler names app::Printer::print(int). */
__attribute__((noinline, used)) int cache_mangled(int x) __asm__("_ZN3app7Printer5printEi");
__attribute__((noinline, used)) int cache_mangled(int x)
{
	return x * 5;
}

/* A span of a few hundred instructions, all of them inlined code, in a
 * function named as a C++ compiler names app::Logger::write(int volatile*):
 * every form of an address in it prints a text of its own. */
#define STORE4 *p = 1; *p = 2; *p = 3; *p = 4;
#define STORE16 STORE4 STORE4 STORE4 STORE4
static inline __attribute__((always_inline)) void cache_span_body(volatile int *p)
{
	STORE16 STORE16 STORE16 STORE16 STORE16 STORE16 STORE16 STORE16
	STORE16 STORE16 STORE16 STORE16 STORE16 STORE16 STORE16 STORE16
}
#define SPAN_MANGLED "_ZN3app6Logger5writeEPVi"
#define SPAN_DEMANGLED "app::Logger::write(int volatile*)" /* c++filt's */
__attribute__((noinline, used)) void cache_span(volatile int *p) __asm__(SPAN_MANGLED);
__attribute__((noinline, used)) void cache_span(volatile int *p)
{
	cache_span_body(p);
}

/* Functions whose texts take each way of copying a cached text out
 * (up to 16, 32, 64, 128 bytes and more; the last barely fits: the
 * cache takes a text when it has room for the longest offset and size). */
#define PASTE_(a, b) a##b
#define PASTE(a, b) PASTE_(a, b)
#define X5 xxxxx
#define X20 PASTE(PASTE(X5, X5), PASTE(X5, X5))
#define X100 PASTE(PASTE(PASTE(X20, X20), PASTE(X20, X20)), X20)
#define SHORT_NAME PASTE(short_, PASTE(X5, X5))       /* 16 bytes */
#define MEDIUM_NAME PASTE(medium_, X20)               /* 27 */
#define LONG_NAME PASTE(long_, X100)                  /* 105 */
#define LONGER_NAME PASTE(longer_, PASTE(X100, X100)) /* 207 */
#define LONGEST_NAME PASTE(longest_, PASTE(PASTE(X100, X100), PASTE(X100, X100))) /* 408 */
#define NAMED_FUNCTION(name, k) \
	__attribute__((noinline, used)) int name(int x) { return x * (k) + (k); }
NAMED_FUNCTION(tiny_, 3)
NAMED_FUNCTION(SHORT_NAME, 4)
NAMED_FUNCTION(MEDIUM_NAME, 5)
NAMED_FUNCTION(LONG_NAME, 6)
NAMED_FUNCTION(LONGER_NAME, 7)
NAMED_FUNCTION(LONGEST_NAME, 8)
static int (*const named_by_length[])(int) = { tiny_, SHORT_NAME, MEDIUM_NAME, LONG_NAME, LONGER_NAME,
					       LONGEST_NAME };
/* A name longer than an entry: its texts are never cached. */
#define HUGE_NAME PASTE(huge_, PASTE(PASTE(PASTE(X100, X100), PASTE(X100, X100)), PASTE(PASTE(X20, X20), X20)))
NAMED_FUNCTION(HUGE_NAME, 9) /* 465 bytes */

/* Inlined calls, for %pSi: cache_inlines holds cache_twice, inlined
 * (always, whatever the optimisation). */
int cache_sink[8];
static inline __attribute__((always_inline)) void cache_twice(int x)
{
	cache_sink[x & 7] = x * 2 + 1;
}
__attribute__((noinline, used)) void cache_inlines(int x)
{
	cache_twice(x);
	cache_twice(x + 3);
}

/* What %pS (with_offset) or %ps must print for addr, from the index. */
static void expected(uintptr_t addr, int with_offset, char *out, size_t n)
{
	struct xp_symbol sym;
	struct xp_symtab_hold h;
	if (!xp_symtab_lookup(addr, &sym, &h)) {
		snprintf(out, n, "0x%lx", (unsigned long)addr);
	} else {
		char module[300] = "";
		if (!sym.main_program)
			snprintf(module, sizeof module, " [%s]", sym.module);
		if (with_offset)
			snprintf(out, n, "%.*s+0x%lx/0x%lx%s", (int)sym.name_len, sym.name,
				 (unsigned long)sym.offset, (unsigned long)sym.size, module);
		else
			snprintf(out, n, "%.*s%s", (int)sym.name_len, sym.name, module);
	}
	xp_symtab_release(&h);
}

static void check_prints(uintptr_t addr)
{
	char want[600], got[600];
	expected(addr, 1, want, sizeof want);
	xsnprintf(got, sizeof got, "%pS", (void *)addr);
	ck_assert_str_eq(got, want);
	expected(addr, 0, want, sizeof want);
	xsnprintf(got, sizeof got, "%ps", (void *)addr);
	ck_assert_str_eq(got, want);
}

/* Entry i (0-3) addr's %pS text may occupy: 0 and 1 are the first
 * hash's pair of neighbours, 2 and 3 the second's. */
static size_t plain_slot(uintptr_t addr, int i)
{
	return xp_symcache_slot(addr, XP_SYMTEXT_PLAIN, i);
}

/* Whether the %pS text of addr is cached (cached_name: the %ps one). */
static int cached(uintptr_t addr)
{
	struct xp_symtext t;
	return xp_symcache_get(addr, XP_SYMTEXT_PLAIN, &t);
}

static int cached_name(uintptr_t addr)
{
	struct xp_symtext t;
	return xp_symcache_get(addr, XP_SYMTEXT_NAME, &t);
}

START_TEST(second_print_comes_from_the_cache)
{
	ck_assert_int_eq(xprintf_symbols_preload(), 0);
	uintptr_t a[] = { (uintptr_t)FN(cache_prog_function), (uintptr_t)FN(abort) + 3,
			  (uintptr_t)FN(keep_libm) };
	for (size_t i = 0; i < sizeof a / sizeof *a; i++) {
		char got[600];
		xsnprintf(got, sizeof got, "%pS", (void *)a[i]);
		ck_assert(!cached(a[i])); /* a first miss is only remembered */
		check_prints(a[i]);
		ck_assert(cached(a[i]));
		check_prints(a[i]); /* now from the cache */
		struct xp_symtext t;
		char want[600];
		expected(a[i], 1, want, sizeof want);
		ck_assert(xp_symcache_get(a[i], XP_SYMTEXT_PLAIN, &t));
		ck_assert_str_eq((t.text[t.len] = 0, t.text), want);
	}
	/* a width: the cached text is padded as any other */
	char got[600], want[600];
	xsnprintf(got, sizeof got, "%-40pS|", FN(abort));
	expected((uintptr_t)FN(abort), 1, want, sizeof want);
	ck_assert_int_eq(strlen(got), strlen(want) > 40 ? strlen(want) + 1 : 41);
	ck_assert_int_eq(strncmp(got, want, strlen(want)), 0);
}
END_TEST

/* Whatever the room left in the output, a first miss (written straight
 * into the output when it fits), a second one (through the cache's copy)
 * and a hit print what glibc's snprintf prints of the index's text: the
 * same truncation, return value and untouched bytes past the end. */
START_TEST(every_path_into_any_room)
{
	ck_assert_int_eq(xprintf_symbols_preload(), 0);
	const size_t sizes[] = { 0, 1, 7, 20, 40, 600 };
	const char *const fmts[][2] = { { "%pS", "%s" }, { "%ps", "%s" }, { "ab%pS|", "ab%s|" } };
	for (size_t f = 0; f < sizeof fmts / sizeof *fmts; f++) {
		for (size_t k = 0; k < sizeof sizes / sizeof *sizes; k++) {
			/* a fresh address per size: its first print is a first miss */
			uintptr_t a = (uintptr_t)FN(abort) + 1 + f * 8 + k;
			char text[600];
			expected(a, strstr(fmts[f][0], "pS") != NULL, text, sizeof text);
			for (int turn = 0; turn < 3; turn++) { /* first miss, second miss, hit */
				char got[700], want[700];
				memset(got, '#', sizeof got);
				memset(want, '#', sizeof want);
				int n = xsnprintf(got, sizes[k], fmts[f][0], (void *)a);
				int m = snprintf(want, sizes[k], fmts[f][1], text);
				ck_assert_int_eq(n, m);
				ck_assert_msg(!memcmp(got, want, sizeof got), "%s, %zu bytes, turn %d", fmts[f][0],
					      sizes[k], turn);
			}
		}
	}
}
END_TEST

/* "<fmt>" of addr into every room around text's length prints what
 * glibc's snprintf prints of "<text>": the same truncation and return
 * value, and no byte past the end touched. */
static void check_room(uintptr_t addr, const char *fmt, const char *text)
{
	size_t len = strlen(text);
	const size_t sizes[] = { 0, 1, len / 2, len - 1, len, len + 1, len + 2, len + 3, 800 };
	char wrapped[16];
	snprintf(wrapped, sizeof wrapped, "<%s>", fmt);
	for (size_t k = 0; k < sizeof sizes / sizeof *sizes; k++) {
		char got[900], want[900];
		memset(got, '#', sizeof got);
		memset(want, '#', sizeof want);
		int n = xsnprintf(got, sizes[k], wrapped, (void *)addr);
		int m = snprintf(want, sizes[k], "<%s>", text);
		ck_assert_int_eq(n, m);
		ck_assert_msg(!memcmp(got, want, sizeof got), "%s: %zu bytes, room %zu", fmt, len, sizes[k]);
	}
}

/* A hit copies texts of every length into any room as a miss writes
 * them: what glibc's snprintf prints of the index's text, with the same
 * truncation and return value, and no byte past the end touched. */
START_TEST(every_length_through_a_hit)
{
	ck_assert_int_eq(xprintf_symbols_preload(), 0);
	for (size_t f = 0; f < sizeof named_by_length / sizeof *named_by_length; f++) {
		uintptr_t a = (uintptr_t)FN(named_by_length[f]) + 1;
		char text[600];
		expected(a, 1, text, sizeof text);
		for (int turn = 0; turn < 2; turn++) /* a second miss fills */
			check_prints(a);
		ck_assert_msg(cached(a), "%s", text);
		check_room(a, "%pS", text);
	}
}
END_TEST

/* What %pSl (with_offset) or %psl must print for addr. */
static void expected_line(uintptr_t addr, int with_offset, char *out, size_t n)
{
	expected(addr, with_offset, out, n);
	struct xp_symbol sym;
	struct xp_symtab_hold h;
	const char *file;
	size_t file_len;
	unsigned line;
	if (xp_symtab_lookup(addr, &sym, &h) && xp_symtab_srcline(&sym, addr, &file, &file_len, &line))
		snprintf(out + strlen(out), n - strlen(out), " (%.*s:%u)", (int)file_len, file, line);
	xp_symtab_release(&h);
}

/* The line form is cached apart from the plain one, both at once. */
START_TEST(line_form_beside_the_plain_one)
{
	ck_assert_int_eq(xprintf_symbols_preload(), 0);
	uintptr_t a = (uintptr_t)FN(cache_prog_function) + 1;
	char want[900], got[900], plain[600];
	expected_line(a, 1, want, sizeof want);
	ck_assert_msg(strstr(want, "test_symtab_cache.c:") != NULL, "%s", want);
	expected(a, 1, plain, sizeof plain);
	for (int round = 0; round < 3; round++) {
		xsnprintf(got, sizeof got, "%pSl", (void *)a);
		ck_assert_str_eq(got, want);
		xsnprintf(got, sizeof got, "%pS", (void *)a);
		ck_assert_str_eq(got, plain);
	}
	struct xp_symtext t;
	ck_assert(xp_symcache_get(a, XP_SYMTEXT_LINE, &t));
	ck_assert(xp_symcache_get(a, XP_SYMTEXT_PLAIN, &t));
	xsnprintf(got, sizeof got, "%pSl", (void *)a); /* from the cache */
	ck_assert_str_eq(got, want);
	expected_line(a, 0, want, sizeof want);
	xsnprintf(got, sizeof got, "%psl", (void *)a);
	ck_assert_str_eq(got, want);
	/* libc: with its debug file's lines if installed, else without a suffix */
	uintptr_t c = (uintptr_t)FN(abort);
	expected_line(c, 1, want, sizeof want);
	xsnprintf(got, sizeof got, "%pSRl", (void *)c);
	xsnprintf(got, sizeof got, "%pSRl", (void *)c);
	ck_assert_str_eq(got, want);
	ck_assert(xp_symcache_get(c, XP_SYMTEXT_LINE, &t));
}
END_TEST

/* The two forms of an address have places of their own: a program that
 * prints both of one call site and another address hashed to the plain
 * form's very places keeps all three texts cached. */
START_TEST(line_form_has_places_of_its_own)
{
	ck_assert_int_eq(xprintf_symbols_preload(), 0);
	uintptr_t a = (uintptr_t)FN(abort) + 2, b = 0;
	size_t s0 = plain_slot(a, 0), s1 = plain_slot(a, 2);
	char got[900];
	for (uintptr_t p = a + 1; !b && p < a + (64u << 20); p++)
		if (plain_slot(p, 0) == s0 && plain_slot(p, 2) == s1 &&
		    (xsnprintf(got, sizeof got, "%pS", (void *)p), strncmp(got, "0x", 2) != 0))
			b = p;
	ck_assert_msg(b, "no named address shares both places of %p", (void *)a);
	xprintf_symbols_set_debug_path(NULL); /* every entry stale */
	ck_assert_int_eq(xprintf_symbols_preload(), 0);
	for (int turn = 0; turn < 2; turn++) { /* a second miss fills */
		xsnprintf(got, sizeof got, "%pS", (void *)a);
		xsnprintf(got, sizeof got, "%pSl", (void *)a);
	}
	for (int turn = 0; turn < 2; turn++)
		xsnprintf(got, sizeof got, "%pS", (void *)b);
	struct xp_symtext t;
	ck_assert(xp_symcache_get(a, XP_SYMTEXT_PLAIN, &t));
	ck_assert(xp_symcache_get(a, XP_SYMTEXT_LINE, &t));
	ck_assert(xp_symcache_get(b, XP_SYMTEXT_PLAIN, &t));
	check_prints(a);
	check_prints(b);
}
END_TEST

/* Append to out (n bytes) as snprintf would. */
static __attribute__((format(printf, 3, 4))) void append(char *out, size_t n, const char *fmt, ...)
{
	size_t len = strlen(out);
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(out + len, n - len, fmt, ap);
	va_end(ap);
}

/* What %pSi (with_offset) or %psi must print for addr: the inlined calls
 * there, innermost first ("??" for what is unknown), else the line as
 * %pSl prints it. */
static void expected_inline(uintptr_t addr, int with_offset, char *out, size_t n)
{
	expected(addr, with_offset, out, n);
	struct xp_symbol sym;
	struct xp_symtab_hold h;
	const char *file = NULL, *name;
	size_t file_len = 0, name_len;
	unsigned line = 0;
	struct xp_inline_walk w;
	if (xp_symtab_lookup(addr, &sym, &h)) {
		int has_line = xp_symtab_srcline(&sym, addr, &file, &file_len, &line);
		if (!has_line)
			file = NULL, file_len = 0, line = 0;
		if (xp_symtab_inlines(&sym, addr, &w)) {
			append(out, n, " (");
			const char *call_file;
			size_t call_file_len;
			unsigned call_line;
			while (xp_symtab_inline_next(&w, &name, &name_len, &call_file, &call_file_len, &call_line)) {
				append(out, n, "%.*s:%u in %.*s; ", file ? (int)file_len : 2, file ? file : "??", line,
				       name ? (int)name_len : 2, name ? name : "??");
				file = call_file, file_len = call_file_len, line = call_line;
			}
			append(out, n, "%.*s:%u)", file ? (int)file_len : 2, file ? file : "??", line);
		} else if (has_line) {
			append(out, n, " (%.*s:%u)", (int)file_len, file, line);
		}
	}
	xp_symtab_release(&h);
}

/* An address inside cache_inlines that inlined code covers. */
static uintptr_t inlined_address(void)
{
	uintptr_t code = (uintptr_t)FN(cache_inlines);
	char text[900];
	for (uintptr_t off = 0; off < 64; off++) {
		expected_inline(code + off, 1, text, sizeof text);
		if (strstr(text, " in cache_twice; "))
			return code + off;
	}
	ck_abort_msg("no inlined call found in cache_inlines");
	return 0;
}

/* The i forms' texts: the first print is only remembered, the second
 * fills, the third comes from the cache, all three the text made from the
 * index; with inlined calls, without (then the l form's text), in this
 * program, a library loaded later and libc. */
START_TEST(inline_form_from_the_cache)
{
	ck_assert_int_eq(xprintf_symbols_preload(), 0);
	void *h = dlopen(FIXTURE_DIR "/libxpfix_late.so", RTLD_NOW | RTLD_LOCAL);
	ck_assert_ptr_nonnull(h);
	uintptr_t a[] = { inlined_address(), (uintptr_t)FN(cache_prog_function) + 1, (uintptr_t)FN(abort) + 3,
			  oracle_code(dlsym(h, "late_global")) };
	static const char *const fmts[] = { "%pSi", "%psi" };
	static const enum xp_symtext_form forms[] = { XP_SYMTEXT_INLINE, XP_SYMTEXT_NAME_INLINE };
	for (size_t i = 0; i < sizeof a / sizeof *a; i++)
		for (int f = 0; f < 2; f++) {
			char want[900], line_form[900], got[900];
			expected_inline(a[i], !f, want, sizeof want);
			expected_line(a[i], !f, line_form, sizeof line_form);
			if (i == 0)
				ck_assert_msg(strcmp(want, line_form) != 0, "%s", want);
			struct xp_symtext t;
			for (int turn = 0; turn < 3; turn++) { /* first miss, second miss (fills), hit */
				ck_assert_int_eq(xp_symcache_get(a[i], forms[f], &t), turn == 2);
				ck_assert_int_eq(xsnprintf(got, sizeof got, fmts[f], (void *)a[i]), (int)strlen(want));
				ck_assert_str_eq(got, want);
			}
			ck_assert(xp_symcache_get(a[i], forms[f], &t));
			ck_assert_str_eq((t.text[t.len] = 0, t.text), want);
			/* the spellings of the i form share its entry */
			xsnprintf(got, sizeof got, f ? "%psli" : "%pSRi", (void *)a[i]);
			ck_assert_str_eq(got, want);
		}
	ck_assert_int_eq(dlclose(h), 0);
}
END_TEST

/* An address's i and l forms, even where their texts are the same, are
 * entries of their own: neither is served from the other's, in whichever
 * order they are printed and filled. */
START_TEST(inline_and_line_forms_apart)
{
	ck_assert_int_eq(xprintf_symbols_preload(), 0);
	uintptr_t a[] = { inlined_address(), (uintptr_t)FN(cache_prog_function) + 1 };
	for (size_t i = 0; i < sizeof a / sizeof *a; i++)
		for (int order = 0; order < 2; order++) {
			xprintf_symbols_set_debug_path(NULL); /* every entry stale */
			ck_assert_int_eq(xprintf_symbols_preload(), 0);
			char want_i[900], want_l[900], got[900];
			expected_inline(a[i], 1, want_i, sizeof want_i);
			expected_line(a[i], 1, want_l, sizeof want_l);
			const char *first = order ? "%pSl" : "%pSi";
			enum xp_symtext_form first_form = order ? XP_SYMTEXT_LINE : XP_SYMTEXT_INLINE,
					     other_form = order ? XP_SYMTEXT_INLINE : XP_SYMTEXT_LINE;
			struct xp_symtext t;
			for (int turn = 0; turn < 3; turn++) {
				xsnprintf(got, sizeof got, first, (void *)a[i]);
				ck_assert_str_eq(got, order ? want_l : want_i);
			}
			ck_assert(xp_symcache_get(a[i], first_form, &t));
			ck_assert(!xp_symcache_get(a[i], other_form, &t));
			for (int turn = 0; turn < 3; turn++) { /* both, taking turns */
				xsnprintf(got, sizeof got, "%pSi", (void *)a[i]);
				ck_assert_str_eq(got, want_i);
				xsnprintf(got, sizeof got, "%pSl", (void *)a[i]);
				ck_assert_str_eq(got, want_l);
			}
			ck_assert(xp_symcache_get(a[i], XP_SYMTEXT_INLINE, &t));
			ck_assert_str_eq((t.text[t.len] = 0, t.text), want_i);
			ck_assert(xp_symcache_get(a[i], XP_SYMTEXT_LINE, &t));
			ck_assert_str_eq((t.text[t.len] = 0, t.text), want_l);
			ck_assert(!xp_symcache_get(a[i], XP_SYMTEXT_NAME_INLINE, &t));
			ck_assert(!xp_symcache_get(a[i], XP_SYMTEXT_PLAIN, &t));
		}
}
END_TEST

/* Texts longer than an entry: printed whole, with the return value of
 * the whole, truncated as snprintf truncates, and never cached. */
START_TEST(inline_text_too_long_for_an_entry)
{
	ck_assert_int_eq(xprintf_symbols_preload(), 0);
	uintptr_t a = (uintptr_t)FN(HUGE_NAME) + 1;
	static const char *const fmts[] = { "%pSi", "%psi" };
	static const enum xp_symtext_form forms[] = { XP_SYMTEXT_INLINE, XP_SYMTEXT_NAME_INLINE };
	for (int f = 0; f < 2; f++) {
		char text[900];
		expected_inline(a, !f, text, sizeof text);
		ck_assert_uint_gt(strlen(text), XP_SYMTEXT_MAX);
		const size_t sizes[] = { 0, XP_SYMTEXT_MAX, strlen(text), strlen(text) + 1, 900 };
		for (int turn = 0; turn < 3; turn++)
			for (size_t k = 0; k < sizeof sizes / sizeof *sizes; k++) {
				char got[1000], want[1000];
				memset(got, '#', sizeof got);
				memset(want, '#', sizeof want);
				int n = xsnprintf(got, sizes[k], fmts[f], (void *)a);
				int m = snprintf(want, sizes[k], "%s", text);
				ck_assert_int_eq(n, m);
				ck_assert_msg(!memcmp(got, want, sizeof got), "%s, room %zu, turn %d", fmts[f], sizes[k],
					      turn);
				struct xp_symtext t;
				ck_assert(!xp_symcache_get(a, forms[f], &t));
			}
	}
}
END_TEST

/* What %pB must print for the return address ret in a form (0, l, i):
 * the text of ret - 1, whose offset it prints one more. */
static void expected_backtrace(uintptr_t ret, char form, char *out, size_t n)
{
	char at[900];
	if (form == 'i')
		expected_inline(ret - 1, 1, at, sizeof at);
	else if (form == 'l')
		expected_line(ret - 1, 1, at, sizeof at);
	else
		expected(ret - 1, 1, at, sizeof at);
	char *off = strstr(at, "+0x");
	ck_assert_msg(off != NULL, "%s", at);
	char *rest;
	unsigned long v = strtoul(off + 3, &rest, 16);
	snprintf(out, n, "%.*s+0x%lx%s", (int)(off - at), at, v + 1, rest);
}

/* %pB's forms are cached under the address looked up (one before the
 * return address), apart from the %pS forms of that very address, whose
 * offsets they print one more: whichever is printed first, each prints
 * its own text from the cache.  A hit copies into any room as a miss. */
START_TEST(backtrace_forms_apart_from_the_symbol_ones)
{
	ck_assert_int_eq(xprintf_symbols_preload(), 0);
	uintptr_t ret[] = { inlined_address() + 1, (uintptr_t)FN(cache_prog_function) + 2,
			    (uintptr_t)FN(abort) + 4, (uintptr_t)FN(LONG_NAME) + 3 };
	static const char letters[] = { 0, 'l', 'i' };
	static const enum xp_symtext_form b_forms[] = { XP_SYMTEXT_BACKTRACE, XP_SYMTEXT_BACKTRACE_LINE,
							XP_SYMTEXT_BACKTRACE_INLINE },
					  s_forms[] = { XP_SYMTEXT_PLAIN, XP_SYMTEXT_LINE, XP_SYMTEXT_INLINE };
	for (size_t i = 0; i < sizeof ret / sizeof *ret; i++)
		for (size_t f = 0; f < sizeof letters; f++)
			for (int b_first = 0; b_first < 2; b_first++) {
				/* each order at an address of its own: nothing cached before */
				uintptr_t r = ret[i] + (uintptr_t)b_first;
				char want_b[900], want_s[900], fmt_b[8], fmt_s[8], got[900];
				expected_backtrace(r, letters[f], want_b, sizeof want_b);
				if (letters[f] == 'i')
					expected_inline(r - 1, 1, want_s, sizeof want_s);
				else if (letters[f] == 'l')
					expected_line(r - 1, 1, want_s, sizeof want_s);
				else
					expected(r - 1, 1, want_s, sizeof want_s);
				ck_assert_str_ne(want_b, want_s);
				snprintf(fmt_b, sizeof fmt_b, "%%pB%.1s", &letters[f]);
				snprintf(fmt_s, sizeof fmt_s, "%%pS%.1s", &letters[f]);
				struct xp_symtext t;
				ck_assert(!xp_symcache_get(r - 1, b_forms[f], &t));
				for (int turn = 0; turn < 3; turn++) { /* misses, then hits */
					if (b_first) {
						xsnprintf(got, sizeof got, fmt_b, (void *)r);
						ck_assert_str_eq(got, want_b);
					}
					xsnprintf(got, sizeof got, fmt_s, (void *)(r - 1));
					ck_assert_str_eq(got, want_s);
					if (!b_first) {
						xsnprintf(got, sizeof got, fmt_b, (void *)r);
						ck_assert_str_eq(got, want_b);
					}
				}
				ck_assert(xp_symcache_get(r - 1, b_forms[f], &t));
				ck_assert_str_eq((t.text[t.len] = 0, t.text), want_b);
				ck_assert(xp_symcache_get(r - 1, s_forms[f], &t));
				ck_assert_str_eq((t.text[t.len] = 0, t.text), want_s);
				ck_assert(!xp_symcache_get(r, b_forms[f], &t));
				check_room(r, fmt_b, want_b);
			}
}
END_TEST

/* The b forms of a symbol in this program: " [program build-id]" after
 * the name and its offset, where the other forms print no module. */
static void add_build_id(uintptr_t addr, char *out, size_t n)
{
	struct xp_symbol sym;
	struct xp_symtab_hold h;
	ck_assert(xp_symtab_lookup(addr, &sym, &h));
	ck_assert(sym.main_program && sym.build_id_len > 0);
	char *at = strstr(out, SPAN_MANGLED), id[100] = "", rest[900];
	ck_assert_msg(at != NULL, "%s", out);
	at += strcspn(at, " ");
	for (size_t i = 0; i < sym.build_id_len; i++)
		snprintf(id + 2 * i, sizeof id - 2 * i, "%02x", sym.build_id[i]);
	snprintf(rest, sizeof rest, "%s", at);
	snprintf(at, n - (size_t)(at - out), " [%.*s %s]%s", (int)sym.module_len, sym.module, id, rest);
	xp_symtab_release(&h);
}

/* What a form of any kind must print for addr (its %pB forms print
 * addr + 1), and with which format. */
static void expected_form(enum xp_symtext_form form, uintptr_t addr, char *out, size_t n)
{
	unsigned base = (unsigned)form & ~(unsigned)(XP_SYMTEXT_DEMANGLE_BIT | XP_SYMTEXT_BUILD_ID_BIT);
	int with_offset = !(base & XP_SYMTEXT_NAME);
	if (base & XP_SYMTEXT_BACKTRACE_BIT)
		expected_backtrace(addr + 1, base & XP_SYMTEXT_INLINE_BIT ? 'i' : base & XP_SYMTEXT_LINE ? 'l' : 0,
				   out, n);
	else if (base & XP_SYMTEXT_INLINE_BIT)
		expected_inline(addr, with_offset, out, n);
	else if (base & XP_SYMTEXT_LINE)
		expected_line(addr, with_offset, out, n);
	else
		expected(addr, with_offset, out, n);
	if ((unsigned)form & XP_SYMTEXT_BUILD_ID_BIT)
		add_build_id(addr, out, n);
	if (!((unsigned)form & XP_SYMTEXT_DEMANGLE_BIT))
		return;
	char *at = strstr(out, SPAN_MANGLED), rest[900];
	ck_assert_msg(at != NULL, "%s", out);
	snprintf(rest, sizeof rest, "%s", at + strlen(SPAN_MANGLED));
	snprintf(at, n - (size_t)(at - out), "%s%s", SPAN_DEMANGLED, rest);
}

static void form_format(enum xp_symtext_form form, char fmt[8])
{
	unsigned f = (unsigned)form;
	snprintf(fmt, 8, "%%p%c%s%s%s", f & XP_SYMTEXT_BACKTRACE_BIT ? 'B' : f & XP_SYMTEXT_NAME ? 's' : 'S',
		 f & XP_SYMTEXT_BUILD_ID_BIT ? "b" : "", f & XP_SYMTEXT_DEMANGLE_BIT ? "C" : "",
		 f & XP_SYMTEXT_INLINE_BIT ? "i" : f & XP_SYMTEXT_LINE ? "l" : "");
}

/* Two forms of one address whose places share an entry: the text of the
 * first, filled there, is never the answer for the second, whichever bit
 * of the form tells them apart (l, s, i, B, C or b).  (Forms have places of their own, so
 * only an address whose places meet shows that an entry's key and stored
 * form keep every bit.) */
START_TEST(forms_sharing_an_entry_stay_apart)
{
	static const enum xp_symtext_form base[] = {
		XP_SYMTEXT_PLAIN,     XP_SYMTEXT_LINE,	     XP_SYMTEXT_NAME,
		XP_SYMTEXT_NAME_LINE, XP_SYMTEXT_INLINE,     XP_SYMTEXT_NAME_INLINE,
		XP_SYMTEXT_BACKTRACE, XP_SYMTEXT_BACKTRACE_LINE, XP_SYMTEXT_BACKTRACE_INLINE,
	};
	enum { NB = sizeof base / sizeof *base, NF = 4 * NB };
	static const unsigned letters[] = { 0, XP_SYMTEXT_DEMANGLE_BIT, XP_SYMTEXT_BUILD_ID_BIT,
					    XP_SYMTEXT_DEMANGLE_BIT | XP_SYMTEXT_BUILD_ID_BIT };
	enum xp_symtext_form forms[NF];
	for (size_t i = 0; i < NF; i++)
		forms[i] = (enum xp_symtext_form)(base[i % NB] | letters[i / NB]);
	ck_assert_int_eq(xprintf_symbols_preload(), 0);
	uintptr_t span = (uintptr_t)FN(cache_span);
	struct xp_symbol sym;
	struct xp_symtab_hold h;
	ck_assert(xp_symtab_lookup(span, &sym, &h));
	uintptr_t span_size = sym.size;
	xp_symtab_release(&h);
	int pairs = 0;
	for (size_t i = 0; i < NF; i++)
		for (size_t j = 0; j < NF; j++) {
			unsigned diff = (unsigned)forms[i] ^ (unsigned)forms[j];
			if (i == j || (diff & (diff - 1)))
				continue; /* one bit apart, in either order */
			enum xp_symtext_form f1 = forms[i], f2 = forms[j];
			char want1[900], want2[900], fmt1[8], fmt2[8], got[900];
			uintptr_t a = 0;
			size_t shared = 0;
			for (uintptr_t p = span; !a && p + 1 < span + span_size; p++) {
				shared = xp_symcache_slot(p, f1, 0);
				for (int k = 0; !a && k < 4; k++)
					if (xp_symcache_slot(p, f2, k) == shared) {
						expected_form(f1, p, want1, sizeof want1);
						expected_form(f2, p, want2, sizeof want2);
						if (strcmp(want1, want2) != 0)
							a = p;
					}
			}
			form_format(f1, fmt1);
			form_format(f2, fmt2);
			ck_assert_msg(a, "no address in the span where %s and %s share an entry", fmt1, fmt2);
			uintptr_t arg1 = a + !!(f1 & XP_SYMTEXT_BACKTRACE_BIT), arg2 = a + !!(f2 & XP_SYMTEXT_BACKTRACE_BIT);
			struct xp_symtext t;
			/* the cache is empty: the second miss fills the first place */
			for (int turn = 0; turn < 2; turn++) {
				xsnprintf(got, sizeof got, fmt1, (void *)arg1);
				ck_assert_str_eq(got, want1);
			}
			ck_assert(xp_symcache_get(a, f1, &t));
			for (int turn = 0; turn < 3; turn++) {
				xsnprintf(got, sizeof got, fmt2, (void *)arg2);
				ck_assert_msg(!strcmp(got, want2), "%s after %s: %s, not %s", fmt2, fmt1, got, want2);
			}
			ck_assert(xp_symcache_get(a, f2, &t));
			ck_assert_str_eq((t.text[t.len] = 0, t.text), want2);
			ck_assert(xp_symcache_get(a, f1, &t));
			ck_assert_str_eq((t.text[t.len] = 0, t.text), want1);
			/* the first text was in the shared entry; then empty the
			 * places of both for the next pair */
			ck_assert(xp_symcache_test_claim(shared, ""));
			ck_assert(!xp_symcache_get(a, f1, &t));
			xp_symcache_test_release(shared);
			for (int k = 0; k < 8; k++) {
				size_t slot = xp_symcache_slot(a, k < 4 ? f1 : f2, k & 3);
				if (xp_symcache_test_claim(slot, ""))
					xp_symcache_test_release(slot);
			}
			ck_assert(!xp_symcache_get(a, f1, &t) && !xp_symcache_get(a, f2, &t));
			pairs++;
		}
	ck_assert_int_eq(pairs, 168); /* 84 pairs one bit apart, both orders */
}
END_TEST

/* The C forms are entries of their own, beside the forms without C: each
 * served the text its first, uncached print made, with the name demangled
 * as c++filt prints _ZN3app7Printer5printEi, or not.  A hit copies into
 * any room as a miss. */
START_TEST(demangled_forms_apart)
{
	static const struct {
		const char *with_c, *without;
		enum xp_symtext_form form;
		int backtrace;
	} forms[] = {
		{ "%pSC", "%pS", XP_SYMTEXT_PLAIN, 0 },       { "%psC", "%ps", XP_SYMTEXT_NAME, 0 },
		{ "%pBC", "%pB", XP_SYMTEXT_BACKTRACE, 1 },   { "%pSCl", "%pSl", XP_SYMTEXT_LINE, 0 },
		{ "%pSCi", "%pSi", XP_SYMTEXT_INLINE, 0 },    { "%pBCi", "%pBi", XP_SYMTEXT_BACKTRACE_INLINE, 1 },
	};
	uintptr_t code = (uintptr_t)FN(cache_mangled) + 1;
	for (size_t f = 0; f < sizeof forms / sizeof *forms; f++) {
		xprintf_symbols_set_debug_path(NULL); /* every entry stale */
		ck_assert_int_eq(xprintf_symbols_preload(), 0);
		void *p = (void *)(code + (uintptr_t)forms[f].backtrace);
		char with_c[900], without[900], got[900];
		xsnprintf(with_c, sizeof with_c, forms[f].with_c, p); /* first prints: misses */
		xsnprintf(without, sizeof without, forms[f].without, p);
		ck_assert_msg(!strncmp(with_c, "app::Printer::print(int)", 24), "%s", with_c);
		ck_assert_msg(!strncmp(without, "_ZN3app7Printer5printEi", 23), "%s", without);
		ck_assert_str_eq(with_c + 24, without + 23);
		for (int turn = 0; turn < 3; turn++) { /* the second fills, the third hits */
			xsnprintf(got, sizeof got, forms[f].with_c, p);
			ck_assert_str_eq(got, with_c);
			xsnprintf(got, sizeof got, forms[f].without, p);
			ck_assert_str_eq(got, without);
		}
		struct xp_symtext t;
		enum xp_symtext_form c_form = (enum xp_symtext_form)(forms[f].form | XP_SYMTEXT_DEMANGLE_BIT);
		ck_assert(xp_symcache_get(code, c_form, &t));
		ck_assert_str_eq((t.text[t.len] = 0, t.text), with_c);
		ck_assert(xp_symcache_get(code, forms[f].form, &t));
		ck_assert_str_eq((t.text[t.len] = 0, t.text), without);
		check_room((uintptr_t)p, forms[f].with_c, with_c);
	}
	/* a C name prints the same with C, from an entry of its own */
	uintptr_t a = (uintptr_t)FN(cache_prog_function) + 1;
	char plain[600], got[600];
	expected(a, 1, plain, sizeof plain);
	for (int turn = 0; turn < 3; turn++) {
		xsnprintf(got, sizeof got, "%pSC", (void *)a);
		ck_assert_str_eq(got, plain);
	}
	struct xp_symtext t;
	ck_assert(xp_symcache_get(a, (enum xp_symtext_form)(XP_SYMTEXT_PLAIN | XP_SYMTEXT_DEMANGLE_BIT), &t));
}
END_TEST

/* The same for the i form's texts, which are longer by their suffix:
 * each one that fits an entry is cached, the longest are not, and all
 * print alike. */
START_TEST(every_length_through_a_hit_inline_form)
{
	ck_assert_int_eq(xprintf_symbols_preload(), 0);
	for (size_t f = 0; f < sizeof named_by_length / sizeof *named_by_length; f++) {
		uintptr_t a = (uintptr_t)FN(named_by_length[f]) + 1;
		char text[900], got[900];
		expected_inline(a, 1, text, sizeof text);
		for (int turn = 0; turn < 2; turn++) { /* a second miss fills */
			xsnprintf(got, sizeof got, "%pSi", (void *)a);
			ck_assert_str_eq(got, text);
		}
		struct xp_symtext t;
		ck_assert_msg(xp_symcache_get(a, XP_SYMTEXT_INLINE, &t) == (strlen(text) <= XP_SYMTEXT_MAX), "%zu: %s", f, text);
		check_room(a, "%pSi", text);
	}
}
END_TEST

/* The first address from p on (within 1 MiB) whose entry i (0-3) is
 * slot and that a symbol names, or 0. */
static uintptr_t named_at_place(uintptr_t p, int i, size_t slot)
{
	char got[600];
	for (uintptr_t end = p + (1u << 20); p < end; p++)
		if (plain_slot(p, i) == slot &&
		    (xsnprintf(got, sizeof got, "%pS", (void *)p), strncmp(got, "0x", 2) != 0))
			return p;
	return 0;
}

/* Addresses whose first entry is the same: each still prints its own
 * text, however they evict one another; and a second one finds another
 * place while the first keeps its entry. */
START_TEST(addresses_sharing_an_entry)
{
	ck_assert_int_eq(xprintf_symbols_preload(), 0);
	enum { N = 24 };
	uintptr_t base = (uintptr_t)FN(abort), a[N];
	size_t slot = plain_slot(base, 0), n = 0;
	/* named ones: an address between functions prints in hex, uncached */
	for (uintptr_t p = base; n < N && (a[n] = named_at_place(p, 0, slot)) != 0; p = a[n++] + 1)
		;
	ck_assert_int_eq(n, N);
	/* two of them whose second pairs differ from the first's */
	size_t j = 1;
	while (j < N && plain_slot(a[j], 2) >> 1 == slot >> 1)
		j++;
	ck_assert_int_lt(j, N);
	xprintf_symbols_set_debug_path(NULL); /* every entry stale */
	ck_assert_int_eq(xprintf_symbols_preload(), 0);
	/* A walk over many addresses, each printed once, then the two taking
	 * turns, one print at a time: both end up cached. */
	char got[600];
	for (uintptr_t p = base; p < base + 4096; p++)
		xsnprintf(got, sizeof got, "%ps", (void *)p);
	for (int turn = 0; turn < 3; turn++) {
		xsnprintf(got, sizeof got, "%pS", (void *)a[0]);
		xsnprintf(got, sizeof got, "%pS", (void *)a[j]);
	}
	ck_assert(cached(a[0]));
	ck_assert(cached(a[j]));
	check_prints(a[0]);
	check_prints(a[j]);
	for (int round = 0; round < 5; round++)
		for (size_t i = 0; i < N; i++)
			check_prints(a[(i * 7 + (size_t)round) % N]);
}
END_TEST

/* A hot address whose four places hold four other hot texts: one of
 * those moves to a free place of its own instead of being evicted, and
 * all five stay cached (with either taken out, one would miss at every
 * turn). */
START_TEST(overlapping_places_settle)
{
	ck_assert_int_eq(xprintf_symbols_preload(), 0);
	uintptr_t base = (uintptr_t)FN(abort), k = base;
	while (plain_slot(k, 0) >> 1 == plain_slot(k, 2) >> 1)
		k++; /* four places, not two */
	uintptr_t hot[5];
	int movable = 0;
	for (int i = 0; i < 4; i++) {
		/* the first address after the last whose first place is k's i-th */
		hot[i] = named_at_place(i ? hot[i - 1] + 1 : base, 0, plain_slot(k, i));
		ck_assert_msg(hot[i], "no named address has its first place at k's place %d", i);
		movable |= plain_slot(hot[i], 2) >> 1 != plain_slot(k, 0) >> 1 &&
			   plain_slot(hot[i], 2) >> 1 != plain_slot(k, 2) >> 1;
	}
	ck_assert_msg(movable, "none of the four has a place of its own");
	hot[4] = k;
	xprintf_symbols_set_debug_path(NULL); /* every entry stale */
	ck_assert_int_eq(xprintf_symbols_preload(), 0);
	char got[600];
	for (size_t i = 0; i < 5; i++)
		for (int turn = 0; turn < 2; turn++) /* a second miss fills */
			xsnprintf(got, sizeof got, "%pS", (void *)hot[i]);
	for (size_t i = 0; i < 5; i++) {
		ck_assert_msg(cached(hot[i]), "address %zu of 5 not cached", i);
		check_prints(hot[i]);
	}
}
END_TEST

/* Where the loader has addr's object, and how it ends. */
static void loader_view(uintptr_t addr, uintptr_t view[3])
{
	struct dl_find_object fo;
	ck_assert_int_eq(_dl_find_object((void *)addr, &fo), 0);
	view[0] = (uintptr_t)fo.dlfo_map_start;
	view[1] = (uintptr_t)fo.dlfo_map_end;
	view[2] = (uintptr_t)fo.dlfo_eh_frame;
}

/* A library unloaded: its addresses print in hex at once, though their
 * texts are cached; another one loaded at the same place prints its own.
 * (One with the very same mapping and unwind table address would be taken
 * for the first until the next rescan: the loader offers nothing cheaper
 * to tell them apart, see object_list.c.) */
START_TEST(object_unloaded_and_another_loaded_at_its_place)
{
	ck_assert_int_eq(xprintf_symbols_preload(), 0);
	void *h = dlopen(FIXTURE_DIR "/libxpfix_late.so", RTLD_NOW | RTLD_LOCAL);
	ck_assert_ptr_nonnull(h);
	uintptr_t f = oracle_code(dlsym(h, "late_global")), first[3];
	loader_view(f, first);
	char got[600], hex[64];
	xsnprintf(got, sizeof got, "%ps", (void *)f);
	ck_assert_str_eq(got, "late_global [libxpfix_late.so]");
	xsnprintf(got, sizeof got, "%ps", (void *)f);
	ck_assert_str_eq(got, "late_global [libxpfix_late.so]");
	ck_assert(cached_name(f));
	ck_assert_int_eq(dlclose(h), 0);

	snprintf(hex, sizeof hex, "0x%lx", (unsigned long)f);
	xsnprintf(got, sizeof got, "%pS", (void *)f);
	ck_assert_str_eq(got, hex);
	ck_assert(!cached_name(f));

	/* Another shape first; one of the same shape may only print what the
	 * index says (the first's name, as explained above). */
	const char *others[] = { "padded", "nolines" };
	int same_place = 0;
	for (size_t i = 0; i < sizeof others / sizeof *others; i++) {
		char path[512], name[64];
		snprintf(path, sizeof path, FIXTURE_DIR "/libxpfix_%s.so", others[i]);
		void *o = dlopen(path, RTLD_NOW | RTLD_LOCAL);
		ck_assert_ptr_nonnull(o);
		snprintf(name, sizeof name, "%s_global", others[i]);
		uintptr_t g = oracle_code(dlsym(o, name)), now[3];
		loader_view(g, now);
		same_place = now[0] == first[0] && (now[1] != first[1] || now[2] != first[2]);
		if (same_place) {
			/* f's old text must not come back, first thing */
			xsnprintf(got, sizeof got, "%ps", (void *)f);
			ck_assert_ptr_null(strstr(got, "late_global"));
		}
		check_prints(f);
		check_prints(g);
		char want[600];
		snprintf(want, sizeof want, "%s [libxpfix_%s.so]", name, others[i]);
		xsnprintf(got, sizeof got, "%ps", (void *)g);
		if (same_place || now[0] != first[0])
			ck_assert_str_eq(got, want);
		ck_assert_int_eq(dlclose(o), 0);
		if (same_place)
			break;
	}
	if (!same_place)
		fprintf(stderr, "note: no library of another shape was loaded where the first one was\n");
}
END_TEST

/* Whether the index says addr's object is never unloaded. */
static int permanent_at(uintptr_t addr)
{
	struct xp_symbol sym;
	struct xp_symtab_hold h;
	int permanent = xp_symtab_lookup(addr, &sym, &h) && sym.permanent;
	xp_symtab_release(&h);
	return permanent;
}

static int loader_has(uintptr_t addr)
{
	struct dl_find_object fo;
	return _dl_find_object((void *)addr, &fo) == 0;
}

/* A library marked NODELETE, and the library it needs, are taken to stay
 * (their texts are cached with no loader question per hit); one without
 * the mark is not.  The loader is the oracle: after dlclose() it still
 * has exactly the objects taken to stay, and %pS follows it. */
START_TEST(nodelete_objects_stay)
{
	ck_assert_int_eq(xprintf_symbols_preload(), 0);
	void *keep = dlopen(FIXTURE_DIR "/libxpfix_nodelete.so", RTLD_NOW | RTLD_LOCAL);
	void *late = dlopen(FIXTURE_DIR "/libxpfix_late.so", RTLD_NOW | RTLD_LOCAL);
	ck_assert_ptr_nonnull(keep);
	ck_assert_ptr_nonnull(late);
	uintptr_t a[] = { oracle_code(dlsym(keep, "nodelete_global")), oracle_code(dlsym(keep, "keptdep_global")),
			  oracle_code(dlsym(late, "late_global")) };
	const char *names[] = { "nodelete_global [libxpfix_nodelete.so]", "keptdep_global [libxpfix_keptdep.so]",
				"late_global [libxpfix_late.so]" };
	int stays[3];
	char got[600];
	for (size_t i = 0; i < 3; i++) {
		for (int turn = 0; turn < 2; turn++) { /* the second one fills the cache */
			xsnprintf(got, sizeof got, "%ps", (void *)a[i]);
			ck_assert_str_eq(got, names[i]);
		}
		ck_assert(cached_name(a[i]));
		stays[i] = permanent_at(a[i]);
	}
	ck_assert_msg(stays[0] && stays[1] && !stays[2], "taken to stay: %d %d %d", stays[0], stays[1], stays[2]);
	ck_assert_int_eq(dlclose(keep), 0);
	ck_assert_int_eq(dlclose(late), 0);
	for (size_t i = 0; i < 3; i++) {
		ck_assert_int_eq(loader_has(a[i]), stays[i]);
		check_prints(a[i]);
		xsnprintf(got, sizeof got, "%ps", (void *)a[i]);
		if (stays[i])
			ck_assert_str_eq(got, names[i]);
		else
			ck_assert_int_eq(strncmp(got, "0x", 2), 0);
	}
}
END_TEST

/* However hot keys share places in the filter of keys seen, each is
 * admitted by its third miss: sets of 64 hot addresses, in two forms or
 * in all six, miss in turn (a key admitted stops missing).  Addresses
 * are drawn at random (seeded), so that keys sharing places, and rings of
 * them, turn up; the third miss, not the second, since the filter may
 * have been emptied between a key's first two. */
START_TEST(hot_keys_all_get_in)
{
	enum { SETS = 400, HOT = 64 };
	static const enum xp_symtext_form two[] = { XP_SYMTEXT_PLAIN, XP_SYMTEXT_NAME },
					  six[] = { XP_SYMTEXT_PLAIN, XP_SYMTEXT_LINE, XP_SYMTEXT_NAME,
						    XP_SYMTEXT_NAME_LINE, XP_SYMTEXT_INLINE, XP_SYMTEXT_NAME_INLINE };
	ck_assert_int_eq(xprintf_symbols_preload(), 0); /* the cache is mapped */
	uint64_t state = 0x2545f4914f6cdd1du;
	for (int set = 0; set < SETS; set++) {
		const enum xp_symtext_form *forms = set % 2 ? six : two;
		int nforms = set % 2 ? 6 : 2;
		uintptr_t addr[HOT];
		unsigned admitted[HOT] = { 0 }, all = 0;
		for (int i = 0; i < HOT; i++) {
			state ^= state >> 12, state ^= state << 25, state ^= state >> 27;
			addr[i] = (uintptr_t)(state * 0x2545f4914f6cdd1du >> 17) | 1; /* user space */
		}
		for (int k = 0; k < nforms; k++)
			all |= 1u << forms[k];
		for (int miss = 0; miss < 3; miss++)
			for (int i = 0; i < HOT; i++)
				for (int k = 0; k < nforms; k++) {
					struct xp_symcache_fill f;
					if (admitted[i] >> forms[k] & 1)
						continue;
					xp_symcache_begin(&f, addr[i], forms[k]);
					if (xp_symcache_admits(&f))
						admitted[i] |= 1u << forms[k];
				}
		for (int i = 0; i < HOT; i++)
			ck_assert_msg(admitted[i] == all, "set %d: %#lx admitted in forms %#x of %#x", set,
				      (unsigned long)addr[i], admitted[i], all);
	}
}
END_TEST

/* Before the first index is built the cache's memory is not mapped:
 * nothing is cached, and a fill asked for then is no fill. */
START_TEST(nothing_cached_before_the_first_index)
{
	uintptr_t a = (uintptr_t)FN(abort);
	struct xp_symtext t = { 5, "abort" };
	struct xp_symcache_fill f;
	struct xp_symbol sym = { .permanent = 1 };
	for (int turn = 0; turn < 2; turn++) {
		xp_symcache_begin(&f, a, XP_SYMTEXT_PLAIN);
		ck_assert(!xp_symcache_admits(&f));
		xp_symcache_put(&f, &t, &sym);
		ck_assert(!cached(a));
	}
	for (int turn = 0; turn < 2; turn++) /* the first lookup maps it */
		check_prints(a);
	ck_assert(cached(a));
}
END_TEST

/* An index drop (new debug directories) forgets every cached text. */
START_TEST(index_drop_forgets_the_texts)
{
	ck_assert_int_eq(xprintf_symbols_preload(), 0);
	for (int turn = 0; turn < 2; turn++) /* the second miss fills */
		check_prints((uintptr_t)FN(abort));
	ck_assert(cached((uintptr_t)FN(abort)) && cached_name((uintptr_t)FN(abort)));
	ck_assert_int_eq(xprintf_symbols_set_debug_path(NULL), 0);
	ck_assert(!cached((uintptr_t)FN(abort)) && !cached_name((uintptr_t)FN(abort)));
	for (int turn = 0; turn < 2; turn++)
		check_prints((uintptr_t)FN(abort));
	ck_assert(cached((uintptr_t)FN(abort)) && cached_name((uintptr_t)FN(abort)));
}
END_TEST

static char in_handler_S[600], in_handler_s[600];
static uintptr_t handler_addr;

static void on_signal(int sig)
{
	(void)sig;
	xsnprintf(in_handler_S, sizeof in_handler_S, "%pS", (void *)handler_addr);
	xsnprintf(in_handler_s, sizeof in_handler_s, "%ps", (void *)handler_addr);
}

/* A signal handler that interrupts a write to both entries its address
 * may use (half-written text in them) prints the right text, from the
 * index; the entries work again once the write is over. */
START_TEST(signal_handler_during_a_cache_write)
{
	ck_assert_int_eq(xprintf_symbols_preload(), 0);
	handler_addr = (uintptr_t)FN(abort) + 5;
	for (int turn = 0; turn < 2; turn++) /* the second miss fills */
		check_prints(handler_addr);
	ck_assert(cached(handler_addr) && cached_name(handler_addr));
	/* every entry either form may use, held mid-write */
	size_t held[8], nheld = 0;
	for (int form = 0; form < 2; form++)
		for (int i = 0; i < 4; i++) {
			size_t slot = xp_symcache_slot(handler_addr, form ? XP_SYMTEXT_NAME : XP_SYMTEXT_PLAIN, i);
			size_t k = 0;
			while (k < nheld && held[k] != slot)
				k++;
			if (k == nheld) {
				ck_assert(xp_symcache_test_claim(slot, "garbage!"));
				held[nheld++] = slot;
			}
		}
	ck_assert(!cached(handler_addr) && !cached_name(handler_addr));
	ck_assert(!xp_symcache_test_claim(held[0], "again")); /* a second writer gives up */

	struct sigaction sa = { 0 };
	sa.sa_handler = on_signal;
	ck_assert_int_eq(sigaction(SIGUSR1, &sa, NULL), 0);
	raise(SIGUSR1);
	char want[600];
	expected(handler_addr, 1, want, sizeof want);
	ck_assert_str_eq(in_handler_S, want);
	expected(handler_addr, 0, want, sizeof want);
	ck_assert_str_eq(in_handler_s, want);

	for (size_t k = 0; k < nheld; k++)
		xp_symcache_test_release(held[k]);
	ck_assert(!cached(handler_addr) && !cached_name(handler_addr));
	for (int turn = 0; turn < 2; turn++)
		check_prints(handler_addr);
	ck_assert(cached(handler_addr) && cached_name(handler_addr));
	check_prints(handler_addr);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("symtab_cache");
	TCase *tc = tcase_create("cache");
	tcase_add_test(tc, second_print_comes_from_the_cache);
	tcase_add_test(tc, every_path_into_any_room);
	tcase_add_test(tc, every_length_through_a_hit);
	tcase_add_test(tc, every_length_through_a_hit_inline_form);
	tcase_add_test(tc, line_form_beside_the_plain_one);
	tcase_add_test(tc, addresses_sharing_an_entry);
	tcase_add_test(tc, line_form_has_places_of_its_own);
	tcase_add_test(tc, inline_form_from_the_cache);
	tcase_add_test(tc, inline_and_line_forms_apart);
	tcase_add_test(tc, inline_text_too_long_for_an_entry);
	tcase_add_test(tc, backtrace_forms_apart_from_the_symbol_ones);
	tcase_add_test(tc, demangled_forms_apart);
	tcase_add_test(tc, forms_sharing_an_entry_stay_apart);
	tcase_add_test(tc, overlapping_places_settle);
	tcase_add_test(tc, object_unloaded_and_another_loaded_at_its_place);
	tcase_add_test(tc, nodelete_objects_stay);
	tcase_add_test(tc, hot_keys_all_get_in);
	tcase_add_test(tc, nothing_cached_before_the_first_index);
	tcase_add_test(tc, index_drop_forgets_the_texts);
	tcase_add_test(tc, signal_handler_during_a_cache_write);
	suite_add_tcase(s, tc);
	return check_run(s);
}
