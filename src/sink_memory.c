/* sink_memory.c - destinations in memory: a bounded buffer (snprintf,
 * sprintf) and a growing heap string (asprintf). */
#include "sink_dest.h"

#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>

/* Full: keep what fits, count the rest.  glibc terminates the string
 * when it first overflows, so a later %s of the buffer itself reads only
 * that far: so here (end is the terminator's byte). */
void xp_buffer_drain(struct xp_sink *s, const char *p, size_t n)
{
	size_t room = (size_t)(s->end - s->pos);
	size_t k = n < room ? n : room;
	memcpy(s->pos, p, k);
	s->pos += k;
	s->done += n - k;
	if (n > k && !s->counting)
		*s->pos = '\0';
	s->counting = 1;
}

static void heap_drain(struct xp_sink *s, const char *p, size_t n)
{
	struct xp_heap_sink *h = (struct xp_heap_sink *)s;
	if (s->counting) {
		s->done += n;
		return;
	}
	size_t used = (size_t)(s->pos - s->base);
	size_t need = used + n + 1;
	size_t cap = (size_t)(s->end - s->base) + 1;
	while (cap < need)
		cap = cap < SIZE_MAX / 2 ? cap * 2 : need;
	char *mem;
	if (h->heap) {
		mem = realloc(h->heap, cap);
	} else {
		mem = malloc(cap);
		if (mem)
			memcpy(mem, h->stack, used);
	}
	if (!mem) {
		s->error = ENOMEM;
		s->counting = 1;
		s->done += n;
		return;
	}
	h->heap = mem;
	s->base = mem;
	s->pos = mem + used;
	s->end = mem + cap - 1;
	memcpy(s->pos, p, n);
	s->pos += n;
}

void xp_heap_init(struct xp_heap_sink *h)
{
	struct xp_sink *s = &h->sink;
	h->heap = NULL;
	s->base = s->pos = h->stack;
	s->end = h->stack + sizeof h->stack - 1;
	s->done = 0;
	s->error = 0;
	s->counting = 0;
	s->drain = heap_drain;
}

char *xp_heap_finish(struct xp_heap_sink *h, int ok)
{
	struct xp_sink *s = &h->sink;
	if (!ok || s->error) {
		free(h->heap);
		return NULL;
	}
	size_t len = (size_t)(s->pos - s->base);
	char *out;
	if (h->heap) {
		out = h->heap;
		if ((size_t)(s->end - s->base) + 1 > len + 1 + 4096) {
			char *shrunk = realloc(out, len + 1);
			if (shrunk)
				out = shrunk;
		}
	} else {
		out = malloc(len + 1);
		if (!out)
			return NULL;
		memcpy(out, h->stack, len);
	}
	out[len] = '\0';
	return out;
}
