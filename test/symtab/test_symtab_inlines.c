/* test_symtab_inlines.c - %pSi against llvm-symbolizer --inlines.
 *
 * llvm-symbolizer (LLVM's own DWARF reader) is asked, with --inlines
 * --functions=linkage --no-demangle, for the frames at thousands of addresses inside the
 * function symbols nm lists: of this -O2 -g program (the engine linked in
 * statically), of the inline fixture built with DWARF 5 and 4, with
 * zlib-compressed sections, split into a debug file found by build ID, and
 * processed by dwz with its supplementary file (found by its recorded path,
 * and by build ID: llvm-symbolizer cannot read those, so it is asked about
 * the same library before dwz), of a C++ fixture (templates, lambdas), and
 * of libc where libc6-dbg is installed.  Each inlined frame must be one
 * "FILE:LINE in NAME" level of ours, innermost first, and the last frame
 * our final location; where llvm-symbolizer sees no inlining, %pSi must
 * print exactly %pSl.  %pSCi's names are c++filt's. */
#define _GNU_SOURCE
#include <check.h>
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <xprintf.h>

#include "../../symtab/cache.h"
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
#define MAX_LEVELS 32
#define TEXT_MAX 4096

struct probe {
	uintptr_t addr;
	char ours[TEXT_MAX];
	char line_form[TEXT_MAX]; /* %pSl */
};

struct level {
	char name[1024]; /* "" for the last (the symbol's own function) */
	char file[1024];
	unsigned line;
};

/* The suffix of an %pSi text after its %pS text plain: its levels, or
 * -1 when it is not of the form " (LOC in NAME; ...; LOC)". */
static int parse_levels(const char *text, const char *plain, struct level *lv)
{
	size_t pl = strlen(plain);
	if (strncmp(text, plain, pl) != 0)
		return -1;
	const char *p = text + pl;
	if (!*p)
		return 0;
	size_t len = strlen(p);
	if (strncmp(p, " (", 2) != 0 || p[len - 1] != ')')
		return -1;
	char buf[TEXT_MAX];
	snprintf(buf, sizeof buf, "%.*s", (int)(len - 3), p + 2);
	int n = 0;
	for (char *s = buf; s && n < MAX_LEVELS; n++) {
		char *next = strstr(s, "; ");
		if (next) {
			*next = 0;
			next += 2;
		}
		char *in = strstr(s, " in ");
		snprintf(lv[n].name, sizeof lv[n].name, "%s", in ? in + 4 : "");
		if (in)
			*in = 0;
		char *colon = strrchr(s, ':');
		if (!colon || (!in) != !next)
			return -1;
		lv[n].line = (unsigned)strtoul(colon + 1, NULL, 10);
		*colon = 0;
		snprintf(lv[n].file, sizeof lv[n].file, "%s", s);
		s = next;
	}
	return n;
}

struct tally {
	size_t addrs, inlined, levels, deepest;
};

static int same_location(const struct level *ours, const char *file, unsigned line)
{
	/* Line 0 (code no source line stands for): llvm-symbolizer keeps the
	 * row's file, xprintf gives no file, as %pSl gives no suffix. */
	if (!strcmp(file, "??") || line == 0)
		return !strcmp(ours->file, "??") && ours->line == line;
	return ours->line == line && oracle_same_path(ours->file, file);
}

/* Ask llvm-symbolizer about p[0..n) in file (link addresses = runtime -
 * bias) and compare with what %pSi printed for each. */
