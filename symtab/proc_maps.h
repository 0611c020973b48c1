/* proc_maps.h - one line of /proc/self/maps, parsed by hand: sscanf costs
 * several thousand instructions a line, and a process has hundreds. */
#ifndef XP_SYMTAB_PROC_MAPS_H
#define XP_SYMTAB_PROC_MAPS_H

#include <stdlib.h>
#include <string.h>

struct xp_maps_line {
	unsigned long start, end;
	const char *perms; /* "rw-p ..." */
	const char *path;  /* NULL for a mapping without one ([heap], anonymous) */
};

/* "start-end perms offset dev inode path": 1 with *m filled (line's '\n'
 * cut off the path), 0 for a line that is none. */
static inline int xp_maps_parse(char *line, struct xp_maps_line *m)
{
	char *e;
	m->start = strtoul(line, &e, 16);
	if (*e != '-')
		return 0;
	m->end = strtoul(e + 1, &e, 16);
	if (*e != ' ')
		return 0;
	m->perms = e + 1;
	/* Only a path has a '/' (dev is "maj:min"). */
	char *path = strchr(e + 1, '/');
	if (path)
		path[strcspn(path, "\n")] = '\0';
	m->path = path;
	return 1;
}

#endif
