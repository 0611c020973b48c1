/* unaware.c - a program that knows nothing of xprintf: plain <stdio.h>,
 * built like any program (-O2 -D_FORTIFY_SOURCE=2 for the fortified copy,
 * so the compiler calls __printf_chk and friends).  test_preload.c runs it
 * with and without LD_PRELOAD=libxprintf-preload.so and compares.
 *
 *   unaware standard   every function, standard conversions only
 *   unaware px         every function, with %px
 *   unaware symbols    %pS and %ps of a function here and of one in libc
 *   unaware <abort>    one call glibc's fortify checks abort (see modes[])
 */
#define _GNU_SOURCE
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <wchar.h>
#include <locale.h>

/* Read through a volatile pointer so the compiler cannot fold a call. */
static const char *volatile opaque_text = "volatile";
static volatile int opaque_int = 42;

/* In unaware_vprintf.c, built with -Os: at -O2 glibc's headers inline
 * vprintf as vfprintf(stdout, ...), and no vprintf call would be left. */
int call_vprintf(const char *fmt, ...);

static int call_vfprintf(FILE *f, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int r = vfprintf(f, fmt, ap);
	va_end(ap);
	return r;
}

static int call_vdprintf(int fd, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int r = vdprintf(fd, fmt, ap);
	va_end(ap);
	return r;
}

static int call_vsprintf(char *buf, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int r = vsprintf(buf, fmt, ap);
	va_end(ap);
	return r;
}

static int call_vsnprintf(char *buf, size_t n, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int r = vsnprintf(buf, n, fmt, ap);
	va_end(ap);
	return r;
}

static int call_vasprintf(char **out, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int r = vasprintf(out, fmt, ap);
	va_end(ap);
	return r;
}

/* Formats taking (int, long long, unsigned, const char *, int, void *). */
static const char *const formats[] = {
	"%d|%lld|%u|%s|%c|%p\n",
	"%+5i|%-12lld|%#o|%.3s|%3c|%20p\n",
	"%05d|%'lld|%#x|%-9s|%-3c|%-20p\n",
	"%.0d|%20.15lld|%#X|%9.2s|%c|%+p\n",
	"% d|%llx|%b|%s|%%|%c|%p %m %#m\n",
	"%hhd|%lli|%#B|%ls|%lc|%p\n",
	"%4$s %1$d %2$lld %3$u %6$p %5$c\n",
	"%*d|%.*lld|%*u|%s|%c|%p\n",
	"%y|%5.3y|%d|%lld|%u|%w|%s|%c|%p\n",
	"%d|%lld|%u|%s|%c|%p%",
};

static const wchar_t wide_text[] = L"w\u00e9de";

