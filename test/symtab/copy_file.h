/* copy_file.h - the symbol tests' copies of a fixture under other paths. */
#ifndef XP_TEST_COPY_FILE_H
#define XP_TEST_COPY_FILE_H

#include <stdio.h>

/* Copy the file from to the path to: 0, or -1. */
static inline int copy_file(const char *from, const char *to)
{
	FILE *in = fopen(from, "rb"), *out = fopen(to, "wb");
	char buf[4096];
	size_t n;
	while (in && out && (n = fread(buf, 1, sizeof buf, in)) > 0)
		fwrite(buf, 1, n, out);
	int ok = in && out && !ferror(in);
	if (in)
		fclose(in);
	if (out && fclose(out) != 0)
		ok = 0;
	return ok ? 0 : -1;
}

#endif
