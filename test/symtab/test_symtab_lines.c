/* test_symtab_lines.c - %pSl against llvm-symbolizer, %pSC against c++filt.
 *
 * llvm-symbolizer (LLVM's own DWARF reader) is asked, with --no-inlines, for
 * the file and line of thousands of addresses inside the function symbols
 * nm lists: of this -O2 -g program (the engine is linked in statically,
 * inlined and .cold code included), of the fixture library built with
 * DWARF 5, 4 and 2 and with zlib-compressed sections, of one whose lines
 * are in a separate debug file, and of libc where libc6-dbg is installed.
 * What it prints, "." components dropped, must be our path, or our path
 * below a directory (llvm-symbolizer prefixes the compilation directory,
 * which xprintf leaves out when the file lies below it).  Where it knows
 * no line, %pSl must print exactly %pS.
 *
 * c++filt is asked for the demangled form of every function name of
 * libstdc++ that %ps prints; %psC must print that. */
#define _GNU_SOURCE
#include <check.h>
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <xprintf.h>

#include "../../symtab/symtab.h"
#include "check_run.h"
#include "oracle.h"

#ifndef XP_TEST_SYMBOLIZER
#define XP_TEST_SYMBOLIZER "llvm-symbolizer"
#endif
#ifndef XP_TEST_CXXFILT
#define XP_TEST_CXXFILT "c++filt"
#endif

#define MAX_ADDRS 12000

struct probe {
	uintptr_t addr;
	char ours[512];
};

/* "(file:line)" at the end of s: split it off; 0 when there is none. */
static int split_suffix(char *s, char *file, size_t fl, unsigned *line)
{
	size_t n = strlen(s);
	if (!n || s[n - 1] != ')')
		return 0;
	char *open = strrchr(s, '(');
	char *colon = strrchr(s, ':');
	if (!open || open == s || open[-1] != ' ' || !colon || colon < open)
		return 0;
	*line = (unsigned)strtoul(colon + 1, NULL, 10);
	snprintf(file, fl, "%.*s", (int)(colon - open - 1), open + 1);
	open[-1] = 0;
	return 1;
}

struct tally {
	size_t addrs, with_line, without_line;
};

/* Ask llvm-symbolizer about p[0..n) in file (link addresses = runtime -
 * bias) and compare with what %pSl printed for each. */
static void compare_with_symbolizer(const char *file, uintptr_t bias, struct probe *p, size_t n,
				    struct tally *t)
{
	char in[] = "/tmp/xp_lines_XXXXXX";
	int fd = mkstemp(in);
	ck_assert_int_ge(fd, 0);
	FILE *f = fdopen(fd, "w");
	for (size_t i = 0; i < n; i++)
		fprintf(f, "0x%lx\n", (unsigned long)(p[i].addr - bias));
	fclose(f);
	char host[1024], cmd[2600];
	snprintf(cmd, sizeof cmd, "%s --no-inlines --functions=none --obj='%s' < %s", XP_TEST_SYMBOLIZER,
		 oracle_host_path(file, host, sizeof host), in);
	FILE *out = popen(cmd, "r");
	ck_assert_ptr_nonnull(out);
	char line[2048];
	size_t i = 0;
	while (i < n && fgets(line, sizeof line, out)) {
		line[strcspn(line, "\n")] = 0;
		if (!*line)
			continue;
		/* file:line:column */
		char *c2 = strrchr(line, ':');
		ck_assert_ptr_nonnull(c2);
		*c2 = 0;
		char *c1 = strrchr(line, ':');
		ck_assert_ptr_nonnull(c1);
		*c1 = 0;
		unsigned want_line = (unsigned)strtoul(c1 + 1, NULL, 10);
		char ours_file[512];
		unsigned ours_line = 0;
		char text[512];
		snprintf(text, sizeof text, "%s", p[i].ours);
		int has = split_suffix(text, ours_file, sizeof ours_file, &ours_line);
		if (want_line == 0 || !strcmp(line, "??")) {
			ck_assert_msg(!has, "%s+0x%lx: llvm-symbolizer knows no line, xprintf printed \"%s\"", file,
				      (unsigned long)(p[i].addr - bias), p[i].ours);
			t->without_line++;
		} else {
			ck_assert_msg(has && ours_line == want_line && oracle_same_path(ours_file, line),
				      "%s+0x%lx: llvm-symbolizer says %s:%u, xprintf printed \"%s\"", file,
				      (unsigned long)(p[i].addr - bias), line, want_line, p[i].ours);
			t->with_line++;
		}
		i++;
	}
	pclose(out);
	unlink(in);
	ck_assert_msg(i == n, "llvm-symbolizer answered %zu of %zu addresses", i, n);
	t->addrs += n;
}

