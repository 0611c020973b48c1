/* fortify.h - glibc's _FORTIFY_SOURCE checks, for the preload shim only.
 *
 * The library proper never aborts; these do, because a fortified program
 * relies on glibc aborting exactly here.
 */
#ifndef XP_PRELOAD_FORTIFY_H
#define XP_PRELOAD_FORTIFY_H

#include <stddef.h>
#include <wchar.h>

/* glibc's own handler: "*** buffer overflow detected ***: terminated". */
extern void __chk_fail(void) __attribute__((noreturn));

/*
 * The checks glibc makes when a *_chk function gets flag > 0
 * (_FORTIFY_SOURCE=2): a %n conversion in a format that lies in writable
 * memory, and a positional format whose n$ numbers leave an argument out.
 * Either one writes glibc's message to stderr and aborts.
 */
void xp_fortify_check_format(int flag, const char *fmt);
/* The same for a wchar_t format (the wide *_chk functions). */
void xp_fortify_check_format_wide(int flag, const wchar_t *fmt);
/* The message those checks would abort with, or NULL: for a destination
 * that glibc refuses before it reads the format (a wide or unwritable
 * stream, a descriptor that is not open), where they are never reached. */
const char *xp_fortify_format_fault(int flag, const char *fmt);
const char *xp_fortify_format_fault_wide(int flag, const wchar_t *fmt);
/* glibc's __libc_fatal: the message on stderr, then abort(). */
void xp_fortify_fatal(const char *msg) __attribute__((noreturn));

/* 1 when [p, p+n) is entirely mapped without write permission, else -1;
 * glibc's __readonly_area, read from /proc/self/maps without malloc. */
int xp_readonly_area(const void *p, size_t n);

#endif
