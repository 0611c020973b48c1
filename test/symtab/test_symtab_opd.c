/* test_symtab_opd.c - an object's symbols while its memory says nothing
 * yet: unreadable (the loader unmapping it, another thread looking up) or
 * not yet relocated (the loader still mapping it).
 *
 * Where function pointers are descriptors (ppc64 ELFv1) a function
 * symbol's value is its descriptor in .opd, and the code it leads to is
 * read from the loaded .opd: until its words are there and point into the
 * object, neither the first lookup's scan nor the index answers (the
 * caller tries again later), and once they are, no symbol spreads over
 * the descriptors.  Elsewhere symbols come from the file alone, memory
 * unread.  White box (symtab/module.h) on the fixture library placed at an
 * address of our choosing; oracles: nm -S through the symtab oracle, and
 * .opd's contents as the file holds them (libelf). */
#define _GNU_SOURCE
#include <check.h>
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "../../symtab/module.h"
#include "check_run.h"
#include "oracle.h"

#define LIB FIXTURE_DIR "/libxpfix_late.so"

/* The file's span and its .opd (addr 0 if none), read with libelf. */
struct layout {
	uintptr_t span;
	uintptr_t opd_addr, opd_size;
	unsigned char opd[4096];
};

static void read_layout(struct layout *l)
{
	memset(l, 0, sizeof *l);
	ck_assert_uint_ne(elf_version(EV_CURRENT), EV_NONE);
	int fd = open(LIB, O_RDONLY | O_CLOEXEC);
	ck_assert_int_ge(fd, 0);
	Elf *elf = elf_begin(fd, ELF_C_READ, NULL);
	ck_assert_ptr_nonnull(elf);
	size_t nph, shstrndx;
	ck_assert_int_eq(elf_getphdrnum(elf, &nph), 0);
	for (size_t i = 0; i < nph; i++) {
		GElf_Phdr ph;
		ck_assert_ptr_nonnull(gelf_getphdr(elf, (int)i, &ph));
		if (ph.p_type == PT_LOAD && ph.p_vaddr + ph.p_memsz > l->span)
			l->span = (uintptr_t)(ph.p_vaddr + ph.p_memsz);
	}
	ck_assert_int_eq(elf_getshdrstrndx(elf, &shstrndx), 0);
	for (Elf_Scn *scn = NULL; (scn = elf_nextscn(elf, scn));) {
		GElf_Shdr sh;
		ck_assert_ptr_nonnull(gelf_getshdr(scn, &sh));
		const char *name = elf_strptr(elf, shstrndx, sh.sh_name);
		if (!name || strcmp(name, ".opd"))
			continue;
		ck_assert_uint_le(sh.sh_size, sizeof l->opd);
		ck_assert_int_eq(pread(fd, l->opd, sh.sh_size, (off_t)sh.sh_offset), (ssize_t)sh.sh_size);
		l->opd_addr = (uintptr_t)sh.sh_addr;
		l->opd_size = (uintptr_t)sh.sh_size;
	}
	elf_end(elf);
	close(fd);
	ck_assert_uint_gt(l->span, 0);
	ck_assert_int_eq(l->opd_addr != 0, XP_TEST_DESCRIPTORS);
}

static struct layout lay;
static struct omodule oracle;
static unsigned char *area; /* where the object is "loaded": PROT_NONE */
static size_t area_len;
static struct xp_symmod mod;
static struct xp_symmod_built *built;

