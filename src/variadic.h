/* variadic.h - the body of a variadic entry point that hands its arguments
 * to the v-form: XP_VARIADIC(xvsnprintf(str, size, fmt, ap)); and a
 * va_copy that does not stall. */
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

/*
 * XP_VA_COPY(dst, src): va_copy.  On x86_64, GCC copies the 24-byte va_list
 * with a 16-byte load that spans two 8-byte stores the caller's va_start has
 * just made; the CPU cannot forward such a load from the store buffer and
 * waits for the stores to retire, on every call.  Reading the four fields
 * one by one, as they were written, forwards each.  The result is exactly what va_copy makes; va_end stays a
 * no-op on this ABI, so callers still pair it with va_end.
 */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(_WIN32)
#define XP_VA_COPY(dst, src) xp_va_copy_fields((dst), (src))
static inline void xp_va_copy_fields(va_list dst, va_list src)
{
	const volatile __typeof__(src[0]) *v = &src[0];
	dst[0].gp_offset = v->gp_offset;
	dst[0].fp_offset = v->fp_offset;
	dst[0].overflow_arg_area = v->overflow_arg_area;
	dst[0].reg_save_area = v->reg_save_area;
}
#else
#define XP_VA_COPY(dst, src) va_copy(dst, src)
#endif

#endif
