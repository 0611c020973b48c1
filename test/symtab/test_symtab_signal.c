/* test_symtab_signal.c - after xprintf_symbols_preload(), formatting
 * symbols allocates nothing and takes no lock, also inside a signal
 * handler; a handler that lands while its thread reads an object's lines
 * prints without the line; and indexing survives malloc failing at any
 * point.  malloc and friends, pthread_mutex_lock and open are interposed
 * here; the first count calls while `counting` is set (controls show the
 * counters see what they should), open can raise a signal. */
#define _GNU_SOURCE
#include <check.h>
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>
#include <xprintf.h>

#include "check_run.h"
#include "oracle.h"

#define FN(f) ((void *)(uintptr_t)(f))

static volatile sig_atomic_t counting;
static volatile sig_atomic_t allocations, locks;
static volatile long fail_after = -1; /* >= 0: that many allocations succeed, then NULL */

/* A failing allocation sets errno, as malloc does. */
static int fail_now(void)
{
	if (fail_after < 0)
		return 0;
	if (fail_after == 0) {
		errno = ENOMEM;
		return 1;
	}
	fail_after--;
	return 0;
}

void *__libc_malloc(size_t);
void *__libc_calloc(size_t, size_t);
void *__libc_realloc(void *, size_t);
void *__libc_memalign(size_t, size_t);
void __libc_free(void *);

void *malloc(size_t n)
{
	if (fail_now())
		return NULL;
	if (counting)
		allocations++;
	return __libc_malloc(n);
}

void *calloc(size_t n, size_t k)
{
	if (fail_now())
		return NULL;
	if (counting)
		allocations++;
	return __libc_calloc(n, k);
}

void *realloc(void *p, size_t n)
{
	if (fail_now())
		return NULL;
	if (counting)
		allocations++;
	return __libc_realloc(p, n);
}

void *memalign(size_t a, size_t n)
{
	if (fail_now())
		return NULL;
	if (counting)
		allocations++;
	return __libc_memalign(a, n);
}

void *aligned_alloc(size_t a, size_t n)
{
	return memalign(a, n);
}

int posix_memalign(void **p, size_t a, size_t n)
{
	*p = memalign(a, n);
	return *p ? 0 : 12;
}

void free(void *p)
{
	if (counting && p)
		allocations++;
	__libc_free(p);
}

static int (*real_lock)(pthread_mutex_t *);

int pthread_mutex_lock(pthread_mutex_t *m)
{
	if (counting)
		locks++;
	return real_lock(m);
}

/* 1: the next open() first raises SIGUSR1 (in the thread that opens). */
static volatile sig_atomic_t signal_at_open;

int open(const char *path, int flags, ...)
{
	mode_t mode = 0;
	if (flags & O_CREAT) {
		va_list ap;
		va_start(ap, flags);
		mode = (mode_t)va_arg(ap, int);
		va_end(ap);
	}
	if (signal_at_open) {
		signal_at_open = 0;
		raise(SIGUSR1);
	}
	return (int)syscall(SYS_openat, AT_FDCWD, path, flags, mode);
}

__attribute__((noinline, used)) static int prog_static(int x)
{
	return x - 4;
}

/* Inlined calls, for %pSi: prog_inlines holds prog_twice, inlined. */
int prog_sink[8];
static inline __attribute__((always_inline)) void prog_twice(int x)
{
	prog_sink[x & 7] = x * 2 + 1;
}
__attribute__((noinline, used)) static void prog_inlines(int x)
{
	prog_twice(x);
	prog_twice(x + 3);
}

/* An address inside prog_inlines that inlined code covers. */
static char *inlined_at;

static void find_inlined_at(void)
{
	char *code = (char *)oracle_code(FN(prog_inlines));
	char text[512];
	for (int off = 0; off < 64 && !inlined_at; off++) {
		xsnprintf(text, sizeof text, "%pSi", code + off);
		if (strstr(text, " in prog_twice; "))
			inlined_at = code + off;
	}
	ck_assert_ptr_nonnull(inlined_at);
}

/* A C++ name, for %psC. */
__attribute__((noinline, used)) int cxx_named(int x) __asm__("_ZN3app7Handler5startEi");
__attribute__((noinline, used)) int cxx_named(int x)
{
	return x + 4;
}