static void compare_with_symbolizer(const char *file, uintptr_t bias, struct probe *p, size_t n,
				    struct tally *t)
{
	char in[] = "/tmp/xp_inlines_XXXXXX";
	int fd = mkstemp(in);
	ck_assert_int_ge(fd, 0);
	FILE *f = fdopen(fd, "w");
	for (size_t i = 0; i < n; i++)
		fprintf(f, "0x%lx\n", (unsigned long)(p[i].addr - bias));
	fclose(f);
	char host[1024], cmd[2600];
	snprintf(cmd, sizeof cmd, "%s --inlines --functions=linkage --no-demangle --obj='%s' < %s", XP_TEST_SYMBOLIZER,
		 oracle_host_path(file, host, sizeof host), in);
	FILE *out = popen(cmd, "r");
	ck_assert_ptr_nonnull(out);
	char fn[2048], loc[2048];
	size_t i = 0;
	while (i < n) {
		/* frames: a function line and a file:line:column line each,
		 * then an empty line */
		struct level want[MAX_LEVELS];
		int k = 0;
		while (fgets(fn, sizeof fn, out) && strcmp(fn, "\n") != 0) {
			ck_assert_ptr_nonnull(fgets(loc, sizeof loc, out));
			fn[strcspn(fn, "\n")] = 0;
			loc[strcspn(loc, "\n")] = 0;
			char *c2 = strrchr(loc, ':');
			ck_assert_ptr_nonnull(c2);
			*c2 = 0;
			char *c1 = strrchr(loc, ':');
			ck_assert_ptr_nonnull(c1);
			*c1 = 0;
			if (k < MAX_LEVELS) {
				snprintf(want[k].name, sizeof want[k].name, "%s", fn);
				snprintf(want[k].file, sizeof want[k].file, "%s", loc);
				want[k].line = (unsigned)strtoul(c1 + 1, NULL, 10);
			}
			k++;
		}
		if (!k)
			break;
		ck_assert_int_le(k, MAX_LEVELS);
		unsigned long link = (unsigned long)(p[i].addr - bias);
		if (k == 1) {
			/* no inlining: exactly the l form */
			ck_assert_msg(!strcmp(p[i].ours, p[i].line_form),
				      "%s+0x%lx: llvm-symbolizer sees no inlining; %%pSi \"%s\", %%pSl \"%s\"", file,
				      link, p[i].ours, p[i].line_form);
		} else {
			char plain[TEXT_MAX];
			xsnprintf(plain, sizeof plain, "%pS", (void *)p[i].addr);
			struct level got[MAX_LEVELS];
			int m = parse_levels(p[i].ours, plain, got);
			ck_assert_msg(m == k, "%s+0x%lx: llvm-symbolizer gives %d frames (innermost %s at %s:%u), xprintf \"%s\"",
				      file, link, k, want[0].name, want[0].file, want[0].line, p[i].ours);
			for (int j = 0; j < k; j++) {
				ck_assert_msg(same_location(&got[j], want[j].file, want[j].line),
					      "%s+0x%lx: frame %d at %s:%u (llvm-symbolizer), xprintf \"%s\"", file, link,
					      j, want[j].file, want[j].line, p[i].ours);
				ck_assert_msg(j == k - 1 || !strcmp(got[j].name, want[j].name),
					      "%s+0x%lx: frame %d is %s (llvm-symbolizer), xprintf \"%s\"", file, link, j,
					      want[j].name, p[i].ours);
			}
			t->inlined++;
			t->levels += (size_t)k - 1;
			if ((size_t)k - 1 > t->deepest)
				t->deepest = (size_t)k - 1;
		}
		i++;
	}
	pclose(out);
	unlink(in);
	ck_assert_msg(i == n, "llvm-symbolizer answered %zu of %zu addresses", i, n);
	t->addrs += n;
}

/* Addresses every stride bytes through the function symbols of m (at most
 * max), each printed with %pSi and %pSl three times (the last from the
 * text cache, *hits counts those in it); the spellings of i agree. */
static size_t probe_module(const struct omodule *m, struct probe *p, size_t max, unsigned stride, size_t *hits)
{
	size_t n = 0;
	for (size_t s = 0; s < m->n && n < max; s++) {
		const struct osym *o = &m->s[s];
		for (uintptr_t off = 0; off < o->size && n < max; off += stride) {
			uintptr_t a = o->start + off;
			xsnprintf(p[n].ours, sizeof p[n].ours, "%pSi", (void *)a);
			xsnprintf(p[n].line_form, sizeof p[n].line_form, "%pSl", (void *)a);
			/* twice more: the second miss fills the text cache, the
			 * third print is a hit; all print alike */
			for (int again = 0; again < 2; again++) {
				char other[TEXT_MAX];
				xsnprintf(other, sizeof other, "%pSi", (void *)a);
				ck_assert_str_eq(other, p[n].ours);
				xsnprintf(other, sizeof other, "%pSl", (void *)a);
				ck_assert_str_eq(other, p[n].line_form);
			}
			struct xp_symtext t;
			if (xp_symcache_get(a, XP_SYMTEXT_INLINE, &t))
				(*hits)++;
			if (n % 64 == 0) {
				char other[TEXT_MAX];
				xsnprintf(other, sizeof other, "%pSli", (void *)a);
				ck_assert_str_eq(other, p[n].ours);
				xsnprintf(other, sizeof other, "%pSiR", (void *)a);
				ck_assert_str_eq(other, p[n].ours);
			}
			p[n++].addr = a;
		}
	}
	return n;
}

