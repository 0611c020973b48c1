/* A fault inside libc: strlen on a pointer into the first page. */
#include <stdint.h>

#include "crash_common.h"

static volatile uintptr_t bad_string = 16;

INLINE size_t name_length(const char *s)
{
	return strlen(s) + (size_t)crash_seen;
}

NOINLINE size_t measure(void)
{
	size_t n = name_length((const char *)bad_string);
	crash_seen++;
	return n;
}

int main(int argc, char **argv)
{
	if (crash_setup(argc, argv) != 0)
		return 2;
	return (int)measure();
}
