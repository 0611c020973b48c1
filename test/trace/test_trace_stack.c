/* test_trace_stack.c - the calling thread's stack:
 *
 * xprintf_dump_stack called from an inlined helper (dump_stack.c) prints
 * the frames gdb's bt shows at a breakpoint on that call's line (without
 * gdb: the program's own functions in order);
 *
 * xprintf_backtrace returns the return addresses glibc's backtrace()
 * returns from the same function.  Each one's first entry is its own
 * call's return address in that function, so those two differ (both must
 * be in it); a frame a signal interrupted is the instruction + 1 in ours
 * (include/xprintf.h) and the instruction in glibc's.
 */
#define _GNU_SOURCE
#include <check.h>
#include <execinfo.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "check_run.h"
#include "trace_frames.h"
#include "trace_run.h"
#include "xprintf.h"

#define DEPTH 64

/* Under qemu-user on ppc64, libgcc cannot step through the emulator's
 * signal frames, and glibc's backtrace() there walks the back chain,
 * which ends a frame earlier at a thread's start: only the frames both
 * have are compared. */
#if defined(XP_TRACE_EMULATOR) && defined(__powerpc64__)
#define COMMON_FRAMES_ONLY 1
#else
#define COMMON_FRAMES_ONLY 0
#endif

/* The line of dump_stack.c that holds the marker. */
static int marker_line(void)
{
	FILE *f = fopen(XP_TRACE_SRC "/dump_stack.c", "r");
	ck_assert(f != NULL);
	char line[256];
	int n = 0, at = 0;
	while (!at && fgets(line, sizeof line, f)) {
		n++;
		if (strstr(line, "/* the dump_stack line */"))
			at = n;
	}
	fclose(f);
	ck_assert(at > 0);
	return at;
}

static int gdb_bt(struct frames *f)
{
	char brk[64];
	snprintf(brk, sizeof brk, "dump_stack.c:%d", marker_line());
	if (gdb_frames(XP_TRACE_BIN "/dump_stack", NULL, NULL, brk, "main", 0, f))
		return 1;
	printf("trace: no gdb here: dump_stack's own functions checked instead\n");
	return 0;
}

START_TEST(dump_stack_against_gdb)
{
	static struct frames ours, oracle;
	const char *argv[] = { XP_TRACE_BIN "/dump_stack", NULL };
	struct run_opts o = { argv, NULL, NULL, 0 };
	struct run_result r;
	ck_assert(run_program(&o, &r) == 0);
	ck_assert_msg(WIFEXITED(r.status) && WEXITSTATUS(r.status) == 0, "%s", r.out);
	ck_assert_msg(parse_call_trace(r.out, &ours) == 0, "no Call Trace block:\n%s", r.out);
	char why[2048];
	if (!gdb_bt(&oracle)) {
		const char *want[] = { "show", "step", "walk", "main", NULL };
		ck_assert_msg(frames_have(&ours, want, why, sizeof why), "%s", why);
	} else {
		struct compare_stats st;
		ck_assert_msg(compare_frames(&ours, &oracle, "main", 0, 0, &st, why, sizeof why), "%s\n%s", why,
			      r.out);
		printf("trace: dump_stack: %d levels as gdb's bt\n", st.levels);
	}
	run_free(&r);
}
END_TEST

struct pair {
	void *ours[DEPTH], *glibc[DEPTH];
	int n, ng;
};

/* Both from one function, one after the other (glibc's whole). */
static __attribute__((noinline)) void both(struct pair *p, int max)
{
	p->n = xprintf_backtrace(p->ours, max);
	p->ng = backtrace(p->glibc, DEPTH);
	__asm__ volatile("" ::: "memory");
}

static const char *name_of(void *pc, char *buf, size_t len)
{
	xsnprintf(buf, len, "%pB", pc);
	buf[strcspn(buf, "+")] = 0;
	return buf;
}

/* glibc's entries from its first one in both(): under ASan, its
 * interceptor of backtrace() is a frame before that. */
static int first_in_both(const struct pair *p)
{
	char name[256];
	for (int i = 0; i < p->ng; i++)
		if (!strcmp(name_of(p->glibc[i], name, sizeof name), "both"))
			return i;
	ck_abort_msg("glibc's backtrace has no frame in both()");
	return -1;
}

/* ours[i] against glibc's, with the differences the header documents;
 * an interrupted frame (at most one) is + 1 in ours.  Returns how many
 * frames were so. */
static int compare_pair(const struct pair *p, int max)
{
	char a[256], b[256];
	int g = first_in_both(p), interrupted = 0;
	ck_assert_str_eq(name_of(p->ours[0], a, sizeof a), "both");
	int want = p->ng - g < max ? p->ng - g : max;
	int n = COMMON_FRAMES_ONLY ? (p->n < want ? p->n : want) : want;
	ck_assert_msg((COMMON_FRAMES_ONLY || p->n == n) && n > 1, "ours %d frames, glibc's %d", p->n, want);
	for (int i = 1; i < n; i++) {
		uintptr_t x = (uintptr_t)p->ours[i], y = (uintptr_t)p->glibc[g + i];
		if (x == y + 1 && !interrupted++)
			continue;
		ck_assert_msg(x == y, "frame %d: ours %p (%s), glibc's %p (%s)", i, p->ours[i],
			      name_of(p->ours[i], a, sizeof a), p->glibc[g + i], name_of(p->glibc[g + i], b, sizeof b));
	}
	return interrupted;
}

