/* table.c - the built-in %p extensions, one row each, and the lookup. */
#include "../ext.h"

#include <string.h>

#define ROW(name, fn, flags) { name, sizeof name - 1, fn, flags }

static const struct xp_ext builtin[] = {
	ROW("x", xp_ext_px, XP_EXT_OWN_WIDTH),
	/* symbols (src/ext/symbol.c): letters R (ignored) and b (build ID) */
	ROW("S", xp_ext_symbol, 0),
	ROW("s", xp_ext_symbol_name, 0),
	ROW("B", xp_ext_backtrace, 0),
	ROW("F", xp_ext_function, 0),
	ROW("f", xp_ext_function_name, 0),
	ROW("I4", xp_ext_ipv4, XP_EXT_DEREF),
	ROW("i4", xp_ext_ipv4, XP_EXT_DEREF),
	ROW("I6", xp_ext_ipv6, XP_EXT_DEREF),
	ROW("i6", xp_ext_ipv6, XP_EXT_DEREF),
	ROW("IS", xp_ext_sockaddr, XP_EXT_DEREF),
	ROW("iS", xp_ext_sockaddr, XP_EXT_DEREF),
	ROW("M", xp_ext_mac, XP_EXT_DEREF),
	ROW("m", xp_ext_mac, XP_EXT_DEREF),
	ROW("U", xp_ext_uuid, XP_EXT_DEREF),
	ROW("h", xp_ext_hex, XP_EXT_DEREF | XP_EXT_OWN_WIDTH | XP_EXT_ZERO_WIDTH_EMPTY),
	ROW("E", xp_ext_escape, XP_EXT_DEREF | XP_EXT_OWN_WIDTH | XP_EXT_ZERO_WIDTH_EMPTY),
	ROW("b", xp_ext_bitmap, XP_EXT_DEREF | XP_EXT_OWN_WIDTH),
	ROW("4c", xp_ext_fourcc, XP_EXT_DEREF),
	ROW("V", xp_ext_va, XP_EXT_DEREF),
	ROW("t", xp_ext_time, XP_EXT_DEREF),
};

/*
 * Names a program may not register although no row above may have them:
 * the symbol extensions' (whether or not their rows are built in), and
 * the documented spellings of the built-ins with their letters, so that a
 * longer registered name cannot take over %pUb or %pI6c.  Other names that
 * merely start with a built-in's ("Mac") are the program's to take.
 * (Names starting with a digit, like 4cc, are invalid anyway.)
 */
static const char *const reserved[] = {
	"S", "s", "B", "F", "f", "SR", "Sb", "Bb", "SRb",
	"I4h", "I4n", "I4b", "I4l", "i4h", "i4n", "i4b", "i4l", "I6c",
	"ISc", "ISp", "ISf", "ISs", "ISpc", "ISfc", "ISsc", "ISpfc", "iSp",
	"MR", "MF", "mR", "Ub", "UB", "Ul", "UL", "hC", "hD", "hN",
	"Ea", "Ec", "Eh", "En", "Eo", "Ep", "Es", "Ehp", "bl",
	"tT", "tR", "tTd", "tTt", "tTr", "tTs", "tRd", "tRt", "tRr", "tRs",
};

const struct xp_ext *xp_ext_find(const char *text, size_t len)
{
	const struct xp_ext *best = NULL;
	size_t best_len = 0;
	for (size_t i = 0; i < sizeof builtin / sizeof builtin[0]; i++) {
		size_t n = builtin[i].name_len;
		if (n <= len && n > best_len && builtin[i].name[0] == text[0] &&
		    memcmp(builtin[i].name, text, n) == 0) {
			best = &builtin[i];
			best_len = n;
		}
	}
	const struct xp_ext *reg = xp_ext_find_registered(text, len, best_len);
	return reg ? reg : best;
}

int xp_ext_name_is_builtin(const char *name, size_t len)
{
	for (size_t i = 0; i < sizeof builtin / sizeof builtin[0]; i++)
		if (builtin[i].name_len == len && memcmp(builtin[i].name, name, len) == 0)
			return 1;
	for (size_t i = 0; i < sizeof reserved / sizeof reserved[0]; i++)
		if (strlen(reserved[i]) == len && memcmp(reserved[i], name, len) == 0)
			return 1;
	return 0;
}
