/* test_symtab_line_index.c - the compact line index (symtab/lines.h)
 * against a plain scan of the rows it was built from: for any address the
 * answer is the last row at or below it, and none where that row has
 * line 0 or there is no row.  Seeded random tables: gaps within a block,
 * across 4 KiB pages and 64 KiB holes, equal addresses, repeated lines,
 * large line jumps both ways, and every way a row's path and line are
 * stored: packed in 3 or 4 bytes with the path's offset or its index in the
 * file table, or a pair of words, as the bits of names, files and lines
 * demand. */
#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../symtab/lines.h"
#include "check_run.h"

#define BASE ((uintptr_t)0x400000)

static uint64_t state;
static uint32_t rnd(void)
{
	state = state * 6364136223846793005ull + 1442695040888963407ull;
	return (uint32_t)(state >> 33);
}

/* What the index must answer: a scan (equal addresses: the last wins). */
static int scan(const struct xp_linerow *r, size_t n, uintptr_t addr, uint32_t *file, uint32_t *line)
{
	long at = -1;
	for (size_t i = 0; i < n; i++)
		if (r[i].addr <= addr)
			at = (long)i;
	if (at < 0 || r[at].line == 0 || addr < BASE)
		return 0;
	*file = r[at].file;
	*line = r[at].line;
	return 1;
}

static const char names[] = "a.c\0dir/b.h\0/abs/c.c\0d.S";
static const uint32_t file_at[] = { 0, 4, 12, 21 };

/* The same four paths in 64 KiB of names (16 bits of offset), and 300
 * (9 bits of index) or 5000 (13 bits) files over them. */
#define BIG_NAMES 65536
#define MANY_FILES 5000
static char big_names[BIG_NAMES];
static uint32_t big_at[4] = { 0, 4, 40000, BIG_NAMES - 4 };
static uint32_t many_at[MANY_FILES];

struct shape {
	const char *names;
	size_t names_len;
	const uint32_t *at;
	uint32_t nfiles;
	uint32_t max_line;
	unsigned payload;
	int indexed; /* the storage it must get */
};

static const struct shape shapes[] = {
	{ names, sizeof names, file_at, 4, 200, 3, 1 },                  /* 2 + 8 bits */
	{ big_names, sizeof big_names, big_at, 4, 4000000, 3, 1 },       /* 2 + 22 */
	{ names, sizeof names, many_at, MANY_FILES, 4000000, 4, 0 },     /* 5 + 22 */
	{ big_names, sizeof big_names, many_at, 300, 4000000, 4, 1 },    /* 9 + 22 */
	{ big_names, sizeof big_names, many_at, MANY_FILES, 4000000, 8, 1 },
};

static void make_shapes(void)
{
	for (int f = 0; f < 4; f++)
		memcpy(big_names + big_at[f], names + file_at[f], strlen(names + file_at[f]) + 1);
}

/* many_at over the four paths of names (or of big_names). */
static void spread(const uint32_t *at)
{
	for (uint32_t f = 0; f < MANY_FILES; f++)
		many_at[f] = at[f % 4];
}

static void check_table(size_t n, const struct shape *sh)
{
	if (sh->at == many_at)
		spread(sh->names == names ? file_at : big_at);
	const uint32_t *at = sh->at;
	uint32_t nfiles = sh->nfiles;
	struct xp_linerow *r = malloc((n ? n : 1) * sizeof *r);
	uintptr_t a = BASE + rnd() % 64;
	for (size_t i = 0; i < n; i++) {
		switch (rnd() % 8) {
		case 0:
			break; /* same address as the previous row */
		case 1:
			a += 4096 + rnd() % 9000; /* next page or two */
			break;
		case 2:
			a += rnd() % 3 ? 1 : 65536 + rnd() % 100000; /* a hole */
			break;
		default:
			a += 1 + rnd() % 40;
		}
		uint32_t line = rnd() % 5 == 0 ? 0 : rnd() % 3 ? 1 + rnd() % 200 : 1 + rnd() % sh->max_line;
		r[i] = (struct xp_linerow){ a, rnd() % nfiles, line };
		if (i && rnd() % 4 == 0) /* repeats the previous row's file and line */
			r[i].file = r[i - 1].file, r[i].line = r[i - 1].line;
	}
	struct xp_lineidx li;
	ck_assert_int_eq(xp_lineidx_build(&li, BASE, r, n, sh->names, sh->names_len, at, nfiles), 0);
	if (n > 100) { /* the largest lines among the rows */
		ck_assert_uint_eq(li.payload, sh->payload);
		ck_assert_int_eq(li.files != NULL, sh->indexed);
	}
	uintptr_t end = n ? r[n - 1].addr + 100 : BASE + 100;
	for (int k = 0; k < 4000; k++) {
		uintptr_t q = k % 3 == 0 && n ? r[rnd() % n].addr - (rnd() % 2) : BASE - 50 + rnd() % (end - BASE + 100);
		uint32_t wf = 0, wl = 0;
		int want = scan(r, n, q, &wf, &wl);
		const char *file = NULL;
		size_t file_len = 0;
		unsigned line = 0;
		int got = xp_lineidx_find(&li, q, &file, &file_len, &line);
		ck_assert_msg(got == want, "n=%zu addr=+%ld: found %d, want %d", n, (long)(q - BASE), got, want);
		if (want) {
			ck_assert_uint_eq(line, wl);
			ck_assert_str_eq(file, sh->names + at[wf]);
			ck_assert_uint_eq(file_len, strlen(sh->names + at[wf]));
		}
	}
	xp_lineidx_free(&li);
	free(r);
}

