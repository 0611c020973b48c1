/* demo.c - a tour of xprintf: glibc's conversions and a %p extension. */
#include <stdlib.h>

#include <xprintf.h>

int main(void)
{
	int answer = 42;
	xprintf("%-10s|%5d|%#x|%+.3d|%%\n", "glibc", answer, 255u, 7);
	xprintf("plain %%p: %p, raw %%px: %px\n", (void *)&answer, (void *)&answer);
	char *s = NULL;
	if (xasprintf(&s, "%s has %zu bytes", "this string", sizeof "this string" - 1) >= 0) {
		xprintf("%s\n", s);
		free(s);
	}
	return 0;
}
