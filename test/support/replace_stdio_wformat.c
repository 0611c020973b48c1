/* replace_stdio_wformat.c - compiled (not run) by the replace_stdio_wformat
 * test: with XPRINTF_REPLACE_STDIO the calls below are xprintf's, and the
 * compiler must still warn about the mismatched argument. */
#include <stdio.h>
#define XPRINTF_REPLACE_STDIO
#include <xprintf.h>

#ifndef printf
#error "XPRINTF_REPLACE_STDIO did not map printf"
#endif

int bad_calls(char *buf);

int bad_calls(char *buf)
{
	return printf("%d\n", "not an int") + snprintf(buf, 8, "%s", 42);
}
