/* demangle.h - C++ and Rust symbol names as c++filt prints them. */
#ifndef XP_EXT_DEMANGLE_H
#define XP_EXT_DEMANGLE_H

#include <stddef.h>

#include "../sink.h"

/* Longer mangled names print as they are: the demangler keeps its work on
 * the stack, about 72 bytes per byte of the name. */
#define XP_DEMANGLE_MAX 1024

/* Write name[0..len) demangled to s and return 1, or write nothing and
 * return 0 when it is no Itanium C++ or Rust (legacy, v0) name.  No
 * allocation, no lock: safe in a signal handler. */
int xp_put_demangled(struct xp_sink *s, const char *name, size_t len);

#endif
