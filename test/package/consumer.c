/* consumer.c - a program using the installed xprintf package. */
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
	return xprintf("%s\n", buf) < 0;
}
