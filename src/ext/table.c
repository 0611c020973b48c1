/* table.c - the built-in %p extensions, one row each. */
#include "../ext.h"

#include <string.h>

static const struct xp_ext builtin[] = {
	{ "x", xp_ext_px, XP_EXT_OWN_WIDTH },
	/* symbols (src/ext/symbol.c): letters R (ignored) and b (build ID) */
	{ "S", xp_ext_symbol, 0 },
	{ "s", xp_ext_symbol_name, 0 },
	{ "B", xp_ext_backtrace, 0 },
	{ "F", xp_ext_function, 0 },
	{ "f", xp_ext_function_name, 0 },
};

const struct xp_ext *xp_ext_find(const char *text, size_t len)
{
	const struct xp_ext *best = NULL;
	size_t best_len = 0;
	for (size_t i = 0; i < sizeof builtin / sizeof builtin[0]; i++) {
		size_t n = strlen(builtin[i].name);
		if (n <= len && n > best_len && memcmp(builtin[i].name, text, n) == 0) {
			best = &builtin[i];
			best_len = n;
		}
	}
	return best;
}
