/* test_symtab_index.c - the index rules (symtab/index.h) on synthetic
 * symbols: hand-computed cases, then a seeded comparison with a brute
 * force reading of the same rules. */
#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../../symtab/debuginfo.h"
#include "../../symtab/index.h"
#include "check_run.h"

/* All names live in one string table. */
static char strtab[1 << 16];
static size_t strused = 1;

static const char *intern(const char *s)
{
	size_t n = strlen(s) + 1;
	ck_assert_uint_lt(strused + n, sizeof strtab);
	memcpy(strtab + strused, s, n);
	strused += n;
	return strtab + strused - n;
}

#define BASE 0x400000u

static struct xp_symcand sym(const char *name, uintptr_t start, uintptr_t size, int bind)
{
	return (struct xp_symcand){ BASE + start, size, 0, intern(name), (unsigned char)bind, 0, 0 };
}

static struct xp_symidx build(struct xp_symcand *c, size_t n)
{
	const char *bases[XP_SYMIDX_TABLES] = { strtab };
	struct xp_symidx ix;
	ck_assert_int_eq(xp_symidx_build(&ix, BASE, bases, c, n), 0);
	return ix;
}

/* "name+off/size" or "-" */
static const char *at(const struct xp_symidx *ix, uintptr_t off)
{
	static char out[128];
	struct xp_symidx_hit h;
	if (!xp_symidx_find(ix, BASE + off, &h))
		return "-";
	/* the printed length, when the index stores it, is up to a @VERSION */
	if (h.name_len != SIZE_MAX)
		ck_assert_uint_eq(h.name_len, strcspn(h.name, "@"));
	snprintf(out, sizeof out, "%s+%lx/%lx", h.name, (unsigned long)(BASE + off - h.start),
		 (unsigned long)h.size);
	return out;
}

START_TEST(aliases_at_one_address)
{
	struct xp_symcand c[] = {
		sym("a_local", 0x100, 0x10, XP_BIND_LOCAL), sym("b_global", 0x100, 0x10, XP_BIND_GLOBAL),
		sym("weak1", 0x200, 0x10, XP_BIND_WEAK), sym("local1", 0x200, 0x10, XP_BIND_LOCAL),
		sym("zero", 0x300, 0, XP_BIND_GLOBAL), sym("sized", 0x300, 0x8, XP_BIND_GLOBAL),
		sym("small", 0x400, 0x8, XP_BIND_GLOBAL), sym("large", 0x400, 0x10, XP_BIND_GLOBAL),
		sym("__GI_strtok", 0x500, 0x10, XP_BIND_GLOBAL), sym("strtok", 0x500, 0x10, XP_BIND_GLOBAL),
		sym("cfree@GLIBC_2.2.5", 0x600, 0x10, XP_BIND_GLOBAL), sym("free", 0x600, 0x10, XP_BIND_GLOBAL),
		sym("longer", 0x700, 0x10, XP_BIND_GLOBAL), sym("short", 0x700, 0x10, XP_BIND_GLOBAL),
		sym("bbb", 0x800, 0x10, XP_BIND_GLOBAL), sym("aaa", 0x800, 0x10, XP_BIND_GLOBAL),
	};
	struct xp_symidx ix = build(c, sizeof c / sizeof c[0]);
	ck_assert_str_eq(at(&ix, 0x104), "b_global+4/10");
	ck_assert_str_eq(at(&ix, 0x204), "weak1+4/10");
	ck_assert_str_eq(at(&ix, 0x304), "sized+4/8");
	ck_assert_str_eq(at(&ix, 0x404), "large+4/10");
	ck_assert_str_eq(at(&ix, 0x504), "strtok+4/10");
	ck_assert_str_eq(at(&ix, 0x604), "free+4/10");
	ck_assert_str_eq(at(&ix, 0x704), "short+4/10");
	ck_assert_str_eq(at(&ix, 0x804), "aaa+4/10");
	/* the zero-sized one still covers what the sized one leaves, up to
	 * the next symbol */
	ck_assert_str_eq(at(&ix, 0x308), "zero+8/100");
	xp_symidx_free(&ix);
}
END_TEST

