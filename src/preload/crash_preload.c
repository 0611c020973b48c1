/* crash_preload.c - libxprintf-crash.so: LD_PRELOAD it and an unmodified
 * program's crashes are reported (xprintf_crash_report_install) on
 * stderr, or appended to the file XPRINTF_CRASH_REPORT names.  It exports
 * no symbol and loads no libxprintf.so: nothing of the program is
 * interposed.  A program that has libxprintf.so itself gets that
 * library's install, so that the process has one report handler. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <stdint.h>
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
	/* Our own copy's name is local: only a loaded libxprintf.so's is found. */
	int (*shared)(int) = (int (*)(int))(uintptr_t)dlsym(RTLD_DEFAULT, "xprintf_crash_report_install");
	(shared ? shared : xprintf_crash_report_install)(fd);
}
