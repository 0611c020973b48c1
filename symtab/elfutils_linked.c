/* elfutils_linked.c - the elfutils table of the static library: filled at
 * link time (its users link libdw and libelf, as pkg-config --static and
 * the CMake package say). */
#include "elfutils.h"

struct xp_elfutils_calls xp_elfutils = {
#define XP_ELFUTILS_LINKED(name) .name = name,
	XP_ELFUTILS_FUNCTIONS(XP_ELFUTILS_LINKED)
#undef XP_ELFUTILS_LINKED
};

int xp_elfutils_load(void)
{
	return 0;
}
