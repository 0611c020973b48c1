/* abi.c - the descriptor layouts (which one this build runs on: desc.h). */
#include "desc.h"

const struct xp_desc_abi xp_desc_ppc64_elfv1 = { "ppc64-elfv1", 3 };
const struct xp_desc_abi xp_desc_ia64 = { "ia64", 2 };
