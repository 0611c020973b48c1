/* test_trace_crash.c - crash reports against gdb.
 *
 * Each case is a small program (crash_*.c) run three ways: plain (no
 * handler: the reference exit status), calling
 * xprintf_crash_report_install(2) itself, and under
 * LD_PRELOAD=libxprintf-crash.so.  The two reported runs must end as the
 * plain run did, and each report's frames, with the inlined levels
 * unfolded (innermost first), must be the frames gdb sees when it stops
 * the plain program at its fatal signal (gdb_frames.py): the same
 * function names, file base names and lines, from the faulting function
 * up to main or the thread's start routine.  How names and lines are
 * normalised is said in trace_frames.c (names) and gdb_frames.py (lines).
 *
 * Without gdb (the cross legs under qemu) the gdb part is skipped with a
 * note and each program's own functions are checked instead.
 *
 * Under the sanitizers the programs' own code is not instrumented (UBSan
 * would stop at the NULL access before it faults: CMakeLists.txt), but
 * they link the sanitizer runtime that the instrumented libxprintf needs,
 * and ASan's SIGSEGV and SIGFPE handlers exist before main.  So the plain
 * run ends as ASan ends it (its report, exit 1), and so must the reported
 * runs: after its report the handler gives the signal back to ASan's (the
 * handler installed before).  The preload runs put ASan's runtime first
 * in LD_PRELOAD, as ASan requires.  malloc is ASan's there (malloc_stats
 * prints nothing), so the malloc cases are skipped.
 */
#define _GNU_SOURCE
#include <check.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check_run.h"
#include "trace_frames.h"
#include "trace_run.h"

struct crash_case {
	const char *prog;     /* in XP_TRACE_BIN */
	const char *variant;  /* argv[2], or NULL */
	int sig;              /* the signal it dies by */
	const char *stop;     /* the last function compared (NULL: max levels) */
	int max;              /* levels compared at most (0: up to stop) */
	unsigned flags;
	const char *expect[8]; /* its own functions in order, when there is no gdb */
};

enum {
	NAMES_ONLY = CMP_NAMES_ONLY, /* built without -g */
	/* The stack's limit falls where ASLR puts it (gdb turns ASLR off):
	 * the access that meets it may be any one of the frame's. */
	ANY_FAULT_IN_FRAME = CMP_FIRST_NAME,
	TWO_REPORTS = 4, /* two threads fault: gated runs (trace_run.h) */
	X86_ONLY = 8,    /* integer division traps only there */
	MALLOC = 16,     /* needs glibc's malloc */
	/* gdb's frames are no oracle for a smashed stack: the program's
	 * own functions up to the smashed link are checked instead. */
	OWN_FRAMES = 32,
	/* The fault is in a plugin loaded after the install: the report
	 * must print it as an address (indexing it would allocate). */
	LATE_PLUGIN = 64,
};

static const struct crash_case cases[] = {
	{ "crash_inline", NULL, SIGSEGV, "main", 0, 0, { "store", "record", "update", "parse", "load", "main" } },
	{ "crash_fpe", NULL, SIGFPE, "main", 0, X86_ONLY, { "ratio", "average", "main" } },
	{ "crash_assert", NULL, SIGABRT, "main", 0, 0, { "abort", "check_entries", "configure", "main" } },
	{ "crash_libc", NULL, SIGSEGV, "main", 0, 0, { "name_length", "measure", "main" } },
	{ "crash_thread", NULL, SIGSEGV, "worker", 0, 0, { "fill", "work", "worker" } },
	{ "crash_recursion", NULL, SIGSEGV, NULL, 20, ANY_FAULT_IN_FRAME, { "descend", "descend", "descend" } },
	{ "crash_malloc_lock", "self", SIGSEGV, "main", 0, MALLOC, { "write_fault", "malloc_stats", "main" } },
	{ "crash_malloc_lock", "other", SIGSEGV, "main", 0, MALLOC, { "poke", "crash_while_held", "main" } },
	{ "crash_two_threads", "fill", SIGSEGV, "crasher", 0, TWO_REPORTS, { "fill", "work", "crasher" } },
	{ "crash_nodebug", NULL, SIGSEGV, "main", 0, NAMES_ONLY, { "parse", "load", "main" } },
	{ "crash_smashed", NULL, SIGSEGV, "caller", 0, OWN_FRAMES, { "victim", "caller" } },
	{ "crash_late", NULL, SIGSEGV, "main", 0, OWN_FRAMES | MALLOC | LATE_PLUGIN, { "call_plugin", "main" } },
	{ "crash_at_exit", NULL, SIGSEGV, "at_exit", 0, 0, { "release_all", "at_exit" } },
	{ "crash_small_altstack", NULL, SIGSEGV, "main", 0, 0, { "poke", "main" } },
	/* gdb's frame 0 there is "??"; the report starts at the caller */
	{ "crash_null_call", NULL, SIGSEGV, "main", 0, OWN_FRAMES, { "on_event", "main" } },
	{ "crash_null_call", "heap", SIGSEGV, "main", 0, OWN_FRAMES | X86_ONLY, { "dispatch", "on_event", "main" } },
};
#define NCASES ((int)(sizeof cases / sizeof cases[0]))