static double (*volatile keep_libm)(double) = cos;
static char out[4096];
static int out_len;

/* Many symbolic conversions, into a buffer and to a file descriptor. */
static void *vdso_fn;

static void format_all(void)
{
	void *vdso = vdso_fn;
	out_len = xsnprintf(out, sizeof out,
			    "%pS|%ps|%pS|%pB|%pSb|%pS|%pS|%pS|%-30pS|%.4ps|%pS|%pBb",
			    FN(prog_static), FN(abort), FN(keep_libm), (void *)((char *)FN(abort) + 1), FN(abort),
			    (void *)&out_len, NULL, vdso, FN(prog_static), FN(abort),
			    (void *)getauxval(AT_SYSINFO_EHDR), FN(prog_static));
	/* data objects: the program's and libc's */
	out_len += xsnprintf(out + out_len, sizeof out - (size_t)out_len, "|%pS|%ps|%pSl",
			     (void *)(out + 100), (void *)stdout, (void *)&vdso_fn);
	/* source lines and demangled names */
	out_len += xsnprintf(out + out_len, sizeof out - (size_t)out_len, "|%pSl|%pBl|%psCl|%pSCbl",
			     FN(prog_static), (void *)((char *)FN(prog_static) + 1), FN(cxx_named), FN(abort));
	/* inlined calls */
	out_len += xsnprintf(out + out_len, sizeof out - (size_t)out_len, "|%pSi|%pBCi", (void *)inlined_at,
			     (void *)(inlined_at + 1));
	int fd = open("/dev/null", O_WRONLY);
	xdprintf(fd, "%pS %pB\n", FN(abort), FN(prog_static));
	close(fd);
}

static void on_signal(int sig)
{
	(void)sig;
	counting = 1;
	format_all();
	counting = 0;
}

START_TEST(no_allocation_no_lock_after_preload)
{
	if (getauxval(AT_SYSINFO_EHDR)) {
		void *vh = dlopen("linux-vdso.so.1", RTLD_NOW | RTLD_NOLOAD);
		ck_assert_ptr_nonnull(vh);
		vdso_fn = dlsym(vh, "__vdso_clock_gettime");
		ck_assert_ptr_nonnull(vdso_fn);
	} else {
		vdso_fn = FN(prog_static); /* no vDSO (qemu-user for ppc64) */
	}
	ck_assert_int_eq(xprintf_symbols_preload(), 0);
	find_inlined_at();

	/* control: the counters count */
	char *s;
	counting = 1;
	xasprintf(&s, "%d", 42);
	counting = 0;
	ck_assert_int_gt(allocations, 0);
	free(s);

	allocations = locks = 0;
	counting = 1;
	format_all();
	counting = 0;
	ck_assert_int_eq(allocations, 0);
	ck_assert_int_eq(locks, 0);
	/* and it was symbolic, not the fallback */
	ck_assert_ptr_nonnull(strstr(out, "prog_static+0x0/0x"));
	ck_assert_ptr_nonnull(strstr(out, "|abort [libc.so.6]|"));
	ck_assert_ptr_nonnull(strstr(out, "[libm.so.6]"));
	ck_assert_msg(strstr(out, "|prog_static+0x0/0x") && strstr(out, "test_symtab_signal.c:"), "%s", out);
	ck_assert_msg(strstr(out, "|app::Handler::start(int) (") != NULL, "%s", out);
	ck_assert_msg(strstr(out, "|prog_inlines+0x") && strstr(out, "test_symtab_signal.c:") &&
		      strstr(out, " in prog_twice; "), "%s",
		      out);
	if (getauxval(AT_SYSINFO_EHDR))
		ck_assert_ptr_nonnull(strstr(out, "[linux-vdso.so.1]"));

	/* the same inside a signal handler */
	char first[4096];
	memcpy(first, out, sizeof out);
	memset(out, 0, sizeof out);
	struct sigaction sa = { 0 };
	sa.sa_handler = on_signal;
	sigaction(SIGUSR1, &sa, NULL);
	raise(SIGUSR1);
	ck_assert_int_eq(allocations, 0);
	ck_assert_int_eq(locks, 0);
	ck_assert_str_eq(out, first);
}
END_TEST

