/* trace_frames.c - parsing and comparing frames (see trace_frames.h). */
#define _GNU_SOURCE
#include "trace_frames.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void copy(char *dst, size_t cap, const char *s, size_t n)
{
	if (n >= cap)
		n = cap - 1;
	memcpy(dst, s, n);
	dst[n] = 0;
}

static const char *find_in(const char *s, const char *e, const char *what)
{
	size_t n = strlen(what);
	for (const char *p = s; p + n <= e; p++)
		if (!memcmp(p, what, n))
			return p;
	return NULL;
}

static struct level *push(struct frames *f)
{
	if (f->n == TRACE_LEVELS)
		return NULL;
	struct level *l = &f->lv[f->n++];
	memset(l, 0, sizeof *l);
	l->off = -1;
	return l;
}

/* "file:line" or "file:line in NAME" in [s, e) into l. */
static void parse_location(const char *s, const char *e, struct level *l)
{
	const char *in = find_in(s, e, " in ");
	if (in) {
		copy(l->name, sizeof l->name, in + 4, (size_t)(e - in - 4));
		e = in;
	}
	const char *colon = NULL;
	for (const char *p = s; p < e; p++)
		if (*p == ':')
			colon = p;
	if (!colon)
		return;
	copy(l->file, sizeof l->file, s, (size_t)(colon - s));
	l->line = atoi(colon + 1);
}

/* One symbolic text, "name+0xoff/0xsize [module] (locations)", unfolded
 * into levels, innermost first. */
static void parse_symbolic(const char *s, const char *e, struct frames *f)
{
	const char *sp = memchr(s, ' ', (size_t)(e - s));
	if (!sp)
		sp = e;
	const char *plus = find_in(s, sp, "+0x");
	char name[160];
	copy(name, sizeof name, s, (size_t)((plus ? plus : sp) - s));
	long off = plus ? strtol(plus + 3, NULL, 16) : -1;
	const char *open = find_in(sp, e, " (");
	if (!open || e[-1] != ')') {
		struct level *l = push(f);
		if (l) {
			snprintf(l->name, sizeof l->name, "%s", name);
			l->off = off;
		}
		return;
	}
	const char *item = open + 2, *end = e - 1;
	while (item < end) {
		const char *semi = find_in(item, end, "; ");
		const char *stop = semi ? semi : end;
		struct level *l = push(f);
		if (!l)
			return;
		parse_location(item, stop, l);
		if (!semi) {
			snprintf(l->name, sizeof l->name, "%s", name);
			l->off = off;
		} else {
			l->inlined = 1;
		}
		item = semi ? semi + 2 : end;
	}
}

/* A trace line " [<addr>] symbolic": its levels; 0 if it is not one. */
static int trace_line(const char *s, const char *e, struct frames *f)
{
	if (strncmp(s, " [<", 3) != 0)
		return 0;
	const char *close = find_in(s, e, "] ");
	if (!close)
		return 0;
	parse_symbolic(close + 2, e, f);
	return 1;
}

static int more_line(const char *s, int *more)
{
	return sscanf(s, " ... %d more frames", more) == 1;
}

/* A register line, or the interrupted pc's: "RIP: ...", "PC: ...",
 * "x9 : ..." (aarch64 pads the names). */
static int label_line(const char *s, const char *e)
{
	const char *p = s;
	while (p < e && isalnum((unsigned char)*p))
		p++;
	const char *name_end = p;
	while (p < e && *p == ' ')
		p++;
	return name_end > s && p + 1 < e && p[0] == ':' && p[1] == ' ';
}

enum state { OUTSIDE, AFTER_BUG, IN_REGS, IN_TRACE };

struct parser {
	struct report *r;
	int n, max;
	enum state st;
};

