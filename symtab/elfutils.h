/* elfutils.h - the libelf and libdw functions symtab/ and desc/ call,
 * through one table.
 *
 * The shared libraries fill it on first use (elfutils_loaded.c: dlopen),
 * so that a program that never prints a symbol does not load libdw,
 * libelf and their compression libraries at start-up; the static library
 * fills it at link time (elfutils_linked.c), as its users link libdw
 * themselves.  Call a function only after xp_elfutils_load() said yes. */
#ifndef XP_SYMTAB_ELFUTILS_H
#define XP_SYMTAB_ELFUTILS_H

#include <elfutils/libdwelf.h>
#include <elfutils/libdwfl.h>
#include <gelf.h>

#define XP_ELFUTILS_FUNCTIONS(F)                                                  \
	F(dwelf_elf_gnu_debuglink) F(dwfl_begin) F(dwfl_build_id_find_debuginfo)  \
	F(dwfl_end) F(dwfl_module_build_id) F(dwfl_module_getelf)                 \
	F(dwfl_module_getsym_info) F(dwfl_module_getsymtab)                       \
	F(dwfl_module_getsymtab_first_global) F(dwfl_module_info)                 \
	F(dwfl_offline_section_address) F(dwfl_report_elf) F(dwfl_report_end)     \
	F(dwfl_report_module) F(elf_begin) F(elf_compress) F(elf_compress_gnu)    \
	F(elf_end) F(elf_getdata) F(elf_getphdrnum) F(elf_getscn)                 \
	F(elf_getshdrstrndx) F(elf_memory) F(elf_nextscn) F(elf_rawfile)          \
	F(elf_strptr) F(gelf_getehdr) F(gelf_getphdr) F(gelf_getshdr)

/* Each member has its function's own type, taken from the headers. */
struct xp_elfutils_calls {
#define XP_ELFUTILS_MEMBER(name) __typeof__(&name) name;
	XP_ELFUTILS_FUNCTIONS(XP_ELFUTILS_MEMBER)
#undef XP_ELFUTILS_MEMBER
};

extern struct xp_elfutils_calls xp_elfutils;

/* 0 when xp_elfutils can be called.  -1 with errno ENOMEM when memory ran
 * out loading libdw (a later call tries again); -1 with ENOENT when it
 * cannot be loaded (not installed, or lacking a function): symbols then
 * stay unknown and addresses print plain, for the life of the process.
 * Loading is serialised (callers hold the symbol builder's lock anyway:
 * dlopen is not async-signal-safe); once loaded, a call is one atomic
 * load. */
int xp_elfutils_load(void);

#endif