START_TEST(object_loaded_after_preload_is_indexed_on_the_spot)
{
	ck_assert_int_eq(xprintf_symbols_preload(), 0);
	void *h = dlopen(FIXTURE_DIR "/libxpfix_late.so", RTLD_NOW);
	ck_assert_ptr_nonnull(h);
	void *f = dlsym(h, "late_global");
	allocations = locks = 0;
	counting = 1;
	xsnprintf(out, sizeof out, "%ps", f);
	counting = 0;
	ck_assert_str_eq(out, "late_global [libxpfix_late.so]");
	/* as documented: not async-signal-safe for it (preload again) */
	ck_assert_int_gt(locks, 0);
	ck_assert_int_eq(xprintf_symbols_preload(), 0);
	allocations = locks = 0;
	counting = 1;
	xsnprintf(out, sizeof out, "%ps", f);
	counting = 0;
	ck_assert_int_eq(allocations + locks, 0);
	dlclose(h);
}
END_TEST

static char in_handler[256];
/* Code addresses: on ABIs with function descriptors a function pointer is
 * not one, and data has no line. */
#define PROG_STATIC_CODE ((void *)oracle_code(FN(prog_static)))
#define IN_HANDLER_ADDR ((void *)(oracle_code(FN(prog_static)) + 1))

/* Twice: the text cache keeps an address's text from its second miss on. */
static void print_line_form(int sig)
{
	(void)sig;
	for (int i = 0; i < 2; i++)
		xsnprintf(in_handler, sizeof in_handler, "%pSl", IN_HANDLER_ADDR);
}

/* The program is indexed but its lines are not read; the first %pSl reads
 * them, and a signal lands in the middle (at the first file it opens).
 * The handler's %pSl cannot take the index's lock from under its own
 * thread: it prints its address as %pS does, no line; and that answer is
 * not kept (the handler prints another address than the interrupted call,
 * whose own text would replace it), so the same call afterwards prints the
 * line. */
START_TEST(line_form_in_a_handler_during_the_line_read)
{
	char plain[256], line_form[256], after[256];
	xsnprintf(plain, sizeof plain, "%pS", IN_HANDLER_ADDR);
	ck_assert_msg(!strncmp(plain, "prog_static+0x1/0x", 18), "%s", plain);
	struct sigaction sa = { 0 };
	sa.sa_handler = print_line_form;
	sigaction(SIGUSR1, &sa, NULL);
	signal_at_open = 1;
	xsnprintf(line_form, sizeof line_form, "%pSl", PROG_STATIC_CODE);
	ck_assert_int_eq(signal_at_open, 0); /* control: the read opened a file */
	ck_assert_msg(strstr(line_form, "test_symtab_signal.c:") != NULL, "%s", line_form);
	ck_assert_str_eq(in_handler, plain);
	xsnprintf(after, sizeof after, "%pSl", IN_HANDLER_ADDR);
	ck_assert_msg(!strncmp(after, plain, strlen(plain)) && strstr(after, " (") &&
			      strstr(after, "test_symtab_signal.c:"),
		      "%s", after);
}
END_TEST

/* Every address of prog_inlines's first bytes, twice each (see
 * print_line_form). */
#define INLINE_PROBES 64
static char in_handler_i[INLINE_PROBES][256];
static char *inline_code;

static void print_inline_form(int sig)
{
	(void)sig;
	for (int off = 0; off < INLINE_PROBES; off++)
		for (int i = 0; i < 2; i++)
			xsnprintf(in_handler_i[off], sizeof in_handler_i[off], "%pSi", inline_code + off);
}

/* The program's lines are read but not its inlined calls; the first %pSi
 * reads them, and a signal lands in the middle.  The handler's %pSi
 * cannot take the lock: it prints the l form's text, and that is not
 * kept (it lacks the inlined calls), so that %pSi afterwards unfolds
 * them as %pSCi does (a C function: the same text, in a form the handler
 * never printed, made only once the read is done). */
