/* bench_symtab.c - the symbol index: cold first lookups (index build for
 * this program, libc and libm), warm lookups over a million random
 * addresses inside function symbols beside glibc's dladdr on the same
 * addresses, and the index's bytes per symbol.  Then the source lines:
 * the line index's build time and bytes per line-table row for this
 * program and libc, the inline index's build time and bytes per inlined
 * range, and %pSl / %pSC / %pSi beside %pS (64 hot addresses
 * repeated; random addresses in libc) with libdw's dwfl_module_getsrc +
 * dwarf_lineno on the same addresses.  Reports; never fails.
 *
 * Then every loaded object of a process that also holds libLLVM-15 (and
 * so libstdc++) where installed: the machine, the objects and their
 * symbols, the first lookups in all of them and the memory the index
 * adds, and %pS / %ps beside dladdr for 64 hot functions and for random
 * addresses over all objects and within single ones; the hot %pS beside
 * glibc's snprintf of the same text from its parts (and %pB, %pF, %pSb,
 * %pBCi of the same addresses), and the random %pS
 * beside one load that misses the caches and the TLB.
 *
 * Workloads (ns per call, median of batches of 1000; the dladdr-based
 * formatting on every 10th batch, as dladdr takes microseconds):
 *   lookup   xp_symtab_lookup            | dladdr                      | -
 *   %pS      xsnprintf("%pS")            | dladdr + snprintf(same text) | dladdr + stbsp_snprintf
 * dladdr sees only .dynsym, so its names differ where a .symtab names more. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <elfutils/libdw.h>
#include <elfutils/libdwfl.h>
#include <link.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>
#include <xprintf.h>

#define STB_SPRINTF_IMPLEMENTATION
#include <stb/stb_sprintf.h>

#include "../../symtab/symtab.h"
#include "../symtab/oracle.h"
#include "bench_clock.h"
#include "bench_fresh.h"

#define N_ADDR 1000000
#define BATCH 1000

static double (*volatile keep_libm)(double) = cos;

__attribute__((noinline)) static int program_function(int x)
{
	return x * 2;
}

/* The first lookup in the program, libc and libm (a scan of each
 * object's symbols), then the second (which builds its index); the
 * index's size. */
static void first_lookups(double *msg)
{
	char buf[256];
	void *at[3] = { (void *)(uintptr_t)program_function, (void *)(uintptr_t)abort,
			(void *)(uintptr_t)keep_libm };
	double t[7];
	t[0] = bench_wall_ns();
	for (int pass = 0; pass < 2; pass++)
		for (int i = 0; i < 3; i++) {
			xsnprintf(buf, sizeof buf, "%pS", at[i]);
			t[3 * pass + i + 1] = bench_wall_ns();
		}
	struct xp_symtab_stats st;
	xp_symtab_stats(&st);
	double m[8] = { t[1] - t[0], t[2] - t[1], t[3] - t[2], (double)st.bytes, (double)st.symbols,
			t[4] - t[3], t[5] - t[4], t[6] - t[5] };
	memcpy(msg, m, sizeof m);
}

/* Cold: a fresh process times its first lookup in each of the three objects. */
static void cold(void)
{
	enum { RUNS = 15 };
	double us[2][4][RUNS]; /* first, second lookup: program, libc, libm, total */
	size_t bytes = 0, syms = 0;
	for (int r = 0; r < RUNS; r++) {
		double msg[8] = { 0 };
		if (in_fresh_process(first_lookups, msg, 8) != 0)
			return;
		for (int k = 0; k < 2; k++) {
			const double *m = k ? msg + 5 : msg;
			for (int i = 0; i < 3; i++)
				us[k][i][r] = m[i] / 1e3;
			us[k][3][r] = m[0] / 1e3 + m[1] / 1e3 + m[2] / 1e3;
		}
		bytes = (size_t)msg[3];
		syms = (size_t)msg[4];
	}
	printf("cold lookups, median of %d fresh processes:\n", RUNS);
	for (int k = 0; k < 2; k++)
		printf("  %-25s program %6.0f us   libc %6.0f us   libm %6.0f us   total %6.0f us\n",
		       k ? "second (the index build)" : "first (a scan)", bench_median(us[k][0], RUNS),
		       bench_median(us[k][1], RUNS), bench_median(us[k][2], RUNS), bench_median(us[k][3], RUNS));
	printf("  index for these three: %zu entries, %zu bytes, %.2f bytes/symbol\n", syms, bytes,
	       syms ? (double)bytes / (double)syms : 0.0);
}

