/* loader.h - whether glibc's _dl_find_object (2.35+: lock-free,
 * async-signal-safe) is there to say which object an address is in.
 * Include from a file that defines _GNU_SOURCE. */
#ifndef XP_SYMTAB_LOADER_H
#define XP_SYMTAB_LOADER_H

#include <dlfcn.h>

#if defined(DLFO_STRUCT_HAS_EH_DBASE) && !defined(XP_SYMTAB_NO_DL_FIND_OBJECT)
#define HAVE_DL_FIND_OBJECT 1
#else
#define HAVE_DL_FIND_OBJECT 0
#endif

#endif
