/* inlines_dwarf.c - a module's inlined calls, read once into an inline
 * index (inlines.h) from the file dwarf_file.c opens, dwz supplementary
 * file included.  dwarf_inline.c decodes them; names and call-site paths
 * are kept once each, paths cleaned as the line index's are. */
#include "inlines_dwarf.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "dwarf_file.h"
#include "dwarf_inline.h"
#include "dwarf_paths.h"

struct collector {
	struct xp_inlinecall *calls;
	size_t ncalls, capcalls;
	struct xp_inlinerange *ranges;
	size_t nranges, capranges;
	struct xp_strset strings; /* names and paths, in one pool */
	uintptr_t bias;
	const struct xp_exec_ranges *code;
};

static uint32_t on_call(void *ctx, const struct xp_dwarf_inlined *in)
{
	struct collector *k = ctx;
	if (k->ncalls >= XP_INLINE_NONE - 1)
		return XP_DWARF_NO_CALL;
	struct xp_inlinecall *v = xp_grow(k->calls, &k->capcalls, k->ncalls + 1, sizeof *v, 1024);
	if (!v)
		return XP_DWARF_NO_CALL;
	k->calls = v;
	struct xp_inlinecall c = { in->parent, XP_INLINE_NONE, XP_INLINE_NONE, in->call_line };
	if (in->name) {
		uint32_t s = xp_strset_add(&k->strings, in->name);
		if (s == UINT32_MAX)
			return XP_DWARF_NO_CALL;
		c.name = k->strings.at[s];
	}
	if (in->call_file) {
		k->strings.last_name = NULL; /* the reader reuses its file tables */
		uint32_t s = xp_strset_add_path(&k->strings, in->call_file, in->comp_dir);
		if (s == UINT32_MAX)
			return XP_DWARF_NO_CALL;
		c.file = k->strings.at[s];
	}
	k->calls[k->ncalls] = c;
	return (uint32_t)k->ncalls++;
}

static int on_range(void *ctx, uint32_t call, uint64_t lo, uint64_t hi)
{
	struct collector *k = ctx;
	uintptr_t a = (uintptr_t)(lo + k->bias), b = (uintptr_t)(hi + k->bias);
	if (!xp_exec_ranges_has(k->code, a))
		return 0; /* a discarded copy (address 0, a tombstone) */
	struct xp_inlinerange *v = xp_grow(k->ranges, &k->capranges, k->nranges + 1, sizeof *v, 1024);
	if (!v)
		return -1;
	k->ranges = v;
	k->ranges[k->nranges++] = (struct xp_inlinerange){ a, b, call };
	return 0;
}

int xp_inlines_read(struct xp_inlineidx *ix, Dwfl_Module *mod, uintptr_t base, uintptr_t bias,
		    const struct xp_debuginfo_ctx *ctx)
{
	memset(ix, 0, sizeof *ix);
	struct xp_exec_ranges x;
	xp_exec_ranges_of(mod, bias, &x);
	struct collector k = { .bias = bias, .code = &x };
	static const struct xp_dwarf_inline_sink sink = { on_call, on_range };
	struct xp_dwarf_source src;
	int rc = 0;
	if (xp_dwarf_source_open(&src, mod, ctx, 1) && xp_dwarf_inlines(&src.sec, &sink, &k) < 0)
		rc = -1;
	xp_dwarf_source_close(&src);
	if (rc == 0 && xp_inlineidx_build(ix, base, k.calls, (uint32_t)k.ncalls, k.ranges, k.nranges,
					  k.strings.bytes, k.strings.len) < 0)
		rc = -1;
	free(k.calls);
	free(k.ranges);
	xp_strset_free(&k.strings);
	if (rc < 0)
		errno = ENOMEM;
	return rc;
}
