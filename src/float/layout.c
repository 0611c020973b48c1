/* layout.c - the field around a decimal floating conversion. */
#include "layout.h"

#include <limits.h>

#include "field.h"

/* Thousands groups of an n-digit integer, as glibc forms them from the
 * right: runs[] from the right as (size, repeat); returns the leftmost
 * run's length. */
struct group_run {
	size_t size, count;
};

static size_t plan_groups(size_t n, const char *g, struct group_run *runs, int *nruns, int max)
{
	size_t rem = n;
	*nruns = 0;
	if (*g <= 0 || *g == CHAR_MAX)
		return rem;
	while (*nruns < max) {
		size_t sz = (size_t)(unsigned char)*g;
		if (rem <= sz)
			break;
		if (g[1] == 0) {
			size_t cnt = (rem - 1) / sz;
			runs[(*nruns)++] = (struct group_run){sz, cnt};
			rem -= cnt * sz;
			break;
		}
		runs[(*nruns)++] = (struct group_run){sz, 1};
		rem -= sz;
		g++;
		if (*g == CHAR_MAX || *g <= 0) /* <= : char is unsigned on some ABIs */
			break;
	}
	return rem;
}

void xp_float_layout(struct xp_sink *s, const struct xp_spec *sp, const struct xp_fout *o,
		     struct xp_digits *d, const struct xp_numeric *num)
{
	struct group_run runs[32];
	int nruns = 0;
	size_t lead = o->int_n, seps = 0;
	if (o->group && !o->int_zero && num->thousands_len) {
		lead = plan_groups(o->int_n, num->grouping, runs, &nruns, 32);
		for (int i = 0; i < nruns; i++)
			seps += runs[i].count;
	}
	/* glibc counts the radix and each separator as one character. */
	size_t chars = (o->sign != 0) + (o->int_zero ? 1 : o->int_n) + seps + o->point +
		       o->frac_lz + o->frac_n + o->exp_len;
	size_t right = xp_field_open(s, sp->flags, xp_field_fill(sp->width, chars), &o->sign,
				     o->sign != 0);
	if (o->int_zero) {
		xp_putc(s, '0');
	} else {
		xp_digits_emit(d, s, lead);
		for (int i = nruns - 1; i >= 0; i--)
			for (size_t k = 0; k < runs[i].count; k++) {
				xp_put(s, num->thousands_sep, num->thousands_len);
				xp_digits_emit(d, s, runs[i].size);
			}
	}
	if (o->point)
		xp_put(s, num->radix, num->radix_len);
	if (o->frac_lz)
		xp_pad(s, '0', o->frac_lz);
	if (o->frac_n)
		xp_digits_emit(d, s, o->frac_n);
	if (o->exp_len)
		xp_put(s, o->exp, o->exp_len);
	xp_field_close(s, sp->flags, right);
}

void xp_float_special(struct xp_sink *s, const struct xp_spec *sp, int neg, const char *word)
{
	char sign = xp_float_sign(sp, neg);
	/* never zeros: glibc pads inf and nan with spaces only */
	xp_field(s, sp->flags & XP_F_LEFT, xp_field_fill(sp->width, (sign != 0) + 3u), &sign,
		 sign != 0, 0, word, 3);
}
