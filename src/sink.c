/* sink.c - long copies and padding, shared by all destinations. */
#include "sink.h"

#include <errno.h>
#include <limits.h>

#include "hot_text.h"

const char xp_spaces[64] = "                                                                ";
const char xp_zeros[64] = "0000000000000000000000000000000000000000000000000000000000000000";

XP_HOT_TEXT void xp_put_long(struct xp_sink *s, const char *p, size_t n)
{
	if (n <= (size_t)(s->end - s->pos)) {
		memcpy(s->pos, p, n);
		s->pos += n;
	} else {
		s->drain(s, p, n);
	}
}

void xp_pad_slow(struct xp_sink *s, char c, size_t n)
{
	/* Fill the window directly; drain a chunk at a time when it is full. */
	if (n > (size_t)INT_MAX - xp_sink_count(s) && !s->counting) {
		/* The output cannot be reported any more (EOVERFLOW): fill what
		 * the destination holds now, as glibc does, and stop storing. */
		size_t room = (size_t)(s->end - s->pos);
		size_t k = n < room ? n : room;
		memset(s->pos, c, k);
		s->pos += k;
		s->done += n - k;
		s->error = EOVERFLOW;
		s->counting = 1;
		return;
	}
	while (n) {
		size_t room = (size_t)(s->end - s->pos);
		if (room) {
			size_t k = n < room ? n : room;
			memset(s->pos, c, k);
			s->pos += k;
			n -= k;
			continue;
		}
		if (s->counting) {
			s->done += n;
			return;
		}
		const char *src = c == ' ' ? xp_spaces : c == '0' ? xp_zeros : NULL;
		size_t k = n < 64 ? n : 64;
		if (src) {
			s->drain(s, src, k);
		} else {
			char tmp[64];
			memset(tmp, c, k);
			s->drain(s, tmp, k);
		}
		n -= k;
	}
}

void xp_emit_overlapping(struct xp_sink *s, size_t fill, int left, const char *str, size_t len)
{
	if (!left)
		xp_pad(s, ' ', fill);
	size_t room = (size_t)(s->end - s->pos);
	size_t k = len < room ? len : room;
	if (k > 20) {
		memmove(s->pos, str, k);
	} else {
		for (size_t i = 0; i < k; i++)
			s->pos[i] = str[i];
	}
	s->pos += k;
	if (len > k)
		s->drain(s, str + k, len - k);
	if (left)
		xp_pad(s, ' ', fill);
}
