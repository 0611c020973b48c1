/* test_desc.c - desc/: fault-safe reads, .opd ranges and descriptor
 * dereferencing, on synthetic descriptors so that it runs on any target.
 *
 * Built twice: SYNTH_WORDS=3 (ppc64 ELFv1 layout) and SYNTH_WORDS=2 (ia64).
 * The synthetic descriptors live in a section named .opd of this very
 * program, so xp_desc_opd_find() sees them in /proc/self/exe exactly as it
 * sees a real ELFv1 .opd.  Oracles: the compiler's own function addresses,
 * the addresses of the arrays, mmap'ed pages of known protection.
 */
#define _GNU_SOURCE
#include <check.h>
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <link.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "check_run.h"
#include "desc/desc.h"
#include "desc/opd_elf.h"

#ifndef SYNTH_WORDS
#define SYNTH_WORDS 3
#endif

/* On a real descriptor ABI the linker owns .opd (it parses and edits its
 * entries), so there the synthetic ones live in plain data and the real
 * .opd is checked against real function pointers instead. */
#if (defined(__powerpc64__) && (!defined(_CALL_ELF) || _CALL_ELF != 2)) || defined(__ia64__)
#define NATIVE_DESCRIPTORS 1
#define SYNTH_SECTION ".data.synth_opd"
#else
#define NATIVE_DESCRIPTORS 0
#define SYNTH_SECTION ".opd"
#endif

#if SYNTH_WORDS == 3
#define SYNTH_ABI (&xp_desc_ppc64_elfv1)
#define SYNTH_NAME "ppc64-elfv1"
struct synth_desc {
	int (*entry)(int);
	void *toc;
	void *env;
};
#else
#define SYNTH_ABI (&xp_desc_ia64)
#define SYNTH_NAME "ia64"
struct synth_desc {
	int (*entry)(int);
	void *toc; /* gp */
};
#endif

static int __attribute__((noinline)) synth_static(int x) { return x + 1; }
int __attribute__((noinline)) synth_global(int x) { return x * 3; }
int __attribute__((noinline)) synth_other(int x) { return x - 7; }

static int toc_a, toc_b;

/* Packed like a linker's .opd: no padding between descriptors. */
__attribute__((section(SYNTH_SECTION), used, aligned(8)))
static struct synth_desc synth_opd[] = {
	{ .entry = synth_static, .toc = &toc_a },
	{ .entry = synth_global, .toc = &toc_b },
	{ .entry = synth_other, .toc = &toc_a },
};
#define NDESC (sizeof synth_opd / sizeof synth_opd[0])
static int (*const synth_fn[NDESC])(int) = { synth_static, synth_global, synth_other };

static long page_size(void) { return sysconf(_SC_PAGESIZE); }