START_TEST(random_tables_match_a_scan)
{
	state = 20261204;
	static const size_t sizes[] = { 0, 1, 2, 15, 16, 17, 31, 33, 100, 1000, 20000 };
	make_shapes();
	for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++)
		for (int rep = 0; rep < 5; rep++)
			for (size_t sh = 0; sh < sizeof shapes / sizeof shapes[0]; sh++)
				check_table(sizes[i], &shapes[sh]);
}
END_TEST

/* A file index the table lacks answers nothing rather than reading past
 * the table; rows below the base are left out. */
START_TEST(bad_rows_are_dropped)
{
	struct xp_linerow r[] = {
		{ BASE - 16, 0, 5 }, { BASE + 0, 9, 7 }, { BASE + 8, 1, 8 }, { BASE + 12, 0, 0 },
	};
	struct xp_lineidx li;
	ck_assert_int_eq(xp_lineidx_build(&li, BASE, r, 4, names, sizeof names, file_at, 4), 0);
	const char *file;
	size_t len;
	unsigned line;
	ck_assert_int_eq(xp_lineidx_find(&li, BASE - 8, &file, &len, &line), 0);
	ck_assert_int_eq(xp_lineidx_find(&li, BASE + 4, &file, &len, &line), 0);
	ck_assert_int_eq(xp_lineidx_find(&li, BASE + 9, &file, &len, &line), 1);
	ck_assert_str_eq(file, "dir/b.h");
	ck_assert_uint_eq(len, 7);
	ck_assert_uint_eq(line, 8);
	ck_assert_int_eq(xp_lineidx_find(&li, BASE + 12, &file, &len, &line), 0);
	xp_lineidx_free(&li);
}
END_TEST

/* The path a find answered: the file's, and its length. */
static void check_path(const char *file, size_t len, const char *want)
{
	ck_assert_str_eq(file, want);
	ck_assert_uint_eq(len, strlen(want));
}

/* Exactly at the edges of what 3 and 4 bytes hold. */
static void check_edge(const struct shape *sh, uint32_t big_line, unsigned payload, int indexed)
{
	struct xp_linerow r[] = {
		{ BASE, 3, 7 }, { BASE + 300, 1, big_line }, { BASE + 301, 2, big_line - 1 }, { BASE + 900, 0, 0 },
	};
	struct xp_lineidx li;
	ck_assert_int_eq(xp_lineidx_build(&li, BASE, r, 4, sh->names, sh->names_len, sh->at, sh->nfiles), 0);
	ck_assert_uint_eq(li.payload, payload);
	ck_assert_int_eq(li.files != NULL, indexed);
	const char *file;
	size_t len;
	unsigned line;
	ck_assert_int_eq(xp_lineidx_find(&li, BASE + 299, &file, &len, &line), 1);
	check_path(file, len, sh->names + sh->at[3]);
	ck_assert_uint_eq(line, 7);
	ck_assert_int_eq(xp_lineidx_find(&li, BASE + 300, &file, &len, &line), 1);
	check_path(file, len, sh->names + sh->at[1]);
	ck_assert_uint_eq(line, big_line);
	ck_assert_int_eq(xp_lineidx_find(&li, BASE + 899, &file, &len, &line), 1);
	check_path(file, len, sh->names + sh->at[2]);
	ck_assert_uint_eq(line, big_line - 1);
	ck_assert_int_eq(xp_lineidx_find(&li, BASE + 900, &file, &len, &line), 0);
	xp_lineidx_free(&li);
}

START_TEST(packing_edges)
{
	make_shapes();
	/* 4 files (2 bits of index): the index, in 3 bytes, then 4, then a pair. */
	check_edge(&shapes[0], (1u << 22) - 1, 3, 1); /* 2 + 22 bits */
	check_edge(&shapes[0], 1u << 22, 4, 1);       /* 2 + 23 */
	check_edge(&shapes[0], (1u << 30) - 1, 4, 1); /* 2 + 30 */
	check_edge(&shapes[0], 1u << 30, 8, 1);
	check_edge(&shapes[0], UINT32_MAX, 8, 1);
	/* 5000 files over 25 bytes of names (13 bits of index, 5 of offset):
	 * the offset where only it fits. */
	spread(file_at);
	check_edge(&shapes[2], (1u << 19) - 1, 3, 0); /* 5 + 19 */
	check_edge(&shapes[2], 1u << 19, 4, 0);       /* 5 + 20 */
	check_edge(&shapes[2], (1u << 27) - 1, 4, 0); /* 5 + 27 */
	check_edge(&shapes[2], 1u << 27, 8, 1);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("symtab_line_index");
	TCase *tc = tcase_create("index");
	tcase_add_test(tc, random_tables_match_a_scan);
	tcase_add_test(tc, bad_rows_are_dropped);
	tcase_add_test(tc, packing_edges);
	suite_add_tcase(s, tc);
	return check_run(s);
}
