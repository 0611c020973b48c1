/* check_printf.h - assertions comparing xsnprintf with glibc or with a
 * hand-derived expectation.  Each compares the whole buffer (guard bytes
 * after the terminator included), the return value and errno. */
#ifndef CHECK_PRINTF_H
#define CHECK_PRINTF_H

#include <stdarg.h>
#include <stddef.h>

/* glibc's vsnprintf is the oracle; both get the same arguments.  Buffer
 * sizes tried: the whole buffer and a few small ones (truncation). */
void same_as_glibc_at(const char *file, int line, const char *fmt, ...);
#define SAME(...) same_as_glibc_at(__FILE__, __LINE__, __VA_ARGS__)

/* Hand-derived: want is the buffer content (text written before an error
 * too), want_ret the return value, want_errno errno when want_ret is -1. */
void expect_at(const char *file, int line, const char *want, int want_ret,
	       int want_errno, const char *fmt, ...);
#define EXPECT(want, ...) expect_at(__FILE__, __LINE__, want, (int)(sizeof(want) - 1), 0, __VA_ARGS__)
#define EXPECT_ERR(want, err, ...) expect_at(__FILE__, __LINE__, want, -1, err, __VA_ARGS__)

/* Switch the calling thread to a locale; fails the test when it is missing. */
void use_locale(const char *name);

#endif
