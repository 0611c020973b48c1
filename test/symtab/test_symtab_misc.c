/* test_symtab_misc.c - the fallback, the formats, broken debug files,
 * the vDSO, and that debuginfod is never consulted. */
#define _GNU_SOURCE
#include <check.h>
#include <dirent.h>
#include <dlfcn.h>
#include <errno.h>
#include <elfutils/libdwfl.h>
#include <fcntl.h>
#include <link.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <xprintf.h>

#include "check_run.h"
#include "copy_file.h"
#include "oracle.h"

int garbage_global(int);
int truncated_global(int);

#define FN(f) ((void *)(uintptr_t)(f))

static char buf[1024];

static const char *fmt1(const char *fmt, const void *p)
{
	xsnprintf(buf, sizeof buf, fmt, p);
	return buf;
}

static const char *hex(const void *p)
{
	static char h[64];
	snprintf(h, sizeof h, "0x%lx", (unsigned long)(uintptr_t)p);
	return h;
}

__attribute__((noinline, used)) int prog_function(int x)
{
	return x * 3 + 1;
}

/* Thread-local: its symbol's value is an offset in a TLS block. */
static __thread int misc_tls[4];

START_TEST(fallback_for_non_code)
{
	int local = 0;
	void *heap = malloc(32);
	long page = sysconf(_SC_PAGESIZE);
	void *gone = mmap(NULL, (size_t)page, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	ck_assert_ptr_ne(gone, MAP_FAILED);
	munmap(gone, (size_t)page);
	/* (Data objects are named: test_symtab_data.) */
	const void *cases[] = { &misc_tls, heap, &local, gone, (void *)1,
				(void *)(uintptr_t)-1, (void *)(uintptr_t)4096 };
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		ck_assert_str_eq(fmt1("%pS", cases[i]), hex(cases[i]));
		ck_assert_str_eq(fmt1("%ps", cases[i]), hex(cases[i]));
		ck_assert_str_eq(fmt1("%pB", cases[i]), hex(cases[i]));
		ck_assert_str_eq(fmt1("%pSb", cases[i]), hex(cases[i]));
	}
	ck_assert_str_eq(fmt1("%pS", NULL), "0x0");
	ck_assert_str_eq(fmt1("%pB", NULL), "0x0");
	ck_assert_str_eq(fmt1("%pF", NULL), "0x0");
	ck_assert_str_eq(fmt1("%10pS|", NULL), "       0x0|");
	free(heap);
}
END_TEST

/* The build ID as readelf -n prints it ("" if none); its length. */
static size_t readelf_build_id(const char *file, char *id, size_t len)
{
	char cmd[4400], line[512], host_file[4200];
	file = oracle_host_path(file, host_file, sizeof host_file);
	snprintf(cmd, sizeof cmd, XP_TEST_READELF " -n '%s'", file);
	FILE *p = popen(cmd, "r");
	id[0] = 0;
	while (p && fgets(line, sizeof line, p)) {
		char *b = strstr(line, "Build ID: ");
		if (b)
			sscanf(b + 10, "%127s", id);
	}
	if (p)
		pclose(p);
	(void)len;
	return strlen(id);
}