static struct probe probes[MAX_ADDRS];

/* Compare the loaded object whose path ends in suffix (its DWARF in
 * oracle_file when not NULL, else in the object): at least min_inlined
 * addresses with inlined frames. */
static void check_loaded(const char *suffix, const char *oracle_file, unsigned stride, size_t min_inlined)
{
	uintptr_t bias;
	char path[1024];
	ck_assert_msg(oracle_loaded(suffix, &bias, path, sizeof path) == 0, "%s not loaded", suffix);
	struct omodule m;
	if (oracle_file)
		ck_assert_int_eq(oracle_load_split(&m, oracle_file, path, 0, bias, ""), 0);
	else
		ck_assert_int_eq(oracle_load(&m, path, 0, bias, ""), 0);
	size_t hits = 0;
	size_t n = probe_module(&m, probes, MAX_ADDRS, stride, &hits);
	struct tally t = { 0 };
	compare_with_symbolizer(oracle_file ? oracle_file : path, bias, probes, n, &t);
	printf("%-26s %6zu addresses: %5zu inlined (%zu levels, deepest %zu), %zu %%pSi from the cache\n",
	       *suffix ? suffix : "(main program)", t.addrs, t.inlined, t.levels, t.deepest, hits);
	ck_assert_uint_ge(t.inlined, min_inlined);
	ck_assert_uint_ge(hits, n / 2); /* texts too long for an entry are not cached */
	oracle_free(&m);
}

/* The first address of the 0x336-byte *_parse functions whose %pSi
 * contains each needle (where depends on the build's flags), or NULL. */
static const char *inlined_at(const char *f, const char *needle1, const char *needle2)
{
	for (int off = 0; off < 0x300; off++) {
		char text[TEXT_MAX];
		xsnprintf(text, sizeof text, "%pSi", f + off);
		if (strstr(text, needle1) && strstr(text, needle2))
			return f + off;
	}
	return NULL;
}

static void *open_fixture(const char *name)
{
	char path[1024];
	snprintf(path, sizeof path, FIXTURE_DIR "/%s", name);
	void *h = dlopen(path, RTLD_NOW);
	ck_assert_msg(h != NULL, "%s: %s", path, dlerror());
	return h;
}

/* An unoptimised build (the sanitizer legs) inlines nothing in this
 * program; the fixtures, always built with -O2, still do. */
#ifdef __OPTIMIZE__
#define MAIN_MIN_INLINED 2000
#else
#define MAIN_MIN_INLINED 0
#endif

START_TEST(main_program_matches_llvm_symbolizer)
{
	check_loaded("", NULL, 3, MAIN_MIN_INLINED);
}
END_TEST

START_TEST(fixture_shapes_match_llvm_symbolizer)
{
	/* All loaded at once: one loaded where another of the same layout
	 * was unloaded would be taken for it (see object_list.c). */
	static const char *const libs[] = { "libxpinl_plain.so", "libxpinl_dwarf4.so", "libxpinl_gz.so" };
	void *h[3];
	for (size_t i = 0; i < 3; i++)
		h[i] = open_fixture(libs[i]);
	for (size_t i = 0; i < 3; i++)
		check_loaded(libs[i], NULL, 1, 40);
	/* split: the DWARF in a debug file found by build ID */
	void *split = open_fixture("libxpinl_buildid.so");
	check_loaded("libxpinl_buildid.so", FIXTURE_DIR "/libxpinl_buildid.so.reference-debug", 1, 40);
	dlclose(split);
	for (size_t i = 0; i < 3; i++)
		dlclose(h[i]);
}
END_TEST

