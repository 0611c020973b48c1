/* A NULL store three inlined calls deep: store in record in update, all
 * inlined into parse.  Also built without -g (crash_nodebug). */
#include "crash_common.h"

struct rec {
	int count;
	int last;
};

static struct rec *volatile target;

INLINE void store(struct rec *r, int v)
{
	r->last = v + crash_seen;
}

INLINE void record(struct rec *r, int v)
{
	store(r, v * 3);
	crash_seen++;
}

INLINE void update(struct rec *r, int v)
{
	record(r, v + 7);
	crash_seen += 2;
}

NOINLINE void parse(struct rec *r, int v)
{
	update(r, v);
	crash_seen += 3;
}

NOINLINE void load(int v)
{
	parse(target, v);
	crash_seen += 4;
}

int main(int argc, char **argv)
{
	if (crash_setup(argc, argv) != 0)
		return 2;
	load(argc);
	return crash_seen;
}