#if defined(__SANITIZE_ADDRESS__)
#define SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SANITIZED 1
#endif
#endif
#ifndef SANITIZED
#define SANITIZED 0
#endif

/* "crash_malloc_lock self": for messages. */
static const char *case_name(const struct crash_case *c)
{
	static char buf[128];
	snprintf(buf, sizeof buf, "%s%s%s", c->prog, c->variant ? " " : "", c->variant ? c->variant : "");
	return buf;
}

static void program_path(const struct crash_case *c, char *buf, size_t len)
{
	snprintf(buf, len, "%s/%s", XP_TRACE_BIN, c->prog);
}

/* Runs the case's program as mode ("plain" or "install"). */
static void run_case(const struct crash_case *c, const char *mode, const char *preload, const char *file,
		     struct run_result *r)
{
	char path[1024];
	program_path(c, path, sizeof path);
	/* Only the reported runs are gated: without our handler nothing
	 * would open the gate, and another handler's report (ASan's) would
	 * wait on the full pipe for ever. */
	int gated = (c->flags & TWO_REPORTS) && (preload || !strcmp(mode, "install"));
	const char *variant = (c->flags & TWO_REPORTS) && !gated ? NULL : c->variant;
	const char *argv[] = { path, mode, variant, NULL };
	struct run_opts o = { argv, preload, file, gated ? 2 : 0 };
	ck_assert_msg(run_program(&o, r) == 0, "cannot run %s", path);
}

/* gdb's frames of the plain program at its fatal signal; 0 without gdb. */
static int case_gdb_frames(const struct crash_case *c, struct frames *f)
{
	char path[1024];
	program_path(c, path, sizeof path);
	/* The gated variant only fills the test's pipe: not gdb's. */
	const char *variant = (c->flags & TWO_REPORTS) ? NULL : c->variant;
	if (c->flags & OWN_FRAMES)
		return 0;
	return gdb_frames(path, "plain", variant, NULL, c->stop, c->max, f);
}

static void check_bug_line(const struct crash_case *c, const struct report *r)
{
	char want[32];
	snprintf(want, sizeof want, "BUG: SIG%s (", sigabbrev_np(c->sig));
	ck_assert_msg(!strncmp(r->bug, want, strlen(want)), "%s: %s", c->prog, r->bug);
	int by_kill = c->sig == SIGABRT;
	ck_assert_msg(strstr(r->bug, by_kill ? ") sent by pid " : ") at address ") != NULL, "%s", r->bug);
}

/* One report against gdb's frames (or, without gdb, the expected names). */
static void check_frames(const struct crash_case *c, const char *how, const struct report *r,
			 const struct frames *oracle)
{
	char why[2048];
	if (!c->stop)
		ck_assert_msg(r->more > 0, "%s %s: no '... more frames' line", case_name(c), how);
	if (c->flags & LATE_PLUGIN)
		ck_assert_msg(r->f.n > 0 && !strncmp(r->f.lv[0].name, "0x", 2), "%s %s: the plugin's frame is %s",
			      case_name(c), how, r->f.n > 0 ? r->f.lv[0].name : "missing");
	if (!oracle) {
		ck_assert_msg(frames_have(&r->f, c->expect, why, sizeof why), "%s %s: %s", case_name(c), how, why);
		printf("trace: %s %s: its own functions in order\n", case_name(c), how);
		return;
	}
	struct compare_stats st;
	unsigned how_close = c->flags & (CMP_NAMES_ONLY | CMP_FIRST_NAME);
	if (!compare_frames(&r->f, oracle, c->stop, c->max, how_close, &st, why, sizeof why)) {
		char a[4096], b[4096];
		frames_text(&r->f, a, sizeof a);
		frames_text(oracle, b, sizeof b);
		ck_abort_msg("%s %s: %s\nours: %s\ngdb:  %s", case_name(c), how, why, a, b);
	}
	printf("trace: %s %s: %d levels as gdb's (%d names as aliases, %d lines as DWARF's view)\n", case_name(c),
	       how, st.levels, st.aliases, st.views);
}

/* The reports in out: as many as the case makes, each complete and not
 * interleaved with anything, each as gdb sees the crash. */