static void report_line(struct parser *p, const char *s, const char *e, size_t at)
{
	struct report *r = p->n ? &p->r[p->n - 1] : NULL;
	if (!strncmp(s, "BUG: ", 5)) {
		if (p->st != OUTSIDE && r)
			r->foreign++;
		if (p->n == p->max) {
			p->st = OUTSIDE;
			return;
		}
		r = &p->r[p->n++];
		memset(r, 0, sizeof *r);
		copy(r->bug, sizeof r->bug, s, (size_t)(e - s));
		r->start = at;
		p->st = AFTER_BUG;
		return;
	}
	if (p->st == OUTSIDE)
		return;
	if (!strncmp(s, "Call Trace:", 11) && e - s == 11) {
		p->st = IN_TRACE;
		return;
	}
	if (p->st == AFTER_BUG && label_line(s, e)) {
		const char *colon = memchr(s, ':', (size_t)(e - s));
		parse_symbolic(colon + 2, e, &r->f);
		p->st = IN_REGS;
		return;
	}
	if (p->st == IN_TRACE && !strncmp(s, "---[ end trace ]---", 19)) {
		r->complete = 1;
		r->end = at + (size_t)(e - s);
		p->st = OUTSIDE;
		return;
	}
	if (p->st == IN_TRACE && (trace_line(s, e, &r->f) || more_line(s, &r->more)))
		return;
	if (p->st == IN_REGS && label_line(s, e))
		return;
	r->foreign++;
}

int parse_reports(const char *out, struct report *r, int max)
{
	struct parser p = { r, 0, max, OUTSIDE };
	for (const char *s = out; *s;) {
		const char *e = strchr(s, '\n');
		if (!e)
			e = s + strlen(s);
		report_line(&p, s, e, (size_t)(s - out));
		s = *e ? e + 1 : e;
	}
	return p.n;
}

int parse_call_trace(const char *out, struct frames *f)
{
	f->n = 0;
	const char *s = strstr(out, "Call Trace:\n");
	if (!s)
		return -1;
	for (s += 12; *s;) {
		const char *e = strchr(s, '\n');
		if (!e)
			return -1;
		if (!strncmp(s, "---[ end trace ]---", 19))
			return 0;
		if (!trace_line(s, e, f))
			return -1;
		s = e + 1;
	}
	return -1;
}

/* "XPFRAME\tinlined\tname\tfile\tline\toffset\tother" */
static void gdb_line(const char *s, const char *e, struct frames *f)
{
	const char *field[7];
	size_t len[7];
	int n = 0;
	for (const char *p = s; n < 7; n++) {
		const char *tab = memchr(p, '\t', (size_t)(e - p));
		field[n] = p;
		len[n] = (size_t)((tab ? tab : e) - p);
		if (!tab) {
			n++;
			break;
		}
		p = tab + 1;
	}
	struct level *l = n == 7 ? push(f) : NULL;
	if (!l)
		return;
	l->inlined = field[1][0] == '1';
	copy(l->name, sizeof l->name, field[2], len[2]);
	copy(l->file, sizeof l->file, field[3], len[3]);
	l->line = atoi(field[4]);
	l->off = strtol(field[5], NULL, 10);
	copy(l->other, sizeof l->other, field[6], len[6]);
}

int parse_gdb(const char *out, struct frames *f)
{
	f->n = 0;
	for (const char *s = out; (s = strstr(s, "XPFRAME\t")) != NULL;) {
		const char *e = strchr(s, '\n');
		if (!e)
			e = s + strlen(s);
		gdb_line(s, e, f);
		s = e;
	}
	return f->n ? 0 : -1;
}

/* The name a level is compared by.  glibc's internal calls go through
 * hidden aliases that gdb shows (__GI_raise for raise); GCC's clones and
 * split parts (.cold, .constprop.0, .isra.0, .part.0) are symbols of
 * their own where gdb names the DWARF function: both are cut off. */
static void norm_name(const char *name, char *out, size_t cap)
{
	if (!strncmp(name, "__GI_", 5))
		name += 5;
	size_t n = strcspn(name, ".");
	copy(out, cap, name, n);
}

static const char *base_name(const char *path)
{
	const char *slash = strrchr(path, '/');
	return slash ? slash + 1 : path;
}