START_TEST(dwz_supplementary_files)
{
#ifdef XP_TEST_NO_DWZ
	printf("dwz not installed: not compared\n");
#else
	/* the supplementary file by its recorded path, then (the path
	 * recorded does not exist) by build ID in XPRINTF_DEBUG_PATH */
	static const char *const libs[] = { "libxpinl_dwza.so", "libxpinl_dwzb.so" };
	void *held[2];
	for (size_t i = 0; i < 2; i++) {
		held[i] = open_fixture(libs[i]);
		char ref[1024];
		snprintf(ref, sizeof ref, FIXTURE_DIR "/%.*s.raw.so", (int)strlen(libs[i]) - 3, libs[i]);
		check_loaded(libs[i], ref, 1, 40);
	}
	/* the names come from the supplementary file: a function inlined
	 * is named, not "??" */
	void *h = held[0];
	char *f = dlsym(h, "dwza_parse");
	ck_assert_ptr_nonnull(f);
	ck_assert_ptr_nonnull(inlined_at((const char *)oracle_code(f), " in store; ", " in record; "));
	dlclose(held[0]);
	dlclose(held[1]);
#endif
}
END_TEST

START_TEST(cxx_templates_and_lambdas)
{
#ifdef XP_TEST_NO_CXX
	printf("no C++ compiler: not compared\n");
#else
	void *h = open_fixture("libxpinl_cxx.so");
	check_loaded("libxpinl_cxx.so", NULL, 1, 40);
	/* %pSCi: every level's name as c++filt demangles it */
	uintptr_t bias;
	char path[1024];
	ck_assert_int_eq(oracle_loaded("libxpinl_cxx.so", &bias, path, sizeof path), 0);
	struct omodule m;
	ck_assert_int_eq(oracle_load(&m, path, 0, bias, ""), 0);
	size_t mangled = 0;
	for (size_t s = 0; s < m.n; s++) {
		for (uintptr_t off = 0; off < m.s[s].size; off++) {
			void *a = (void *)(m.s[s].start + off);
			char raw[TEXT_MAX], dem[TEXT_MAX], plain[TEXT_MAX], plain_dem[TEXT_MAX];
			xsnprintf(raw, sizeof raw, "%pSi", a);
			xsnprintf(dem, sizeof dem, "%pSCi", a);
			xsnprintf(plain, sizeof plain, "%pS", a);
			xsnprintf(plain_dem, sizeof plain_dem, "%pSC", a);
			struct level lr[MAX_LEVELS], ld[MAX_LEVELS];
			int nr = parse_levels(raw, plain, lr), nd = parse_levels(dem, plain_dem, ld);
			ck_assert_int_eq(nr, nd);
			for (int j = 0; j + 1 < nr; j++) {
				if (strncmp(lr[j].name, "_Z", 2) != 0) {
					ck_assert_str_eq(lr[j].name, ld[j].name);
					continue;
				}
				char cmd[1400], want[2048] = "";
				snprintf(cmd, sizeof cmd, "%s '%s'", XP_TEST_CXXFILT, lr[j].name);
				FILE *out = popen(cmd, "r");
				ck_assert_ptr_nonnull(fgets(want, sizeof want, out));
				pclose(out);
				want[strcspn(want, "\n")] = 0;
				ck_assert_msg(!strcmp(want, ld[j].name), "c++filt: \"%s\", xprintf: \"%s\"", want,
					      ld[j].name);
				mangled++;
			}
			if (mangled >= 200)
				break;
		}
	}
	printf("libxpinl_cxx.so: %zu inlined C++ names as c++filt prints them\n", mangled);
	ck_assert_uint_ge(mangled, 20);
	oracle_free(&m);
	dlclose(h);
#endif
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
	check_loaded("libc.so.6", debug, 31, 1000);
	struct xp_symtab_stats st;
	xp_symtab_stats(&st);
	printf("inline indexes: %zu calls, %zu ranges, %zu segments, %zu bytes: %.1f bytes/range\n",
	       st.inline_calls, st.inline_ranges, st.inline_segments, st.inline_bytes,
	       (double)st.inline_bytes / (double)st.inline_ranges);
	ck_assert_uint_gt(st.inline_ranges, 5000);
	ck_assert_uint_le(st.inline_bytes, 32 * st.inline_ranges);
}
END_TEST

