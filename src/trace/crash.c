/* crash.c - xprintf_crash_report_install: an oops on the fatal signals,
 * then the signal does what it would have done without the report.
 *
 * The handler allocates nothing, takes no lock and uses no stdio: the
 * symbol index is built at install (xprintf_symbols_preload) and the
 * unwinder warmed there, so a crash inside malloc or with any lock held is
 * reported too.  Threads that crash together take turns through one
 * atomic word (the tid of the reporting thread); the first to finish waits
 * for the others' reports before its signal ends the process.
 *
 * The report's head (signal, instruction, registers) is written before
 * the stack is walked, and the walk may fault: a crash that smashed the
 * frame chain sends the unwinder to a bogus address.  SIGSEGV and SIGBUS
 * are let through for the walk alone, and the nested handler jumps back
 * out of it: the report ends with the frames found until then.
 */
#define _GNU_SOURCE
#include "xprintf.h"

#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <setjmp.h>
#include <signal.h>
#include <stdatomic.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "../../symtab/symtab.h"
#include "oops.h"
#include "registers.h"
#include "unwind.h"

#define XP_PUBLIC __attribute__((visibility("default")))

/* What a report's handler needs beside its own stack. */
#define ALT_STACK_SIZE (256 * 1024)
/* A thread's own alternate stack at least this large is kept. */
#define ALT_STACK_KEPT (64 * 1024)
/* How long a reported thread lets the others finish theirs, in yields. */
#define WAIT_FOR_OTHERS 1000000

static const int fatal_signals[] = { SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP };
#define FATAL_COUNT (sizeof fatal_signals / sizeof fatal_signals[0])

/* Written by install (under install_lock) before the handlers are set;
 * read by the handlers. */
static pthread_mutex_t install_lock = PTHREAD_MUTEX_INITIALIZER;
static atomic_int report_fd = -1;
static struct sigaction previous[FATAL_COUNT];
static int installed;

static atomic_int reporter; /* tid writing a report, 0 if none */
static atomic_int crashing; /* threads in the handler */

/* The reporter's walk, owned by the thread in `reporter`: static, so
 * that what it found survives a jump out of it. */
static struct xp_trace walk_trace;
static struct xp_walk walk;
static sigjmp_buf walk_escape;
static volatile sig_atomic_t walking;

static int index_of(int sig)
{
	for (unsigned i = 0; i < FATAL_COUNT; i++)
		if (fatal_signals[i] == sig)
			return (int)i;
	return -1;
}

/* The first frame after the one the signal interrupted (the handler and
 * the signal trampoline are before it); -1 if the walk never reached it. */
static int first_caller(const struct xp_trace *t, uintptr_t pc)
{
	for (int i = 0; i < t->n; i++)
		if (t->interrupted[i] && (!pc || (uintptr_t)t->pc[i] == pc))
			return i + 1;
	for (int i = 0; i < t->n; i++)
		if ((uintptr_t)t->pc[i] == pc)
			return i + 1;
	return -1;
}

/* Give the signal back to what handled it before: a fault the kernel
 * raised happens again when the handler returns (the instruction runs
 * again); anything else (abort's raise, kill, a breakpoint trap, whose
 * instruction is behind us) is sent again, pending until we return. */
static void pass_on(int sig, siginfo_t *si)
{
	int i = index_of(sig);
	if (i >= 0)
		sigaction(sig, &previous[i], NULL);
	if (si->si_code > 0 && sig != SIGTRAP && sig != SIGABRT)
		return;
	pid_t pid = getpid(), tid = gettid();
	if (syscall(SYS_rt_tgsigqueueinfo, pid, tid, sig, si) != 0)
		syscall(SYS_tgkill, pid, tid, sig);
}

/* The walk into t, with SIGSEGV and SIGBUS let through for it alone: a
 * fault ends it there (on_fatal_signal jumps back).  With saved, uc first
 * steps out to the caller of a call into nowhere (which reads the stack,
 * so it faults here too). */
static void protected_walk(struct xp_trace *t, void *uc, struct xp_context_saved *saved)
{
	walk = (struct xp_walk){ t->pc, t->interrupted, XP_TRACE_MAX, 0, 0, 0 };
	sigset_t faults;
	sigemptyset(&faults);
	sigaddset(&faults, SIGSEGV);
	sigaddset(&faults, SIGBUS);
	if (saved)
		saved->changed = 0;
	if (sigsetjmp(walk_escape, 0) == 0) {
		walking = 1;
		pthread_sigmask(SIG_UNBLOCK, &faults, NULL);
		if (!saved || xp_context_step_out(uc, saved))
			xp_unwind_walk(&walk);
	}
	pthread_sigmask(SIG_BLOCK, &faults, NULL);
	walking = 0;
	t->n = walk.n;
	t->more = walk.more;
}

/* Whether a function of an indexed object covers addr (no index is built
 * here: the handler set no_builds_for). */
static int is_code(uintptr_t addr)
{
	struct xp_symbol sym;
	struct xp_symtab_hold h;
	int found = xp_symtab_lookup(addr, &sym, &h) && !sym.is_data;
	xp_symtab_release(&h);
	return found;
}

