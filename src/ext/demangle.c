/* demangle.c - symbol names through libiberty's callback demanglers (the
 * code behind c++filt), which allocate nothing.  As c++filt does by
 * default: Rust first (legacy Rust names are valid C++ names too), then
 * C++, with parameters and the verbose forms; a leading '.' or '$' is
 * skipped and a '.' printed again.  Other styles (D, ...) are left alone. */
#include "demangle.h"

#include <libiberty/demangle.h>
#include <string.h>

#define STYLE (DMGL_PARAMS | DMGL_ANSI | DMGL_VERBOSE)

static void to_sink(const char *p, size_t n, void *opaque)
{
	xp_put(opaque, p, n);
}

static void count_only(const char *p, size_t n, void *opaque)
{
	(void)p;
	*(size_t *)opaque += n;
}

/* 1 when mangled demangles, its text sent to cb. */
static int demangle(const char *mangled, demangle_callbackref cb, void *opaque)
{
	return rust_demangle_callback(mangled, STYLE, cb, opaque) ||
	       cplus_demangle_v3_callback(mangled, STYLE, cb, opaque);
}

int xp_put_demangled(struct xp_sink *s, const char *name, size_t len)
{
	size_t skip = len && (name[0] == '.' || name[0] == '$');
	if (len - skip < 2 || len > XP_DEMANGLE_MAX || name[skip] != '_')
		return 0;
	char buf[XP_DEMANGLE_MAX + 1];
	memcpy(buf, name + skip, len - skip);
	buf[len - skip] = 0;
	/* A demangler may print part of a name before it fails: try first,
	 * then print. */
	size_t n = 0;
	if (!demangle(buf, count_only, &n))
		return 0;
	if (name[0] == '.')
		xp_putc(s, '.');
	demangle(buf, to_sink, s);
	return 1;
}