/* No DWARF: no suffix at all; no symbol: the address. */
START_TEST(no_dwarf_no_suffix)
{
	void *h = open_fixture("libxpfix_nolines.so");
	void *f = dlsym(h, "nolines_global");
	ck_assert_ptr_nonnull(f);
	char a[512], b[512];
	xsnprintf(a, sizeof a, "%pSi", f);
	xsnprintf(b, sizeof b, "%pS", f);
	ck_assert_str_eq(a, b);
	dlclose(h);
	xsnprintf(a, sizeof a, "%pSi|%pBi|%psCi", (void *)0, (void *)0, (void *)16);
	ck_assert_str_eq(a, "0x0|0x0|0x10");
	/* data has no line, inlined or not */
	static const int datum = 5;
	xsnprintf(a, sizeof a, "%pSi", (const void *)&datum);
	xsnprintf(b, sizeof b, "%pS", (const void *)&datum);
	ck_assert_str_eq(a, b);
}
END_TEST

/* %pBi looks at address-1; %psi drops the offset; the spellings of i. */
START_TEST(backtrace_form_and_spellings)
{
	void *h = open_fixture("libxpinl_plain.so");
	char *f = dlsym(h, "plain_parse");
	ck_assert_ptr_nonnull(f);
	f = (char *)oracle_code(f);
	for (int off = 1; off < 40; off++) {
		char a[TEXT_MAX], b[TEXT_MAX], pa[TEXT_MAX], pb[TEXT_MAX];
		xsnprintf(a, sizeof a, "%pBi", f + off);
		xsnprintf(b, sizeof b, "%pSi", f + off - 1);
		xsnprintf(pa, sizeof pa, "%pB", f + off);
		xsnprintf(pb, sizeof pb, "%pS", f + off - 1);
		ck_assert_str_eq(a + strlen(pa), b + strlen(pb));
		xsnprintf(a, sizeof a, "%psi", f + off);
		xsnprintf(b, sizeof b, "%pSi", f + off);
		xsnprintf(pa, sizeof pa, "%ps", f + off);
		xsnprintf(pb, sizeof pb, "%pS", f + off);
		ck_assert_str_eq(a + strlen(pa), b + strlen(pb));
	}
	const char *in = inlined_at(f, " in store; ", "");
	ck_assert_ptr_nonnull(in);
	char a[TEXT_MAX], b[TEXT_MAX];
	xsnprintf(a, sizeof a, "%pSbi", in);
	xsnprintf(b, sizeof b, "%pSilbR", in);
	ck_assert_str_eq(a, b);
	ck_assert_ptr_nonnull(strstr(a, " in store; "));
	/* truncation keeps the prefix of the whole text, and counts it all */
	char small[40];
	int len = xsnprintf(small, sizeof small, "%pSi", in);
	xsnprintf(b, sizeof b, "%pSi", in);
	ck_assert_int_eq(len, (int)strlen(b));
	ck_assert_int_eq(strncmp(small, b, sizeof small - 1), 0);
	dlclose(h);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("symtab_inlines");
	TCase *tc = tcase_create("llvm-symbolizer");
	tcase_set_timeout(tc, 600);
	tcase_add_test(tc, main_program_matches_llvm_symbolizer);
	tcase_add_test(tc, fixture_shapes_match_llvm_symbolizer);
	tcase_add_test(tc, dwz_supplementary_files);
	tcase_add_test(tc, cxx_templates_and_lambdas);
	tcase_add_test(tc, libc_matches_llvm_symbolizer);
	tcase_add_test(tc, no_dwarf_no_suffix);
	tcase_add_test(tc, backtrace_form_and_spellings);
	suite_add_tcase(s, tc);
	return check_run(s);
}