static void call(int i, const char *fmt, void *ptr)
{
	int a = opaque_int * (i + 1) - 300;
	long long b = -9000000000LL + i;
	unsigned u = 3000000000u + (unsigned)i;
	const char *s = opaque_text;
	int c = 'A' + i;
	int r;
	char buf[256];
	char *heap = NULL;
	const void *sarg = strstr(fmt, "%ls") ? (const void *)wide_text : (const void *)s;
	/* %*d|%.*lld|%*u takes extra ints; the others read what they need. */
	if (strchr(fmt, '*')) {
		r = printf(fmt, -7, a, 4, b, 12, u, s, c, ptr);
		printf("[printf %d]\n", r);
		return;
	}
	errno = ENOENT;
	r = printf(fmt, a, b, u, sarg, c, ptr);
	printf("[printf %d %d]\n", r, r < 0 ? errno : 0);
	r = fprintf(stdout, fmt, a, b, u, sarg, c, ptr);
	printf("[fprintf %d]\n", r);
	r = call_vprintf(fmt, a, b, u, sarg, c, ptr);
	printf("[vprintf %d]\n", r);
	r = call_vfprintf(stdout, fmt, a, b, u, sarg, c, ptr);
	printf("[vfprintf %d]\n", r);
	fflush(stdout);
	r = dprintf(STDOUT_FILENO, fmt, a, b, u, sarg, c, ptr);
	dprintf(STDOUT_FILENO, "[dprintf %d]\n", r);
	r = call_vdprintf(STDOUT_FILENO, fmt, a, b, u, sarg, c, ptr);
	dprintf(STDOUT_FILENO, "[vdprintf %d]\n", r);
	memset(buf, '#', sizeof buf);
	r = sprintf(buf, fmt, a, b, u, sarg, c, ptr);
	printf("[sprintf %d] %s", r, buf);
	r = call_vsprintf(buf, fmt, a, b, u, sarg, c, ptr);
	printf("[vsprintf %d] %s", r, buf);
	for (size_t n = 0; n < 40; n += 13) {
		memset(buf, '#', sizeof buf);
		r = snprintf(buf, n, fmt, a, b, u, sarg, c, ptr);
		printf("[snprintf %zu %d] %.60s\n", n, r, buf);
		memset(buf, '#', sizeof buf);
		r = call_vsnprintf(buf, n, fmt, a, b, u, sarg, c, ptr);
		printf("[vsnprintf %zu %d] %.60s\n", n, r, buf);
	}
	r = asprintf(&heap, fmt, a, b, u, sarg, c, ptr);
	printf("[asprintf %d] %s", r, r >= 0 ? heap : "(failed)\n");
	free(heap);
	heap = NULL;
	r = call_vasprintf(&heap, fmt, a, b, u, sarg, c, ptr);
	printf("[vasprintf %d] %s", r, r >= 0 ? heap : "(failed)\n");
	free(heap);
}

/* Formats taking (double, long double, double). */
static const char *const float_formats[] = {
	"%f|%Le|%g\n",
	"%.3f|%.10Lf|%a\n",
	"%#.0e|%+012.4Lg|%-14.3E|\n",
	"%'.2f|%LA|%G\n",
	"%2$Lf %1$.17g %3$e\n",
};

static const double doubles[] = { 0.1, -2.5, 1e300, 123456.789, 5e-324, 0.0 };

static void call_float(const char *fmt, double d, long double ld, double e)
{
	char buf[512];
	char *heap = NULL;
	int r = printf(fmt, d, ld, e);
	printf("[printf %d]\n", r);
	r = snprintf(buf, 20, fmt, d, ld, e);
	printf("[snprintf 20 %d] %s\n", r, buf);
	r = sprintf(buf, fmt, d, ld, e);
	printf("[sprintf %d] %s", r, buf);
	r = asprintf(&heap, fmt, d, ld, e);
	printf("[asprintf %d] %s", r, r >= 0 ? heap : "(failed)\n");
	free(heap);
	fflush(stdout);
	r = dprintf(STDOUT_FILENO, fmt, d, ld, e);
	dprintf(STDOUT_FILENO, "[dprintf %d]\n", r);
}