START_TEST(formats)
{
	/* The oracle's text for the program's own function. */
	uintptr_t bias;
	char path[4096];
	ck_assert_int_eq(oracle_loaded("", &bias, path, sizeof path), 0);
	struct omodule m;
	ck_assert_int_eq(oracle_load(&m, path, 0, bias, NULL), 0);
	char want[4][256];
	uintptr_t a = oracle_symbol_start(&m, "prog_function") + 3;
	ck_assert_uint_eq(oracle_expect(&m, a, 0, want, 4), 1);
#if XP_TEST_DESCRIPTORS
	/* A function pointer is a descriptor: %pF/%pf read its entry. */
	char want0[4][256];
	ck_assert_uint_eq(oracle_expect(&m, a - 3, 0, want0, 4), 1);
	ck_assert_str_eq(fmt1("%pF", FN(prog_function)), want0[0]);
	ck_assert_str_eq(fmt1("%pf", FN(prog_function)), "prog_function");
#else
	ck_assert_uint_eq(a - 3, (uintptr_t)FN(prog_function));
	ck_assert_str_eq(fmt1("%pF", (void *)a), want[0]);
	ck_assert_str_eq(fmt1("%pf", (void *)a), "prog_function");
#endif
	oracle_free(&m);
	ck_assert_str_eq(fmt1("%pS", (void *)a), want[0]);
	for (int turn = 0; turn < 3; turn++) /* a miss, a fill, a hit */
		ck_assert_str_eq(fmt1("%pSR", (void *)a), want[0]);
	ck_assert_str_eq(fmt1("%ps", (void *)a), "prog_function");

	/* width, precision and '-' apply to the whole text */
	char w[300];
	snprintf(w, sizeof w, "%-40s|", want[0]);
	ck_assert_str_eq(fmt1("%-40pS|", (void *)a), w);
	snprintf(w, sizeof w, "%40s|", want[0]);
	ck_assert_str_eq(fmt1("%40pS|", (void *)a), w);
	snprintf(w, sizeof w, "%.9s|", want[0]);
	ck_assert_str_eq(fmt1("%.9pS|", (void *)a), w);

	/* %pSb: the program too, with its build ID in full; the same from
	 * the cache (a miss, a fill, a hit) */
	char id[128], exp[600];
	ck_assert_uint_gt(readelf_build_id(path, id, sizeof id), 16);
	const char *base = strrchr(path, '/') + 1;
	snprintf(exp, sizeof exp, "%s [%s %s]", want[0], base, id);
	for (int turn = 0; turn < 3; turn++) {
		ck_assert_str_eq(fmt1("%pSb", (void *)a), exp);
		/* %pBb of a: a-1 looked up, offset+1 printed: the same text */
		ck_assert_str_eq(fmt1("%pBb", (void *)a), exp);
	}

	/* a shared object: [module build-id] */
	char libc_path[4096];
	ck_assert_int_eq(oracle_loaded("/libc.so.6", &bias, libc_path, sizeof libc_path), 0);
	ck_assert_uint_gt(readelf_build_id(libc_path, id, sizeof id), 16);
	snprintf(exp, sizeof exp, " [libc.so.6 %s]", id);
	for (int turn = 0; turn < 3; turn++) {
		const char *got = fmt1("%pSb", FN(abort));
		ck_assert_ptr_nonnull(strstr(got, exp));
		ck_assert_str_eq(got + strlen(got) - strlen(exp), exp);
	}
	ck_assert_str_eq(fmt1("%ps", FN(abort)), "abort [libc.so.6]");

	/* unknown letters after a symbol extension are consumed */
	ck_assert_str_eq(fmt1("%psZ9|", FN(abort)), "abort [libc.so.6]|");
}
END_TEST

/* Appends to spelling (len letters so far) every ordering of the letters
 * left in pool, checking each: the driver's fast path (no width) prints
 * what the extension lookup (a width of 1, which pads nothing) prints,
 * from a miss and from the cache, in either order. */
static int check_spellings(char name, char *spelling, size_t len, const char *pool, const void *p)
{
	char fast[16], general[16], want[1024], got[1024];
	snprintf(fast, sizeof fast, "%%p%c%.*s", name, (int)len, spelling);
	snprintf(general, sizeof general, "%%1p%c%.*s", name, (int)len, spelling);
	xsnprintf(want, sizeof want, general, p);
	for (int turn = 0; turn < 3; turn++) {
		xsnprintf(got, sizeof got, fast, p);
		ck_assert_msg(!strcmp(got, want), "%s: %s; %s: %s", fast, got, general, want);
		xsnprintf(got, sizeof got, general, p);
		ck_assert_str_eq(got, want);
	}
	int checked = 1;
	for (size_t i = 0; pool[i]; i++) {
		char rest[8];
		snprintf(rest, sizeof rest, "%.*s%s", (int)i, pool, pool + i + 1);
		spelling[len] = pool[i];
		checked += check_spellings(name, spelling, len + 1, rest, p);
	}
	return checked;
}

