/* stream_lock.h - the stdio lock around one stream call, taken as glibc's
 * own stdio takes it: only once the process has more than one thread.
 * While it has one, nobody can contend, and flockfile/funlockfile were
 * most of the cost of a short fprintf.  The decision is made once per
 * call, so a thread created during the call (from a %p extension) cannot
 * leave an unlock without its lock.  Nor is a stream locked whose caller
 * took the locking over (__fsetlocking), as glibc's _IO_flockfile. */
#ifndef XP_STREAM_LOCK_H
#define XP_STREAM_LOCK_H

#include <stdio.h>
#include <sys/single_threaded.h>

/* Nonzero when the lock was taken: pass it to xp_stream_unlock. */
static inline int xp_stream_lock(FILE *f)
{
	/* A stream set to FSETLOCKING_BYCALLER is the caller's to lock. */
	if (__libc_single_threaded || (f->_flags & _IO_USER_LOCK))
		return 0;
	flockfile(f);
	return 1;
}

static inline void xp_stream_unlock(FILE *f, int locked)
{
	if (locked)
		funlockfile(f);
}

#endif
