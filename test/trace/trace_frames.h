/* trace_frames.h - frames as a report prints them and as gdb sees them,
 * one level per function (inlined calls unfolded, innermost first), and
 * their comparison. */
#ifndef XP_TRACE_FRAMES_H
#define XP_TRACE_FRAMES_H

#include <stddef.h>

#define TRACE_LEVELS 400

struct level {
	char name[160];
	char file[256]; /* "" without line information */
	int line;
	long off;       /* a physical frame's offset into its function; -1 if unknown */
	int inlined;    /* an inlined level (not the frame's own function) */
	char other[300]; /* gdb: a second file:line DWARF gives (gdb_frames.py) */
};

struct frames {
	struct level lv[TRACE_LEVELS];
	int n;
};

struct report {
	char bug[256];        /* the BUG: line */
	struct frames f;      /* the interrupted pc's levels, then the Call Trace's */
	int more;             /* " ... N more frames" */
	int complete;         /* the end line was there */
	int foreign;          /* lines inside it that are not its own */
	size_t start, end;    /* its lines in the output */
};

/* The reports in out, in order (at most max).  Returns how many. */
int parse_reports(const char *out, struct report *r, int max);

/* The trace of a Call Trace block alone (xprintf_dump_stack's). */
int parse_call_trace(const char *out, struct frames *f);

/* gdb_frames.py's lines.  Returns 0, or -1 if there were none. */
int parse_gdb(const char *out, struct frames *f);

/* How a comparison went, for the notes the test prints. */
struct compare_stats {
	int levels;   /* levels compared */
	int aliases;  /* names accepted as aliases (same function entry) */
	int views;    /* lines accepted as the other DWARF row (gdb_frames.py) */
};

enum {
	CMP_NAMES_ONLY = 1, /* no file:line (no debug information) */
	CMP_FIRST_NAME = 2, /* the first level by name only */
};

/* Whether ours equals gdb's, level by level, up to and including the
 * function named stop (a frame's own level), or the first max levels
 * (max > 0); flags are CMP_*.  On a mismatch, why says so. */
int compare_frames(const struct frames *ours, const struct frames *gdb, const char *stop, int max,
		   unsigned flags, struct compare_stats *st, char *why, size_t len);

/* The levels' names, for messages. */
void frames_text(const struct frames *f, char *buf, size_t len);

/* Whether the functions named in want (NULL-terminated) are frames of f
 * in that order (other frames may come between). */
int frames_have(const struct frames *f, const char *const *want, char *why, size_t len);

#endif
