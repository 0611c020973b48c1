/* convert_pointer.c - %p, and the dispatch to %p extensions. */
#include "convert.h"
#include "ext.h"

#include <stdint.h>

void xp_emit_plain_pointer(struct xp_sink *s, const struct xp_spec *sp, const void *ptr)
{
	if (!ptr) {
		/* glibc prints "(nil)" whole whatever the precision. */
		xp_emit_padded(s, sp, "(nil)", 5);
		return;
	}
	/* glibc: %#lx, keeping '+' and ' ', never grouped. */
	struct xp_spec h = *sp;
	h.flags = (h.flags | XP_F_ALT) & ~XP_F_GROUP;
	xp_emit_number(s, &h, (uintptr_t)ptr, 0, 16, 0);
}

const char *xp_ext_bad_pointer(const void *ptr)
{
	uintptr_t v = (uintptr_t)ptr;
	if (!v)
		return "(null)";
	/* The top page: the kernel's error range (-4095..-1) and the page's
	 * first address, which no process can read either. */
	if (v < 4096 || v >= UINTPTR_MAX - 4095)
		return "(efault)";
	return NULL;
}

/*
 * Width and precision around an extension's output, as for %s, with the
 * handler called once.  Its output goes to a scratch window on the stack;
 * when the handler finishes inside it, the field is padded from there.
 * When the output outgrows the window, the padding is decided as soon as
 * it can be: a left-justified field, or one whose width or precision is
 * within what has been produced, streams on to the destination (the
 * precision cutting it).  Only a right-justified field wider than the
 * window, with no precision or one wider than the window too, around an
 * output longer than the window, cannot know its leading spaces before the
 * end: that output is counted, and the handler runs a second time to write
 * it (so handlers must not consume what they cannot consume again).
 */
enum pad_mode { PAD_BUFFER, PAD_STREAM, PAD_COUNT };

struct pad_sink {
	struct xp_sink sink;       /* its window is scratch */
	struct xp_sink *parent;
	size_t width, cap;         /* cap: the precision, or SIZE_MAX */
	int left;
	enum pad_mode mode;
	size_t sent;               /* bytes passed on to parent, at most cap */
	char scratch[256];
};

static void pad_forward(struct pad_sink *ps, const char *p, size_t n)
{
	size_t k = n < ps->cap - ps->sent ? n : ps->cap - ps->sent;
	if (k) {
		xp_put(ps->parent, p, k);
		ps->sent += k;
	}
	if (ps->parent->error)
		ps->sink.error = ps->parent->error;
}

static void pad_drain(struct xp_sink *s, const char *p, size_t n)
{
	struct pad_sink *ps = (struct pad_sink *)s;
	size_t held = (size_t)(s->pos - s->base);
	if (ps->mode == PAD_BUFFER) {
		/* The window overflows: the output is longer than held + n. */
		size_t seen = held + n;
		size_t decided_at = ps->width < ps->cap ? ps->width : ps->cap;
		if (ps->left || seen >= decided_at) {
			if (!ps->left && ps->cap <= seen && ps->width > ps->cap)
				xp_pad(ps->parent, ' ', ps->width - ps->cap);
			ps->mode = PAD_STREAM;
		} else {
			ps->mode = PAD_COUNT;
			s->counting = 1;
		}
	}
	if (ps->mode == PAD_STREAM) {
		pad_forward(ps, s->base, held);
		pad_forward(ps, p, n);
	}
	s->done += held + n;
	s->pos = s->base;
}

static void pad_init(struct pad_sink *ps, struct xp_sink *parent, const struct xp_spec *sp,
		     enum pad_mode mode)
{
	ps->sink.base = ps->sink.pos = ps->scratch;
	ps->sink.end = ps->scratch + sizeof ps->scratch;
	ps->sink.done = 0;
	ps->sink.error = 0;
	ps->sink.counting = 0;
	ps->sink.drain = pad_drain;
	ps->parent = parent;
	ps->width = sp->width;
	ps->cap = sp->prec >= 0 ? (size_t)sp->prec : SIZE_MAX;
	ps->left = (sp->flags & XP_F_LEFT) != 0;
	ps->mode = mode;
	ps->sent = 0;
}

static int run_padded(struct xp_sink *s, const struct xp_ext *e, const struct xp_ext_call *c)
{
	const struct xp_spec *sp = c->spec;
	if (!sp->width && sp->prec < 0)
		return e->fn(s, c);

	struct pad_sink ps;
	pad_init(&ps, s, sp, PAD_BUFFER);
	int rc = e->fn(&ps.sink, c);
	size_t held = (size_t)(ps.sink.pos - ps.sink.base);
	if (rc < 0)
		return rc;
	if (ps.mode == PAD_BUFFER) {
		size_t shown = held < ps.cap ? held : ps.cap;
		xp_emit_padded_fields(s, sp->width, ps.left, ps.scratch, shown);
		return 0;
	}
	if (ps.mode == PAD_COUNT) {
		/* The second run, its leading spaces now known. */
		size_t len = ps.sink.done + held;
		size_t shown = len < ps.cap ? len : ps.cap;
		if (sp->width > shown)
			xp_pad(s, ' ', sp->width - shown);
		pad_init(&ps, s, sp, PAD_STREAM);
		rc = e->fn(&ps.sink, c);
		held = (size_t)(ps.sink.pos - ps.sink.base);
		if (rc < 0)
			return rc;
	}
	pad_forward(&ps, ps.sink.base, held);
	if (ps.left && sp->width > ps.sent)
		xp_pad(s, ' ', sp->width - ps.sent);
	return 0;
}

int xp_convert_pointer(struct xp_sink *s, const struct xp_spec *sp, void *ptr)
{
	const struct xp_ext *e = sp->ext_len ? xp_ext_find(sp->ext, sp->ext_len) : NULL;
	if (!e) {
		xp_emit_plain_pointer(s, sp, ptr);
		return 0;
	}
	if ((e->flags & XP_EXT_ZERO_WIDTH_EMPTY) && sp->width == 0 && xp_ext_width_given(sp))
		return 0;
	if ((e->flags & (XP_EXT_DEREF | XP_EXT_LETTERS_FIRST)) == XP_EXT_DEREF) {
		const char *bad = xp_ext_bad_pointer(ptr);
		if (bad) {
			/* The kernel's error_string(): padded and cut as %s. */
			size_t len = strlen(bad);
			if (sp->prec >= 0 && (size_t)sp->prec < len)
				len = (size_t)sp->prec;
			xp_emit_padded(s, sp, bad, len);
			return 0;
		}
	}
	struct xp_ext_call call = {
		.ptr = ptr,
		.letters = sp->ext + e->name_len,
		.nletters = sp->ext_len - e->name_len,
		.spec = sp,
		.ext = e,
	};
	if (e->flags & XP_EXT_OWN_WIDTH)
		return e->fn(s, &call);
	return run_padded(s, e, &call);
}
