/* debuginfo.h - finding an object's separate debug file, offline only. */
#ifndef XP_SYMTAB_DEBUGINFO_H
#define XP_SYMTAB_DEBUGINFO_H

#include <elfutils/libdwfl.h>

/* A Dwfl_Callbacks find_debuginfo: by build ID (dwfl_build_id_find_debuginfo,
 * which searches the absolute directories of debuginfo_path), then by the
 * .gnu_debuglink name (libdwfl passes what dwelf_elf_gnu_debuglink read),
 * accepted only when its CRC matches.  Unlike dwfl_standard_find_debuginfo
 * it never consults debuginfod, so no library is loaded and no network is
 * touched whatever DEBUGINFOD_URLS says. */
int xp_find_debuginfo(Dwfl_Module *mod, void **userdata, const char *modname,
		      Dwarf_Addr base, const char *file_name,
		      const char *debuglink_file, GElf_Word debuglink_crc,
		      char **debuginfo_file_name);

/* CRC-32 as .gnu_debuglink uses it (the zlib/ISO-HDLC polynomial). */
unsigned long xp_crc32(unsigned long crc, const unsigned char *p, size_t n);

#endif