START_TEST(nesting)
{
	struct xp_symcand c[] = {
		sym("outer", 0x100, 0x100, XP_BIND_GLOBAL), sym("inner", 0x120, 0x10, XP_BIND_LOCAL),
		sym("g10", 0x300, 0x10, XP_BIND_GLOBAL), sym("l100", 0x300, 0x100, XP_BIND_LOCAL),
		sym("A", 0x1000, 0x100, XP_BIND_GLOBAL), sym("B", 0x1080, 0x180, XP_BIND_GLOBAL),
	};
	struct xp_symidx ix = build(c, sizeof c / sizeof c[0]);
	ck_assert_str_eq(at(&ix, 0xff), "-");
	ck_assert_str_eq(at(&ix, 0x110), "outer+10/100");
	ck_assert_str_eq(at(&ix, 0x125), "inner+5/10");
	ck_assert_str_eq(at(&ix, 0x130), "outer+30/100");
	ck_assert_str_eq(at(&ix, 0x1ff), "outer+ff/100");
	ck_assert_str_eq(at(&ix, 0x200), "-");
	ck_assert_str_eq(at(&ix, 0x305), "g10+5/10");
	ck_assert_str_eq(at(&ix, 0x350), "l100+50/100");
	ck_assert_str_eq(at(&ix, 0x400), "-");
	ck_assert_str_eq(at(&ix, 0x1010), "A+10/100");
	ck_assert_str_eq(at(&ix, 0x1090), "B+10/180");
	ck_assert_str_eq(at(&ix, 0x1150), "B+d0/180");
	ck_assert_str_eq(at(&ix, 0x1200), "-");
	xp_symidx_free(&ix);
}
END_TEST

START_TEST(zero_sized)
{
	struct xp_symcand c[] = {
		sym("Z", 0x300, 0, XP_BIND_GLOBAL), sym("after", 0x350, 0x10, XP_BIND_GLOBAL),
		sym("S", 0x500, 0x20, XP_BIND_GLOBAL), sym("label", 0x510, 0, XP_BIND_LOCAL),
		sym("next", 0x540, 0x10, XP_BIND_GLOBAL),
		sym("last", 0x600, 0, XP_BIND_GLOBAL),
		sym("unbounded", 0x900, 0, XP_BIND_GLOBAL),
	};
	c[5].sec_end = BASE + 0x60a; /* its section ends there */
	struct xp_symidx ix = build(c, sizeof c / sizeof c[0]);
	ck_assert_str_eq(at(&ix, 0x300), "Z+0/50");
	ck_assert_str_eq(at(&ix, 0x34f), "Z+4f/50");
	ck_assert_str_eq(at(&ix, 0x350), "after+0/10");
	ck_assert_str_eq(at(&ix, 0x515), "S+15/20");
	ck_assert_str_eq(at(&ix, 0x525), "label+15/30");
	ck_assert_str_eq(at(&ix, 0x605), "last+5/a");
	ck_assert_str_eq(at(&ix, 0x60a), "-");
	/* the last symbol with no section end known gets no extent */
	ck_assert_str_eq(at(&ix, 0x900), "-");
	xp_symidx_free(&ix);
}
END_TEST

START_TEST(rejects)
{
	const char *bases[XP_SYMIDX_TABLES] = { strtab };
	struct xp_symcand c[] = {
		sym("ok", 0x10, 0x10, XP_BIND_GLOBAL),
		{ BASE - 1, 4, 0, intern("below_base"), 0, 0, 0 },
		{ BASE + 0x100, 4, 0, NULL, 0, 0, 0 },
		{ BASE + 0x200, 4, 0, "not in the table", 0, 0, 0 },
		{ BASE + 0x300, 4, 0, intern("bad table"), 0, 3, 0 },
		{ BASE + 0x400, 0x80000000u, 0, intern("huge"), 0, 0, 0 },
	};
	struct xp_symidx ix;
	ck_assert_int_eq(xp_symidx_build(&ix, BASE, bases, c, 6), 0);
	ck_assert_uint_eq(ix.n, 1);
	ck_assert_str_eq(at(&ix, 0x11), "ok+1/10");
	ck_assert_str_eq(at(&ix, 0x101), "-");
	xp_symidx_free(&ix);
	ck_assert_int_eq(xp_symidx_build(&ix, BASE, bases, c, 0), 0);
	ck_assert_str_eq(at(&ix, 0x11), "-");
	xp_symidx_free(&ix);
}
END_TEST