/*
 * A call through a NULL or wild pointer faults at an address without
 * code, where the unwinder stops: the walk found no caller.  The call's
 * return address is where the call left it (registers.h): walk again
 * from there, as if the callee had returned at once, and start the
 * report at that frame, a return address (not an interrupted
 * instruction).  uc is put back before the handler returns.  Returns the
 * first frame to print, or first as it was when the return address is
 * no code either.
 */
static int walk_from_caller(struct xp_trace *t, void *uc, int first)
{
	struct xp_context_saved saved;
	struct xp_trace again;
	protected_walk(&again, uc, &saved);
	uintptr_t ret = xp_context_pc(uc);
	xp_context_restore(uc, &saved);
	if (!saved.changed || !is_code(ret - 1))
		return first;
	for (int i = 0; i < again.n; i++) {
		if (again.interrupted[i] && (uintptr_t)again.pc[i] == ret) {
			again.interrupted[i] = 0;
			*t = again;
			return i;
		}
	}
	return first;
}

static void on_fatal_signal(int sig, siginfo_t *si, void *uc)
{
	int saved = errno;
	int self = (int)gettid(), none = 0;
	atomic_fetch_add(&crashing, 1);
	while (!atomic_compare_exchange_weak(&reporter, &none, self)) {
		if (none == self) {
			if (walking) { /* the walk faulted: end it there */
				walking = 0;
				atomic_fetch_sub(&crashing, 1);
				siglongjmp(walk_escape, 1);
			}
			/* a fault while this thread reports: no second report */
			atomic_fetch_sub(&crashing, 1);
			pass_on(sig, si);
			errno = saved;
			return;
		}
		none = 0;
		sched_yield();
	}
	/* Objects loaded since the install print as addresses: indexing
	 * them would allocate, and the crash may hold malloc's lock. */
	xp_symtab_no_builds_for(self);
	int fd = atomic_load(&report_fd);
	xp_oops_report_head(fd, sig, si, uc);
	struct xp_trace *t = &walk_trace;
	uintptr_t pc = xp_context_pc(uc);
	protected_walk(t, NULL, NULL);
	int first = first_caller(t, pc);
	if ((first < 0 || first >= t->n) && !is_code(pc))
		first = walk_from_caller(t, uc, first);
	if (first < 0)
		first = xp_unwind_backchain(uc, t) ? 1 : t->n;
	xp_oops_call_trace(fd, t, first, 1);
	xp_symtab_no_builds_for(0);
	atomic_store(&reporter, 0);
	atomic_fetch_sub(&crashing, 1);
	for (long spins = 0; atomic_load(&crashing) > 0 && spins < WAIT_FOR_OTHERS; spins++)
		sched_yield();
	pass_on(sig, si);
	errno = saved;
}

/* A stack for the handler when this thread's own overflows.  One the
 * thread has already is kept when it is large enough for a report; a
 * smaller one (the classic 8 KiB: with AVX-512 the kernel's signal frame
 * alone takes about 3 KiB) is replaced, or the report would overflow it. */
static int give_alternate_stack(void)
{
	stack_t now;
	if (sigaltstack(NULL, &now) == 0 && !(now.ss_flags & SS_DISABLE) &&
	    (now.ss_size >= ALT_STACK_KEPT || (now.ss_flags & SS_ONSTACK)))
		return 0; /* the thread's own (or in use: it cannot change now) */
	void *p = mmap(NULL, ALT_STACK_SIZE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_STACK, -1, 0);
	if (p == MAP_FAILED)
		return -1;
	stack_t ss = { .ss_sp = p, .ss_size = ALT_STACK_SIZE, .ss_flags = 0 };
	if (sigaltstack(&ss, NULL) != 0) {
		munmap(p, ALT_STACK_SIZE);
		return -1;
	}
	return 0; /* kept for the thread's life: it may crash any time */
}

XP_PUBLIC int xprintf_crash_report_install(int fd)
{
	if (fd < 0) {
		errno = EBADF;
		return -1;
	}
	/* Before any handler exists: the index, the unwinder, the stack. */
	if (xprintf_symbols_preload() != 0 && errno != ENOMEM)
		return -1;
	xp_symtab_keep_until_exit();
	xp_unwind_warm();
	if (give_alternate_stack() != 0)
		return -1;
	pthread_mutex_lock(&install_lock);
	atomic_store(&report_fd, fd);
	int rc = 0;
	if (!installed) {
		struct sigaction sa = { 0 };
		sa.sa_sigaction = on_fatal_signal;
		sa.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_RESTART;
		/* The other fatal signals wait while a report is written: one
		 * that hits the reporter kills it at once instead of nesting. */
		sigemptyset(&sa.sa_mask);
		for (unsigned i = 0; i < FATAL_COUNT; i++)
			sigaddset(&sa.sa_mask, fatal_signals[i]);
		for (unsigned i = 0; i < FATAL_COUNT && rc == 0; i++)
			rc = sigaction(fatal_signals[i], &sa, &previous[i]);
		installed = rc == 0;
	}
	pthread_mutex_unlock(&install_lock);
	return rc;
}