static uintptr_t *addresses(size_t *n)
{
	struct omodule mods[3];
	const char *suffix[3] = { "", "/libc.so.6", "/libm.so.6" };
	size_t total = 0;
	for (int i = 0; i < 3; i++) {
		uintptr_t bias;
		char path[4096], debug[4200];
		if (oracle_loaded(suffix[i], &bias, path, sizeof path) != 0)
			return NULL;
		oracle_system_debug_file(path, debug, sizeof debug);
		if (oracle_load(&mods[i], *debug ? debug : path, !*debug && i, bias, "x") != 0)
			return NULL;
		total += mods[i].n;
	}
	uintptr_t *a = malloc(N_ADDR * sizeof *a);
	srand(12345);
	for (size_t k = 0; k < N_ADDR;) {
		const struct omodule *m = &mods[rand() % 3];
		const struct osym *s = &m->s[(size_t)rand() % m->n];
		if (!s->size)
			continue;
		a[k++] = s->start + (uintptr_t)rand() % s->size;
	}
	for (int i = 0; i < 3; i++)
		oracle_free(&mods[i]);
	*n = N_ADDR;
	printf("warm: %d random addresses inside %zu function symbols of the program, libc, libm\n",
	       N_ADDR, total);
	return a;
}

static volatile size_t sink;

static void warm(const uintptr_t *a, size_t n)
{
	size_t batches = n / BATCH;
	double *xl = malloc(batches * sizeof *xl), *dl = malloc(batches * sizeof *dl);
	double *xf = malloc(batches * sizeof *xf), *gf = malloc(batches * sizeof *gf);
	double *sf = malloc(batches * sizeof *sf);
	char buf[512];
	size_t named_x = 0, named_d = 0;
	for (size_t b = 0; b < batches; b++) {
		const uintptr_t *p = a + b * BATCH;
		double t0 = bench_wall_ns();
		for (int i = 0; i < BATCH; i++) {
			struct xp_symbol s;
			struct xp_symtab_hold h;
			named_x += (size_t)xp_symtab_lookup(p[i], &s, &h);
			xp_symtab_release(&h);
		}
		double t1 = bench_wall_ns();
		for (int i = 0; i < BATCH; i++) {
			Dl_info info;
			named_d += dladdr((void *)p[i], &info) && info.dli_sname;
		}
		double t2 = bench_wall_ns();
		for (int i = 0; i < BATCH; i++)
			sink += (size_t)xsnprintf(buf, sizeof buf, "%pS", (void *)p[i]);
		double t3 = bench_wall_ns();
		if (b % 10) { /* the formatting comparison on every 10th batch: dladdr is slow */
			xl[b] = (t1 - t0) / BATCH;
			dl[b] = (t2 - t1) / BATCH;
			xf[b] = (t3 - t2) / BATCH;
			gf[b] = sf[b] = -1;
			continue;
		}
		for (int i = 0; i < BATCH; i++) {
			Dl_info info;
			if (dladdr((void *)p[i], &info) && info.dli_sname)
				sink += (size_t)snprintf(buf, sizeof buf, "%s+0x%lx [%s]", info.dli_sname,
							 (unsigned long)(p[i] - (uintptr_t)info.dli_saddr),
							 info.dli_fname);
		}
		double t4 = bench_wall_ns();
		for (int i = 0; i < BATCH; i++) {
			Dl_info info;
			if (dladdr((void *)p[i], &info) && info.dli_sname)
				sink += (size_t)stbsp_snprintf(buf, sizeof buf, "%s+0x%lx [%s]", info.dli_sname,
							       (unsigned long)(p[i] - (uintptr_t)info.dli_saddr),
							       info.dli_fname);
		}
		double t5 = bench_wall_ns();
		xl[b] = (t1 - t0) / BATCH;
		dl[b] = (t2 - t1) / BATCH;
		xf[b] = (t3 - t2) / BATCH;
		gf[b] = (t4 - t3) / BATCH;
		sf[b] = (t5 - t4) / BATCH;
	}
	double mxl = bench_median(xl, batches), mdl = bench_median(dl, batches), mxf = bench_median(xf, batches);
	size_t k = 0;
	for (size_t b = 0; b < batches; b++)
		if (gf[b] >= 0) {
			gf[k] = gf[b];
			sf[k++] = sf[b];
		}
	double mgf = bench_median(gf, k), msf = bench_median(sf, k);
	printf("%-10s %14s %14s %14s %10s %10s\n", "workload", "xprintf ns", "glibc ns", "stb ns",
	       "glibc/xp", "stb/xp");
	printf("%-10s %14.1f %14.1f %14s %10.1f %10s\n", "lookup", mxl, mdl, "-", mdl / mxl, "-");
	printf("%-10s %14.1f %14.1f %14.1f %10.1f %10.1f\n", "%pS", mxf, mgf, msf, mgf / mxf, msf / mxf);
	printf("named: xprintf %zu of %zu, dladdr %zu of %zu\n", named_x, n, named_d, n);
	free(xl);
	free(dl);
	free(xf);
	free(gf);
	free(sf);
}

