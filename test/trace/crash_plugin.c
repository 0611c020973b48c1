/* The plugin crash_late loads after the report was installed. */
#include "crash_common.h"

void plugin_run(int *p);

NOINLINE void plugin_run(int *p)
{
	*p = crash_seen;
	crash_seen++;
}
