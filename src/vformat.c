/* vformat.c - one formatting call: a copy of the arguments, the driver
 * loop (run.c, in the build the CPU can run fastest), the positional
 * restart when a n$ directive stopped it, then the result and errno. */
#define _GNU_SOURCE
#include "vformat.h"

#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <string.h>

#include "args.h"
#include "hot_text.h"
#include "run.h"
#include "sink_dest.h"
#include "variadic.h"

_Atomic int xp_run_loop;

#ifdef XP_HAVE_RUN_AVX512
#include <sys/platform/x86.h>

/* What the dynamic loader found of a CPU feature (it has already asked
 * the CPU, the kernel and GLIBC_TUNABLES; libgcc's __builtin_cpu_supports
 * would ask again, with CPUID instructions that are slow under a
 * hypervisor, in every program linked with the library):
 * CPU_FEATURE_ACTIVE without its 1 << bit, undefined for bit 31
 * (AVX512VL). */
static int feature_active(unsigned index)
{
	const unsigned bits = 8 * sizeof(unsigned);
	const struct cpuid_feature *leaf = __x86_get_cpuid_feature_leaf(index / (4 * bits));
	return leaf->active_array[index % (4 * bits) / bits] >> index % bits & 1;
}

XP_HOT_TEXT int xp_run_choose(void)
{
	/* Threads that race here store the same answer. */
	int loop = feature_active(x86_cpu_AVX512BW) && feature_active(x86_cpu_AVX512VL) ? XP_LOOP_AVX512
											  : XP_LOOP_PLAIN;
	atomic_store_explicit(&xp_run_loop, loop, memory_order_relaxed);
	return loop;
}
#else
int xp_run_choose(void)
{
	atomic_store_explicit(&xp_run_loop, XP_LOOP_PLAIN, memory_order_relaxed);
	return XP_LOOP_PLAIN;
}
#endif

/* Continue from st->resume with every argument fetched up front. */
static __attribute__((noinline)) void run_positional(struct xp_sink *s, const char *fmt, va_list ap,
						     struct run_state *st)
{
	struct xp_arg_table store;
	store.heap = NULL;
	struct xp_args a;
	a.table = NULL;
	a.count = a.next_seq = 0;
	if (xp_args_go_positional(&a, &store, fmt, st->resume, ap) < 0) {
		st->err = errno;
	} else {
		const char *from = st->resume;
		st->resume = NULL;
		xp_run_best(s, from, &a, st);
	}
	xp_arg_table_release(&store);
}

/* After the sequential run: the positional restart if one was met, then
 * the result (count, or -1 with errno). */
static inline int call_result(struct xp_sink *s, const char *fmt, va_list ap, struct run_state *st)
{
	if (st->resume && !st->err)
		run_positional(s, fmt, ap, st);
	int err = st->err;
	if (!err && s->error)
		err = s->error;
	if (!err && xp_sink_count(s) > INT_MAX)
		err = EOVERFLOW;
	if (err) {
		errno = err;
		return -1;
	}
	return (int)xp_sink_count(s);
}

/* One call over a's copy of the arguments.  Inline: the callers own a, as
 * va_end must be theirs for that. */
static inline int format_call(struct xp_sink *s, const char *fmt, va_list ap, struct xp_args *a,
			      struct run_state *st)
{
	xp_run_best(s, fmt, a, st);
	return call_result(s, fmt, ap, st);
}

/* glibc: -1 with EINVAL (a program under the preload may do this). */
static int missing_format(void)
{
	errno = EINVAL;
	return -1;
}

XP_HOT_TEXT int xp_vformat(struct xp_sink *s, const char *fmt, va_list ap)
{
	if (!fmt)
		return missing_format();
	/* A stream's or a descriptor's write may change errno: read it first. */
	struct run_state st = { .saved_errno = errno, .errno_unread = 0 };
	struct xp_args a = { .table = NULL };
	XP_VA_COPY(a.ap, ap);
	int r = format_call(s, fmt, ap, &a, &st);
	va_end(a.ap);
	return r;
}

int xp_buffer_call_end(struct xp_buffer_sink *b, const char *fmt, va_list orig,
		       struct run_state *st)
{
	int r = call_result(&b->sink, fmt, orig, st);
	xp_buffer_finish(b);
	return r;
}

int xp_stream_run_end(struct xp_stream_sink *st, const char *fmt, va_list orig,
		      struct run_state *rs)
{
	return xp_stream_end(st, call_result(&st->sink, fmt, orig, rs));
}

int xp_buffer_no_format(struct xp_buffer_sink *b)
{
	xp_buffer_finish(b);
	return missing_format();
}