static void check_reports(const struct crash_case *c, const char *how, const char *out, const struct frames *oracle)
{
	static struct report rep[3];
	int want = (c->flags & TWO_REPORTS) ? 2 : 1;
	int n = parse_reports(out, rep, 3);
	ck_assert_msg(n == want, "%s %s: %d reports, not %d:\n%s", case_name(c), how, n, want, out);
	for (int i = 0; i < n; i++) {
		ck_assert_msg(rep[i].complete && !rep[i].foreign, "%s %s: report %d cut or interleaved:\n%s", case_name(c),
			      how, i, out);
		check_bug_line(c, &rep[i]);
		check_frames(c, how, &rep[i], oracle);
	}
	if (n == 2)
		ck_assert_msg(strcmp(strstr(rep[0].bug, " tid "), strstr(rep[1].bug, " tid ")) != 0,
			      "two reports of one thread:\n%s", out);
}

static int skipped(const struct crash_case *c)
{
#if !defined(__x86_64__) && !defined(__i386__)
	if (c->flags & X86_ONLY) {
		printf("trace: %s not run: integer division by zero does not trap here\n", c->prog);
		return 1;
	}
#endif
#ifdef XP_TRACE_EMULATOR
	if (c->flags & TWO_REPORTS) {
		/* /proc shows qemu's own signal masks, not the guest's. */
		printf("trace: %s not run: under qemu-user the test cannot see threads in the handler\n", case_name(c));
		return 1;
	}
#endif
	if ((c->flags & MALLOC) && SANITIZED) {
		printf("trace: %s not run: malloc is the sanitizer's\n", case_name(c));
		return 1;
	}
	return 0;
}

static void expect_status(const struct crash_case *c, const char *how, int status, int plain)
{
	char a[64], b[64];
	ck_assert_msg(status == plain, "%s %s: %s, plain run %s", case_name(c), how, run_status_text(status, a, sizeof a),
		      run_status_text(plain, b, sizeof b));
}

START_TEST(crash_against_gdb)
{
	const struct crash_case *c = &cases[_i];
	if (skipped(c))
		return;
	struct run_result plain, r;
	char text[64];
	run_case(c, "plain", NULL, NULL, &plain);
	if (!SANITIZED)
		ck_assert_msg(WIFSIGNALED(plain.status) && WTERMSIG(plain.status) == c->sig, "%s plain: %s\n%s",
			      c->prog, run_status_text(plain.status, text, sizeof text), plain.out);
	static struct frames oracle;
	int have_gdb = case_gdb_frames(c, &oracle);
	if (!have_gdb && _i == 0)
		printf("trace: no gdb here: each program's own functions checked instead\n");

	run_case(c, "install", NULL, NULL, &r);
	expect_status(c, "installed", r.status, plain.status);
	check_reports(c, "installed", r.out, have_gdb ? &oracle : NULL);
	run_free(&r);

	run_case(c, "plain", XP_TRACE_PRELOAD, NULL, &r);
	expect_status(c, "preloaded", r.status, plain.status);
	check_reports(c, "preloaded", r.out, have_gdb ? &oracle : NULL);
	run_free(&r);
	run_free(&plain);
}
END_TEST

/* XPRINTF_CRASH_REPORT: the preloaded report goes to that file, appended
 * (two runs, two reports), and not to stderr. */
START_TEST(report_file)
{
	const struct crash_case *c = &cases[0];
	char file[] = "/tmp/xp_crash_reportXXXXXX";
	int fd = mkstemp(file);
	ck_assert(fd >= 0);
	close(fd);
	struct run_result plain, r;
	run_case(c, "plain", NULL, NULL, &plain);
	for (int i = 0; i < 2; i++) {
		run_case(c, "plain", XP_TRACE_PRELOAD, file, &r);
		expect_status(c, "reporting to a file", r.status, plain.status);
		ck_assert_msg(!strstr(r.out, "BUG:"), "a report on stderr too:\n%s", r.out);
		run_free(&r);
	}
	FILE *f = fopen(file, "r");
	ck_assert(f != NULL);
	static char text[1 << 16];
	text[fread(text, 1, sizeof text - 1, f)] = 0;
	fclose(f);
	unlink(file);
	static struct report rep[3];
	static struct frames oracle;
	int have_gdb = case_gdb_frames(c, &oracle);
	ck_assert_msg(parse_reports(text, rep, 3) == 2, "not two reports in the file:\n%s", text);
	for (int i = 0; i < 2; i++) {
		ck_assert(rep[i].complete && !rep[i].foreign);
		check_frames(c, "to a file", &rep[i], have_gdb ? &oracle : NULL);
	}
	run_free(&plain);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("trace_crash");
	TCase *tc = tcase_create("crash");
	tcase_add_loop_test(tc, crash_against_gdb, 0, NCASES);
	tcase_add_test(tc, report_file);
	suite_add_tcase(s, tc);
	return check_run(s);
}