/* What the first word of an entry cannot hold goes elsewhere: sizes of
 * 16 MiB and more (an extra record), names of 127 bytes and more (not
 * stored: measured at the lookup). */
START_TEST(large_sizes_and_long_names)
{
	char longname[300];
	memset(longname, 'n', sizeof longname - 1);
	longname[sizeof longname - 1] = 0;
	struct xp_symcand c[] = {
		sym("big", 0x1000, 0x1000000, XP_BIND_GLOBAL),
		sym("inner", 0x2000, 0x10, XP_BIND_GLOBAL),
		sym(longname, 0x2000000, 0x10, XP_BIND_GLOBAL),
		sym("old@VERS_1", 0x2000100, 0x10, XP_BIND_GLOBAL),
		sym("just_below", 0x2000200, 0xffffff, XP_BIND_GLOBAL),
	};
	struct xp_symidx ix = build(c, sizeof c / sizeof c[0]);
	ck_assert_str_eq(at(&ix, 0x1004), "big+4/1000000");
	ck_assert_str_eq(at(&ix, 0x2004), "inner+4/10");
	ck_assert_str_eq(at(&ix, 0x3000), "big+2000/1000000"); /* continued after inner */
	ck_assert_str_eq(at(&ix, 0x1000fff), "big+ffffff/1000000");
	ck_assert_str_eq(at(&ix, 0x1001000), "-");
	ck_assert_str_eq(at(&ix, 0x2000101), "old@VERS_1+1/10");
	ck_assert_str_eq(at(&ix, 0x2000200 + 0xfffffe), "just_below+fffffe/ffffff");
	struct xp_symidx_hit h;
	ck_assert(xp_symidx_find(&ix, BASE + 0x2000001, &h));
	ck_assert_str_eq(h.name, longname);
	ck_assert_uint_eq(h.name_len, SIZE_MAX);
	ck_assert(xp_symidx_find(&ix, BASE + 0x2000101, &h));
	ck_assert_uint_eq(h.name_len, 3);
	ck_assert(xp_symidx_find(&ix, BASE + 0x1004, &h));
	ck_assert_uint_eq(h.name_len, 3);
	ck_assert_uint_eq(xp_symidx_name_bytes(&ix), 4 + 6 + sizeof longname + 11 + 11);
	xp_symidx_free(&ix);
}
END_TEST

/* The rules read literally, for every address: O(n) per address. */
static int rank_better(const struct xp_symcand *a, const struct xp_symcand *b)
{
	if (a->bind != b->bind)
		return a->bind < b->bind;
	if (a->size != b->size)
		return a->size > b->size;
	return strcmp(a->name, b->name) < 0; /* names are _xNNN: same underscores and length */
}

static const char *brute(const struct xp_symcand *c, size_t n, uintptr_t off)
{
	static char out[128];
	uintptr_t a = BASE + off;
	const struct xp_symcand *w = NULL;
	for (size_t i = 0; i < n; i++)
		if (c[i].size && c[i].start <= a && a < c[i].start + c[i].size &&
		    (!w || c[i].start > w->start || (c[i].start == w->start && rank_better(&c[i], w))))
			w = &c[i];
	uintptr_t size = w ? w->size : 0;
	if (!w) {
		for (size_t i = 0; i < n; i++) {
			if (c[i].size || c[i].start > a)
				continue;
			uintptr_t next = UINTPTR_MAX;
			for (size_t j = 0; j < n; j++)
				if (c[j].start > c[i].start && c[j].start < next)
					next = c[j].start;
			if (next == UINTPTR_MAX || a >= next)
				continue;
			if (!w || c[i].start > w->start || (c[i].start == w->start && rank_better(&c[i], w))) {
				w = &c[i];
				size = next - c[i].start;
			}
		}
	}
	if (!w)
		return "-";
	snprintf(out, sizeof out, "%s+%lx/%lx", w->name, (unsigned long)(a - w->start), (unsigned long)size);
	return out;
}

