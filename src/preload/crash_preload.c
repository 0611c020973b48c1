/* crash_preload.c - libxprintf-crash.so: LD_PRELOAD it and an unmodified
 * program's crashes are reported (xprintf_crash_report_install) on
 * stderr, or appended to the file XPRINTF_CRASH_REPORT names.  It defines
 * no other symbol: nothing of the program is interposed. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>

#include "xprintf.h"

__attribute__((constructor)) static void report_crashes(void)
{
	int fd = STDERR_FILENO;
	const char *path = secure_getenv("XPRINTF_CRASH_REPORT");
	if (path && *path) {
		int f = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
		if (f >= 0)
			fd = f;
	}
	xprintf_crash_report_install(fd);
}