/* The first %pSl (or, with first_inlines, %pSi) in the program, then in
 * libc (their symbols read first): time, rows (ranges) read, rows
 * (segments) kept, bytes. */
static int first_inlines;

static void first_debug(double *msg)
{
	char buf[4096];
	void *at[2] = { (void *)(uintptr_t)program_function, (void *)(uintptr_t)abort };
	struct xp_symtab_stats before = { 0 }, after;
	for (int k = 0; k < 2; k++) {
		xsnprintf(buf, sizeof buf, "%pS", at[k]);
		double t0 = bench_wall_ns();
		xsnprintf(buf, sizeof buf, first_inlines ? "%pSi" : "%pSl", at[k]);
		msg[k] = bench_wall_ns() - t0;
		xp_symtab_stats(&after);
		if (first_inlines) {
			msg[2 + k] = (double)(after.inline_ranges - before.inline_ranges);
			msg[4 + k] = (double)(after.inline_segments - before.inline_segments);
			msg[6 + k] = (double)(after.inline_bytes - before.inline_bytes);
		} else {
			msg[2 + k] = (double)(after.line_rows - before.line_rows);
			msg[4 + k] = (double)(after.line_rows_kept - before.line_rows_kept);
			msg[6 + k] = (double)(after.line_bytes - before.line_bytes);
		}
		before = after;
	}
}

static void debug_cold(int inlines)
{
	enum { RUNS = 5 };
	double t[2][RUNS], rows[2] = { 0 }, kept[2] = { 0 }, bytes[2] = { 0 };
	first_inlines = inlines;
	for (int r = 0; r < RUNS; r++) {
		double msg[8] = { 0 };
		if (in_fresh_process(first_debug, msg, 8) != 0)
			return;
		for (int k = 0; k < 2; k++) {
			t[k][r] = msg[k];
			rows[k] = msg[2 + k];
			kept[k] = msg[4 + k];
			bytes[k] = msg[6 + k];
		}
	}
	printf("%s index, first %s in a fresh process (median of %d):\n", inlines ? "inline" : "line",
	       inlines ? "%pSi" : "%pSl", RUNS);
	const char *what[2] = { "program", "libc" };
	for (int k = 0; k < 2; k++)
		printf("  %-8s build %8.1f ms  %8.0f %s read, %8.0f %s, %9.0f bytes: %.2f bytes/%s\n", what[k],
		       bench_median(t[k], RUNS) / 1e6, rows[k], inlines ? "ranges" : "rows", kept[k],
		       inlines ? "segments" : "kept", bytes[k], rows[k] ? bytes[k] / rows[k] : 0.0,
		       inlines ? "range" : "row");
}

static Dwfl *libdw_session(void)
{
	static char *debuginfo_path = "/usr/lib/debug";
	static const Dwfl_Callbacks cb = {
		.find_elf = dwfl_linux_proc_find_elf,
		.find_debuginfo = dwfl_build_id_find_debuginfo, /* offline only */
		.debuginfo_path = &debuginfo_path,
	};
	Dwfl *d = dwfl_begin(&cb);
	if (!d || dwfl_linux_proc_report(d, getpid()) != 0) {
		if (d)
			dwfl_end(d);
		return NULL;
	}
	dwfl_report_end(d, NULL, NULL);
	return d;
}

/* ns per call of each of the nf formats over a set of addresses: the
 * median over short slices of it, the formats taking turns slice by
 * slice (a busy neighbour slows them alike; a slice preempted is an
 * outlier the median drops), each on a different slice at a time so none
 * finds the index warmed by another's lookups of the same addresses. */
