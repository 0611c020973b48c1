/* bench_first_lookup.c - the first symbols of a program linked with the
 * shared libxprintf: fresh processes (forked before any lookup, so libdw
 * is not loaded yet) time their first %pS in the program, libc and libm,
 * the first of them including the loading of libdw and libelf; then the
 * first lookup in every object of a process that has also loaded
 * libstdc++ and libLLVM-15.  Beside each, libdwfl in the same kind of fresh
 * process, as a program would use it: dlopen libdw, report the process
 * (dwfl_linux_proc_report), then dwfl_module_addrinfo, symbol tables read
 * per object on its first address.  Medians.  Reports; never fails. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <elfutils/libdwfl.h>
#include <link.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <xprintf.h>

#include "bench_clock.h"
#include "bench_fresh.h"

#define RUNS 15

static double (*volatile keep_libm)(double) = cos;

__attribute__((noinline)) static int program_function(int x)
{
	return x * 2;
}

static int find_loaded(struct dl_phdr_info *info, size_t size, void *want)
{
	(void)size;
	return strstr(info->dlpi_name, want) != NULL;
}

static void first_lookups(double *msg)
{
	char buf[3][256];
	double before = dl_iterate_phdr(find_loaded, "libdw.so");
	double t0 = bench_wall_ns();
	xsnprintf(buf[0], sizeof buf[0], "%pS", (void *)(uintptr_t)program_function);
	double t1 = bench_wall_ns();
	xsnprintf(buf[1], sizeof buf[1], "%pS", (void *)(uintptr_t)abort);
	double t2 = bench_wall_ns();
	xsnprintf(buf[2], sizeof buf[2], "%pS", (void *)(uintptr_t)keep_libm);
	double t3 = bench_wall_ns();
	double named = !strncmp(buf[0], "program_function+", 17) && !strncmp(buf[1], "abort+", 6) &&
		       strstr(buf[2], "[libm.so.6]");
	double m[5] = { t1 - t0, t2 - t1, t3 - t2, before, named };
	memcpy(msg, m, sizeof m);
}

/* libdwfl's functions, from a libdw dlopen()ed in the timed region (as
 * xprintf's shared library loads it). */
struct dwfl_api {
	Dwfl *(*begin)(const Dwfl_Callbacks *);
	int (*proc_report)(Dwfl *, pid_t);
	int (*report_end)(Dwfl *, int (*)(Dwfl_Module *, void *, const char *, Dwarf_Addr, void *),
			  void *);
	Dwfl_Module *(*addrmodule)(Dwfl *, Dwarf_Addr);
	const char *(*addrinfo)(Dwfl_Module *, GElf_Addr, GElf_Off *, GElf_Sym *, GElf_Word *, Elf **,
				Dwarf_Addr *);
	int (*find_elf)(Dwfl_Module *, void **, const char *, Dwarf_Addr, char **, Elf **);
	int (*find_debuginfo)(Dwfl_Module *, void **, const char *, Dwarf_Addr, const char *,
			      const char *, GElf_Word, char **);
};

static Dwfl *dwfl_open(struct dwfl_api *d, Dwfl_Callbacks *cb, char **path)
{
	void *h = dlopen("libdw.so.1", RTLD_NOW);
	if (!h)
		return NULL;
	*(void **)&d->begin = dlsym(h, "dwfl_begin");
	*(void **)&d->proc_report = dlsym(h, "dwfl_linux_proc_report");
	*(void **)&d->report_end = dlsym(h, "dwfl_report_end");
	*(void **)&d->addrmodule = dlsym(h, "dwfl_addrmodule");
	*(void **)&d->addrinfo = dlsym(h, "dwfl_module_addrinfo");
	*(void **)&d->find_elf = dlsym(h, "dwfl_linux_proc_find_elf");
	*(void **)&d->find_debuginfo = dlsym(h, "dwfl_standard_find_debuginfo");
	if (!d->begin || !d->proc_report || !d->report_end || !d->addrmodule || !d->addrinfo ||
	    !d->find_elf || !d->find_debuginfo)
		return NULL;
	*cb = (Dwfl_Callbacks){ .find_elf = d->find_elf, .find_debuginfo = d->find_debuginfo,
				.debuginfo_path = path };
	Dwfl *dwfl = d->begin(cb);
	if (!dwfl || d->proc_report(dwfl, getpid()) != 0 || d->report_end(dwfl, NULL, NULL) != 0)
		return NULL;
	return dwfl;
}

/* libdwfl's name for addr, or NULL. */
static const char *dwfl_name(const struct dwfl_api *d, Dwfl *dwfl, uintptr_t addr)
{
	Dwfl_Module *mod = d->addrmodule(dwfl, addr);
	GElf_Off off;
	GElf_Sym sym;
	return mod ? d->addrinfo(mod, addr, &off, &sym, NULL, NULL, NULL) : NULL;
}

static void first_lookups_dwfl(double *msg)
{
	static Dwfl_Callbacks cb;
	static char *path = NULL;
	struct dwfl_api d;
	double t0 = bench_wall_ns();
	Dwfl *dwfl = dwfl_open(&d, &cb, &path);
	const char *n0 = dwfl ? dwfl_name(&d, dwfl, (uintptr_t)program_function) : NULL;
	double t1 = bench_wall_ns();
	const char *n1 = dwfl ? dwfl_name(&d, dwfl, (uintptr_t)abort) : NULL;
	double t2 = bench_wall_ns();
	const char *n2 = dwfl ? dwfl_name(&d, dwfl, (uintptr_t)keep_libm) : NULL;
	double t3 = bench_wall_ns();
	double named = n0 && !strcmp(n0, "program_function") && n1 && !strcmp(n1, "abort") && n2;
	double m[5] = { t1 - t0, t2 - t1, t3 - t2, 0, named };
	memcpy(msg, m, sizeof m);
}