/* The symbol extensions with their letters in every order: the fast
 * path takes %pS, %ps and %pB with distinct letters (a letter twice, or
 * another after them, is a name a program may register, and takes the
 * lookup), and both print alike. */
START_TEST(letters_in_every_order)
{
	ck_assert_int_eq(xprintf_symbols_preload(), 0);
	static const char names[] = "SsBFf";
	const void *code = FN(prog_function);
	char spelling[8];
	for (size_t i = 0; names[i]; i++)
		ck_assert_int_eq(check_spellings(names[i], spelling, 0, "RblCi", code), 326);
	/* Not the symbol letters alone: the lookup takes them (both sides
	 * alike), and with no such name registered it prints what the fast
	 * path prints for the distinct symbol letters among them (a letter
	 * twice counts once, others are consumed). */
	static const struct {
		const char *spelling, *same_as;
	} others[] = { { "ll", "l" }, { "bCb", "bC" }, { "lx", "l" }, { "RR", "" }, { "i9", "i" }, { "CbiZ", "Cbi" } };
	for (size_t i = 0; i < sizeof others / sizeof *others; i++)
		for (size_t k = 0; names[k]; k++) {
			check_spellings(names[k], strcpy(spelling, others[i].spelling), strlen(others[i].spelling), "",
					code);
			char fmt[16], want[1024];
			snprintf(fmt, sizeof fmt, "%%p%c%s", names[k], others[i].same_as);
			xsnprintf(want, sizeof want, fmt, code);
			snprintf(fmt, sizeof fmt, "%%p%c%s", names[k], others[i].spelling);
			ck_assert_msg(!strcmp(fmt1(fmt, code), want), "%s: %s, not %s", fmt, buf, want);
		}
}
END_TEST

/* An object without a build ID: %pSb and %pBb print its module alone,
 * as the kernel does, from a miss, a fill and a hit. */
START_TEST(no_build_id)
{
	void *h = dlopen(FIXTURE_DIR "/libxpfix_noid.so", RTLD_NOW | RTLD_LOCAL);
	ck_assert_msg(h != NULL, "%s", dlerror());
	uintptr_t bias;
	char path[4096], id[128];
	ck_assert_int_eq(oracle_loaded("/libxpfix_noid.so", &bias, path, sizeof path), 0);
	ck_assert_uint_eq(readelf_build_id(path, id, sizeof id), 0);
	struct omodule m;
	ck_assert_int_eq(oracle_load(&m, path, 0, bias, "libxpfix_noid.so"), 0);
	uintptr_t a = oracle_symbol_start(&m, "noid_global") + 3;
	char want[4][256];
	size_t k = oracle_expect(&m, a, 0, want, 4);
	oracle_free(&m);
	ck_assert_uint_ge(k, 1);
	ck_assert_ptr_nonnull(strstr(want[0], " [libxpfix_noid.so]"));
	static const char *const fmts[] = { "%pSb", "%pBb", "%pSbl" };
	for (int turn = 0; turn < 3; turn++)
		for (size_t f = 0; f < 3; f++) {
			const char *got = fmt1(fmts[f], (void *)a);
			size_t i = 0;
			while (i < k && strncmp(got, want[i], strlen(want[i])) != 0)
				i++;
			ck_assert_msg(i < k, "%s: %s, not %s", fmts[f], got, want[0]);
			/* %pSbl: its line after the module */
			const char *rest = got + strlen(want[i]);
			ck_assert_msg(f == 2 ? !strncmp(rest, " (", 2) : !*rest, "%s: %s", fmts[f], got);
		}
	dlclose(h);
}
END_TEST