static void setup(void)
{
	read_layout(&lay);
	size_t page = (size_t)sysconf(_SC_PAGESIZE);
	area_len = (lay.span + page - 1) / page * page;
	area = mmap(NULL, area_len, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	ck_assert_ptr_ne(area, MAP_FAILED);
	uintptr_t base = (uintptr_t)area;
	mod = (struct xp_symmod){ .lo = base, .hi = base + lay.span, .bias = base, .map_start = base,
				  .path = LIB, .name = "libxpfix_late.so", .name_len = 16 };
	ck_assert_int_eq(oracle_load(&oracle, LIB, 0, base, "libxpfix_late.so"), 0);
	built = xp_symmod_open(&mod, "");
	ck_assert_ptr_nonnull(built);
}

static void teardown(void)
{
	xp_symmod_built_free(built);
	oracle_free(&oracle);
	munmap(area, area_len);
}

static const struct osym *oracle_symbol(const char *name)
{
	for (size_t i = 0; i < oracle.n; i++)
		if (!strcmp(oracle.s[i].name, name))
			return &oracle.s[i];
	ck_abort_msg("the oracle lacks %s", name);
	return NULL;
}

/* Where late_global's descriptor is (descriptor ABIs), else 0. */
static uintptr_t descriptor_of_late_global(void)
{
	if (!XP_TEST_DESCRIPTORS)
		return 0;
	const struct osym *o = oracle_symbol("late_global");
	uintptr_t entry = o->start - mod.bias;
	for (uintptr_t off = 0; off + sizeof entry <= lay.opd_size; off += sizeof entry) {
		uintptr_t w;
		memcpy(&w, lay.opd + off, sizeof w);
		if (w == entry)
			return mod.bias + lay.opd_addr + off;
	}
	ck_abort_msg("no descriptor leads to late_global");
	return 0;
}

/* Both the scan and the index name late_global at its code as nm does. */
static void names_late_global(void)
{
	const struct osym *o = oracle_symbol("late_global");
	struct xp_symidx_hit func, data;
	ck_assert_int_eq(xp_symmod_scan(&mod, built, o->start + 4, &func, &data), 1);
	ck_assert_str_eq(func.name, "late_global");
	ck_assert_uint_eq(func.start, o->start);
	ck_assert_uint_eq(func.size, o->size);
	ck_assert_int_eq(xp_symmod_build(&mod, built), 0);
	ck_assert_int_eq(xp_symidx_find(&built->ix, o->start + 4, &func), 1);
	ck_assert_uint_eq(func.start, o->start);
	ck_assert_uint_eq(func.size, o->size);
}

/* Nothing trusted from memory that cannot be read. */
START_TEST(unreadable)
{
	if (!XP_TEST_DESCRIPTORS) {
		names_late_global(); /* the file alone */
		return;
	}
	uintptr_t desc = descriptor_of_late_global();
	struct xp_symidx_hit func, data;
	const struct osym *o = oracle_symbol("late_global");
	ck_assert_int_eq(xp_symmod_scan(&mod, built, desc, &func, &data), -1);
	ck_assert_int_eq(xp_symmod_scan(&mod, built, o->start, &func, &data), -1);
	errno = 0;
	ck_assert_int_eq(xp_symmod_build(&mod, built), -1);
	ck_assert_int_eq(errno, EAGAIN);
	ck_assert_int_eq(atomic_load(&built->indexed), 0);
}
END_TEST

/* .opd as the file holds it: entries not moved to where the object is. */
START_TEST(not_relocated)
{
	ck_assert_int_eq(mprotect(area, area_len, PROT_READ | PROT_WRITE), 0);
	if (!XP_TEST_DESCRIPTORS) {
		names_late_global(); /* memory all zeros: the file alone */
		return;
	}
	memcpy(area + lay.opd_addr, lay.opd, lay.opd_size);
	struct xp_symidx_hit func, data;
	ck_assert_int_eq(xp_symmod_scan(&mod, built, oracle_symbol("late_global")->start, &func, &data), -1);
	errno = 0;
	ck_assert_int_eq(xp_symmod_build(&mod, built), -1);
	ck_assert_int_eq(errno, EAGAIN);
}
END_TEST

/* Relocated: each descriptor leads to its code, and a descriptor itself
 * is in no function (no zero-sized one, as _fini, reaches over .opd). */
START_TEST(relocated)
{
	ck_assert_int_eq(mprotect(area, area_len, PROT_READ | PROT_WRITE), 0);
	if (XP_TEST_DESCRIPTORS) {
		/* entry and TOC words move with the object; the third is 0 */
		for (uintptr_t off = 0; off + sizeof(uintptr_t) <= lay.opd_size; off += sizeof(uintptr_t)) {
			uintptr_t w;
			memcpy(&w, lay.opd + off, sizeof w);
			w += w ? mod.bias : 0;
			memcpy(area + lay.opd_addr + off, &w, sizeof w);
		}
	}
	uintptr_t desc = descriptor_of_late_global();
	char want[4][256];
	if (desc) {
		ck_assert_uint_eq(oracle_expect(&oracle, desc, 0, want, 4), 0);
		struct xp_symidx_hit func, data;
		ck_assert_int_ne(xp_symmod_scan(&mod, built, desc, &func, &data), 1);
	}
	names_late_global();
	if (desc) {
		struct xp_symidx_hit func;
		ck_assert_int_eq(xp_symidx_find(&built->ix, desc, &func), 0);
	}
}
END_TEST

int main(void)
{
	Suite *s = suite_create("symtab_opd");
	TCase *tc = tcase_create("symtab_opd");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, unreadable);
	tcase_add_test(tc, not_relocated);
	tcase_add_test(tc, relocated);
	suite_add_tcase(s, tc);
	return check_run(s);
}
