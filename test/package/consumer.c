/* consumer.c - a program using the installed xprintf package. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <xprintf.h>

int main(void)
{
	char buf[64];
	int n = xsnprintf(buf, sizeof buf, "%s %05d %#x %.3s|%-4c|", "xprintf", 42, 255u, "package", 'k');
	/* The expected text is spelled out: the installed library is the one under test. */
	const char *want = "xprintf 00042 0xff pac|k   |";
	if (n != (int)strlen(want) || strcmp(buf, want) != 0) {
		fprintf(stderr, "consumer: got %d \"%s\", want \"%s\"\n", n, buf, want);
		return 1;
	}
	/* A symbol, read through elfutils (loaded on first use by the shared
	 * library, linked in with the static one). */
	char sym[64];
	xsnprintf(sym, sizeof sym, "%ps", (void *)(uintptr_t)main);
	if (strcmp(sym, "main") != 0) {
		fprintf(stderr, "consumer: %%ps of main printed \"%s\"\n", sym);
		return 1;
	}
	return xprintf("%s\n", buf) < 0;
}
