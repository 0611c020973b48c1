/* glibc_handoff.c - register_printf_specifier, register_printf_function,
 * register_printf_modifier and register_printf_type, interposed: each
 * looks up libc's printf family, sets the flag that hands every later
 * call to it, and then registers with libc as the program asked. */
#define _GNU_SOURCE
#include "glibc_handoff.h"

#include <dlfcn.h>
#include <errno.h>
#include <printf.h>
#include <pthread.h>

#define XP_INTERPOSED __attribute__((visibility("default")))

struct xp_glibc_printf xp_glibc;
atomic_int xp_glibc_extended;

static void *next(const char *name) { return dlsym(RTLD_NEXT, name); }

static void find_glibc(void)
{
	/* dlsym hands back void *: a cast to a function pointer is what
	 * POSIX requires it to allow */
	*(void **)&xp_glibc.vfprintf = next("vfprintf");
	*(void **)&xp_glibc.vdprintf = next("vdprintf");
	*(void **)&xp_glibc.vsprintf = next("vsprintf");
	*(void **)&xp_glibc.vsnprintf = next("vsnprintf");
	*(void **)&xp_glibc.vasprintf = next("vasprintf");
	*(void **)&xp_glibc.vfprintf_chk = next("__vfprintf_chk");
	*(void **)&xp_glibc.vdprintf_chk = next("__vdprintf_chk");
	*(void **)&xp_glibc.vsprintf_chk = next("__vsprintf_chk");
	*(void **)&xp_glibc.vsnprintf_chk = next("__vsnprintf_chk");
	*(void **)&xp_glibc.vasprintf_chk = next("__vasprintf_chk");
	*(void **)&xp_glibc.vfwprintf = next("vfwprintf");
	*(void **)&xp_glibc.vswprintf = next("vswprintf");
	*(void **)&xp_glibc.vfwprintf_chk = next("__vfwprintf_chk");
	*(void **)&xp_glibc.vswprintf_chk = next("__vswprintf_chk");
}

/* From now on glibc formats; returns libc's registration function. */
static void *hand_off(const char *registration)
{
	static pthread_once_t once = PTHREAD_ONCE_INIT;
	pthread_once(&once, find_glibc);
	/* every function found, or none handed over (a libc without them
	 * could not have run the program's printf either) */
	const void *const *f = (const void *const *)&xp_glibc;
	int all = 1;
	for (size_t i = 0; i < sizeof xp_glibc / sizeof(void *); i++)
		all &= f[i] != NULL;
	if (all)
		atomic_store_explicit(&xp_glibc_extended, 1, memory_order_release);
	void *real = next(registration);
	if (!real)
		errno = ENOSYS;
	return real;
}

XP_INTERPOSED int register_printf_specifier(int spec, printf_function *handler,
					    printf_arginfo_size_function *arginfo)
{
	int (*real)(int, printf_function *, printf_arginfo_size_function *);
	*(void **)&real = hand_off("register_printf_specifier");
	return real ? real(spec, handler, arginfo) : -1;
}

XP_INTERPOSED int register_printf_function(int spec, printf_function *handler,
					   printf_arginfo_function *arginfo)
{
	int (*real)(int, printf_function *, printf_arginfo_function *);
	*(void **)&real = hand_off("register_printf_function");
	return real ? real(spec, handler, arginfo) : -1;
}

XP_INTERPOSED int register_printf_modifier(const wchar_t *str)
{
	int (*real)(const wchar_t *);
	*(void **)&real = hand_off("register_printf_modifier");
	return real ? real(str) : -1;
}

XP_INTERPOSED int register_printf_type(printf_va_arg_function *fct)
{
	int (*real)(printf_va_arg_function *);
	*(void **)&real = hand_off("register_printf_type");
	return real ? real(fct) : -1;
}