static void time_formats(const char *const *fmt, double *ns, size_t nf, const uintptr_t *a, size_t n,
			 size_t slice, int rounds)
{
	size_t nslices = n / slice;
	size_t per_format = (size_t)rounds * nslices;
	double *v = malloc(nf * per_format * sizeof *v);
	char buf[1024];
	for (size_t r = 0; r < (size_t)rounds; r++)
		for (size_t c = 0; c < nslices; c++)
			for (size_t f = 0; f < nf; f++) {
				const uintptr_t *at = a + (c + f * nslices / nf) % nslices * slice;
				double t0 = bench_wall_ns();
				for (size_t i = 0; i < slice; i++)
					sink += (size_t)xsnprintf(buf, sizeof buf, fmt[f], (void *)at[i]);
				v[f * per_format + r * nslices + c] = (bench_wall_ns() - t0) / (double)slice;
			}
	for (size_t f = 0; f < nf; f++)
		ns[f] = bench_median(v + f * per_format, per_format);
	free(v);
}

static double time_libdw(Dwfl *d, const uintptr_t *a, size_t n, int rounds)
{
	double *v = malloc((size_t)rounds * sizeof *v);
	for (int r = 0; r < rounds; r++) {
		double t0 = bench_wall_ns();
		for (size_t i = 0; i < n; i++) {
			Dwfl_Module *m = dwfl_addrmodule(d, a[i]);
			Dwfl_Line *l = m ? dwfl_module_getsrc(m, a[i]) : NULL;
			int line = 0;
			if (l && dwarf_lineno(dwfl_dwarf_line(l, &(Dwarf_Addr){ 0 }), &line) == 0)
				sink += (size_t)line;
		}
		v[r] = (bench_wall_ns() - t0) / (double)n;
	}
	double m = bench_median(v, (size_t)rounds);
	free(v);
	return m;
}

static void lines_warm(const uintptr_t *a, size_t n)
{
	/* The 64 hot ones and 20000 random ones, all from libc. */
	uintptr_t bias;
	char path[4096], debug[4200];
	struct omodule m;
	if (oracle_loaded("/libc.so.6", &bias, path, sizeof path) != 0)
		return;
	oracle_system_debug_file(path, debug, sizeof debug);
	if (oracle_load(&m, *debug ? debug : path, !*debug, bias, "x") != 0)
		return;
	enum { RANDOM = 20000, HOT = 64 };
	uintptr_t *r = malloc(RANDOM * sizeof *r);
	for (size_t k = 0; k < RANDOM;) {
		const struct osym *s = &m.s[(size_t)rand() % m.n];
		if (s->size)
			r[k++] = s->start + (uintptr_t)rand() % s->size;
	}
	oracle_free(&m);
	uintptr_t hot[HOT];
	for (int i = 0; i < HOT; i++)
		hot[i] = i % 2 ? r[i] : a[i]; /* libc and the mixed set */
	Dwfl *d = libdw_session();
	printf("%-22s %10s %10s %10s %10s %10s %10s %12s\n", "workload", "%pS ns", "%pSl ns", "%pSC ns",
	       "%pSi ns", "l/S", "i/l", "libdw ns");
	static const char *const fmts[] = { "%pS", "%pSl", "%pSC", "%pSi" };
	double hot_ns[4], random_ns[4];
	time_formats(fmts, hot_ns, 4, hot, HOT, HOT, 2001);
	double d1 = d ? time_libdw(d, hot, HOT, 200) : -1;
	printf("%-22s %10.1f %10.1f %10.1f %10.1f %10.2f %10.2f %12.1f\n", "hot: 64 repeated", hot_ns[0],
	       hot_ns[1], hot_ns[2], hot_ns[3], hot_ns[1] / hot_ns[0], hot_ns[3] / hot_ns[1], d1);
	time_formats(fmts, random_ns, 4, r, RANDOM, 500, 15);
	double d2 = d ? time_libdw(d, r, RANDOM, 3) : -1;
	printf("%-22s %10.1f %10.1f %10.1f %10.1f %10.2f %10.2f %12.1f\n", "random in libc", random_ns[0],
	       random_ns[1], random_ns[2], random_ns[3], random_ns[1] / random_ns[0], random_ns[3] / random_ns[1],
	       d2);
	if (!*debug)
		printf("(no libc debug file installed: libc has no lines here)\n");
	if (d)
		dwfl_end(d);
	free(r);
	(void)n;
}

/* ---- every loaded object: the machine, hot and random %pS, first lookups, memory ---- */