static int standard(void)
{
	static const char *const *volatile table = formats;
	for (int i = 0; i < (int)(sizeof formats / sizeof formats[0]); i++)
		call(i, table[i], (void *)(0x1234abcdUL * (unsigned long)(i + 1)));
	call(0, table[0], NULL);

	static const char *const *volatile ftable = float_formats;
	for (size_t i = 0; i < sizeof float_formats / sizeof float_formats[0]; i++)
		for (size_t j = 0; j < sizeof doubles / sizeof doubles[0]; j++)
			call_float(ftable[i], doubles[j] * opaque_int,
				   (long double)doubles[(j + 1) % 6] / 3, -doubles[j] / 7);

	/* The buffer as its own %s argument (the old way of appending):
	 * glibc reads what it has written so far, snprintf terminates the
	 * buffer first.  Through a volatile pointer, which the compiler
	 * cannot see is the buffer. */
	char obuf[64] = "AB";
	char *volatile self = obuf;
	int ro = sprintf(obuf, "x%s", self);
	printf("[overlap sprintf %d] %s\n", ro, obuf);
	strcpy(obuf, "AB");
	ro = snprintf(obuf, 3, "%sCD", self);
	printf("[overlap snprintf %d] %s\n", ro, obuf);
	strcpy(obuf, "usr");
	ro = sprintf(obuf, "%s/%s|%4s", self, opaque_text, self + 1);
	printf("[overlap append %d] %s\n", ro, obuf);

	/* A NULL format: -1 with EINVAL everywhere (the compiler cannot see it). */
	static const char *volatile no_format = NULL;
	int r;
	char nbuf[8];
	char *nheap;
	errno = 0;
	r = printf(no_format, 0);
	printf("[null printf %d %d]\n", r, errno);
	errno = 0;
	r = fprintf(stdout, no_format, 0);
	printf("[null fprintf %d %d]\n", r, errno);
	errno = 0;
	r = dprintf(STDOUT_FILENO, no_format, 0);
	printf("[null dprintf %d %d]\n", r, errno);
	errno = 0;
	r = snprintf(nbuf, sizeof nbuf, no_format, 0);
	printf("[null snprintf %d %d '%s']\n", r, errno, nbuf);
	errno = 0;
	r = sprintf(nbuf, no_format, 0);
	printf("[null sprintf %d %d '%s']\n", r, errno, nbuf);
	errno = 0;
	r = asprintf(&nheap, no_format, 0);
	printf("[null asprintf %d %d]\n", r, errno);

	/* A writable format with %n aborts under fortify level 2, but only
	 * once glibc reads the format: a read-only or wide stream, and a
	 * descriptor that is not open, fail the call before that. */
	char writable_n[] = "abc%n";
	int unset = -1;
	FILE *rdonly = fopen("/dev/null", "r");
	errno = 0;
	r = fprintf(rdonly, writable_n, &unset);
	printf("[read-only stream %d %d %d %d]\n", r, errno, ferror(rdonly) != 0, unset);
	fclose(rdonly);
	FILE *wo = fopen("/dev/null", "w");
	fwide(wo, 1);
	errno = 0;
	r = fprintf(wo, writable_n, &unset);
	printf("[wide stream %d %d %d]\n", r, errno, unset);
	fclose(wo);
	int closed = dup(STDOUT_FILENO);
	close(closed);
	errno = 0;
	r = dprintf(closed, writable_n, &unset);
	/* (not the count: xprintf's plain dprintf stores it before the write
	 * fails, a departure doc/contract.md names) */
	printf("[closed descriptor %d %d]\n", r, errno);

	/* %n with a read-only format is allowed under fortify level 2. */
	int count = -1;
	printf("abc%n|\n", &count);
	printf("[%%n %d]\n", count);
	/* A destination that fits exactly. */
	char exact[9]; /* "volatile" and its NUL */
	r = sprintf(exact, "%s", opaque_text);
	printf("[exact %d %s]\n", r, exact);
	return 0;
}

/* Every function once with %px: glibc prints 0x1234abcdx, xprintf the
 * zero-padded address. */
static int px(void)
{
	static const char *const fmt_ = "%px|%d\n";
	static const char *const *volatile fmtp = &fmt_;
	const char *fmt = *fmtp;
	void *p = (void *)0x1234abcdUL;
	char buf[64], small[64];
	char *heap;
	printf(fmt, p, 1);
	fprintf(stdout, fmt, p, 2);
	call_vprintf(fmt, p, 3);
	call_vfprintf(stdout, fmt, p, 4);
	sprintf(buf, fmt, p, 5);
	fputs(buf, stdout);
	call_vsprintf(buf, fmt, p, 6);
	fputs(buf, stdout);
	snprintf(small, sizeof small, fmt, p, 7);
	fputs(small, stdout);
	call_vsnprintf(small, sizeof small, fmt, p, 8);
	fputs(small, stdout);
	if (asprintf(&heap, fmt, p, 9) >= 0) {
		fputs(heap, stdout);
		free(heap);
	}
	if (call_vasprintf(&heap, fmt, p, 10) >= 0) {
		fputs(heap, stdout);
		free(heap);
	}
	fflush(stdout);
	dprintf(STDOUT_FILENO, fmt, p, 11);
	call_vdprintf(STDOUT_FILENO, fmt, p, 12);
	return 0;
}