START_TEST(inline_form_in_a_handler_during_the_inline_read)
{
	inline_code = (char *)oracle_code(FN(prog_inlines));
	static char line_form[INLINE_PROBES][256];
	for (int off = 0; off < INLINE_PROBES; off++)
		xsnprintf(line_form[off], sizeof line_form[off], "%pSl", inline_code + off);
	struct sigaction sa = { 0 };
	sa.sa_handler = print_inline_form;
	sigaction(SIGUSR1, &sa, NULL);
	signal_at_open = 1;
	char text[256], other_form[256];
	xsnprintf(text, sizeof text, "%pSi", PROG_STATIC_CODE);
	ck_assert_int_eq(signal_at_open, 0); /* control: the read opened a file */
	int inlined = 0;
	for (int off = 0; off < INLINE_PROBES && !strncmp(line_form[off], "prog_inlines+", 13); off++) {
		ck_assert_str_eq(in_handler_i[off], line_form[off]);
		for (int i = 0; i < 2; i++) {
			xsnprintf(text, sizeof text, "%pSi", inline_code + off);
			xsnprintf(other_form, sizeof other_form, "%pSCi", inline_code + off);
			ck_assert_str_eq(text, other_form);
		}
		inlined += strstr(text, " in ") != NULL;
	}
	ck_assert_int_gt(inlined, 0);
}
END_TEST

/* The library loads libdw on the first lookup.  glibc's dlopen is not safe
 * against failing allocations (an object half added to _dl_find_object's
 * tables crashes later), nor is the thread-local data of a library it
 * loaded (allocated on each thread's first use; glibc ends the process when
 * that fails): load libdw here first and give this thread its data. */
static void load_libdw_first(void)
{
	void *dw = dlopen(XP_LIBDW_SONAME, RTLD_NOW);
	ck_assert_ptr_nonnull(dw);
	int (*error_of_dwarf)(void), (*error_of_elf)(void);
	*(void **)&error_of_dwarf = dlsym(dw, "dwarf_errno");
	*(void **)&error_of_elf = dlsym(dw, "elf_errno");
	ck_assert(error_of_dwarf && error_of_elf);
	error_of_dwarf();
	error_of_elf();
}

/* Out of memory at every point of a preload once libdw is loaded: -1 with
 * ENOMEM or success, never a crash or an exit (libdw's included), and once
 * memory is back the next lookup indexes what failed. */
START_TEST(out_of_memory_during_indexing)
{
	int ok = 0, failed = 0;
	/* every one of the first allocations, then ever sparser: past the
	 * last a preload (symbols, lines, inlined calls) takes */
	for (long n = 0; n < 200000; n += n < 250 ? 1 : n / 8) {
		pid_t pid = fork();
		ck_assert_int_ge(pid, 0);
		if (pid == 0) {
			load_libdw_first();
			fail_after = n;
			int rc = xprintf_symbols_preload();
			int e = errno;
			fail_after = -1;
			xsnprintf(out, sizeof out, "%ps", FN(abort));
			int good = (rc == 0 || e == ENOMEM) && !strcmp(out, "abort [libc.so.6]");
			_exit(!good ? 2 : rc == 0 ? 0 : 1);
		}
		int st;
		ck_assert_int_eq(waitpid(pid, &st, 0), pid);
		ck_assert_msg(WIFEXITED(st) && WEXITSTATUS(st) < 2,
			      "allocation %ld failing: status %#x", n, st);
		ok += WEXITSTATUS(st) == 0;
		failed += WEXITSTATUS(st) == 1;
	}
	ck_assert_int_gt(failed, 0); /* the injection reached the index */
	ck_assert_int_gt(ok, 0);
}
END_TEST

int main(void)
{
	void *sym = dlsym(RTLD_NEXT, "pthread_mutex_lock");
	memcpy(&real_lock, &sym, sizeof sym); /* POSIX: dlsym's result is a function */
	if (!real_lock)
		return 1;
	Suite *s = suite_create("symtab_signal");
	TCase *tc = tcase_create("signal");
	tcase_add_test(tc, no_allocation_no_lock_after_preload);
	tcase_add_test(tc, object_loaded_after_preload_is_indexed_on_the_spot);
	tcase_add_test(tc, line_form_in_a_handler_during_the_line_read);
	tcase_add_test(tc, inline_form_in_a_handler_during_the_inline_read);
	tcase_add_test(tc, out_of_memory_during_indexing);
	suite_add_tcase(s, tc);
	return check_run(s);
}
