/* oracle.h - what %pS must print, computed from binutils' nm and readelf
 * output (never from libelf/libdw, which the library itself uses). */
#ifndef XP_TEST_ORACLE_H
#define XP_TEST_ORACLE_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* binutils for the target (the cross leg runs the tests under qemu with
 * powerpc64-linux-gnu-nm and friends; CMake passes CMAKE_NM etc.). */
#ifndef XP_TEST_NM
#define XP_TEST_NM "nm"
/* Whether a path llvm-symbolizer printed is ours: the same once its "."
 * components and repeated slashes are dropped, or ours below a directory
 * (llvm prefixes the compilation directory, which xprintf leaves out when
 * the file lies below it). */
int oracle_same_path(const char *ours, const char *llvm);

#endif
#ifndef XP_TEST_READELF
#define XP_TEST_READELF "readelf"
/* Whether a path llvm-symbolizer printed is ours: the same once its "."
 * components and repeated slashes are dropped, or ours below a directory
 * (llvm prefixes the compilation directory, which xprintf leaves out when
 * the file lies below it). */
int oracle_same_path(const char *ours, const char *llvm);

#endif
#ifndef XP_TEST_OBJDUMP
#define XP_TEST_OBJDUMP "objdump"
/* Whether a path llvm-symbolizer printed is ours: the same once its "."
 * components and repeated slashes are dropped, or ours below a directory
 * (llvm prefixes the compilation directory, which xprintf leaves out when
 * the file lies below it). */
int oracle_same_path(const char *ours, const char *llvm);

#endif

/* Function pointers are descriptors here (ppc64 ELFv1, ia64). */
#if (defined(__powerpc64__) && (!defined(_CALL_ELF) || _CALL_ELF != 2)) || defined(__ia64__)
#define XP_TEST_DESCRIPTORS 1
#else
#define XP_TEST_DESCRIPTORS 0
/* Whether a path llvm-symbolizer printed is ours: the same once its "."
 * components and repeated slashes are dropped, or ours below a directory
 * (llvm prefixes the compilation directory, which xprintf leaves out when
 * the file lies below it). */
int oracle_same_path(const char *ours, const char *llvm);

#endif

/* The code address a function pointer (or dlsym's answer) stands for:
 * where there are descriptors, the entry word of the one it points at. */
static inline uintptr_t oracle_code(const void *fn)
{
	uintptr_t entry = (uintptr_t)fn;
	if (XP_TEST_DESCRIPTORS)
		memcpy(&entry, fn, sizeof entry);
	return entry;
}

/* A zero-sized assembly function needs the target's return instruction. */
#if defined(__powerpc__)
#define XP_TEST_ASM_RET "\tblr\n"
#else
#define XP_TEST_ASM_RET "\tret\n"
/* Whether a path llvm-symbolizer printed is ours: the same once its "."
 * components and repeated slashes are dropped, or ours below a directory
 * (llvm prefixes the compilation directory, which xprintf leaves out when
 * the file lies below it). */
int oracle_same_path(const char *ours, const char *llvm);

#endif

struct osym {
	char name[128];   /* without @VERSION */
	uintptr_t start;  /* runtime address */
	uintptr_t size;   /* nm's size; for a zero-sized one the distance xprintf prints */
	int zero_sized;
};

struct omodule {
	struct osym *s;   /* sorted by start */
	size_t n;
	uintptr_t max_size;
	char suffix[160]; /* " [name]" or "" for the main program */
};

/* Function symbols (FUNC, IFUNC) of file, as nm -f sysv --defined-only
 * [-D] prints them, moved by bias; section ends from readelf -SW bound the
 * zero-sized ones.  Returns 0 or -1. */
int oracle_load(struct omodule *m, const char *file, int dynamic, uintptr_t bias,
		const char *module_name);
/* The same with the symbols read from a separate debug file: object is
 * the stripped file that was loaded (it holds .opd's contents). */
int oracle_load_split(struct omodule *m, const char *file, const char *object, int dynamic,
		      uintptr_t bias, const char *module_name);
/* Data objects (OBJECT, COMMON; not TLS) of file, by the same rules. */
int oracle_load_data(struct omodule *m, const char *file, int dynamic, uintptr_t bias,
		     const char *module_name);
void oracle_free(struct omodule *m);

/* Runtime start of the symbol called name in m (the code, also where
 * function pointers are descriptors), or 0. */
uintptr_t oracle_symbol_start(const struct omodule *m, const char *name);

/* The path the host's binutils must read for a file the program (maybe
 * emulated, with its own root: XP_TEST_SYSROOT) sees as path. */
const char *oracle_host_path(const char *path, char *buf, size_t len);

/* The texts %pS may print for addr (aliases at one address are all
 * accepted).  Returns the number written to out (at most max); 0 means
 * no symbol covers addr. backtrace: %pB semantics for addr. */
size_t oracle_expect(const struct omodule *m, uintptr_t addr, int backtrace,
		     char out[][256], size_t max);

/* Where the running process's debug file for a loaded object would be
 * found in /usr/lib/debug by build ID (readelf -n), or "" */
void oracle_system_debug_file(const char *file, char *out, size_t len);

/* dlpi_addr of the loaded object whose dlpi_name ends with suffix ("" = main). */
int oracle_loaded(const char *suffix, uintptr_t *bias, char *path, size_t len);

/* Whether a path llvm-symbolizer printed is ours: the same once its "."
 * components and repeated slashes are dropped, or ours below a directory
 * (llvm prefixes the compilation directory, which xprintf leaves out when
 * the file lies below it). */
int oracle_same_path(const char *ours, const char *llvm);

#endif