/* A shared object replaced on disk after it was loaded (a package upgrade
 * renames the new file over the old): the file at its path is another
 * object (readelf: another build ID), whose symbols would name other
 * code.  Its addresses print as plain ones, not as the replacement's
 * symbols. */
START_TEST(replaced_on_disk)
{
	char dir[] = "/tmp/xp_replacedXXXXXX";
	ck_assert_ptr_nonnull(mkdtemp(dir));
	char path[4200], next[4200], was[128], now[128];
	snprintf(path, sizeof path, "%s/libxpswap.so", dir);
	snprintf(next, sizeof next, "%s/libxpswap.so.new", dir);
	ck_assert_int_eq(copy_file(FIXTURE_DIR "/libxpfix_late.so", path), 0);
	void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
	ck_assert_msg(h != NULL, "%s", dlerror());
	void *fn = dlsym(h, "late_global");
	ck_assert_ptr_nonnull(fn);
	ck_assert_int_eq(copy_file(FIXTURE_DIR "/libxpfix_plain.so", next), 0);
	ck_assert_int_eq(rename(next, path), 0);
	ck_assert_uint_gt(readelf_build_id(FIXTURE_DIR "/libxpfix_late.so", was, sizeof was), 16);
	ck_assert_uint_gt(readelf_build_id(path, now, sizeof now), 16);
	ck_assert_str_ne(was, now);
	static const char *const fmts[] = { "%pS", "%ps", "%pSb", "%pSl", "%pB" };
	for (int turn = 0; turn < 2; turn++)
		for (size_t f = 0; f < sizeof fmts / sizeof fmts[0]; f++) {
			const void *at = f == 4 ? (const char *)fn + 1 : fn;
			ck_assert_str_eq(fmt1(fmts[f], at), hex(at));
		}
	dlclose(h);
	unlink(path);
	rmdir(dir);
}
END_TEST

/* A garbage debug file (CRC mismatch) and a truncated one (build ID
 * matches, contents cut): both degrade to .dynsym. */
static void dynsym_only(const char *suffix, const char *static_name)
{
	uintptr_t bias;
	char path[4096];
	ck_assert_int_eq(oracle_loaded(suffix, &bias, path, sizeof path), 0);
	struct omodule m;
	ck_assert_int_eq(oracle_load(&m, path, 1, bias, strrchr(path, '/') + 1), 0);
	size_t checked = 0, bad = 0;
	for (size_t i = 0; i < m.n; i++) {
		for (uintptr_t off = 0; off < m.s[i].size; off += m.s[i].size / 3 + 1) {
			char want[8][256];
			size_t n = oracle_expect(&m, m.s[i].start + off, 0, want, 8);
			const char *got = fmt1("%pS", (void *)(m.s[i].start + off));
			int ok = 0;
			for (size_t k = 0; k < n; k++)
				ok |= !strcmp(got, want[k]);
			checked++;
			if (!ok && bad++ < 5)
				fprintf(stderr, "%s: got %s want %s\n", suffix, got, n ? want[0] : "?");
		}
	}
	oracle_free(&m);
	ck_assert_uint_gt(checked, 3);
	ck_assert_uint_eq(bad, 0);
	/* The static function lives only in the (broken) debug file. */
	void *h = dlopen(path, RTLD_NOW | RTLD_NOLOAD);
	ck_assert_ptr_nonnull(h);
	dlclose(h);
	char cmd[4200];
	snprintf(cmd, sizeof cmd, XP_TEST_NM " -D '%s' | grep -q %s", path, static_name);
	ck_assert_int_ne(system(cmd), 0);
}

START_TEST(garbage_debug_file)
{
	dynsym_only("/libxpfix_garbage.so", "garbage_static_helper");
}
END_TEST

START_TEST(truncated_debug_file)
{
	dynsym_only("/libxpfix_truncated.so", "truncated_static_helper");
}
END_TEST

