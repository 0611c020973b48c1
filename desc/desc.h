/* desc.h - function descriptors (ppc64 ELFv1, ia64), for %pF %pf and %pS.
 *
 * On those ABIs a C function pointer points at a descriptor, not at code:
 * ppc64 ELFv1 three words {entry, TOC, environment} in .opd, ia64 two
 * words {entry, gp}.  This is the seam symtab/ and the symbol handlers use:
 *
 *   - xp_desc_native(): the layout of the ABI compiled for, NULL elsewhere
 *     (there %pF/%pf are exactly %pS/%ps);
 *   - xp_desc_code_address(): what a %pF, %pS or %pB argument means as a
 *     code address, reading the descriptor's entry word fault-safely;
 *   - struct xp_desc_opd: a module's loaded .opd, found in its section
 *     headers at index time, so that function symbols whose value lies in
 *     .opd are indexed at their entry addresses (read from the loaded,
 *     relocated .opd), and so that %pS of an address inside .opd can tell.
 *
 * Everything takes the layout as a parameter: the unit tests run the same
 * logic on x86_64 with synthetic descriptors (test/test_desc.c).
 * No locks, no global state; nothing here allocates except
 * xp_desc_opd_snapshot().  xp_desc_read_word() is async-signal-safe.
 */
#ifndef XP_DESC_H
#define XP_DESC_H

#include <stddef.h>
#include <stdint.h>

struct xp_desc_abi {
	const char *name;
	unsigned words;        /* descriptor size in words; the entry is word 0 */
};

extern const struct xp_desc_abi xp_desc_ppc64_elfv1; /* 3 words */
extern const struct xp_desc_abi xp_desc_ia64;        /* 2 words */

/* The layout of the ABI this library was compiled for, or NULL.  Inline:
 * where it is NULL, the descriptor paths of a hot %pS compile away. */
static inline const struct xp_desc_abi *xp_desc_native(void)
{
#if defined(__powerpc64__) && (!defined(_CALL_ELF) || _CALL_ELF != 2)
	return &xp_desc_ppc64_elfv1;
#elif defined(__ia64__)
	return &xp_desc_ia64;
#else
	return NULL;
#endif
}

/* Read one word at addr without faulting: 1 and *out, or 0 when any byte
 * of it is unmapped or unreadable (process_vm_readv on the own process;
 * where that is unavailable, e.g. under qemu-user or a seccomp profile
 * that refuses it, write(2) into a pipe, which fails with EFAULT). */
int xp_desc_read_word(uintptr_t addr, uintptr_t *out);
/* len bytes at addr into buf, all or nothing (1 or 0), the same way. */
int xp_desc_read(uintptr_t addr, void *buf, size_t len);
/* The pipe way alone (tests compare both). */
int xp_desc_read_word_pipe(uintptr_t addr, uintptr_t *out);

/* A module's loaded .opd: runtime [lo, hi); lo == hi when there is none.
 * copy, when set by xp_desc_opd_snapshot(), holds its bytes as loaded. */
struct xp_desc_opd {
	uintptr_t lo, hi;
	unsigned char *copy;
};

/* addr is a word-aligned address whose entry word lies inside opd. */
int xp_desc_opd_contains(const struct xp_desc_opd *opd, uintptr_t addr);

/* Copy the loaded .opd once (one fault-safe read of the whole range), so
 * an index build reads thousands of entries without a syscall each.
 * 0, or -1 (no copy; xp_desc_opd_entry then reads word by word). */
int xp_desc_opd_snapshot(struct xp_desc_opd *opd);
void xp_desc_opd_release(struct xp_desc_opd *opd);

/* The entry address of the descriptor at runtime address addr: 1 and
 * *entry when addr is inside opd and its entry word could be read, else 0. */
int xp_desc_opd_entry(const struct xp_desc_opd *opd, uintptr_t addr, uintptr_t *entry);

/* How a symbol conversion treats its argument. */
enum xp_desc_use {
	XP_DESC_FUNCTION,  /* %pF %pf: a function pointer, i.e. a descriptor */
	XP_DESC_SYMBOL,    /* %pS %ps %pSR: a descriptor only inside a loaded .opd */
	XP_DESC_BACKTRACE, /* %pB: a return address, never a descriptor */
};

/* The code address to symbolise for argument ptr.  abi NULL: ptr itself.
 * in_opd: ptr lies in some loaded .opd (only consulted for XP_DESC_SYMBOL).
 * *ok = 0 when a descriptor had to be read and could not be: the caller
 * then prints the raw argument ("0x" + hex), as for an unknown address. */
uintptr_t xp_desc_code_address(const struct xp_desc_abi *abi, uintptr_t ptr,
			       enum xp_desc_use use, int in_opd, int *ok);

/* Convenience for the native ABI: the entry of function pointer fnptr
 * (fnptr itself where functions have no descriptors). */
uintptr_t xp_desc_entry(const void *fnptr, int *ok);

#endif