static int stop_at(const struct frames *f, const char *stop, int max)
{
	int n = f->n;
	if (stop) {
		n = -1;
		for (int i = 0; i < f->n && n < 0; i++) {
			char name[160];
			norm_name(f->lv[i].name, name, sizeof name);
			if (!f->lv[i].inlined && !strcmp(name, stop))
				n = i + 1;
		}
	}
	if (max > 0 && n > max)
		n = max;
	return n;
}

/* Names: equal once normalised, or two names of one function entry: a
 * frame's own level at the same offset (the symbol table's choice among
 * aliases, malloc_stats, is not DWARF's, __malloc_stats). */
static int same_name(const struct level *a, const struct level *g, struct compare_stats *st)
{
	char x[160], y[160];
	norm_name(a->name, x, sizeof x);
	norm_name(g->name, y, sizeof y);
	if (!strcmp(x, y))
		return 1;
	if (a->inlined || g->inlined || a->off < 0 || a->off != g->off || strchr(a->name, '.'))
		return 0;
	st->aliases++;
	return 1;
}

static int same_place(const char *file, int line, const char *gfile, int gline)
{
	return line == gline && !strcmp(base_name(file), base_name(gfile));
}

static int same_line(const struct level *a, const struct level *g, struct compare_stats *st)
{
	if (same_place(a->file, a->line, g->file, g->line))
		return 1;
	const char *colon = strrchr(g->other, ':');
	if (!colon)
		return 0;
	char file[300];
	copy(file, sizeof file, g->other, (size_t)(colon - g->other));
	if (!same_place(a->file, a->line, file, atoi(colon + 1)))
		return 0;
	st->views++;
	return 1;
}

static void level_text(const struct level *l, char *buf, size_t len)
{
	snprintf(buf, len, "%s%s (%s:%d, +%ld)%s%s", l->inlined ? "inlined " : "", l->name, l->file, l->line,
		 l->off, l->other[0] ? " or " : "", l->other);
}

int compare_frames(const struct frames *ours, const struct frames *gdb, const char *stop, int max,
		   unsigned flags, struct compare_stats *st, char *why, size_t len)
{
	memset(st, 0, sizeof *st);
	int n = stop_at(ours, stop, max), g = stop_at(gdb, stop, max);
	if (n < 0 || g < 0 || n != g) {
		snprintf(why, len, "%d levels up to %s, gdb %d", n, stop ? stop : "the bound", g);
		return 0;
	}
	for (int i = 0; i < n; i++) {
		const struct level *a = &ours->lv[i], *b = &gdb->lv[i];
		int names_only = (flags & CMP_NAMES_ONLY) || (i == 0 && (flags & CMP_FIRST_NAME));
		int ok = a->inlined == b->inlined && same_name(a, b, st) && (names_only || same_line(a, b, st));
		if (!ok) {
			char x[600], y[600];
			level_text(a, x, sizeof x);
			level_text(b, y, sizeof y);
			snprintf(why, len, "level %d: ours %s, gdb %s", i, x, y);
			return 0;
		}
		st->levels++;
	}
	return 1;
}

void frames_text(const struct frames *f, char *buf, size_t len)
{
	size_t at = 0;
	buf[0] = 0;
	for (int i = 0; i < f->n && at + 1 < len; i++) {
		int w = snprintf(buf + at, len - at, "%s%s", i ? " < " : "", f->lv[i].name);
		if (w < 0)
			break;
		at += (size_t)w;
	}
}

int frames_have(const struct frames *f, const char *const *want, char *why, size_t len)
{
	int i = 0;
	for (int k = 0; want[k]; k++) {
		char name[160];
		for (;; i++) {
			if (i == f->n) {
				char all[2048];
				frames_text(f, all, sizeof all);
				snprintf(why, len, "%s missing or out of order in: %s", want[k], all);
				return 0;
			}
			norm_name(f->lv[i].name, name, sizeof name);
			if (!strcmp(name, want[k]))
				break;
		}
		i++;
	}
	return 1;
}
