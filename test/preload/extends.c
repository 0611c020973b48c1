/* extends.c - a program that extends glibc's printf: it registers %W
 * (an int printed as <W:n>) with one of glibc's four registration
 * interfaces, then calls the whole family.  test_preload.c compares its
 * output under the preload with glibc's.  Before registering, it prints
 * one %px line: the preload's form there shows that it was active.
 *
 *   extends specifier|function|modifier|type
 */
#define _GNU_SOURCE
#include <printf.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <wchar.h>

/* A user type read as an int, for register_printf_type: glibc then
 * hands the handler a pointer to a pointer to the int read. */
static int w_type;
static void read_w(void *mem, va_list *ap) { *(int *)mem = va_arg(*ap, int); }

static int print_w(FILE *stream, const struct printf_info *info, const void *const *args)
{
	int v = w_type ? **(const int *const *)args[0] : *(const int *)args[0];
	return fprintf(stream, "<W%s:%d>", info->user ? "+" : "", v);
}

/* An int, or the user type once registered. */
static int arginfo_w(const struct printf_info *info, size_t n, int *types, int *size)
{
	(void)info;
	if (n > 0) {
		types[0] = w_type ? w_type : PA_INT;
		size[0] = sizeof(int);
	}
	return 1;
}

static int arginfo_w_old(const struct printf_info *info, size_t n, int *types)
{
	(void)info;
	if (n > 0)
		types[0] = PA_INT;
	return 1;
}

static int via_v(int which, const char *fmt, ...)
{
	char buf[128], *heap = NULL;
	va_list ap;
	va_start(ap, fmt);
	int r = -1;
	switch (which) {
	case 0: r = vprintf(fmt, ap); break;
	case 1: r = vfprintf(stdout, fmt, ap); break;
	case 2: fflush(stdout); r = vdprintf(STDOUT_FILENO, fmt, ap); break;
	case 3: r = vsprintf(buf, fmt, ap); fputs(buf, stdout); break;
	case 4: r = vsnprintf(buf, sizeof buf, fmt, ap); fputs(buf, stdout); break;
	default:
		r = vasprintf(&heap, fmt, ap);
		if (r >= 0)
			fputs(heap, stdout);
		free(heap);
	}
	va_end(ap);
	return r;
}

static int via_w(wchar_t *buf, size_t n, const wchar_t *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int r = vswprintf(buf, n, fmt, ap);
	va_end(ap);
	return r;
}

int main(int argc, char **argv)
{
	const char *how = argc > 1 ? argv[1] : "specifier";
	printf("before: %px|\n", (void *)0x1234abcd);
	fflush(stdout);
	int ok;
	const char *fmt = "%W %s\n";
	if (strcmp(how, "function") == 0) {
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
		ok = register_printf_function('W', print_w, arginfo_w_old) == 0;
#pragma GCC diagnostic pop
	} else if (strcmp(how, "modifier") == 0) {
		ok = register_printf_modifier(L"Q") > 0 &&
		     register_printf_specifier('W', print_w, arginfo_w) == 0;
		fmt = "%QW %s\n";
	} else if (strcmp(how, "type") == 0) {
		w_type = register_printf_type(read_w);
		ok = w_type > 0 && register_printf_specifier('W', print_w, arginfo_w) == 0;
	} else {
		ok = register_printf_specifier('W', print_w, arginfo_w) == 0;
	}
	if (!ok)
		return 2;
	char buf[128], *heap = NULL;
	printf("%W %s\n", 9, "x");
	printf(fmt, 10, "printf");
	fprintf(stdout, fmt, 11, "fprintf");
	fflush(stdout);
	dprintf(STDOUT_FILENO, fmt, 12, "dprintf");
	sprintf(buf, fmt, 13, "sprintf");
	fputs(buf, stdout);
	snprintf(buf, sizeof buf, fmt, 14, "snprintf");
	fputs(buf, stdout);
	if (asprintf(&heap, fmt, 15, "asprintf") >= 0)
		fputs(heap, stdout);
	free(heap);
	for (int i = 0; i < 6; i++)
		via_v(i, fmt, 20 + i, "v");
	printf("%2$s %1$W|%3$px|\n", 30, "positional", (void *)0x1234abcd);
	/* the wide family too: the handler itself writes narrow text, which
	 * glibc's wide streams refuse, but the rest of the line must match */
	wchar_t wbuf[128];
	int wr = swprintf(wbuf, 128, L"%W %s|%px|", 40, "swprintf", (void *)0x1234abcd);
	printf("%d %ls\n", wr, wr >= 0 ? wbuf : L"");
	wr = via_w(wbuf, 128, L"%s|%px|%W", "vswprintf", (void *)0x1234abcd, 41);
	printf("%d %ls\n", wr, wr >= 0 ? wbuf : L"");
	return 0;
}