/* Addresses every stride bytes through the function symbols of m (at most
 * max), each printed with %pSl; also checks %pSl minus its suffix is %pS. */
static size_t probe_module(const struct omodule *m, struct probe *p, size_t max, unsigned stride)
{
	size_t n = 0;
	for (size_t s = 0; s < m->n && n < max; s++) {
		const struct osym *o = &m->s[s];
		for (uintptr_t off = 0; off < o->size && n < max; off += stride) {
			uintptr_t a = o->start + off;
			char plain[512];
			xsnprintf(p[n].ours, sizeof p[n].ours, "%pSl", (void *)a);
			xsnprintf(plain, sizeof plain, "%pS", (void *)a);
			char text[512], file[512];
			unsigned line;
			snprintf(text, sizeof text, "%s", p[n].ours);
			split_suffix(text, file, sizeof file, &line);
			ck_assert_str_eq(text, plain);
			p[n++].addr = a;
		}
	}
	return n;
}

static struct probe probes[MAX_ADDRS];

static void check_loaded(const char *suffix, const char *lines_file, unsigned stride, size_t min_lines)
{
	uintptr_t bias;
	char path[1024];
	ck_assert_msg(oracle_loaded(suffix, &bias, path, sizeof path) == 0, "%s not loaded", suffix);
	struct omodule m;
	if (lines_file)
		ck_assert_int_eq(oracle_load_split(&m, lines_file, path, 0, bias, ""), 0);
	else
		ck_assert_int_eq(oracle_load(&m, path, 0, bias, ""), 0);
	size_t n = probe_module(&m, probes, MAX_ADDRS, stride);
	struct tally t = { 0 };
	compare_with_symbolizer(lines_file ? lines_file : path, bias, probes, n, &t);
	printf("%-28s %6zu addresses: %6zu with a line, %5zu without\n", *suffix ? suffix : "(main program)",
	       t.addrs, t.with_line, t.without_line);
	ck_assert_uint_ge(t.with_line, min_lines);
	oracle_free(&m);
}

START_TEST(main_program_matches_llvm_symbolizer)
{
	check_loaded("", NULL, 5, 5000);
}
END_TEST

START_TEST(fixture_libraries_match_llvm_symbolizer)
{
	/* DWARF 5, 4, 2; zlib-compressed sections; lines in a debug file
	 * found by build ID. */
	check_loaded("libxpfix_plain.so", NULL, 1, 20);
	check_loaded("libxpfix_dwarf4.so", NULL, 1, 20);
	check_loaded("libxpfix_dwarf2.so", NULL, 1, 20);
	check_loaded("libxpfix_gz.so", NULL, 1, 20);
	uintptr_t bias;
	char path[1024], debug[1024];
	ck_assert_int_eq(oracle_loaded("libxpfix_buildid.so", &bias, path, sizeof path), 0);
	oracle_system_debug_file(path, debug, sizeof debug);
	if (!*debug) {
		/* the test's own debug root, as split_debug.cmake lays it out */
		char cmd[2048];
		snprintf(cmd, sizeof cmd, "%s -n '%s' | awk '/Build ID/ {print $3}'", XP_TEST_READELF, path);
		FILE *f = popen(cmd, "r");
		char id[128] = "";
		ck_assert_ptr_nonnull(fgets(id, sizeof id, f));
		pclose(f);
		id[strcspn(id, "\n")] = 0;
		snprintf(debug, sizeof debug, DEBUG_ROOT "/.build-id/%.2s/%s.debug", id, id + 2);
	}
	check_loaded("libxpfix_buildid.so", debug, 1, 20);
}
END_TEST

START_TEST(libc_matches_llvm_symbolizer)
{
	uintptr_t bias;
	char path[1024], debug[1024];
	ck_assert_int_eq(oracle_loaded("libc.so.6", &bias, path, sizeof path), 0);
	oracle_system_debug_file(path, debug, sizeof debug);
	if (!*debug) {
		printf("libc: no debug file installed (libc6-dbg): not compared\n");
		return;
	}
	check_loaded("libc.so.6", debug, 97, 2000);
	/* The line indexes read so far, libc's among them: at most 4 bytes
	 * per line-table row, file names included. */
	struct xp_symtab_stats st;
	xp_symtab_stats(&st);
	printf("line indexes: %zu rows, %zu bytes, %.2f bytes/row\n", st.line_rows, st.line_bytes,
	       (double)st.line_bytes / (double)st.line_rows);
	ck_assert_uint_gt(st.line_rows, 100000);
	ck_assert_uint_le(st.line_bytes, 4 * st.line_rows);
}
END_TEST

