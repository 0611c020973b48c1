/* unaware_vprintf.c - vprintf, compiled with -Os so that glibc's headers
 * leave a real vprintf / __vprintf_chk call (at -O2 they inline it as
 * vfprintf(stdout, ...)). */
#include <stdarg.h>
#include <stdio.h>

int call_vprintf(const char *fmt, ...);

int call_vprintf(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int r = vprintf(fmt, ap);
	va_end(ap);
	return r;
}