/* An address in the middle of each loaded object's first executable
 * segment (its .text, past the PLT and .init, which have no symbols). */
#define MAX_OBJECTS 64
struct objects {
	uintptr_t addr[MAX_OBJECTS];
	size_t n;
};

static int code_address(struct dl_phdr_info *info, size_t size, void *arg)
{
	(void)size;
	struct objects *o = arg;
	for (int i = 0; i < info->dlpi_phnum && o->n < MAX_OBJECTS; i++)
		if (info->dlpi_phdr[i].p_type == PT_LOAD && (info->dlpi_phdr[i].p_flags & PF_X) &&
		    info->dlpi_phdr[i].p_memsz > 64) {
			o->addr[o->n++] = info->dlpi_addr + info->dlpi_phdr[i].p_vaddr +
					  info->dlpi_phdr[i].p_memsz / 2;
			break;
		}
	return 0;
}

static const char *const big_libraries[] = { "libstdc++.so.6", "libLLVM-15.so.1" };

/* Load the big libraries (untimed), then time a first lookup in every
 * object: msg = { ns, objects, named }. */
static void every_object(double *msg, int use_dwfl)
{
	for (size_t i = 0; i < sizeof big_libraries / sizeof big_libraries[0]; i++)
		dlopen(big_libraries[i], RTLD_NOW | RTLD_LOCAL);
	struct objects o = { .n = 0 };
	dl_iterate_phdr(code_address, &o);
	size_t named = 0;
	double t0 = bench_wall_ns();
	if (use_dwfl) {
		static Dwfl_Callbacks cb;
		static char *path = NULL;
		struct dwfl_api d;
		Dwfl *dwfl = dwfl_open(&d, &cb, &path);
		for (size_t i = 0; dwfl && i < o.n; i++)
			named += dwfl_name(&d, dwfl, o.addr[i]) != NULL;
	} else {
		char buf[512];
		for (size_t i = 0; i < o.n; i++) {
			xsnprintf(buf, sizeof buf, "%pS", (void *)o.addr[i]);
			named += strncmp(buf, "0x", 2) != 0;
		}
	}
	double m[3] = { bench_wall_ns() - t0, (double)o.n, (double)named };
	memcpy(msg, m, sizeof m);
}

static void every_object_xprintf(double *msg)
{
	every_object(msg, 0);
}

static void every_object_dwfl(double *msg)
{
	every_object(msg, 1);
}

int main(void)
{
	/* libdwfl's standard finder would ask debuginfod servers. */
	unsetenv("DEBUGINFOD_URLS");
	/* Three lookups: xprintf's and libdwfl's fresh processes alternate. */
	double prog[2][RUNS], libc[2][RUNS], libm[2][RUNS], total[2][RUNS];
	int preloaded = 0, named[2] = { 0, 0 };
	for (int r = 0; r < RUNS; r++) {
		for (int who = 0; who < 2; who++) {
			double msg[5] = { 0 };
			if (in_fresh_process(who ? first_lookups_dwfl : first_lookups, msg, 5) != 0) {
				printf("could not run a fresh process\n");
				return 0;
			}
			prog[who][r] = msg[0];
			libc[who][r] = msg[1];
			libm[who][r] = msg[2];
			total[who][r] = msg[0] + msg[1] + msg[2];
			preloaded += msg[3] != 0;
			named[who] += msg[4] != 0;
		}
	}
	printf("first lookups with the shared libxprintf beside libdwfl, median of %d fresh processes\n",
	       RUNS);
	printf("(libdw loaded before xprintf's first in %d; all three named in %d and %d):\n", preloaded,
	       named[0], named[1]);
	printf("%-9s %10s %10s %10s %10s\n", "", "program", "libc", "libm", "total");
	for (int who = 0; who < 2; who++)
		printf("%-9s %8.0fus %8.0fus %8.0fus %8.0fus\n", who ? "libdwfl" : "xprintf",
		       bench_median(prog[who], RUNS) / 1e3, bench_median(libc[who], RUNS) / 1e3,
		       bench_median(libm[who], RUNS) / 1e3, bench_median(total[who], RUNS) / 1e3);
	printf("%-9s %10.2f %10.2f %10.2f %10.2f\n", "x/dwfl",
	       bench_median(prog[0], RUNS) / bench_median(prog[1], RUNS),
	       bench_median(libc[0], RUNS) / bench_median(libc[1], RUNS),
	       bench_median(libm[0], RUNS) / bench_median(libm[1], RUNS),
	       bench_median(total[0], RUNS) / bench_median(total[1], RUNS));

	/* Every object of a process with libstdc++ and libLLVM-15 loaded. */
	double all[2][RUNS], objects = 0, all_named[2] = { 0, 0 };
	for (int r = 0; r < RUNS; r++) {
		for (int who = 0; who < 2; who++) {
			double msg[3] = { 0 };
			if (in_fresh_process(who ? every_object_dwfl : every_object_xprintf, msg, 3) != 0) {
				printf("could not run a fresh process\n");
				return 0;
			}
			all[who][r] = msg[0];
			objects = msg[1];
			all_named[who] = msg[2];
		}
	}
	printf("\nthe first lookup in every one of %.0f objects (libstdc++, libLLVM-15 loaded; named "
	       "%.0f and %.0f):\n",
	       objects, all_named[0], all_named[1]);
	double x = bench_median(all[0], RUNS), d = bench_median(all[1], RUNS);
	printf("xprintf %8.0fus   libdwfl %8.0fus   x/dwfl %5.2f\n", x / 1e3, d / 1e3, x / d);
	return 0;
}
