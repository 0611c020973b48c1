/* unaware_wide.c - unaware.c's counterpart for the wide family: plain
 * <wchar.h>, nothing of xprintf.  test_preload_wide.c runs it with and
 * without LD_PRELOAD=libxprintf-preload.so and compares.
 *
 *   unaware_wide standard   all six functions, standard conversions
 *   unaware_wide px         all six functions with %px
 *   unaware_wide <abort>    one call glibc's fortify checks abort
 */
#define _GNU_SOURCE
#include <errno.h>
#include <locale.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

static const char *volatile opaque_text = "t\xc3\xa9xt";
static volatile int opaque_int = 42;

static int call_vwprintf(const wchar_t *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int r = vwprintf(fmt, ap);
	va_end(ap);
	return r;
}

static int call_vfwprintf(FILE *f, const wchar_t *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int r = vfwprintf(f, fmt, ap);
	va_end(ap);
	return r;
}

static int call_vswprintf(wchar_t *buf, size_t n, const wchar_t *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int r = vswprintf(buf, n, fmt, ap);
	va_end(ap);
	return r;
}

/* One format through the six functions, each line tagged with its
 * function and return value.  The format takes (int, char *, void *). */
static void all_six(const wchar_t *fmt, int i, const char *s, void *p)
{
	wchar_t buf[256];
	int r;
	r = wprintf(fmt, i, s, p);
	wprintf(L"|wprintf %d\n", r);
	r = fwprintf(stdout, fmt, i, s, p);
	wprintf(L"|fwprintf %d\n", r);
	r = call_vwprintf(fmt, i, s, p);
	wprintf(L"|vwprintf %d\n", r);
	r = call_vfwprintf(stdout, fmt, i, s, p);
	wprintf(L"|vfwprintf %d\n", r);
	r = swprintf(buf, sizeof buf / sizeof buf[0], fmt, i, s, p);
	wprintf(L"%ls|swprintf %d\n", r >= 0 ? buf : L"", r);
	r = call_vswprintf(buf, sizeof buf / sizeof buf[0], fmt, i, s, p);
	wprintf(L"%ls|vswprintf %d\n", r >= 0 ? buf : L"", r);
	r = swprintf(buf, 4, fmt, i, s, p); /* too small: -1 */
	wprintf(L"swprintf(4) %d\n", r);
}

static int standard(void)
{
	static const wchar_t *const formats[] = {
		L"%d %s %p",
		L"[%-8d] [%8.3s] [%#20p]",
		L"%1$+d %2$ls%3$p \x4e2d\xe9",
		L"%3$p %1$x %2$s",
		L"%'d %5.1s%p%%%c",
	};
	for (size_t k = 0; k < sizeof formats / sizeof formats[0]; k++) {
		/* %ls gets the char * as a wide string only where the format
		 * says so; keep the argument types right */
		if (wcsstr(formats[k], L"%2$ls")) {
			wchar_t wbuf[16];
			mbstowcs(wbuf, opaque_text, 16);
			all_six(formats[k], opaque_int, (const char *)wbuf, (void *)0x1234);
		} else if (wcsstr(formats[k], L"%c")) {
			wprintf(formats[k], -1234567, opaque_text, (void *)0, 'x');
			wprintf(L"\n");
		} else {
			all_six(formats[k], -opaque_int, opaque_text, (void *)0x5678);
		}
	}
	wprintf(L"%Lf %e %a %'.2f\n", 1.5L, 1e300, 0.1, 1234567.891);
	/* A writable format with %n aborts under fortify level 2, but a
	 * narrow or read-only stream fails the call before glibc reads it. */
	wchar_t writable_n[] = L"abc%n";
	int unset = -1;
	FILE *no = fopen("/dev/null", "w");
	fwide(no, -1);
	errno = 0;
	int r = fwprintf(no, writable_n, &unset);
	wprintf(L"[narrow stream %d %d %d]\n", r, errno, unset);
	fclose(no);
	FILE *ro = fopen("/dev/null", "r");
	errno = 0;
	r = fwprintf(ro, writable_n, &unset);
	wprintf(L"[read-only stream %d %d %d %d]\n", r, errno, ferror(ro) != 0, unset);
	fclose(ro);
	return 0;
}

static int px(void)
{
	all_six(L"%3$px|%1$d%2$s", 1, "", (void *)0x1234abcd);
	return 0;
}

static int swprintf_bound(void)
{
	wchar_t buf[4];
	int n = opaque_int; /* claims more room than buf has */
	return swprintf(buf, (size_t)n, L"%d", 1) < 0;
}

/* The destination's size is known where vswprintf is called. */
static int vswprintf_small(const wchar_t *fmt, ...)
{
	wchar_t buf[4];
	va_list ap;
	va_start(ap, fmt);
	int r = vswprintf(buf, (size_t)opaque_int, fmt, ap);
	va_end(ap);
	return r;
}

static int vswprintf_bound(void)
{
	return vswprintf_small(L"%d", 1) < 0;
}

static int percent_n_writable(void)
{
	wchar_t fmt[16];
	int n = 0;
	wcscpy(fmt, L"ab%n\n");
	wprintf(fmt, &n);
	return n;
}

static int positional_gap(void)
{
	wchar_t buf[16];
	return swprintf(buf, 16, L"%2$d", 1, 2) < 0;
}

static const struct {
	const char *name;
	int (*run)(void);
} modes[] = {
	{ "standard", standard },
	{ "px", px },
	{ "swprintf_bound", swprintf_bound },
	{ "vswprintf_bound", vswprintf_bound },
	{ "percent_n_writable", percent_n_writable },
	{ "positional_gap", positional_gap },
};

int main(int argc, char **argv)
{
	setlocale(LC_ALL, "C.UTF-8");
	for (size_t i = 0; argc == 2 && i < sizeof modes / sizeof modes[0]; i++)
		if (strcmp(argv[1], modes[i].name) == 0)
			return modes[i].run();
	return 2;
}