#define MAX_OBJECTS 64

struct object {
	char name[128];
	struct omodule syms; /* function symbols with a size, from nm */
	uintptr_t one;       /* one function address in it */
};

static struct object objects[MAX_OBJECTS];
static size_t n_objects;

static void print_machine(void)
{
	char line[256], model[256] = "unknown";
	FILE *f = fopen("/proc/cpuinfo", "r");
	while (f && fgets(line, sizeof line, f)) {
		char *colon = strchr(line, ':');
		if (!strncmp(line, "model name", 10) && colon) {
			snprintf(model, sizeof model, "%s", colon + 2);
			model[strcspn(model, "\n")] = 0;
			break;
		}
	}
	if (f)
		fclose(f);
	printf("machine: %s, %ld CPUs online\n", model, sysconf(_SC_NPROCESSORS_ONLN));
}

/* A process that also holds a large C++ library, as the workloads want. */
static void load_large_library(void)
{
	const char *llvm[] = { "/usr/lib/x86_64-linux-gnu/libLLVM-15.so.1", "libLLVM-15.so.1" };
	for (size_t i = 0; i < sizeof llvm / sizeof *llvm; i++)
		if (dlopen(llvm[i], RTLD_NOW | RTLD_GLOBAL))
			return;
	printf("libLLVM-15 is not installed: the all-objects rows hold no large C++ library\n");
	dlopen("libstdc++.so.6", RTLD_NOW | RTLD_GLOBAL);
}

struct loaded {
	char path[4096];
	uintptr_t bias;
};

static int list_object(struct dl_phdr_info *info, size_t size, void *data)
{
	(void)size;
	struct loaded *l = data;
	size_t i = 0;
	while (i < MAX_OBJECTS && l[i].path[0])
		i++;
	const char *dname = info->dlpi_name ? info->dlpi_name : "";
	if (i == MAX_OBJECTS || (i && dname[0] != '/'))
		return 0; /* the vDSO: no file for nm */
	if (!i) {
		ssize_t k = readlink("/proc/self/exe", l[i].path, sizeof l[i].path - 1);
		if (k <= 0)
			return 1;
	} else {
		snprintf(l[i].path, sizeof l[i].path, "%s", dname);
	}
	l[i].bias = info->dlpi_addr;
	return 0;
}

/* Its sized function symbols from nm (the debug file's if installed,
 * else .symtab, else .dynsym): 0, or -1 when there are none. */
static int add_object(const char *path, uintptr_t bias)
{
	struct object *o = &objects[n_objects];
	char debug[4200];
	const char *slash = strrchr(path, '/');
	snprintf(o->name, sizeof o->name, "%s", slash ? slash + 1 : path);
	oracle_system_debug_file(path, debug, sizeof debug);
	if (oracle_load(&o->syms, *debug ? debug : path, 0, bias, "x") != 0 || !o->syms.n) {
		oracle_free(&o->syms);
		if (oracle_load(&o->syms, path, 1, bias, "x") != 0)
			return -1;
	}
	size_t k = 0;
	for (size_t i = 0; i < o->syms.n; i++)
		if (o->syms.s[i].size)
			o->syms.s[k++] = o->syms.s[i];
	o->syms.n = k;
	if (!k) {
		oracle_free(&o->syms);
		return -1;
	}
	o->one = o->syms.s[k / 2].start;
	n_objects++;
	return 0;
}

static size_t object_symbols(void)
{
	size_t total = 0;
	for (size_t i = 0; i < n_objects; i++)
		total += objects[i].syms.n;
	return total;
}

static void read_objects(void)
{
	static struct loaded l[MAX_OBJECTS];
	dl_iterate_phdr(list_object, l);
	for (size_t i = 0; i < MAX_OBJECTS && l[i].path[0]; i++)
		add_object(l[i].path, l[i].bias);
	printf("objects: %zu with function symbols (plus the vDSO), %zu sized function symbols:", n_objects,
	       object_symbols());
	for (size_t i = 0; i < n_objects; i++)
		printf(" %s", objects[i].name);
	printf("\n");
}

static const struct object *object_named(const char *prefix)
{
	for (size_t i = 0; i < n_objects; i++)
		if (!strncmp(objects[i].name, prefix, strlen(prefix)))
			return &objects[i];
	return NULL;
}

/* n addresses inside random function symbols of objects [from, to), each
 * symbol equally likely (so a large library gets most of them). */
