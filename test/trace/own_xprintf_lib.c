/* A library of the program's that defines a function named xprintf, as
 * any program may: libxprintf-crash.so must not take its place. */
#include <stdarg.h>
#include <stdio.h>

int xprintf(const char *fmt, ...);
int xprintf(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	fputs("own:", stdout);
	int r = vprintf(fmt, ap);
	va_end(ap);
	return r;
}
