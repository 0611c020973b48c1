/* elfutils_loaded.c - the elfutils table of the shared libraries: libdw
 * (and libelf, which it needs) loaded by the first symbol lookup.
 *
 * Loaded once and kept for the life of the process: the symbol indexes'
 * names point into files libelf mapped.  glibc gives a library loaded this
 * way its thread-local data (libelf's and libdw's error codes) on each
 * thread's first use, and ends the process if that allocation fails;
 * lookups in the objects xprintf_symbols_preload() indexed never call
 * elfutils. */
#define _GNU_SOURCE
#include "elfutils.h"

#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <string.h>

#ifndef XP_LIBDW_SONAME
#define XP_LIBDW_SONAME "libdw.so.1"
#endif

struct xp_elfutils_calls xp_elfutils;

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static atomic_int state; /* 0 not loaded (yet), 1 loaded, -1 unavailable */

/* 1 loaded, -1 not there, 0 out of memory (glibc's dlopen says ENOMEM). */
static int load(void)
{
	errno = 0;
	void *dw = dlopen(XP_LIBDW_SONAME, RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE);
	if (!dw)
		return errno == ENOMEM ? 0 : -1;
	/* dlsym on the handle searches libdw, then what it needs (libelf). */
	int missing = 0;
	void *f;
#define XP_ELFUTILS_LOOKUP(name)                          \
	missing |= !(f = dlsym(dw, #name));               \
	memcpy(&xp_elfutils.name, &f, sizeof f);
	XP_ELFUTILS_FUNCTIONS(XP_ELFUTILS_LOOKUP)
#undef XP_ELFUTILS_LOOKUP
	return missing ? -1 : 1;
}

int xp_elfutils_load(void)
{
	int s = atomic_load_explicit(&state, memory_order_acquire);
	if (!s) {
		pthread_mutex_lock(&lock);
		if (!(s = atomic_load_explicit(&state, memory_order_relaxed))) {
			s = load();
			atomic_store_explicit(&state, s, memory_order_release);
		}
		pthread_mutex_unlock(&lock);
	}
	if (s > 0)
		return 0;
	errno = s < 0 ? ENOENT : ENOMEM;
	return -1;
}
