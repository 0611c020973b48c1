/* test_symtab_scan.c - an object's first lookup, answered by a scan of its
 * symbols, against its index: the same symbol (name, start, size,
 * function or data) or none, for random addresses across the program,
 * libc (its debug file when installed) and libstdc++, and for the edges
 * of what they hit (white box: xp_symtab_test_scan_only). */
#define _GNU_SOURCE
#include <check.h>
#include <dlfcn.h>
#include <link.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <xprintf.h>

#include "../../symtab/symtab.h"
#include "check_run.h"

struct answer {
	int found, is_data;
	uintptr_t start, size;
	char name[256];
};

static void look_up(uintptr_t addr, struct answer *a)
{
	struct xp_symbol sym;
	struct xp_symtab_hold h;
	memset(a, 0, sizeof *a);
	a->found = xp_symtab_lookup(addr, &sym, &h);
	if (a->found) {
		a->is_data = sym.is_data;
		a->start = sym.start;
		a->size = sym.size;
		snprintf(a->name, sizeof a->name, "%.*s", (int)sym.name_len, sym.name);
	}
	xp_symtab_release(&h);
}

struct span {
	const char *suffix;
	uintptr_t lo, hi;
};

static int find_span(struct dl_phdr_info *info, size_t size, void *data)
{
	(void)size;
	struct span *s = data;
	int main_program = !*s->suffix && !*info->dlpi_name;
	size_t n = strlen(info->dlpi_name), k = strlen(s->suffix);
	if (!main_program && (!*s->suffix || n < k || strcmp(info->dlpi_name + n - k, s->suffix)))
		return 0;
	for (size_t i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
		if (ph->p_type != PT_LOAD)
			continue;
		uintptr_t a = info->dlpi_addr + ph->p_vaddr;
		if (!s->lo || a < s->lo)
			s->lo = a;
		if (a + ph->p_memsz > s->hi)
			s->hi = a + ph->p_memsz;
	}
	return 1;
}

#define RANDOM 1500
#define EDGES 4

/* Random addresses in the object, and around the symbols they hit: its
 * start, last byte, the bytes before and after. */
static void compare(const char *suffix)
{
	struct span s = { suffix, 0, 0 };
	dl_iterate_phdr(find_span, &s);
	ck_assert_msg(s.hi > s.lo, "%s not loaded", suffix);
	size_t n = RANDOM * (1 + EDGES);
	uintptr_t *addr = malloc(n * sizeof *addr);
	struct answer *scanned = malloc(n * sizeof *scanned);
	ck_assert(addr && scanned);

	/* Before any index exists, and with the switch keeping it so. */
	xp_symtab_test_scan_only(1);
	size_t k = 0, hits = 0, data = 0;
	for (size_t i = 0; i < RANDOM; i++) {
		addr[k] = s.lo + ((uintptr_t)rand() << 31 ^ (uintptr_t)rand()) % (s.hi - s.lo);
		look_up(addr[k], &scanned[k]);
		const struct answer *a = &scanned[k++];
		hits += a->found;
		data += a->is_data;
		uintptr_t edge[EDGES] = { a->start, a->start + a->size - 1, a->start - 1, a->start + a->size };
		for (int e = 0; e < EDGES; e++) {
			addr[k] = a->found ? edge[e] : addr[k - 1] + 1;
			look_up(addr[k], &scanned[k]);
			k++;
		}
	}
	xp_symtab_test_scan_only(0);

	ck_assert_int_eq(xprintf_symbols_preload(), 0);
	size_t mismatches = 0;
	for (size_t i = 0; i < k; i++) {
		struct answer want;
		look_up(addr[i], &want);
		if (!memcmp(&want, &scanned[i], sizeof want))
			continue;
		if (mismatches++ < 10)
			fprintf(stderr, "%#lx: scan %s+%#lx/%#lx (%d %d), index %s+%#lx/%#lx (%d %d)\n",
				(unsigned long)addr[i], scanned[i].name,
				(unsigned long)(addr[i] - scanned[i].start), (unsigned long)scanned[i].size,
				scanned[i].found, scanned[i].is_data, want.name,
				(unsigned long)(addr[i] - want.start), (unsigned long)want.size, want.found,
				want.is_data);
	}
	fprintf(stderr, "%-16s %zu addresses (%zu random: %zu named, %zu of them data): %zu mismatches\n",
		*suffix ? suffix + 1 : "program", k, (size_t)RANDOM, hits, data, mismatches);
	ck_assert_uint_eq(mismatches, 0);
	ck_assert_uint_gt(hits, RANDOM / 10);
	free(addr);
	free(scanned);
}

START_TEST(program)
{
	compare("");
}
END_TEST

START_TEST(libc)
{
	compare("/libc.so.6");
}
END_TEST

START_TEST(libstdcxx)
{
	void *h = dlopen("libstdc++.so.6", RTLD_NOW | RTLD_LOCAL);
	ck_assert_msg(h != NULL, "%s", dlerror());
	compare("/libstdc++.so.6");
	dlclose(h);
}
END_TEST

int main(void)
{
	srand(4242);
	Suite *s = suite_create("symtab_scan");
	TCase *tc = tcase_create("scan");
	tcase_set_timeout(tc, 300);
	tcase_add_test(tc, program);
	tcase_add_test(tc, libc);
	tcase_add_test(tc, libstdcxx);
	suite_add_tcase(s, tc);
	return check_run(s);
}
