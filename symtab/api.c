/* api.c - the public face of the symbol index (include/xprintf.h). */
#include "xprintf.h"

#include "symtab.h"

#define XP_PUBLIC __attribute__((visibility("default")))

XP_PUBLIC int xprintf_symbols_preload(void)
{
	return xp_symtab_preload();
}

XP_PUBLIC int xprintf_symbols_set_debug_path(const char *dirs)
{
	return xp_symtab_set_debug_path(dirs);
}
