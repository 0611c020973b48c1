/* vformat.h - the format engine: parse, fetch, convert, write. */
#ifndef XP_VFORMAT_H
#define XP_VFORMAT_H

#include <limits.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include "args.h"
#include "run.h"
#include "sink.h"
#include "sink_dest.h"

/*
 * Format into s.  Returns the number of bytes produced, or -1 with errno
 * set (EOVERFLOW, EINVAL, EILSEQ, ENOMEM, or s->error from the sink).
 * The sink is not finished (flushed, terminated) here.
 */
int xp_vformat(struct xp_sink *s, const char *fmt, va_list ap);

/*
 * The buffer calls (snprintf, sprintf and their v-forms).  Inline in each
 * entry point, so that a call is one function deep until the driver loop:
 * the entry point sets up the sink and a->ap (va_start in the variadic
 * forms, which then need no copy), xp_buffer_run runs the loop and ends
 * the common call.  Anything else (the positional restart after a n$, an
 * error, more than INT_MAX bytes) returns XP_BUFFER_UNFINISHED, and
 * xp_buffer_call_end finishes the call from orig, a va_list as the call
 * received it.  errno (for %m) is read only when a directive leaves the
 * fast path, since a memory sink leaves it alone.
 */
#define XP_BUFFER_UNFINISHED (-2)

static inline int xp_buffer_run(struct xp_buffer_sink *b, const char *fmt, struct xp_args *a,
				 struct run_state *st)
{
	xp_run_best(&b->sink, fmt, a, st);
	size_t count = xp_sink_count(&b->sink);
	if (__builtin_expect(((uintptr_t)st->resume | (unsigned)st->err | (unsigned)b->sink.error) != 0 ||
			     count > INT_MAX, 0))
		return XP_BUFFER_UNFINISHED;
	xp_buffer_finish(b);
	return (int)count;
}

/* Out of line and cold: the common end keeps no register across the run,
 * so the entry point saves and restores fewer. */
__attribute__((cold)) int xp_buffer_call_end(struct xp_buffer_sink *b, const char *fmt, va_list orig,
					     struct run_state *st);

/* A NULL format: -1 with EINVAL, the buffer terminated, as glibc. */
__attribute__((cold)) int xp_buffer_no_format(struct xp_buffer_sink *b);

/*
 * The stream calls' common case, as the buffer calls': the sink starts in
 * the stream's buffer (xp_stream_init_in_buffer); a call that stays there
 * and succeeds ends here, moving the stream's write pointer past its
 * output.  Anything else returns XP_STREAM_UNFINISHED, and
 * xp_stream_run_end finishes the call from orig.
 */
#define XP_STREAM_UNFINISHED (-2)

static inline int xp_stream_run(struct xp_stream_sink *st, const char *fmt, struct xp_args *a,
				struct run_state *rs)
{
	struct xp_sink *s = &st->sink;
	xp_run_best(s, fmt, a, rs);
	size_t count = xp_sink_count(s);
	if (__builtin_expect(((uintptr_t)rs->resume | (unsigned)rs->err | (unsigned)s->error |
			      (unsigned)!st->in_file_buffer) != 0 ||
				     count > INT_MAX,
			     0))
		return XP_STREAM_UNFINISHED;
	st->file->_IO_write_ptr = s->pos;
	return (int)count;
}

__attribute__((cold)) int xp_stream_run_end(struct xp_stream_sink *st, const char *fmt, va_list orig,
					    struct run_state *rs);

#endif
