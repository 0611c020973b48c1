/* dwarf_paths.c - source paths and names, each stored once
 * (dwarf_paths.h). */
#include "dwarf_paths.h"

#include <stdlib.h>
#include <string.h>

void *xp_grow(void *p, size_t *cap, size_t need, size_t elem, size_t first)
{
	if (need <= *cap)
		return p;
	size_t c = *cap ? *cap : first;
	while (c < need)
		c *= 2;
	void *q = realloc(p, c * elem);
	if (q)
		*cap = c;
	return q;
}

/* The spec's path: `.` components and empty ones dropped, relative to
 * comp_dir when that is absolute and the path lies below it.  out has room
 * for strlen(path) + 1 bytes. */
static size_t clean_path(char *out, const char *path, const char *comp_dir)
{
	size_t n = 0;
	int absolute = path[0] == '/';
	const char *p = path;
	if (absolute)
		out[n++] = '/';
	while (*p) {
		size_t len = strcspn(p, "/");
		if (len && !(len == 1 && p[0] == '.')) {
			if (n && out[n - 1] != '/')
				out[n++] = '/';
			memcpy(out + n, p, len);
			n += len;
		}
		p += len;
		while (*p == '/')
			p++;
	}
	out[n] = 0;
	if (!absolute || !comp_dir || comp_dir[0] != '/')
		return n;
	/* Compare component by component with comp_dir cleaned the same way. */
	const char *c = comp_dir;
	size_t at = 1; /* after the leading '/' of out */
	for (;;) {
		while (*c == '/')
			c++;
		if (!*c)
			break;
		size_t len = strcspn(c, "/");
		if (len == 1 && c[0] == '.') {
			c++;
			continue;
		}
		if (at + len > n || memcmp(out + at, c, len) != 0 || (out[at + len] != '/' && at + len != n))
			return n;
		at += len;
		if (at < n)
			at++; /* the '/' after it */
		c += len;
	}
	if (at >= n || at <= 1)
		return n; /* the directory itself, or comp_dir is "/" */
	memmove(out, out + at, n - at + 1);
	return n - at;
}

static uint32_t hash_str(const char *s)
{
	uint32_t h = 2166136261u;
	while (*s)
		h = (h ^ (unsigned char)*s++) * 16777619u;
	return h;
}

static int rehash(struct xp_strset *r, size_t nslots)
{
	uint32_t *slots = calloc(nslots, sizeof *slots);
	if (!slots)
		return -1;
	for (uint32_t f = 0; f < r->n; f++) {
		size_t i = hash_str(r->bytes + r->at[f]) & (nslots - 1);
		while (slots[i])
			i = (i + 1) & (nslots - 1);
		slots[i] = f + 1;
	}
	free(r->slots);
	r->slots = slots;
	r->nslots = nslots;
	return 0;
}

uint32_t xp_strset_add(struct xp_strset *r, const char *path)
{
	if (2 * ((size_t)r->n + 1) > r->nslots && rehash(r, r->nslots ? 2 * r->nslots : 256) < 0)
		return UINT32_MAX;
	size_t i = hash_str(path) & (r->nslots - 1);
	while (r->slots[i]) {
		uint32_t f = r->slots[i] - 1;
		if (strcmp(r->bytes + r->at[f], path) == 0)
			return f;
		i = (i + 1) & (r->nslots - 1);
	}
	size_t len = strlen(path) + 1;
	size_t at_cap = r->at_cap;
	char *names = xp_grow(r->bytes, &r->bytes_cap, r->len + len, 1, 4096);
	uint32_t *at = names ? xp_grow(r->at, &at_cap, (size_t)r->n + 1, sizeof *at, 256) : NULL;
	if (names)
		r->bytes = names;
	if (!at || r->len + len > UINT32_MAX)
		return UINT32_MAX;
	r->at = at;
	r->at_cap = (uint32_t)at_cap;
	memcpy(r->bytes + r->len, path, len);
	r->at[r->n] = (uint32_t)r->len;
	r->len += len;
	r->slots[i] = r->n + 1;
	return r->n++;
}

uint32_t xp_strset_add_path(struct xp_strset *r, const struct xp_dwarf_file *f, const char *comp_dir)
{
	if (f->name == r->last_name && f->dir == r->last_dir)
		return r->last;
	int joined = f->name[0] != '/' && f->dir;
	size_t len = strlen(f->name) + (joined ? strlen(f->dir) + 1 : 0) + 1;
	char *nb = xp_grow(r->buf, &r->bufcap, 2 * len, 1, 256);
	if (!nb)
		return UINT32_MAX;
	r->buf = nb;
	char *path = nb + len;
	if (joined) {
		size_t d = strlen(f->dir);
		memcpy(path, f->dir, d);
		path[d] = '/';
		strcpy(path + d + 1, f->name);
	} else {
		strcpy(path, f->name);
	}
	clean_path(nb, path, comp_dir);
	uint32_t id = xp_strset_add(r, nb);
	r->last_dir = f->dir;
	r->last_name = f->name;
	r->last = id;
	return id;
}

void xp_strset_free(struct xp_strset *r)
{
	free(r->bytes);
	free(r->at);
	free(r->slots);
	free(r->buf);
	*r = (struct xp_strset){ 0 };
}
