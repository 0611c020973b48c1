/* glibc_handoff.h - a program that extends glibc's printf (its own
 * conversions, modifiers or argument types, registered with
 * register_printf_*) gets glibc's printf family from then on: xprintf
 * knows nothing of what it registered.  glibc_handoff.c interposes the
 * four registration functions and fills this table before it sets the flag. */
#ifndef XP_PRELOAD_GLIBC_HANDOFF_H
#define XP_PRELOAD_GLIBC_HANDOFF_H

#include <stdarg.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdio.h>
#include <wchar.h>

/* libc's own definitions of the names the preload interposes. */
struct xp_glibc_printf {
	int (*vfprintf)(FILE *, const char *, va_list);
	int (*vdprintf)(int, const char *, va_list);
	int (*vsprintf)(char *, const char *, va_list);
	int (*vsnprintf)(char *, size_t, const char *, va_list);
	int (*vasprintf)(char **, const char *, va_list);
	int (*vfprintf_chk)(FILE *, int, const char *, va_list);
	int (*vdprintf_chk)(int, int, const char *, va_list);
	int (*vsprintf_chk)(char *, int, size_t, const char *, va_list);
	int (*vsnprintf_chk)(char *, size_t, int, size_t, const char *, va_list);
	int (*vasprintf_chk)(char **, int, const char *, va_list);
	int (*vfwprintf)(FILE *, const wchar_t *, va_list);
	int (*vswprintf)(wchar_t *, size_t, const wchar_t *, va_list);
	int (*vfwprintf_chk)(FILE *, int, const wchar_t *, va_list);
	int (*vswprintf_chk)(wchar_t *, size_t, int, size_t, const wchar_t *, va_list);
};

extern struct xp_glibc_printf xp_glibc __attribute__((visibility("hidden")));
extern atomic_int xp_glibc_extended __attribute__((visibility("hidden")));

/* libc's functions once the program has registered an extension, else
 * NULL (one load, and a branch that always goes the same way). */
static inline const struct xp_glibc_printf *xp_glibc_handoff(void)
{
	return atomic_load_explicit(&xp_glibc_extended, memory_order_acquire) ? &xp_glibc : NULL;
}

#endif
