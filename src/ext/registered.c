/* registered.c - %p extensions registered by the program.
 *
 * Formatting reads the current table with one atomic load and no lock.
 * Writers (serialised by a mutex) build a new immutable table and publish
 * it; the old one may still be in use by a concurrent formatter, so it is
 * never freed: it goes on a list reachable from a static pointer until
 * exit (hence no leak report).  No table at all (NULL) while nothing is
 * registered, so the unused feature costs one load per %p extension.
 */
#include "../ext.h"

#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "../chars.h"
#include "xprintf.h"

#define XP_PUBLIC __attribute__((visibility("default")))

struct user_ext {
	struct xp_ext row; /* first: the engine's call gives back &row */
	xprintf_pointer_fn fn;
	void *ctx;
};

struct user_table {
	struct user_table *next_retired;
	size_t count;
	struct user_ext ext[];      /* followed by the names */
};

static _Atomic(struct user_table *) current;
static struct user_table *retired; /* replaced tables: kept, reachable */
static pthread_mutex_t writer = PTHREAD_MUTEX_INITIALIZER;

#define SAME_FLAG(a, b) ((unsigned)(a) == (unsigned)(b))
_Static_assert(SAME_FLAG(XP_F_LEFT, XPRINTF_POINTER_LEFT) &&
		       SAME_FLAG(XP_F_PLUS, XPRINTF_POINTER_PLUS) &&
		       SAME_FLAG(XP_F_SPACE, XPRINTF_POINTER_SPACE) &&
		       SAME_FLAG(XP_F_ALT, XPRINTF_POINTER_ALT) &&
		       SAME_FLAG(XP_F_ZERO, XPRINTF_POINTER_ZERO),
	       "the public flag values are the parser's");

static int call_user(struct xp_sink *s, const struct xp_ext_call *c)
{
	const struct user_ext *u = (const struct user_ext *)c->ext;
	const struct xp_spec *sp = c->spec;
	struct xprintf_pointer_spec ps = {
		.name = u->row.name,
		.letters = c->letters,
		.nletters = c->nletters,
		.width = xp_ext_width_given(sp) ? (sp->width > INT_MAX ? INT_MAX : (int)sp->width) : -1,
		.precision = sp->prec,
		.flags = sp->flags & (XP_F_LEFT | XP_F_PLUS | XP_F_SPACE | XP_F_ALT | XP_F_ZERO),
	};
	if (u->fn((struct xprintf_sink *)s, c->ptr, &ps, u->ctx) < 0) {
		if (!errno)
			errno = EINVAL; /* a failure must not look like success */
		return -1;
	}
	return 0;
}

const struct xp_ext *xp_ext_find_registered(const char *text, size_t len, size_t min_len)
{
	const struct user_table *t = atomic_load_explicit(&current, memory_order_acquire);
	if (!t)
		return NULL;
	const struct xp_ext *best = NULL;
	for (size_t i = 0; i < t->count; i++) {
		const struct xp_ext *r = &t->ext[i].row;
		if (r->name_len <= len && r->name_len > min_len && memcmp(r->name, text, r->name_len) == 0) {
			best = r;
			min_len = r->name_len;
		}
	}
	return best;
}

static int valid_name(const char *name)
{
	if (!name || !xp_is_alpha((unsigned char)name[0]))
		return 0;
	for (const char *p = name + 1; *p; p++)
		if (!xp_is_alnum((unsigned char)*p))
			return 0;
	return 1;
}

static const struct user_ext *lookup(const struct user_table *t, const char *name, size_t len)
{
	for (size_t i = 0; t && i < t->count; i++)
		if (t->ext[i].row.name_len == len && memcmp(t->ext[i].row.name, name, len) == 0)
			return &t->ext[i];
	return NULL;
}

/* A copy of old without skip (may be NULL) plus add (may be NULL). */
static struct user_table *rebuild(const struct user_table *old, const struct user_ext *skip,
				  const struct user_ext *add)
{
	size_t count = 0, names = 0;
	for (size_t i = 0; old && i < old->count; i++)
		if (&old->ext[i] != skip) {
			count++;
			names += old->ext[i].row.name_len + 1;
		}
	if (add) {
		count++;
		names += add->row.name_len + 1;
	}
	struct user_table *t = malloc(sizeof *t + count * sizeof t->ext[0] + names);
	if (!t)
		return NULL;
	char *name_store = (char *)&t->ext[count];
	t->count = 0;
	t->next_retired = NULL;
	for (size_t i = 0; i < (old ? old->count : 0) + (add != NULL); i++) {
		const struct user_ext *src = old && i < old->count ? &old->ext[i] : add;
		if (src == skip)
			continue;
		struct user_ext *dst = &t->ext[t->count++];
		*dst = *src;
		memcpy(name_store, src->row.name, src->row.name_len + 1);
		dst->row.name = name_store;
		name_store += src->row.name_len + 1;
	}
	return t;
}

/* Publish t (NULL = nothing registered); the caller holds the mutex. */
static void publish(struct user_table *t)
{
	struct user_table *old = atomic_load_explicit(&current, memory_order_relaxed);
	if (old) {
		old->next_retired = retired;
		retired = old;
	}
	atomic_store_explicit(&current, t, memory_order_release);
}

XP_PUBLIC int xprintf_register_pointer(const char *name, xprintf_pointer_fn fn, void *ctx)
{
	if (!valid_name(name) || !fn) {
		errno = EINVAL;
		return -1;
	}
	size_t len = strlen(name);
	if (xp_ext_name_is_builtin(name, len)) {
		errno = EEXIST;
		return -1;
	}
	struct user_ext add = { { name, len, call_user, XP_EXT_DEREF, NULL }, fn, ctx };
	pthread_mutex_lock(&writer);
	const struct user_table *old = atomic_load_explicit(&current, memory_order_relaxed);
	int rc = 0;
	if (lookup(old, name, len)) {
		errno = EEXIST;
		rc = -1;
	} else {
		struct user_table *t = rebuild(old, NULL, &add);
		if (t)
			publish(t);
		else
			rc = -1; /* errno is ENOMEM */
	}
	pthread_mutex_unlock(&writer);
	return rc;
}

XP_PUBLIC int xprintf_unregister_pointer(const char *name)
{
	if (!valid_name(name)) {
		errno = EINVAL;
		return -1;
	}
	size_t len = strlen(name);
	pthread_mutex_lock(&writer);
	const struct user_table *old = atomic_load_explicit(&current, memory_order_relaxed);
	const struct user_ext *gone = lookup(old, name, len);
	int rc = 0;
	if (!gone) {
		errno = ENOENT;
		rc = -1;
	} else if (old->count == 1) {
		publish(NULL);
	} else {
		struct user_table *t = rebuild(old, gone, NULL);
		if (t)
			publish(t);
		else
			rc = -1;
	}
	pthread_mutex_unlock(&writer);
	return rc;
}
