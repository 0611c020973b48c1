/* vformat.h - the format engine: parse, fetch, convert, write. */
#ifndef XP_VFORMAT_H
#define XP_VFORMAT_H

#include <stdarg.h>
#include <stddef.h>

#include "sink.h"

/*
 * Format into s.  Returns the number of bytes produced, or -1 with errno
 * set (EOVERFLOW, EINVAL, EILSEQ, ENOMEM, or s->error from the sink).
 * The sink is not finished (flushed, terminated) here.
 */
int xp_vformat(struct xp_sink *s, const char *fmt, va_list ap);

/* vsnprintf: format into str, at most size bytes including the NUL that
 * ends it when size > 0.  The hot path: errno (for %m) is read only when a
 * directive leaves the fast path, since a memory sink leaves it alone. */
int xp_vformat_buffer(char *str, size_t size, const char *fmt, va_list ap);

#endif
