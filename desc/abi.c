/* abi.c - descriptor layouts, and which one this build runs on. */
#include "desc.h"

const struct xp_desc_abi xp_desc_ppc64_elfv1 = { "ppc64-elfv1", 3 };
const struct xp_desc_abi xp_desc_ia64 = { "ia64", 2 };

const struct xp_desc_abi *xp_desc_native(void)
{
#if defined(__powerpc64__) && (!defined(_CALL_ELF) || _CALL_ELF != 2)
	return &xp_desc_ppc64_elfv1;
#elif defined(__ia64__)
	return &xp_desc_ia64;
#else
	return NULL;
#endif
}
