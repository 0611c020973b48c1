/* vformat.h - the format engine: parse, fetch, convert, write. */
#ifndef XP_VFORMAT_H
#define XP_VFORMAT_H

#include <stdarg.h>

#include "sink.h"

/*
 * Format into s.  Returns the number of bytes produced, or -1 with errno
 * set (EOVERFLOW, EINVAL, EILSEQ, ENOMEM, or s->error from the sink).
 * The sink is not finished (flushed, terminated) here.
 */
int xp_vformat(struct xp_sink *s, const char *fmt, va_list ap);

#endif