/* No line table, or an address no sequence covers: exactly %pS. */
START_TEST(no_lines_no_suffix)
{
	void *h = dlopen(FIXTURE_DIR "/libxpfix_nolines.so", RTLD_NOW);
	ck_assert_ptr_nonnull(h);
	const char *names[] = { "nolines_global", "nolines_weak", "nolines_zero_sized" };
	for (size_t i = 0; i < 3; i++) {
		void *f = dlsym(h, names[i]);
		ck_assert_ptr_nonnull(f);
		char a[512], b[512];
		xsnprintf(a, sizeof a, "%pSl", f);
		xsnprintf(b, sizeof b, "%pS", f);
		ck_assert_str_eq(a, b);
		ck_assert_ptr_nonnull(strstr(a, "[libxpfix_nolines.so]"));
	}
	dlclose(h);
	/* Top-level assembly in a -g object: in no sequence. */
	uintptr_t bias;
	char path[1024];
	ck_assert_int_eq(oracle_loaded("libxpfix_plain.so", &bias, path, sizeof path), 0);
	void *p = dlopen(path, RTLD_NOW | RTLD_NOLOAD);
	void *z = dlsym(p, "plain_zero_sized");
	ck_assert_ptr_nonnull(z);
	char a[512], b[512];
	xsnprintf(a, sizeof a, "%pSl", z);
	xsnprintf(b, sizeof b, "%pS", z);
	ck_assert_str_eq(a, b);
	dlclose(p);
	/* No symbol at all: the address, no suffix either. */
	xsnprintf(a, sizeof a, "%pSl|%pBl|%psCl", (void *)0, (void *)0, (void *)16);
	ck_assert_str_eq(a, "0x0|0x0|0x10");
}
END_TEST

/* The B forms take the line of address-1; letters in any order. */
START_TEST(letters_and_backtrace_form)
{
	uintptr_t bias;
	char path[1024];
	ck_assert_int_eq(oracle_loaded("libxpfix_plain.so", &bias, path, sizeof path), 0);
	void *p = dlopen(path, RTLD_NOW | RTLD_NOLOAD);
	char *g = dlsym(p, "plain_global");
	ck_assert_ptr_nonnull(g);
	g = (char *)oracle_code(g); /* dlsym may give a descriptor */
	char a[512], b[512], c[512];
	for (int off = 1; off < 8; off++) {
		xsnprintf(a, sizeof a, "%pBl", g + off);
		xsnprintf(b, sizeof b, "%pSl", g + off - 1);
		char fa[512], fb[512];
		unsigned la, lb;
		ck_assert(split_suffix(a, fa, sizeof fa, &la));
		ck_assert(split_suffix(b, fb, sizeof fb, &lb));
		ck_assert_str_eq(fa, fb);
		ck_assert_uint_eq(la, lb);
	}
	xsnprintf(a, sizeof a, "%pSbl", g);
	xsnprintf(b, sizeof b, "%pSlb", g);
	xsnprintf(c, sizeof c, "%pSRlb", g);
	ck_assert_str_eq(a, b);
	ck_assert_str_eq(a, c);
	ck_assert_ptr_nonnull(strstr(a, " [libxpfix_plain.so "));
	ck_assert_ptr_nonnull(strstr(a, "] ("));
	xsnprintf(a, sizeof a, "%psl", g);
	ck_assert_msg(!strncmp(a, "plain_global [libxpfix_plain.so] (", 34), "%s", a);
	/* %pf and %pF of the function pointer (a descriptor where there are
	 * descriptors) name what %ps and %pS name at the code */
	void *fp = dlsym(p, "plain_global");
	xsnprintf(b, sizeof b, "%pfl|%pFl", fp, fp);
	xsnprintf(c, sizeof c, "%psl|%pSl", g, g);
	ck_assert_str_eq(b, c);
	dlclose(p);
	/* Width and precision apply to the whole text, suffix included. */
	xsnprintf(a, sizeof a, "%psl", g);
	xsnprintf(b, sizeof b, "[%*psl]", (int)strlen(a) + 3, g);
	snprintf(c, sizeof c, "[%*s]", (int)strlen(a) + 3, a);
	ck_assert_str_eq(b, c);
	xsnprintf(b, sizeof b, "[%.5psl]", g);
	ck_assert_str_eq(b, "[plain]");
}
END_TEST

