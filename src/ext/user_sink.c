/* user_sink.c - the sink API that registered %p handlers write through. */
#include "../ext.h"
#include "../vformat.h"

#include <errno.h>
#include <stdarg.h>

#include "xprintf.h"

#define XP_PUBLIC __attribute__((visibility("default")))

XP_PUBLIC int xprintf_sink_write(struct xprintf_sink *sink, const char *buf, size_t len)
{
	struct xp_sink *s = (struct xp_sink *)sink;
	xp_put(s, buf, len);
	if (s->error) {
		errno = s->error;
		return -1;
	}
	return 0;
}

XP_PUBLIC int xprintf_sink_vprintf(struct xprintf_sink *sink, const char *restrict fmt, va_list ap)
{
	struct xp_sink *s = (struct xp_sink *)sink;
	size_t before = xp_sink_count(s);
	if (xp_vformat(s, fmt, ap) < 0)
		return -1;
	return (int)(xp_sink_count(s) - before);
}

XP_PUBLIC int xprintf_sink_printf(struct xprintf_sink *sink, const char *restrict fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int r = xprintf_sink_vprintf(sink, fmt, ap);
	va_end(ap);
	return r;
}
