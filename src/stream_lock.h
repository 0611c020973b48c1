/* stream_lock.h - the stdio lock around one stream call, taken as glibc's
 * own stdio takes it: only once the process has more than one thread.
 * While it has one, nobody can contend, and flockfile/funlockfile were
 * most of the cost of a short fprintf.  The decision is made once per
 * call, so a thread created during the call (from a %p extension) cannot
 * leave an unlock without its lock.  A stream whose caller took the
 * locking over (__fsetlocking FSETLOCKING_BYCALLER) is not locked, as
 * glibc's stdio does not lock it: its caller may hold the lock in another
 * thread while this one prints.  Like glibc, that flag is read before the
 * lock is held (a relaxed atomic load: only __fsetlocking changes it). */
#ifndef XP_STREAM_LOCK_H
#define XP_STREAM_LOCK_H

#include <stdio.h>
#include <sys/single_threaded.h>

#include "libio_flags.h"

/* ThreadSanitizer does not see glibc's stdio lock (flockfile is none of
 * its interceptors): tell it what the lock orders, so that it checks the
 * FILE fields the stream sink writes under it instead of flagging them. */
#if defined(__SANITIZE_THREAD__)
#define XP_STREAM_LOCK_TSAN 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define XP_STREAM_LOCK_TSAN 1
#endif
#endif
#ifdef XP_STREAM_LOCK_TSAN
#include <sanitizer/tsan_interface.h>
#define xp_tsan_acquire(addr) __tsan_acquire(addr)
#define xp_tsan_release(addr) __tsan_release(addr)
#else
#define xp_tsan_acquire(addr) ((void)(addr))
#define xp_tsan_release(addr) ((void)(addr))
#endif

/* Whether the caller took the stream's locking over.  Under
 * ThreadSanitizer (test builds) the flag is not read: the sinks' own flag
 * writes under the lock would race with the read in its eyes, so there the
 * stream is always locked. */
static inline int xp_stream_locked_by_caller(FILE *f)
{
#ifdef XP_STREAM_LOCK_TSAN
	(void)f;
	return 0;
#else
	return (__atomic_load_n(&f->_flags, __ATOMIC_RELAXED) & XP_IO_USER_LOCK) != 0;
#endif
}

/* Nonzero when the lock was taken: pass it to xp_stream_unlock. */
static inline int xp_stream_lock(FILE *f)
{
	if (__libc_single_threaded || xp_stream_locked_by_caller(f))
		return 0;
	flockfile(f);
	xp_tsan_acquire(f);
	return 1;
}

static inline void xp_stream_unlock(FILE *f, int locked)
{
	if (locked) {
		xp_tsan_release(f);
		funlockfile(f);
	}
}

#endif
