/* A crash in an object loaded after the report was installed (a plugin),
 * while another thread holds malloc's arena lock for ever (as in
 * crash_malloc_lock "other").  Indexing the plugin would allocate, so the
 * report must not: the plugin's frame prints as an address, the
 * program's frames by name, and the report ends instead of waiting for
 * the lock for ever. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdint.h>

#include "crash_common.h"
#include "crash_malloc_held.h"

static int *volatile nowhere;

NOINLINE void call_plugin(void (*run)(int *))
{
	run(nowhere);
	crash_seen++;
}

int main(int argc, char **argv)
{
	if (crash_setup(argc, argv) != 0)
		return 2;
	void *plugin = dlopen(XP_TRACE_PLUGIN, RTLD_NOW);
	void (*run)(int *) = plugin ? (void (*)(int *))(uintptr_t)dlsym(plugin, "plugin_run") : NULL;
	if (!run)
		return 3;
	malloc_lock_held_elsewhere();
	call_plugin(run);
	return 0;
}