/* Copy the shared object from to the path to, its .symtab's sh_info
 * (where its local symbols end) moved past the non-local symbol name: a
 * malformed table that lists a global among the local ones.  0, or -1. */
static int copy_with_global_among_locals(const char *from, const char *to, const char *name)
{
	if (copy_file(from, to) != 0)
		return -1;
	int fd = open(to, O_RDWR | O_CLOEXEC);
	struct stat st;
	if (fd < 0 || fstat(fd, &st) != 0)
		return -1;
	unsigned char *f = mmap(NULL, (size_t)st.st_size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	close(fd);
	if (f == MAP_FAILED)
		return -1;
	int done = -1;
	const ElfW(Ehdr) *eh = (const ElfW(Ehdr) *)f;
	ElfW(Shdr) *sh = (ElfW(Shdr) *)(f + eh->e_shoff);
	for (int i = 0; i < eh->e_shnum && done < 0; i++) {
		if (sh[i].sh_type != SHT_SYMTAB)
			continue;
		const ElfW(Sym) *sym = (const ElfW(Sym) *)(f + sh[i].sh_offset);
		const char *names = (const char *)f + sh[sh[i].sh_link].sh_offset;
		for (size_t k = sh[i].sh_info; k < sh[i].sh_size / sizeof *sym; k++)
			if (!strcmp(names + sym[k].st_name, name) &&
			    ELF64_ST_BIND(sym[k].st_info) == STB_GLOBAL) {
				sh[i].sh_info = (ElfW(Word))(k + 1);
				done = 0;
				break;
			}
	}
	munmap(f, (size_t)st.st_size);
	return done;
}

/* A table that lists a global symbol among its local ones: that symbol
 * is no candidate, for the first lookup (a scan of the table) as for the
 * index built at the second, alike; the unpatched object names it. */
START_TEST(global_among_local_symbols)
{
	char dir[] = "/tmp/xp-locals-XXXXXX";
	ck_assert_ptr_nonnull(mkdtemp(dir));
	char path[sizeof dir + 32];
	snprintf(path, sizeof path, "%s/libxpfix_late.so", dir);
	ck_assert_int_eq(copy_with_global_among_locals(FIXTURE_DIR "/libxpfix_late.so", path, "late_global"), 0);
	void *patched = dlopen(path, RTLD_NOW | RTLD_LOCAL);
	ck_assert_msg(patched != NULL, "%s", dlerror());
	void *fn = dlsym(patched, "late_global");
	ck_assert_ptr_nonnull(fn);
	char first[256], second[256];
	xsnprintf(first, sizeof first, "%pS", fn);
	xsnprintf(second, sizeof second, "%pS", fn);
	ck_assert_str_eq(first, second);
	ck_assert_ptr_null(strstr(first, "late_global"));
	/* control: another global of the table is named */
	ck_assert_ptr_nonnull(strstr(fmt1("%pS", dlsym(patched, "late_calls_dies")), "late_calls_dies+0x0/"));

	void *plain = dlopen(FIXTURE_DIR "/libxpfix_late.so", RTLD_NOW | RTLD_LOCAL);
	ck_assert_msg(plain != NULL, "%s", dlerror());
	ck_assert_ptr_nonnull(strstr(fmt1("%pS", dlsym(plain, "late_global")), "late_global+0x0/"));
	dlclose(plain);
	dlclose(patched);
	unlink(path);
	rmdir(dir);
}
END_TEST

START_TEST(vdso)
{
	uintptr_t ehdr = (uintptr_t)getauxval(AT_SYSINFO_EHDR);
	if (!ehdr)
		return; /* no vDSO on this kernel: nothing to compare */
	/* Dump the image to a file so that nm can read it. */
	const ElfW(Ehdr) *eh = (const void *)ehdr;
	size_t size = (size_t)eh->e_shoff + (size_t)eh->e_shnum * eh->e_shentsize;
	char file[] = "/tmp/xp-vdso-XXXXXX";
	int fd = mkstemp(file);
	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(write(fd, (const void *)ehdr, size), (ssize_t)size);
	close(fd);
	struct omodule m;
	int rc = oracle_load(&m, file, 1, ehdr, "linux-vdso.so.1");
	unlink(file);
	ck_assert_int_eq(rc, 0);
	size_t checked = 0;
	for (size_t i = 0; i < m.n; i++) {
		char want[8][256];
		uintptr_t a = m.s[i].start + m.s[i].size / 2;
		size_t n = oracle_expect(&m, a, 0, want, 8);
		const char *got = fmt1("%pS", (void *)a);
		int ok = 0;
		for (size_t k = 0; k < n; k++)
			ok |= !strcmp(got, want[k]);
		ck_assert_msg(ok, "vDSO %#lx: got %s want %s", (unsigned long)a, got, n ? want[0] : "?");
		checked++;
	}
	oracle_free(&m);
	ck_assert_uint_gt(checked, 0);
}
END_TEST

/* Loaded objects and open sockets, to see that nothing was added. */
static int count_object(struct dl_phdr_info *info, size_t size, void *data)
{
	(void)size;
	int *c = data;
	c[0]++;
	if (info->dlpi_name && strstr(info->dlpi_name, "debuginfod"))
		c[1]++;
	return 0;
}

static int sockets(void)
{
	int n = 0;
	DIR *d = opendir("/proc/self/fd");
	struct dirent *e;
	char p[300], t[300];
	while (d && (e = readdir(d))) {
		snprintf(p, sizeof p, "/proc/self/fd/%s", e->d_name);
		ssize_t k = readlink(p, t, sizeof t - 1);
		if (k > 0) {
			t[k] = 0;
			n += !strncmp(t, "socket:", 7);
		}
	}
	if (d)
		closedir(d);
	return n;
}

/* Control: libdw's standard finder does load libdebuginfod in this setup,
 * so the counting below would notice if xprintf used it. */
static int standard_finder_loads_debuginfod(const char *lib)
{
	pid_t pid = fork();
	if (pid == 0) {
		char *path = NULL;
		static const Dwfl_Callbacks cb = {
			.find_elf = dwfl_linux_proc_find_elf,
			.find_debuginfo = dwfl_standard_find_debuginfo,
			.debuginfo_path = NULL,
		};
		(void)path;
		Dwfl *d = dwfl_begin(&cb);
		Dwfl_Module *m = dwfl_report_elf(d, "x", lib, -1, 0, false);
		dwfl_report_end(d, NULL, NULL);
		if (m)
			dwfl_module_getsymtab(m);
		int c[2] = { 0, 0 };
		dl_iterate_phdr(count_object, c);
		_exit(c[1] ? 0 : 1);
	}
	int st;
	waitpid(pid, &st, 0);
	return WIFEXITED(st) && WEXITSTATUS(st) == 0;
}

START_TEST(never_debuginfod)
{
	/* Set before the first lookup in this (forked) test process. */
	char cache[] = "/tmp/xp-dbgcache-XXXXXX";
	ck_assert_ptr_nonnull(mkdtemp(cache));
	setenv("DEBUGINFOD_URLS", "http://127.0.0.1:9/", 1);
	setenv("DEBUGINFOD_CACHE_PATH", cache, 1);
	setenv("DEBUGINFOD_TIMEOUT", "1", 1);

	int before[2] = { 0, 0 }, after[2] = { 0, 0 };
	dl_iterate_phdr(count_object, before);
	int sock_before = sockets();
	ck_assert_int_eq(xprintf_symbols_preload(), 0);
	/* A miss: no debug file for the garbage library, so a standard
	 * finder would ask debuginfod here. */
	fmt1("%pS", FN(garbage_global));
	dl_iterate_phdr(count_object, after);
	ck_assert_int_eq(after[0], before[0]);
	ck_assert_int_eq(after[1], 0);
	ck_assert_int_eq(sockets(), sock_before);

	uintptr_t bias;
	char path[4096];
	ck_assert_int_eq(oracle_loaded("/libxpfix_garbage.so", &bias, path, sizeof path), 0);
	if (!standard_finder_loads_debuginfod(path))
		fprintf(stderr, "note: libdebuginfod not loadable here; control inconclusive\n");
	char rm[100];
	snprintf(rm, sizeof rm, "rm -rf '%s'", cache);
	ck_assert_int_eq(system(rm), 0);
}
END_TEST

/* 1: lstat() of /proc/self/map_files entries fails as on a kernel that
 * does not let a process look there; map_files_refusals counts them. */
static int map_files_refused, map_files_refusals;

int lstat(const char *path, struct stat *st)
{
	if (map_files_refused && !strncmp(path, "/proc/self/map_files/", 21)) {
		map_files_refusals++;
		errno = EACCES;
		return -1;
	}
	return fstatat(AT_FDCWD, path, st, AT_SYMLINK_NOFOLLOW);
}

/* After a preload every mapping of a debug file (which only the index
 * opens) is r--p, and there are some. */
static void check_debug_files_read_only(void)
{
	ck_assert_int_eq(xprintf_symbols_preload(), 0);
	FILE *maps = fopen("/proc/self/maps", "r");
	ck_assert_ptr_nonnull(maps);
	char line[4096];
	int seen = 0;
	while (fgets(line, sizeof line, maps)) {
		if (!strstr(line, "/.build-id/") && !strstr(line, "/debug-root/links/"))
			continue;
		seen++;
		char perms[8];
		ck_assert_int_eq(sscanf(line, "%*s %7s", perms), 1);
		ck_assert_msg(!strcmp(perms, "r--p"), "writable mapping: %s", line);
	}
	fclose(maps);
	/* Some: libc's, where its debug file is installed (libc6-dbg; the
	 * cross leg's sysroot has none). */
	uintptr_t bias;
	char libc_path[4096], dbg[4200];
	ck_assert_int_eq(oracle_loaded("/libc.so.6", &bias, libc_path, sizeof libc_path), 0);
	oracle_system_debug_file(libc_path, dbg, sizeof dbg);
	if (*dbg)
		ck_assert_int_gt(seen, 0);
}

/* The index maps its files read-only (found through /proc/self/map_files). */
START_TEST(debug_files_mapped_read_only)
{
	check_debug_files_read_only();
}
END_TEST

/* The same where /proc/self/map_files cannot be looked at: the index then
 * finds its files' mappings in /proc/self/maps. */
START_TEST(debug_files_mapped_read_only_without_map_files)
{
	map_files_refused = 1;
	check_debug_files_read_only();
	ck_assert_int_gt(map_files_refusals, 0); /* control: the index asked */
}
END_TEST

int main(void)
{
	if (xprintf_symbols_set_debug_path(DEBUG_ROOT ":" DEBUG_ROOT "/links") != 0)
		return 1;
	/* keep the fixtures linked */
	if (garbage_global(1) + truncated_global(1) == 12345)
		return 2;
	Suite *s = suite_create("symtab_misc");
	TCase *tc = tcase_create("misc");
	tcase_add_test(tc, fallback_for_non_code);
	tcase_add_test(tc, formats);
	tcase_add_test(tc, letters_in_every_order);
	tcase_add_test(tc, no_build_id);
	tcase_add_test(tc, garbage_debug_file);
	tcase_add_test(tc, truncated_debug_file);
	tcase_add_test(tc, global_among_local_symbols);
	tcase_add_test(tc, vdso);
	tcase_add_test(tc, replaced_on_disk);
	tcase_add_test(tc, never_debuginfod);
	tcase_add_test(tc, debug_files_mapped_read_only);
	tcase_add_test(tc, debug_files_mapped_read_only_without_map_files);
	suite_add_tcase(s, tc);
	return check_run(s);
}