START_TEST(random_against_brute_force)
{
	unsigned seed = (unsigned)time(NULL);
	srand(seed);
	for (int round = 0; round < 40; round++) {
		size_t n = 1 + (size_t)rand() % 60;
		struct xp_symcand c[60], copy[60];
		for (size_t i = 0; i < n; i++) {
			char name[16];
			snprintf(name, sizeof name, "_x%03zu", i);
			uintptr_t size = rand() % 4 == 0 ? 0 : (uintptr_t)(1 + rand() % 80);
			c[i] = sym(name, (uintptr_t)(rand() % 400), size, rand() % 3);
		}
		memcpy(copy, c, sizeof c);
		struct xp_symidx ix = build(copy, n);
		for (uintptr_t off = 0; off < 500; off++) {
			char want[128];
			snprintf(want, sizeof want, "%s", brute(c, n, off));
			ck_assert_msg(!strcmp(at(&ix, off), want), "seed %u round %d offset %#lx: got %s want %s",
				      seed, round, (unsigned long)off, at(&ix, off), want);
		}
		xp_symidx_free(&ix);
		strused = 1;
	}
}
END_TEST

/* Many symbols over a wide range, some packed tightly together: the
 * lookup's shortcut (a bucket and the 16 starts from it) and the tree it
 * falls back on where a bucket holds more, at every edge of every symbol. */
START_TEST(wide_and_packed_against_brute_force)
{
	unsigned seed = (unsigned)time(NULL);
	srand(seed);
	for (int round = 0; round < 40; round++) {
		size_t n = 17 + (size_t)rand() % 1500;
		int packed_eighths = 1 + rand() % 6;
		struct xp_symcand *c = malloc(n * sizeof *c), *copy = malloc(n * sizeof *c);
		uintptr_t packed_at = (uintptr_t)(rand() % (1 << 20)), span = (uintptr_t)1 << (10 + rand() % 12);
		for (size_t i = 0; i < n; i++) {
			char name[16];
			snprintf(name, sizeof name, "_x%04zu", i);
			/* some in a run of small functions, side by side */
			int packed = rand() % 8 < packed_eighths;
			uintptr_t start = packed ? packed_at + (uintptr_t)(rand() % (int)(n * 2)) : (uintptr_t)rand() % span;
			uintptr_t size = packed ? (uintptr_t)(1 + rand() % 4) : (uintptr_t)(1 + rand() % 300);
			c[i] = sym(name, start, size, rand() % 3);
		}
		memcpy(copy, c, n * sizeof *c);
		struct xp_symidx ix = build(copy, n);
		for (size_t q = 0; q < 4 * n; q++) {
			const struct xp_symcand *s = &c[q / 4];
			uintptr_t edge[4] = { s->start - 1, s->start, s->start + s->size - 1, s->start + s->size };
			uintptr_t off = (q % 8 == 7 ? BASE + (uintptr_t)rand() % (span + (1 << 20)) : edge[q % 4]) - BASE;
			char want[128];
			snprintf(want, sizeof want, "%s", brute(c, n, off));
			ck_assert_msg(!strcmp(at(&ix, off), want), "seed %u round %d offset %#lx: got %s want %s",
				      seed, round, (unsigned long)off, at(&ix, off), want);
		}
		xp_symidx_free(&ix);
		free(c);
		free(copy);
		strused = 1;
	}
}
END_TEST

/* .gnu_debuglink's CRC is CRC-32/ISO-HDLC: its published check value. */
START_TEST(debuglink_crc)
{
	ck_assert_uint_eq(xp_crc32(0, (const unsigned char *)"123456789", 9), 0xcbf43926u);
	ck_assert_uint_eq(xp_crc32(0, (const unsigned char *)"", 0), 0);
	/* in pieces: the running value carries over */
	unsigned long c = xp_crc32(0, (const unsigned char *)"1234", 4);
	ck_assert_uint_eq(xp_crc32(c, (const unsigned char *)"56789", 5), 0xcbf43926u);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("symtab_index");
	TCase *tc = tcase_create("rules");
	tcase_add_test(tc, aliases_at_one_address);
	tcase_add_test(tc, nesting);
	tcase_add_test(tc, zero_sized);
	tcase_add_test(tc, rejects);
	tcase_add_test(tc, random_against_brute_force);
	tcase_add_test(tc, wide_and_packed_against_brute_force);
	tcase_add_test(tc, large_sizes_and_long_names);
	tcase_add_test(tc, debuglink_crc);
	suite_add_tcase(s, tc);
	return check_run(s);
}
