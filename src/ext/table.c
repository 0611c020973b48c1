/* table.c - the built-in %p extensions, one row each, and the lookup. */
#include "../ext.h"

#include <stdatomic.h>
#include <string.h>

/*
 * A new extension is:
 *   1. one handler file in src/ext/ (declared in src/ext.h),
 *   2. one row below: its name, its handler, its flags and the letters it
 *      reads after the name (the spellings a program may not register
 *      derive from them, and test/fuzz/fuzz_ext.c fuzzes every row),
 *   3. one test file, test/test_ext_<name>.c, against documented examples,
 *   4. one entry in doc/man3/xprintf.3.
 * A row with XP_EXT_DEREF reads through its pointer: fuzz_ext must then be
 * told how many bytes (its reads[]), or replay_ext fails naming the row.
 */
#define ROW(name, fn, flags, letters) { name, sizeof name - 1, fn, flags, letters }

const struct xp_ext xp_ext_builtin[] = {
	ROW("x", xp_ext_px, XP_EXT_OWN_WIDTH, ""),
	ROW("S", xp_ext_symbol, 0, XP_SYMBOL_LETTERS),
	ROW("s", xp_ext_symbol_name, 0, XP_SYMBOL_LETTERS),
	ROW("B", xp_ext_backtrace, 0, XP_SYMBOL_LETTERS),
	ROW("F", xp_ext_function, 0, XP_SYMBOL_LETTERS),
	ROW("f", xp_ext_function_name, 0, XP_SYMBOL_LETTERS),
	ROW("I4", xp_ext_ipv4, XP_EXT_DEREF, "hnbl"),
	ROW("i4", xp_ext_ipv4, XP_EXT_DEREF, "hnbl"),
	ROW("I6", xp_ext_ipv6, XP_EXT_DEREF, "c"),
	ROW("i6", xp_ext_ipv6, XP_EXT_DEREF, ""),
	ROW("IS", xp_ext_sockaddr, XP_EXT_DEREF, "pfschnbl"),
	ROW("iS", xp_ext_sockaddr, XP_EXT_DEREF, "pfschnbl"),
	ROW("M", xp_ext_mac, XP_EXT_DEREF, "RF"),
	ROW("m", xp_ext_mac, XP_EXT_DEREF, "R"),
	ROW("U", xp_ext_uuid, XP_EXT_DEREF, "bBlL"),
	ROW("h", xp_ext_hex, XP_EXT_DEREF | XP_EXT_OWN_WIDTH | XP_EXT_ZERO_WIDTH_EMPTY, "CDN"),
	ROW("E", xp_ext_escape, XP_EXT_DEREF | XP_EXT_OWN_WIDTH | XP_EXT_ZERO_WIDTH_EMPTY, "achnops"),
	ROW("b", xp_ext_bitmap, XP_EXT_DEREF | XP_EXT_OWN_WIDTH, "l"),
	ROW("4c", xp_ext_fourcc, XP_EXT_DEREF, "c"),
	ROW("V", xp_ext_va, XP_EXT_DEREF, ""),
	ROW("t", xp_ext_time, XP_EXT_DEREF | XP_EXT_LETTERS_FIRST, "TRdtrs"),
};

#define NROWS (sizeof xp_ext_builtin / sizeof xp_ext_builtin[0])
const size_t xp_ext_builtin_count = NROWS;

/* The rows by first character: head[c] is 1 + the first row starting with
 * c, chain[i] 1 + the next one after row i (0 ends both).  Built by the
 * first lookup, not by a constructor (which would touch the table's pages
 * in every program at start-up, printing extensions or not); while it is
 * being built (another thread, or the code a signal handler interrupted),
 * lookups scan the whole table. */
static unsigned char head[128], chain[NROWS];
enum { UNCHAINED, CHAINING, CHAINED };
static _Atomic int chain_state;

/* Whether head[] and chain[] may be read: built now if no one has. */
static int rows_chained(void)
{
	int state = atomic_load_explicit(&chain_state, memory_order_acquire);
	if (state != UNCHAINED)
		return state == CHAINED;
	/* A failed exchange may read CHAINED, stored meanwhile: acquire then
	 * too, or head[] and chain[] are read unordered with their writes. */
	if (!atomic_compare_exchange_strong_explicit(&chain_state, &state, CHAINING, memory_order_acquire,
						     memory_order_acquire))
		return state == CHAINED;
	for (size_t i = NROWS; i-- > 0;) {
		unsigned char c = (unsigned char)xp_ext_builtin[i].name[0] & 127;
		chain[i] = head[c];
		head[c] = (unsigned char)(i + 1);
	}
	atomic_store_explicit(&chain_state, CHAINED, memory_order_release);
	return 1;
}

static int better_prefix(const struct xp_ext *r, const char *text, size_t len, size_t best_len)
{
	size_t n = r->name_len;
	return n <= len && n > best_len && r->name[0] == text[0] && memcmp(r->name, text, n) == 0;
}

const struct xp_ext *xp_ext_find(const char *text, size_t len)
{
	const struct xp_ext *best = NULL;
	size_t best_len = 0;
	if (rows_chained()) {
		unsigned char c = (unsigned char)text[0];
		for (unsigned i = c < 128 ? head[c] : 0; i; i = chain[i - 1]) {
			if (better_prefix(&xp_ext_builtin[i - 1], text, len, best_len)) {
				best = &xp_ext_builtin[i - 1];
				best_len = best->name_len;
			}
		}
	} else {
		for (size_t i = 0; i < NROWS; i++) {
			if (better_prefix(&xp_ext_builtin[i], text, len, best_len)) {
				best = &xp_ext_builtin[i];
				best_len = best->name_len;
			}
		}
	}
	const struct xp_ext *reg = xp_ext_find_registered(text, len, best_len);
	return reg ? reg : best;
}

/* Is suffix made of distinct letters from letters? */
static int spells_letters(const char *suffix, size_t len, const char *letters)
{
	for (size_t i = 0; i < len; i++) {
		if (!strchr(letters, suffix[i]) || memchr(suffix, suffix[i], i))
			return 0;
	}
	return 1;
}

/*
 * A built-in's name, or its name followed by its own letters (each at most
 * once, in any order), so that a registered name cannot take over %pUb or
 * %pSbl.  Other names that merely start with a built-in's ("Mac") are the
 * program's to take.
 */
int xp_ext_name_is_builtin(const char *name, size_t len)
{
	for (size_t i = 0; i < NROWS; i++) {
		const struct xp_ext *r = &xp_ext_builtin[i];
		if (r->name_len <= len && memcmp(r->name, name, r->name_len) == 0 &&
		    spells_letters(name + r->name_len, len - r->name_len, r->letters))
			return 1;
	}
	return 0;
}