static void random_addresses(uintptr_t *a, size_t n, size_t from, size_t to, int starts_only)
{
	size_t total = 0;
	for (size_t i = from; i < to; i++)
		total += objects[i].syms.n;
	for (size_t k = 0; k < n; k++) {
		size_t pick = ((size_t)rand() << 16 ^ (size_t)rand()) % total, i = from;
		while (pick >= objects[i].syms.n)
			pick -= objects[i++].syms.n;
		const struct osym *s = &objects[i].syms.s[pick];
		a[k] = s->start + (starts_only ? 0 : (uintptr_t)rand() % s->size);
	}
}

/* ns per dladdr; *named: how many of the n it gave a symbol name. */
static double time_dladdr(const uintptr_t *a, size_t n, int rounds, size_t *named)
{
	double *v = malloc((size_t)rounds * sizeof *v);
	for (int r = 0; r < rounds; r++) {
		double t0 = bench_wall_ns();
		*named = 0;
		for (size_t i = 0; i < n; i++) {
			Dl_info info;
			*named += dladdr((void *)a[i], &info) && info.dli_sname;
		}
		v[r] = (bench_wall_ns() - t0) / (double)n;
	}
	double m = bench_median(v, (size_t)rounds);
	free(v);
	return m;
}

static void workload_header(void)
{
	printf("%-34s %10s %10s %10s %12s %14s\n", "workload", "%pS ns", "%ps ns", "dladdr ns", "dladdr/%pS",
	       "dladdr named");
}

/* One row: %pS and %ps over the addresses (`rounds` passes), dladdr over
 * the first dl_n of them (it takes microseconds where .dynsym is large). */
static double workload_row(const char *what, const uintptr_t *a, size_t n, int rounds, size_t dl_n,
			   int dl_rounds)
{
	static const char *const fmts[] = { "%pS", "%ps" };
	double ns[2];
	time_formats(fmts, ns, 2, a, n, n < 1000 ? n : 500, rounds);
	double s = ns[0], sn = ns[1];
	size_t named;
	double d = time_dladdr(a, dl_n, dl_rounds, &named);
	printf("%-34s %10.1f %10.1f %10.1f %12.2f %13.0f%%\n", what, s, sn, d, d / s,
	       100.0 * (double)named / (double)dl_n);
	return s;
}

/* glibc's snprintf of each address's %pS text from its parts (name,
 * offset, size, module suffix), as a program that had them would print
 * it: ns per call, median of rounds over the n. */
static double snprintf_same_text(const uintptr_t *a, size_t n, int rounds)
{
	struct parts {
		char name[256], module[128];
		unsigned long off, size;
	} *p = calloc(n, sizeof *p);
	double *v = malloc((size_t)rounds * sizeof *v);
	if (!p || !v) {
		free(p);
		free(v);
		return -1;
	}
	for (size_t i = 0; i < n; i++) {
		char text[512];
		xsnprintf(text, sizeof text, "%pS", (void *)a[i]);
		char *mod = strstr(text, " [");
		if (mod) {
			snprintf(p[i].module, sizeof p[i].module, "%s", mod);
			*mod = '\0';
		}
		char *plus = strrchr(text, '+');
		if (plus && sscanf(plus, "+0x%lx/0x%lx", &p[i].off, &p[i].size) == 2)
			*plus = '\0';
		snprintf(p[i].name, sizeof p[i].name, "%s", text);
	}
	char buf[512];
	for (int r = 0; r < rounds; r++) {
		double t0 = bench_wall_ns();
		for (size_t i = 0; i < n; i++)
			snprintf(buf, sizeof buf, "%s+0x%lx/0x%lx%s", p[i].name, p[i].off, p[i].size,
				 p[i].module);
		v[r] = (bench_wall_ns() - t0) / (double)n;
	}
	double m = bench_median(v, (size_t)rounds);
	free(p);
	free(v);
	return m;
}

/* One load that misses the caches and the TLB: a pointer chase through
 * 256 MiB of 4 KiB pages in random order, one line of each page (ns per
 * load), or -1. */