static __attribute__((noinline)) void nest(struct pair *p, int depth, int max)
{
	if (depth == 0)
		both(p, max);
	else
		nest(p, depth - 1, max);
	__asm__ volatile("" ::: "memory");
}

START_TEST(backtrace_as_glibc)
{
	static struct pair p;
	nest(&p, 5, DEPTH);
	ck_assert_int_eq(compare_pair(&p, DEPTH), 0);
	/* Cut short: the first max of the same. */
	nest(&p, 5, 4);
	ck_assert_int_eq(compare_pair(&p, 4), 0);
}
END_TEST

static void *in_thread(void *arg)
{
	nest(arg, 3, DEPTH);
	return NULL;
}

START_TEST(backtrace_in_thread)
{
	static struct pair p;
	pthread_t t;
	ck_assert(pthread_create(&t, NULL, in_thread, &p) == 0);
	pthread_join(t, NULL);
	ck_assert_int_eq(compare_pair(&p, DEPTH), 0);
}
END_TEST

static struct pair from_handler;

static void on_usr1(int sig)
{
	(void)sig;
	nest(&from_handler, 2, DEPTH);
}

START_TEST(backtrace_in_signal_handler)
{
	struct sigaction sa = { 0 };
	sa.sa_handler = on_usr1;
	ck_assert(sigaction(SIGUSR1, &sa, NULL) == 0);
	syscall(SYS_tgkill, getpid(), gettid(), SIGUSR1);
	/* The frame that tgkill's syscall returned to. */
	int interrupted = compare_pair(&from_handler, DEPTH);
	if (!COMMON_FRAMES_ONLY)
		ck_assert_int_eq(interrupted, 1);
}
END_TEST

/* xprintf_dump_stack from a signal handler: the handler's frame, then the
 * interrupted ones, without the signal trampoline between them.  Oracle:
 * the trampoline is the code the kernel returns through, the
 * rt_sigreturn system call (x86_64, glibc's __restore_rt: mov $15, %rax;
 * syscall; aarch64, the vDSO's or qemu's: mov x8, #139; svc #0).  No
 * printed frame may point at it. */
#if defined(__x86_64__)
static const unsigned char rt_sigreturn_code[] = { 0x48, 0xc7, 0xc0, 0x0f, 0x00, 0x00, 0x00, 0x0f, 0x05 };
#elif defined(__aarch64__)
static const uint32_t rt_sigreturn_code[] = { 0xd2801168, 0xd4000001 };
#endif
static int dump_fd, dump_returned;

static __attribute__((noinline)) void on_usr2(int sig)
{
	(void)sig;
	dump_returned = xprintf_dump_stack(dump_fd);
	__asm__ volatile("" ::: "memory");
}

START_TEST(dump_stack_in_signal_handler)
{
	FILE *tmp = tmpfile();
	ck_assert_ptr_nonnull(tmp);
	dump_fd = fileno(tmp);
	struct sigaction sa = { 0 };
	sa.sa_handler = on_usr2;
	ck_assert(sigaction(SIGUSR2, &sa, NULL) == 0);
	syscall(SYS_tgkill, getpid(), gettid(), SIGUSR2);
	rewind(tmp);
	char line[1024];
	int frames = 0, handler = 0, here = 0;
	while (fgets(line, sizeof line, tmp)) {
		unsigned long a;
		if (sscanf(line, " [<%lx>]", &a) != 1)
			continue;
		frames++;
		handler += strstr(line, "] on_usr2+") != NULL;
		here += strstr(line, "] dump_stack_in_signal_handler") != NULL;
#if defined(__x86_64__) || defined(__aarch64__)
		ck_assert_msg(memcmp((const void *)(uintptr_t)a, rt_sigreturn_code, sizeof rt_sigreturn_code),
			      "the signal trampoline is a frame: %s", line);
#endif
	}
	fclose(tmp);
	ck_assert_int_eq(handler, 1);
	ck_assert_int_eq(dump_returned, frames); /* the frames it printed */
	/* (ppc64 under qemu: the walk stops at the emulator's trampoline) */
	if (!COMMON_FRAMES_ONLY) {
		ck_assert_int_gt(frames, 3);
		ck_assert_int_eq(here, 1);
	}
}
END_TEST

int main(void)
{
	Suite *s = suite_create("trace_stack");
	TCase *tc = tcase_create("stack");
	tcase_add_test(tc, dump_stack_against_gdb);
	tcase_add_test(tc, backtrace_as_glibc);
	tcase_add_test(tc, backtrace_in_thread);
	tcase_add_test(tc, backtrace_in_signal_handler);
	tcase_add_test(tc, dump_stack_in_signal_handler);
	suite_add_tcase(s, tc);
	return check_run(s);
}
