/* code.c - from a symbol conversion's argument to the code address. */
#include "desc.h"

uintptr_t xp_desc_code_address(const struct xp_desc_abi *abi, uintptr_t ptr,
			       enum xp_desc_use use, int in_opd, int *ok)
{
	*ok = 1;
	if (!abi || use == XP_DESC_BACKTRACE || (use == XP_DESC_SYMBOL && !in_opd))
		return ptr;
	/* Like the kernel's dereference_function_descriptor(): the entry is
	 * word 0 in both layouts; an unreadable descriptor keeps the raw
	 * pointer, which the caller prints as hex. */
	uintptr_t entry;
	if (!xp_desc_read_word(ptr, &entry)) {
		*ok = 0;
		return ptr;
	}
	return entry;
}

uintptr_t xp_desc_entry(const void *fnptr, int *ok)
{
	return xp_desc_code_address(xp_desc_native(), (uintptr_t)fnptr, XP_DESC_FUNCTION, 0, ok);
}
