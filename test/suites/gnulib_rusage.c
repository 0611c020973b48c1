/*
 * gnulib_rusage.c - get_rusage_as for gnulib's tests that measure the
 * address space a printf call takes (gnulib's own version needs its vma
 * iterator and configure): the total mapped size, from /proc/self/statm.
 */
#include <stdint.h>
#include <stdio.h>
#include <unistd.h>

uintptr_t get_rusage_as(void);

uintptr_t get_rusage_as(void)
{
	unsigned long pages = 0;
	FILE *f = fopen("/proc/self/statm", "r");

	if (f == NULL)
		return 0;
	if (fscanf(f, "%lu", &pages) != 1)
		pages = 0;
	fclose(f);
	return (uintptr_t)pages * (uintptr_t)sysconf(_SC_PAGESIZE);
}