/* Two pages: the first readable, the second PROT_NONE (or unmapped). */
static unsigned char *guarded_pages(int unmap_second)
{
	long ps = page_size();
	unsigned char *p = mmap(NULL, 2 * (size_t)ps, PROT_READ | PROT_WRITE,
				MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	ck_assert_ptr_ne(p, MAP_FAILED);
	for (long i = 0; i < ps; i++)
		p[i] = (unsigned char)(i * 7 + 1);
	if (unmap_second)
		ck_assert_int_eq(munmap(p + ps, (size_t)ps), 0);
	else
		ck_assert_int_eq(mprotect(p + ps, (size_t)ps, PROT_NONE), 0);
	return p;
}

typedef int (*reader)(uintptr_t, uintptr_t *);
static const reader readers[2] = { xp_desc_read_word, xp_desc_read_word_pipe };

START_TEST(test_read_good_memory)
{
	uintptr_t words[4] = { 0x1122334455667788u & UINTPTR_MAX, 0, UINTPTR_MAX, 42 };
	for (size_t i = 0; i < 4; i++) {
		uintptr_t got = 0xdead;
		ck_assert_int_eq(readers[_i](( uintptr_t)&words[i], &got), 1);
		ck_assert_uint_eq(got, words[i]);
	}
}
END_TEST

START_TEST(test_read_bad_memory_fails)
{
	unsigned char *p = guarded_pages(_i & 1);
	reader rd = readers[_i >> 1];
	long ps = page_size();
	uintptr_t got = 0xfeed;
	const uintptr_t bad[] = {
		0, 0x10, 4095,
		(uintptr_t)(p + ps),                         /* PROT_NONE or unmapped */
		(uintptr_t)(p + ps - sizeof(uintptr_t) / 2), /* straddles into it */
		UINTPTR_MAX - 3,                             /* wraps around */
		(uintptr_t)-4096,                            /* error-pointer page */
#if UINTPTR_MAX > 0xffffffffu
		(uintptr_t)0xffff800000000000u,              /* kernel half */
		(uintptr_t)0x0000dead0000beefu,              /* wild */
#endif
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		errno = 4321;
		ck_assert_msg(rd(bad[i], &got) == 0, "read of %#jx succeeded", (uintmax_t)bad[i]);
		ck_assert_int_eq(errno, 4321);
		ck_assert_uint_eq(got, 0xfeed); /* untouched on failure */
	}
	/* The last whole word of the readable page is fine. */
	uintptr_t want;
	memcpy(&want, p + ps - sizeof want, sizeof want);
	ck_assert_int_eq(rd((uintptr_t)(p + ps - sizeof want), &got), 1);
	ck_assert_uint_eq(got, want);
	munmap(p, 2 * (size_t)ps);
}
END_TEST

START_TEST(test_read_block)
{
	unsigned char *p = guarded_pages(0);
	long ps = page_size();
	static unsigned char big[3 * 4096 + 17];
	for (size_t i = 0; i < sizeof big; i++)
		big[i] = (unsigned char)(i ^ (i >> 8));
	unsigned char *buf = malloc(sizeof big);
	ck_assert_ptr_nonnull(buf);
	ck_assert_int_eq(xp_desc_read((uintptr_t)big, buf, sizeof big), 1);
	ck_assert_int_eq(memcmp(buf, big, sizeof big), 0);
	ck_assert_int_eq(xp_desc_read((uintptr_t)p, buf, (size_t)ps), 1);
	ck_assert_int_eq(memcmp(buf, p, (size_t)ps), 0);
	ck_assert_int_eq(xp_desc_read((uintptr_t)p, buf, (size_t)ps + 1), 0);
	ck_assert_int_eq(xp_desc_read(UINTPTR_MAX - 8, buf, 64), 0);
	ck_assert_int_eq(xp_desc_read(0, buf, 0), 1); /* nothing to read */
	free(buf);
	munmap(p, 2 * (size_t)ps);
}
END_TEST

START_TEST(test_native_abi)
{
	const struct xp_desc_abi *abi = xp_desc_native();
#if defined(__x86_64__) || defined(__aarch64__) || defined(__i386__) || \
    (defined(__powerpc64__) && defined(_CALL_ELF) && _CALL_ELF == 2)
	ck_assert_ptr_null(abi);
	/* No descriptors: a function pointer is its own code address. */
	int ok = 0;
	ck_assert_uint_eq(xp_desc_entry((const void *)(uintptr_t)synth_global, &ok),
			  (uintptr_t)synth_global);
	ck_assert_int_eq(ok, 1);
#elif defined(__powerpc64__)
	ck_assert_ptr_eq(abi, &xp_desc_ppc64_elfv1);
	ck_assert_uint_eq(abi->words, 3);
#elif defined(__ia64__)
	ck_assert_ptr_eq(abi, &xp_desc_ia64);
	ck_assert_uint_eq(abi->words, 2);
#endif
	ck_assert_uint_eq(SYNTH_ABI->words * sizeof(void *), sizeof(struct synth_desc));
}
END_TEST

/* The main program's load bias, as the dynamic loader reports it. */
static int first_bias(struct dl_phdr_info *info, size_t size, void *data)
{
	(void)size;
	*(uintptr_t *)data = (uintptr_t)info->dlpi_addr;
	return 1;
}

static Elf *open_self(int *fd)
{
	ck_assert_int_ne(elf_version(EV_CURRENT), EV_NONE);
	*fd = open("/proc/self/exe", O_RDONLY | O_CLOEXEC);
	ck_assert_int_ge(*fd, 0);
	Elf *elf = elf_begin(*fd, ELF_C_READ, NULL);
	ck_assert_ptr_nonnull(elf);
	return elf;
}

/* The program's .opd as xp_desc_opd_find() reports it. */
static void self_opd(struct xp_desc_opd *opd)
{
	int fd;
	Elf *elf = open_self(&fd);
	uintptr_t bias = 0;
	dl_iterate_phdr(first_bias, &bias);
	ck_assert_int_eq(xp_desc_opd_find(elf, bias, opd), 1);
	elf_end(elf);
	close(fd);
}

/* Where the synthetic descriptors are: the found .opd, or their array. */
static void synth_range(struct xp_desc_opd *opd)
{
#if NATIVE_DESCRIPTORS
	opd->lo = (uintptr_t)synth_opd;
	opd->hi = opd->lo + sizeof synth_opd;
	opd->copy = NULL;
#else
	self_opd(opd);
#endif
}

START_TEST(test_opd_found_at_runtime_address)
{
	struct xp_desc_opd opd;
	self_opd(&opd);
	ck_assert_ptr_null(opd.copy);
#if NATIVE_DESCRIPTORS
	/* Real function pointers are descriptors inside the program's .opd. */
	for (size_t i = 0; i < NDESC; i++)
		ck_assert(xp_desc_opd_contains(&opd, (uintptr_t)synth_fn[i]));
	ck_assert(!xp_desc_opd_contains(&opd, (uintptr_t)synth_opd));
#else
	/* Here the synthetic descriptors are all there is in .opd. */
	ck_assert_uint_eq(opd.lo, (uintptr_t)synth_opd);
	ck_assert_uint_eq(opd.hi, (uintptr_t)synth_opd + sizeof synth_opd);
#endif
}
END_TEST

START_TEST(test_opd_find_none)
{
	struct xp_desc_opd opd = { 1, 2, NULL };
	ck_assert_int_eq(xp_desc_opd_find(NULL, 0, &opd), 0);
	/* An ELF object with no .opd: one made in memory by libelf. */
	ck_assert_int_ne(elf_version(EV_CURRENT), EV_NONE);
	char path[] = "/tmp/xp-desc-XXXXXX";
	int fd = mkstemp(path);
	ck_assert_int_ge(fd, 0);
	unlink(path);
	Elf *out = elf_begin(fd, ELF_C_WRITE, NULL);
	ck_assert_ptr_nonnull(out);
	ck_assert_ptr_nonnull(gelf_newehdr(out, ELFCLASS64));
	GElf_Ehdr eh;
	gelf_getehdr(out, &eh);
	eh.e_ident[EI_DATA] = ELFDATA2LSB;
	eh.e_type = ET_DYN;
	eh.e_machine = EM_X86_64;
	eh.e_version = EV_CURRENT;
	gelf_update_ehdr(out, &eh);
	ck_assert_int_ge(elf_update(out, ELF_C_WRITE), 0);
	elf_end(out);
	Elf *in = elf_begin(fd, ELF_C_READ, NULL);
	ck_assert_ptr_nonnull(in);
	ck_assert_int_eq(xp_desc_opd_find(in, 0, &opd), 0);
	elf_end(in);
	close(fd);
}
END_TEST

START_TEST(test_opd_contains)
{
	struct xp_desc_opd opd = { (uintptr_t)synth_opd, (uintptr_t)synth_opd + sizeof synth_opd, NULL };
	for (size_t i = 0; i < NDESC; i++)
		ck_assert(xp_desc_opd_contains(&opd, (uintptr_t)&synth_opd[i]));
	ck_assert(!xp_desc_opd_contains(&opd, opd.lo - sizeof(uintptr_t)));
	ck_assert(!xp_desc_opd_contains(&opd, opd.lo + 1));
	ck_assert(!xp_desc_opd_contains(&opd, opd.hi));
	ck_assert(!xp_desc_opd_contains(&opd, opd.hi - sizeof(uintptr_t) / 2));
	ck_assert(xp_desc_opd_contains(&opd, opd.hi - sizeof(uintptr_t)));
	ck_assert(!xp_desc_opd_contains(NULL, opd.lo));
	struct xp_desc_opd none = { 0, 0, NULL };
	ck_assert(!xp_desc_opd_contains(&none, 0));
}
END_TEST

/* Index build: a symbol value in .opd maps to the entry word. */
START_TEST(test_opd_entry)
{
	struct xp_desc_opd opd;
	synth_range(&opd);
	for (int pass = 0; pass < 2; pass++) {
		if (pass == 1) {
			ck_assert_int_eq(xp_desc_opd_snapshot(&opd), 0);
			ck_assert_ptr_nonnull(opd.copy);
		}
		for (size_t i = 0; i < NDESC; i++) {
			uintptr_t e = 0;
			ck_assert_int_eq(xp_desc_opd_entry(&opd, (uintptr_t)&synth_opd[i], &e), 1);
			ck_assert_uint_eq(e, (uintptr_t)synth_fn[i]);
		}
		uintptr_t e = 77;
		ck_assert_int_eq(xp_desc_opd_entry(&opd, (uintptr_t)synth_fn, &e), 0);
		ck_assert_int_eq(xp_desc_opd_entry(&opd, opd.hi, &e), 0);
		ck_assert_uint_eq(e, 77);
	}
	xp_desc_opd_release(&opd);
	ck_assert_ptr_null(opd.copy);
	xp_desc_opd_release(&opd); /* twice is harmless */
}
END_TEST

START_TEST(test_snapshot_of_unreadable_opd_fails)
{
	unsigned char *p = guarded_pages(1);
	long ps = page_size();
	struct xp_desc_opd opd = { (uintptr_t)p, (uintptr_t)(p + 2 * ps), NULL };
	ck_assert_int_eq(xp_desc_opd_snapshot(&opd), -1);
	ck_assert_ptr_null(opd.copy);
	/* Word by word the readable half still answers, the rest fails. */
	uintptr_t e;
	ck_assert_int_eq(xp_desc_opd_entry(&opd, (uintptr_t)p, &e), 1);
	ck_assert_int_eq(xp_desc_opd_entry(&opd, (uintptr_t)(p + ps), &e), 0);
	munmap(p, (size_t)ps);
}
END_TEST

START_TEST(test_code_address_function)
{
	for (size_t i = 0; i < NDESC; i++) {
		int ok = 0;
		uintptr_t a = xp_desc_code_address(SYNTH_ABI, (uintptr_t)&synth_opd[i],
						   XP_DESC_FUNCTION, 0, &ok);
		ck_assert_int_eq(ok, 1);
		ck_assert_uint_eq(a, (uintptr_t)synth_fn[i]);
		/* The entry is callable code: call through it. */
		ck_assert_int_eq(synth_opd[i].entry(10), synth_fn[i](10));
	}
}
END_TEST

START_TEST(test_code_address_symbol_only_inside_opd)
{
	int ok = 0;
	uintptr_t d = (uintptr_t)&synth_opd[1];
	ck_assert_uint_eq(xp_desc_code_address(SYNTH_ABI, d, XP_DESC_SYMBOL, 1, &ok),
			  (uintptr_t)synth_global);
	ck_assert_int_eq(ok, 1);
	/* Outside .opd a %pS argument is already a code address. */
	ck_assert_uint_eq(xp_desc_code_address(SYNTH_ABI, d, XP_DESC_SYMBOL, 0, &ok), d);
	ck_assert_int_eq(ok, 1);
}
END_TEST

START_TEST(test_code_address_backtrace_never_derefs)
{
	int ok = 0;
	uintptr_t d = (uintptr_t)&synth_opd[0];
	ck_assert_uint_eq(xp_desc_code_address(SYNTH_ABI, d, XP_DESC_BACKTRACE, 1, &ok), d);
	ck_assert_int_eq(ok, 1);
	/* Not even a read: an unmapped address passes through untouched. */
	ck_assert_uint_eq(xp_desc_code_address(SYNTH_ABI, 0x10, XP_DESC_BACKTRACE, 1, &ok), 0x10);
	ck_assert_int_eq(ok, 1);
}
END_TEST

START_TEST(test_code_address_without_descriptors)
{
	int ok = 0;
	uintptr_t d = (uintptr_t)&synth_opd[2];
	for (int use = XP_DESC_FUNCTION; use <= XP_DESC_BACKTRACE; use++) {
		ck_assert_uint_eq(xp_desc_code_address(NULL, d, (enum xp_desc_use)use, 1, &ok), d);
		ck_assert_int_eq(ok, 1);
	}
}
END_TEST

START_TEST(test_code_address_bad_pointer)
{
	unsigned char *p = guarded_pages(_i);
	long ps = page_size();
	const uintptr_t bad[] = { 0, 0x10, (uintptr_t)(p + ps), (uintptr_t)-4096 };
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		int ok = 1;
		uintptr_t a = xp_desc_code_address(SYNTH_ABI, bad[i], XP_DESC_FUNCTION, 0, &ok);
		ck_assert_int_eq(ok, 0);
		ck_assert_uint_eq(a, bad[i]); /* the raw pointer, printed as hex */
		ok = 1;
		a = xp_desc_code_address(SYNTH_ABI, bad[i], XP_DESC_SYMBOL, 1, &ok);
		ck_assert_int_eq(ok, 0);
		ck_assert_uint_eq(a, bad[i]);
	}
	munmap(p, 2 * (size_t)ps);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("desc-" SYNTH_NAME);
	TCase *rd = tcase_create("read");
	tcase_add_loop_test(rd, test_read_good_memory, 0, 2);
	tcase_add_loop_test(rd, test_read_bad_memory_fails, 0, 4);
	tcase_add_test(rd, test_read_block);
	suite_add_tcase(s, rd);
	TCase *opd = tcase_create("opd");
	tcase_add_test(opd, test_native_abi);
	tcase_add_test(opd, test_opd_found_at_runtime_address);
	tcase_add_test(opd, test_opd_find_none);
	tcase_add_test(opd, test_opd_contains);
	tcase_add_test(opd, test_opd_entry);
	tcase_add_test(opd, test_snapshot_of_unreadable_opd_fails);
	suite_add_tcase(s, opd);
	TCase *code = tcase_create("code_address");
	tcase_add_test(code, test_code_address_function);
	tcase_add_test(code, test_code_address_symbol_only_inside_opd);
	tcase_add_test(code, test_code_address_backtrace_never_derefs);
	tcase_add_test(code, test_code_address_without_descriptors);
	tcase_add_loop_test(code, test_code_address_bad_pointer, 0, 2);
	suite_add_tcase(s, code);
	return check_run(s);
}