/* Every function of libstdc++ by name with C, against c++filt. */
START_TEST(libstdcxx_names_match_cxxfilt)
{
	void *h = dlopen("libstdc++.so.6", RTLD_NOW);
	if (!h) {
		printf("libstdc++.so.6 not found: not compared\n");
		return;
	}
	uintptr_t bias;
	char path[1024];
	ck_assert_int_eq(oracle_loaded("libstdc++.so.6", &bias, path, sizeof path), 0);
	struct omodule m;
	ck_assert_int_eq(oracle_load(&m, path, 1, bias, ""), 0);
	char in[] = "/tmp/xp_cxxfilt_XXXXXX";
	int fd = mkstemp(in);
	FILE *f = fdopen(fd, "w");
	char(*demangled)[1024] = calloc(m.n, sizeof *demangled);
	ck_assert_ptr_nonnull(demangled);
	size_t mangled = 0;
	for (size_t i = 0; i < m.n; i++) {
		char name[1024];
		xsnprintf(name, sizeof name, "%ps", (void *)m.s[i].start);
		xsnprintf(demangled[i], sizeof demangled[i], "%psC", (void *)m.s[i].start);
		char *sp = strstr(name, " [");
		ck_assert_ptr_nonnull(sp);
		*sp = 0;
		fprintf(f, "%s\n", name);
		mangled += !strncmp(name, "_Z", 2);
	}
	fclose(f);
	char cmd[256];
	snprintf(cmd, sizeof cmd, "%s < %s", XP_TEST_CXXFILT, in);
	FILE *out = popen(cmd, "r");
	ck_assert_ptr_nonnull(out);
	char want[4096];
	size_t i = 0;
	for (; i < m.n && fgets(want, sizeof want, out); i++) {
		want[strcspn(want, "\n")] = 0;
		strcat(want, " [libstdc++.so.6]");
		ck_assert_msg(!strcmp(demangled[i], want), "c++filt: \"%s\", xprintf: \"%s\"", want, demangled[i]);
	}
	pclose(out);
	unlink(in);
	ck_assert_uint_eq(i, m.n);
	printf("libstdc++: %zu function names (%zu mangled) as c++filt prints them\n", m.n, mangled);
	ck_assert_uint_gt(mangled, 1000);
	free(demangled);
	oracle_free(&m);
	dlclose(h);
}
END_TEST

/* Names that are not C++ or Rust stay as they are; Rust both ways. */
START_TEST(demangle_other_names)
{
	char a[512], b[512];
	/* a C name (one no sanitizer intercepts) is printed as it is */
	xsnprintf(a, sizeof a, "%psC", (void *)(uintptr_t)labs);
	xsnprintf(b, sizeof b, "%ps", (void *)(uintptr_t)labs);
	ck_assert_str_eq(a, b);
	ck_assert_msg(!strncmp(a, "labs [libc.so.6]", 16), "%s", a);
	void *h = dlopen(FIXTURE_DIR "/libxpfix_nolines.so", RTLD_NOW);
	ck_assert_ptr_nonnull(h);
	static const char *const mangled[] = { "_ZN3app7Handler5startEi", "_ZN4rust4main17h0123456789abcdefE",
					       "_RNvNtCs1234_7mycrate3foo3bar", "_Z1fv.cold" };
	for (size_t i = 0; i < sizeof mangled / sizeof mangled[0]; i++) {
		void *f = dlsym(h, mangled[i]);
		ck_assert_msg(f != NULL, "%s", mangled[i]);
		char cmd[256], want[512] = "";
		snprintf(cmd, sizeof cmd, "%s %s", XP_TEST_CXXFILT, mangled[i]);
		FILE *out = popen(cmd, "r");
		ck_assert_ptr_nonnull(fgets(want, sizeof want, out));
		pclose(out);
		want[strcspn(want, "\n")] = 0;
		strcat(want, " [libxpfix_nolines.so]");
		xsnprintf(a, sizeof a, "%psC", f);
		ck_assert_str_eq(a, want);
		ck_assert_str_ne(a + strlen(mangled[i]) - strlen(mangled[i]), mangled[i]);
	}
	dlclose(h);
}
END_TEST

int main(void)
{
	static const char *const fixtures[] = { "plain", "buildid", "dwarf4", "dwarf2", "gz" };
	for (size_t i = 0; i < sizeof fixtures / sizeof fixtures[0]; i++) {
		char path[1024];
		snprintf(path, sizeof path, FIXTURE_DIR "/libxpfix_%s.so", fixtures[i]);
		if (!dlopen(path, RTLD_NOW)) {
			fprintf(stderr, "%s\n", dlerror());
			return EXIT_FAILURE;
		}
	}
	Suite *s = suite_create("symtab_lines");
	TCase *tc = tcase_create("lines");
	tcase_set_timeout(tc, 300);
	tcase_add_test(tc, main_program_matches_llvm_symbolizer);
	tcase_add_test(tc, fixture_libraries_match_llvm_symbolizer);
	tcase_add_test(tc, libc_matches_llvm_symbolizer);
	tcase_add_test(tc, no_lines_no_suffix);
	tcase_add_test(tc, letters_and_backtrace_form);
	tcase_add_test(tc, libstdcxx_names_match_cxxfilt);
	tcase_add_test(tc, demangle_other_names);
	suite_add_tcase(s, tc);
	return check_run(s);
}