static double miss_load_ns(void)
{
	enum { PAGE = 4096 };
	const size_t bytes = (size_t)256 << 20, pages = bytes / PAGE;
	char *m = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	size_t *order = malloc(pages * sizeof *order);
	if (m == MAP_FAILED || !order) {
		if (m != MAP_FAILED)
			munmap(m, bytes);
		free(order);
		return -1;
	}
	madvise(m, bytes, MADV_NOHUGEPAGE);
	for (size_t i = 0; i < pages; i++)
		order[i] = i;
	for (size_t i = pages - 1; i > 0; i--) {
		size_t j = ((size_t)rand() << 16 ^ (size_t)rand()) % (i + 1), t = order[i];
		order[i] = order[j];
		order[j] = t;
	}
	/* Each page's slot (a line that varies with the page) points to the next's. */
	for (size_t i = 0; i < pages; i++) {
		size_t from = order[i], to = order[(i + 1) % pages];
		*(void **)(m + from * PAGE + from % 63 * 64) = m + to * PAGE + to % 63 * 64;
	}
	void *q = m + order[0] * PAGE + order[0] % 63 * 64;
	enum { ROUNDS = 7 };
	double v[ROUNDS];
	for (int r = 0; r < ROUNDS; r++) {
		double t0 = bench_wall_ns();
		for (size_t i = 0; i < pages; i++)
			q = *(void *volatile *)q;
		v[r] = (bench_wall_ns() - t0) / (double)pages;
	}
	munmap(m, bytes);
	free(order);
	return bench_median(v, ROUNDS);
}

/* 64 distinct function addresses repeated: the log-line case. */
static void hot_rows(void)
{
	enum { HOT = 64 };
	uintptr_t hot[HOT];
	const struct object *prog = &objects[0], *libc = object_named("libc.so");
	if (libc) {
		for (int i = 0; i < HOT; i++) {
			const struct object *o = i % 2 ? libc : prog;
			hot[i] = o->syms.s[(size_t)rand() % o->syms.n].start;
		}
		double s = workload_row("hot: 64 functions, program+libc", hot, HOT, 3000, HOT, 30);
		double g = snprintf_same_text(hot, HOT, 3000);
		if (g > 0)
			printf("  the same text by glibc's snprintf from its parts: %.1f ns; %%pS/snprintf %.2f\n",
			       g, s / g);
		/* The other symbol forms of the same functions, cached as %pS
		 * (%pB's as return addresses into them) */
		static const char *const forms[] = { "%pF", "%pSb" }, *const returns[] = { "%pB", "%pBCi" };
		uintptr_t ret[HOT];
		for (int i = 0; i < HOT; i++)
			ret[i] = hot[i] + 1;
		double f[2], b[2];
		time_formats(forms, f, 2, hot, HOT, HOT, 3000);
		time_formats(returns, b, 2, ret, HOT, HOT, 3000);
		printf("  the other forms, ns: %%pF %.1f, %%pSb %.1f, %%pB %.1f, %%pBCi %.1f\n", f[0], f[1], b[0],
		       b[1]);
	}
	random_addresses(hot, HOT, 0, n_objects, 1);
	workload_row("hot: 64 functions, all objects", hot, HOT, 3000, HOT, 30);
}

/* Random addresses inside functions: all objects, then each large one. */
static void random_rows(void)
{
	enum { N = 200000, DL = 2000 };
	uintptr_t *a = malloc(N * sizeof *a);
	char what[64];
	random_addresses(a, N, 0, n_objects, 0);
	snprintf(what, sizeof what, "random: all %zu objects", n_objects);
	double s = workload_row(what, a, N, 9, DL, 3);
	double miss = miss_load_ns();
	if (miss > 0)
		printf("  one load that misses the caches and the TLB: %.1f ns; random %%pS/load %.2f\n",
		       miss, s / miss);
	const char *one[] = { NULL, "libc.so", "libLLVM", "libstdc++" };
	for (size_t k = 0; k < sizeof one / sizeof *one; k++) {
		const struct object *o = one[k] ? object_named(one[k]) : &objects[0];
		if (!o)
			continue;
		size_t i = (size_t)(o - objects);
		random_addresses(a, N, i, i + 1, 0);
		snprintf(what, sizeof what, "random in %s%s", one[k] ? "" : "the program ", o->name);
		workload_row(what, a, N, 9, DL, 3);
	}
	free(a);
}

static long resident_kib(void)
{
	long pages = 0, resident = 0;
	FILE *f = fopen("/proc/self/statm", "r");
	if (f) {
		if (fscanf(f, "%ld %ld", &pages, &resident) != 2)
			resident = 0;
		fclose(f);
	}
	return resident * (sysconf(_SC_PAGESIZE) / 1024);
}

/* The first lookup in every object, then the second (the index builds),
 * and what the indexes hold. */