/* %pS: glibc prints %p then 'S'; xprintf names the function. */
int unaware_marker(int x);
int __attribute__((noinline)) unaware_marker(int x)
{
	return x * opaque_int + 1;
}

static int symbols(void)
{
	static const char *const fmt_ = "%pS|%ps|%pS\n";
	static const char *const *volatile fmtp = &fmt_;
	int (*volatile fn)(int) = unaware_marker;
	int (*volatile libc_fn)(const char *) = puts;
	char buf[256];
	uintptr_t at = (uintptr_t)fn; /* a function's address as data */
	snprintf(buf, sizeof buf, *fmtp, (void *)at, (void *)at, (void *)(at + 1));
	fputs(buf, stdout);
	printf("%ps\n", (void *)(uintptr_t)libc_fn);
	return 0;
}

/* Calls glibc's fortify checks abort.  Sizes and text come from volatile
 * variables so the compiler cannot see the overflow coming. */
static int sprintf_overflow(void)
{
	char buf[8];
	sprintf(buf, "%s", opaque_text); /* 8 bytes + NUL into 8 */
	puts(buf);
	return 0;
}

/* The destination is local to the variadic function, so that the compiler
 * knows its size at the vsprintf call. */
static int vsprintf_into_8(const char *fmt, ...)
{
	char buf[8];
	va_list ap;
	va_start(ap, fmt);
	int r = vsprintf(buf, fmt, ap);
	va_end(ap);
	puts(buf);
	return r;
}

static int vsnprintf_into_8(size_t n, const char *fmt, ...)
{
	char buf[8];
	va_list ap;
	va_start(ap, fmt);
	int r = vsnprintf(buf, n, fmt, ap);
	va_end(ap);
	puts(buf);
	return r;
}

static int vsprintf_overflow(void)
{
	return vsprintf_into_8("%s", opaque_text) < 0;
}

static int snprintf_bound(void)
{
	char buf[8];
	volatile size_t n = 9; /* claims more room than buf has */
	snprintf(buf, n, "%d", 1);
	puts(buf);
	return 0;
}

static int vsnprintf_bound(void)
{
	volatile size_t n = 9;
	return vsnprintf_into_8(n, "%d", 1) < 0;
}

/* glibc checks %n only when it is reached; everything before is printed
 * into the stream's buffer, which abort() does not flush. */
static int percent_n_writable(void)
{
	char fmt[16];
	strcpy(fmt, opaque_int ? "ab%n\n" : "");
	int n = 0;
	printf(fmt, &n);
	return 0;
}

static int percent_n_writable_sprintf(void)
{
	char fmt[16], buf[16];
	strcpy(fmt, opaque_int ? "ab%n\n" : "");
	int n = 0;
	sprintf(buf, fmt, &n);
	return 0;
}

static int positional_gap(void)
{
	static const char *const fmt_ = "%2$d\n";
	static const char *const *volatile fmtp = &fmt_;
	printf(*fmtp, 1, 2);
	return 0;
}

static const struct {
	const char *name;
	int (*run)(void);
} modes[] = {
	{ "standard", standard },
	{ "px", px },
	{ "symbols", symbols },
	{ "sprintf_overflow", sprintf_overflow },
	{ "vsprintf_overflow", vsprintf_overflow },
	{ "snprintf_bound", snprintf_bound },
	{ "vsnprintf_bound", vsnprintf_bound },
	{ "percent_n_writable", percent_n_writable },
	{ "percent_n_writable_sprintf", percent_n_writable_sprintf },
	{ "positional_gap", positional_gap },
};

int main(int argc, char **argv)
{
	setlocale(LC_ALL, "en_US.UTF-8");
	for (size_t i = 0; argc == 2 && i < sizeof modes / sizeof modes[0]; i++)
		if (strcmp(argv[1], modes[i].name) == 0)
			return modes[i].run();
	fputs("usage: unaware standard|px|sprintf_overflow|...\n", stderr);
	return 2;
}
