/* rounded_digits.c - rounding the exact expansion and handing out digits. */
#include "rounded_digits.h"

#include <fenv.h>
#include <string.h>

int xp_digits_start(struct xp_digits *d, const struct xp_fpval *v, int e_mode,
		    char *store, size_t cap)
{
	d->v = v;
	d->e_mode = e_mode;
	d->store = store;
	d->cap = cap;
	d->pos = 0;
	d->replay = 0;
	xp_decgen_init(&d->g, v);
	d->lead_zeros = e_mode ? xp_decgen_skip_zeros(&d->g) : 0;
	return d->g.int_digits;
}

/* Update the last non-9 and last nonzero positions with digits [base, base+n),
 * scanning from the end: both are usually found at once. */
static void scan(struct xp_digits *d, const char *p, size_t n, size_t base,
		 size_t *last_nz)
{
	int need9 = 1, need0 = 1;
	for (size_t i = n; i-- > 0 && (need9 || need0);) {
		if (need9 && p[i] != '9') {
			d->last_non9 = base + i + 1;
			need9 = 0;
		}
		if (need0 && p[i] != '0') {
			*last_nz = base + i + 1;
			need0 = 0;
		}
	}
}

void xp_digits_plan(struct xp_digits *d, size_t kept)
{
	size_t last_nz = 0;
	char last = '0';
	d->kept = kept;
	d->last_non9 = 0;
	d->stored = kept <= d->cap;
	if (d->stored) {
		xp_decgen_take(&d->g, d->store, kept);
		scan(d, d->store, kept, 0, &last_nz);
		if (kept)
			last = d->store[kept - 1];
	} else {
		char tmp[256];
		for (size_t done = 0; done < kept;) {
			size_t k = kept - done < sizeof tmp ? kept - done : sizeof tmp;
			xp_decgen_take(&d->g, tmp, k);
			scan(d, tmp, k, done, &last_nz);
			done += k;
			if (done == kept)
				last = tmp[k - 1];
		}
	}
	char next;
	xp_decgen_take(&d->g, &next, 1);
	int r = next - '0';
	int more = (r != 0 && r != 5) || xp_decgen_sticky(&d->g);
	d->up = (r || more) && xp_round_away(d->v->neg, (last - '0') & 1, r >= 5, more,
						 xp_rounding_mode());
	d->carry = d->up && d->last_non9 == 0;
	if (d->carry)
		d->last_nz = 1;
	else if (d->up)
		d->last_nz = d->last_non9;
	else
		d->last_nz = last_nz;
}

/* Final form of digits [base, base+n) of the original string, in place. */
static void finish(const struct xp_digits *d, char *p, size_t n, size_t base)
{
	if (!d->up)
		return;
	for (size_t i = 0; i < n; i++) {
		size_t at = base + i + 1;
		if (at == d->last_non9)
			p[i]++;
		else if (at > d->last_non9)
			p[i] = '0';
	}
}

void xp_digits_emit(struct xp_digits *d, struct xp_sink *s, size_t n)
{
	size_t len = xp_digits_len(d);
	size_t real = d->pos < len ? len - d->pos : 0;
	if (real > n)
		real = n;
	size_t pad = n - real;
	if (real && d->carry) {
		/* "1" then zeros */
		if (d->pos == 0) {
			xp_putc(s, '1');
			d->pos++, real--;
		}
		xp_pad(s, '0', real);
		d->pos += real;
		real = 0;
	}
	if (real && d->stored) {
		if (!d->up) {
			xp_put(s, d->store + d->pos, real);
		} else {
			char tmp[256];
			while (real) {
				size_t k = real < sizeof tmp ? real : sizeof tmp;
				memcpy(tmp, d->store + d->pos, k);
				finish(d, tmp, k, d->pos);
				xp_put(s, tmp, k);
				d->pos += k;
				real -= k;
			}
		}
		d->pos += real;
		real = 0;
	}
	if (real) {
		if (!d->replay) {
			xp_decgen_init(&d->g, d->v);
			if (d->e_mode)
				xp_decgen_skip_zeros(&d->g);
			d->replay = 1;
		}
		char tmp[256];
		while (real) {
			size_t k = real < sizeof tmp ? real : sizeof tmp;
			xp_decgen_take(&d->g, tmp, k);
			finish(d, tmp, k, d->pos);
			xp_put(s, tmp, k);
			d->pos += k;
			real -= k;
		}
	}
	if (pad) {
		xp_pad(s, '0', pad);
		d->pos += pad;
	}
}