static void first_lookups_all(double *msg)
{
	char buf[512];
	long rss = resident_kib();
	double t0 = bench_wall_ns();
	for (size_t i = 0; i < n_objects; i++)
		xsnprintf(buf, sizeof buf, "%pS", (void *)objects[i].one);
	double t1 = bench_wall_ns();
	for (size_t i = 0; i < n_objects; i++)
		xsnprintf(buf, sizeof buf, "%pS", (void *)objects[i].one);
	msg[6] = bench_wall_ns() - t1;
	struct xp_symtab_stats st;
	xp_symtab_stats(&st);
	msg[0] = t1 - t0;
	msg[1] = (double)st.symbols;
	msg[2] = (double)st.bytes;
	msg[3] = (double)st.name_bytes;
	msg[4] = (double)(resident_kib() - rss);
	msg[5] = (double)st.indexed_modules;
	msg[7] = (double)st.data_symbols;
}

static void cold_all(void)
{
	enum { RUNS = 7 };
	double t[RUNS], t2[RUNS], msg[8] = { 0 };
	for (int r = 0; r < RUNS; r++) {
		if (in_fresh_process(first_lookups_all, msg, 8) != 0)
			return;
		t[r] = msg[0];
		t2[r] = msg[6];
	}
	printf("lookups in all %zu objects, median of %d fresh processes: the first %.1f ms, "
	       "the second (the index builds) %.1f ms\n",
	       n_objects, RUNS, bench_median(t, RUNS) / 1e6, bench_median(t2, RUNS) / 1e6);
	double entries = msg[1] + msg[7];
	printf("memory: index %.0f bytes for %.0f function + %.0f data entries in %.0f objects = %.2f bytes/entry, "
	       "plus %.0f bytes of names (in the mapped files, not copied); the process grew by %.1f MB\n",
	       msg[2], msg[1], msg[7], msg[5], entries ? msg[2] / entries : 0.0, msg[3], msg[4] / 1024);
}

/* One object's index, built alone in a fresh process (its second
 * lookup): msg = { function entries, data entries, bytes, data bytes }. */
static const struct object *index_alone_of;

static void index_alone(double *msg)
{
	char buf[512];
	for (int i = 0; i < 2; i++)
		xsnprintf(buf, sizeof buf, "%pS", (void *)index_alone_of->one);
	struct xp_symtab_stats st;
	xp_symtab_stats(&st);
	double m[4] = { (double)st.symbols, (double)st.data_symbols, (double)st.bytes, (double)st.data_bytes };
	memcpy(msg, m, sizeof m);
}

/* What the data objects add to the index of libc, libstdc++ and the
 * large library: entries, and bytes per entry over both indexes. */
static void data_entries(void)
{
	static const char *const names[] = { "libc.so", "libstdc++.so", "libLLVM" };
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
		double m[4] = { 0 };
		index_alone_of = object_named(names[i]);
		if (!index_alone_of || in_fresh_process(index_alone, m, 4) != 0)
			continue;
		printf("%-16s index: %6.0f function entries + %6.0f data entries (+%.0f%%), "
		       "%.2f bytes/entry (functions %.2f, data %.2f)\n",
		       index_alone_of->name, m[0], m[1], m[0] ? 100 * m[1] / m[0] : 0.0,
		       m[0] + m[1] ? m[2] / (m[0] + m[1]) : 0.0, m[0] ? (m[2] - m[3]) / m[0] : 0.0,
		       m[1] ? m[3] / m[1] : 0.0);
	}
}

int main(void)
{
	print_machine();
	load_large_library();
	read_objects();
	cold();
	cold_all();
	data_entries();
	debug_cold(0);
	debug_cold(1);
	size_t n = 0;
	uintptr_t *a = addresses(&n);
	if (!a) {
		printf("could not read the symbol tables with nm\n");
		return 0;
	}
	if (xprintf_symbols_preload() != 0)
		printf("preload failed\n");
	struct xp_symtab_stats st;
	xp_symtab_stats(&st);
	printf("after preload: %zu objects, %zu index entries from %zu function symbols, %zu bytes: "
	       "%.2f bytes/entry\n",
	       st.modules, st.symbols, st.candidates, st.bytes,
	       st.symbols ? (double)st.bytes / (double)st.symbols : 0.0);
	warm(a, n);
	workload_header();
	hot_rows();
	random_rows();
	lines_warm(a, n);
	free(a);
	return 0;
}
