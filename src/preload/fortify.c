/* fortify.c - glibc 2.36's printf checks under _FORTIFY_SOURCE=2.
 *
 * glibc (stdio-common/vfprintf-internal.c, debug/readonly-area.c) aborts a
 * *_chk call with flag > 0 when
 *   - a %n directive is reached and the format is not entirely in
 *     read-only mappings:  "*** %n in writable segment detected ***"
 *   - the format is positional and some argument number between 1 and the
 *     highest one used has no directive that gives it a type:
 *     "*** invalid %N$ use detected ***"
 * glibc finds these while printing; we scan the format first, with the
 * engine's own parser, and decide the same way.  A destination glibc
 * refuses before it reads the format (a wide or unwritable stream, a
 * descriptor that is not open) fails the call instead, as there; the
 * callers check that only when the scan finds a fault.  What differs is a
 * call glibc stops on the way to the fault (a failed write, a %lc it
 * cannot convert), which aborts here, and output glibc had already
 * handed to write(2) before aborting (a line-buffered terminal), which we
 * do not produce.
 */
#define _GNU_SOURCE
#include "fortify.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <wchar.h>

#include "args.h"
#include "spec.h"

void xp_fortify_fatal(const char *msg)
{
	size_t n = strlen(msg);
	while (n > 0) {
		ssize_t w = write(STDERR_FILENO, msg, n);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			break;
		msg += w;
		n -= (size_t)w;
	}
	abort();
}

static int hex_value(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* One /proc/self/maps line at a time, a byte at a time: no line buffer,
 * so no length limit and no allocation. */
struct maps_scan {
	enum { M_FROM, M_TO, M_PERM_R, M_PERM_W, M_SKIP } state;
	uintptr_t from, to;
	int digits;
	uintptr_t start, end; /* the area asked about */
	size_t left;          /* bytes of it not yet seen read-only */
};

/* Returns 1 (all read-only), -1 (writable or unparsable) or 0 (go on). */
static int maps_byte(struct maps_scan *m, char c)
{
	int h;
	switch (m->state) {
	case M_FROM:
	case M_TO:
		h = hex_value(c);
		if (h >= 0) {
			uintptr_t *v = m->state == M_FROM ? &m->from : &m->to;
			*v = *v * 16 + (uintptr_t)h;
			m->digits++;
			return 0;
		}
		if (m->digits == 0 || c != (m->state == M_FROM ? '-' : ' '))
			return -1;
		m->digits = 0;
		if (m->state == M_FROM) {
			m->state = M_TO;
			return 0;
		}
		m->state = m->from < m->end && m->to > m->start ? M_PERM_R : M_SKIP;
		return 0;
	case M_PERM_R:
		if (c != 'r')
			return -1;
		m->state = M_PERM_W;
		return 0;
	case M_PERM_W:
		if (c != '-')
			return -1;
		/* This mapping covers part of the area read-only. */
		if (m->from <= m->start && m->to >= m->end)
			m->left = 0;
		else if (m->from <= m->start)
			m->left -= m->to - m->start;
		else if (m->to >= m->end)
			m->left -= m->end - m->from;
		else
			m->left -= m->to - m->from;
		if (m->left == 0)
			return 1;
		m->state = M_SKIP;
		return 0;
	case M_SKIP:
	default:
		if (c == '\n') {
			m->state = M_FROM;
			m->from = m->to = 0;
		}
		return 0;
	}
}

int xp_readonly_area(const void *p, size_t n)
{
	int fd = open("/proc/self/maps", O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		/* No /proc (a chroot) or no access (set-id): glibc lets it pass. */
		return errno == ENOENT || errno == EACCES ? 1 : -1;

	struct maps_scan m = { .state = M_FROM };
	m.start = (uintptr_t)p;
	m.end = m.start + n;
	m.left = n;
	int verdict = 0;
	char buf[1024];
	while (verdict == 0) {
		ssize_t got = read(fd, buf, sizeof buf);
		if (got < 0 && errno == EINTR)
			continue;
		if (got <= 0)
			break;
		for (ssize_t i = 0; i < got && verdict == 0; i++)
			verdict = maps_byte(&m, buf[i]);
	}
	close(fd);
	return verdict == 1 ? 1 : -1;
}

/* Argument numbers the scan can track on the stack; formats using more
 * fall back to one pass over the format per number. */
#define TRACKED 4096

struct format_facts {
	int has_n_first;     /* a %n before glibc switches to its positional path */
	int has_n;           /* any %n */
	int positional;      /* switched: an n$, *m$ or unknown conversion seen */
	long max_index;      /* highest 0-based argument number, -1 if none */
};

#define XP_CHAR char
#define XP_NAME(n) n
#define XP_FIND strchr
#define XP_PARSE xp_parse_directive
#define XP_LEN strlen
#include "fortify_scan.h"
#undef XP_CHAR
#undef XP_NAME
#undef XP_FIND
#undef XP_PARSE
#undef XP_LEN

#define XP_CHAR wchar_t
#define XP_NAME(n) n##_wide
#define XP_FIND wcschr
#define XP_PARSE xp_parse_directive_wide
#define XP_LEN wcslen
#include "fortify_scan.h"
