/* variadic.h - the body of a variadic entry point that hands its arguments
 * to the v-form: XP_VARIADIC(xvsnprintf(str, size, fmt, ap)). */
#ifndef XP_VARIADIC_H
#define XP_VARIADIC_H

#include <stdarg.h>

#define XP_VARIADIC(call)            \
	do {                         \
		va_list ap;          \
		va_start(ap, fmt);   \
		int r_ = (call);     \
		va_end(ap);          \
		return r_;           \
	} while (0)

#endif
