/* test_ext_register.c - xprintf_register_pointer and its handlers.
 * Oracles: glibc's snprintf of what the handler prints, the documented
 * errno for each refusal, and the built-ins' own output. */
#define _GNU_SOURCE /* open_memstream */
#include <errno.h>

#include "ext_check.h"

struct point {
	int x, y;
};

/* Prints "(x, y)", or "(x;y)" with the letter 's', and records its spec. */
static struct xprintf_pointer_spec last_spec;
static char last_letters[32];

static int print_point(struct xprintf_sink *sink, const void *ptr,
		       const struct xprintf_pointer_spec *spec, void *ctx)
{
	const struct point *p = ptr;
	last_spec = *spec;
	snprintf(last_letters, sizeof last_letters, "%.*s", (int)spec->nletters, spec->letters);
	const char *prefix = ctx;
	if (spec->nletters && spec->letters[0] == 's')
		return xprintf_sink_printf(sink, "%s(%d;%d)", prefix, p->x, p->y) < 0 ? -1 : 0;
	return xprintf_sink_printf(sink, "%s(%d, %d)", prefix, p->x, p->y) < 0 ? -1 : 0;
}

static int print_tag(struct xprintf_sink *sink, const void *ptr,
		     const struct xprintf_pointer_spec *spec, void *ctx)
{
	(void)ptr;
	(void)spec;
	const char *tag = ctx;
	return xprintf_sink_write(sink, tag, strlen(tag));
}

START_TEST(prints_a_struct)
{
	struct point p = { 3, -4 };
	ck_assert_int_eq(xprintf_register_pointer("Point", print_point, ""), 0);
	EXPECT("at (3, -4).", "at %pPoint.", &p);
	EXPECT("(3;-4)", "%pPoints", &p);
	ck_assert_str_eq(last_letters, "s");
	ck_assert_str_eq(last_spec.name, "Point");
	/* Width, precision and '-' as %s, applied by the library. */
	EXPECT_AS_STRING("Point", &p, "(3, -4)");
	ck_assert_int_eq(xprintf_unregister_pointer("Point"), 0);
	/* Gone: the plain pointer again, text consumed. */
	char want[64];
	snprintf(want, sizeof want, "%p|", (void *)&p);
	EXPECT(want, "%pPoint|", &p);
}
END_TEST

START_TEST(handler_sees_the_directive)
{
	struct point p = { 1, 2 };
	ck_assert_int_eq(xprintf_register_pointer("Pt", print_point, ""), 0);
	char out[64];
	xsnprintf(out, sizeof out, "%pPtxyz", (void *)&p);
	ck_assert_int_eq(last_spec.width, -1);
	ck_assert_int_eq(last_spec.precision, -1);
	ck_assert_uint_eq(last_spec.flags, 0);
	ck_assert_str_eq(last_letters, "xyz");
	xsnprintf(out, sizeof out, "%-+ #012.5pPt", (void *)&p);
	ck_assert_int_eq(last_spec.width, 12);
	ck_assert_int_eq(last_spec.precision, 5);
	ck_assert_uint_eq(last_spec.flags, XPRINTF_POINTER_LEFT | XPRINTF_POINTER_PLUS |
						   XPRINTF_POINTER_SPACE | XPRINTF_POINTER_ALT);
	xsnprintf(out, sizeof out, "%*pPt", 0, (void *)&p);
	ck_assert_int_eq(last_spec.width, 0);
	xsnprintf(out, sizeof out, "%0*.*pPt", 7, 2, (void *)&p);
	ck_assert_int_eq(last_spec.width, 7);
	ck_assert_int_eq(last_spec.precision, 2);
	ck_assert_uint_eq(last_spec.flags, XPRINTF_POINTER_ZERO);
	ck_assert_int_eq(xprintf_unregister_pointer("Pt"), 0);
}
END_TEST

START_TEST(longest_name_wins)
{
	ck_assert_int_eq(xprintf_register_pointer("Ab", print_tag, "<Ab>"), 0);
	ck_assert_int_eq(xprintf_register_pointer("Abc", print_tag, "<Abc>"), 0);
	ck_assert_int_eq(xprintf_register_pointer("Abcde", print_tag, "<Abcde>"), 0);
	int x = 0;
	EXPECT("<Ab>|<Abc>|<Abc>|<Abcde>|<Abcde>", "%pAb|%pAbc|%pAbcd|%pAbcde|%pAbcdef", &x, &x, &x,
	       &x, &x);
	/* Across built-ins: a longer registered name beats I4, a shorter
	 * built-in still serves its own text. */
	ck_assert_int_eq(xprintf_register_pointer("I4z", print_tag, "<I4z>"), 0);
	ck_assert_int_eq(xprintf_register_pointer("I", print_tag, "<I>"), 0);
	const unsigned char a[4] = { 1, 2, 3, 4 };
	EXPECT("<I4z>|1.2.3.4|<I>|4.3.2.1", "%pI4z|%pI4|%pIx|%pI4l", a, a, a, a);
	ck_assert_int_eq(xprintf_unregister_pointer("Abc"), 0);
	EXPECT("<Ab>|<Ab>", "%pAbc|%pAbcd", &x, &x);
	ck_assert_int_eq(xprintf_unregister_pointer("Ab"), 0);
	ck_assert_int_eq(xprintf_unregister_pointer("Abcde"), 0);
	ck_assert_int_eq(xprintf_unregister_pointer("I4z"), 0);
	ck_assert_int_eq(xprintf_unregister_pointer("I"), 0);
	char want[64];
	snprintf(want, sizeof want, "%p|1.2.3.4", (void *)&x);
	EXPECT(want, "%pAbcde|%pI4", &x, a);
}
END_TEST

static void expect_register_error(const char *name, xprintf_pointer_fn fn, int err)
{
	errno = 0;
	ck_assert_msg(xprintf_register_pointer(name, fn, NULL) == -1 && errno == err,
		      "register(\"%s\"): errno %d, want %d", name ? name : "(NULL)", errno, err);
}

START_TEST(registration_errors)
{
	static const char *const invalid[] = { "", "4c", "4cc", "a-b", "a b", "_x", "x_", "é", "%s" };
	for (size_t i = 0; i < sizeof invalid / sizeof invalid[0]; i++)
		expect_register_error(invalid[i], print_tag, EINVAL);
	expect_register_error(NULL, print_tag, EINVAL);
	expect_register_error("Fine", NULL, EINVAL);
	/* Every built-in name, and the symbol names reserved for one. */
	static const char *const builtin[] = { "x", "I4", "i4", "I6", "i6", "IS", "iS", "M", "m",
					       "U", "h", "E", "b", "V", "t",
					       "S", "s", "B", "F", "f", "SR", "Sb", "Bb",
					       "I6c", "Ub", "MR", "hN", "bl", "tTd",
					       "ISpfc", "Ehp",
					       /* the symbol letters l, C and i, any order */
					       "Sl", "SC", "Sbl", "SlC", "SRbCl", "sl", "sC", "Bl", "BCl", "Fl", "fC",
					       "Si", "SCi", "Sil", "siC", "Bi", "Fi", "fi", "SRbCli" };
	for (size_t i = 0; i < sizeof builtin / sizeof builtin[0]; i++)
		expect_register_error(builtin[i], print_tag, EEXIST);
	/* Starting with a built-in's name is fine: the longer name wins. */
	ck_assert_int_eq(xprintf_register_pointer("Mac", print_tag, "<Mac>"), 0);
	int y;
	const unsigned char mac[6] = { 0, 1, 2, 3, 4, 5 };
	EXPECT("<Mac>|00:01:02:03:04:05", "%pMac|%pM", &y, mac);
	ck_assert_int_eq(xprintf_unregister_pointer("Mac"), 0);
	/* A letter twice, or one a built-in does not read, is a new name. */
	ck_assert_int_eq(xprintf_register_pointer("Sll", print_tag, "<Sll>"), 0);
	ck_assert_int_eq(xprintf_register_pointer("Sx", print_tag, "<Sx>"), 0);
	ck_assert_int_eq(xprintf_register_pointer("BblCb", print_tag, "<BblCb>"), 0);
	ck_assert_int_eq(xprintf_register_pointer("sRi7", print_tag, "<sRi7>"), 0);
	EXPECT("<Sll>|<Sx>|<BblCb>|<sRi7>", "%pSll|%pSx|%pBblCb|%psRi7", &y, &y, &y, &y);
	ck_assert_int_eq(xprintf_unregister_pointer("Sll"), 0);
	ck_assert_int_eq(xprintf_unregister_pointer("Sx"), 0);
	ck_assert_int_eq(xprintf_unregister_pointer("BblCb"), 0);
	ck_assert_int_eq(xprintf_unregister_pointer("sRi7"), 0);
	/* Twice the same name. */
	ck_assert_int_eq(xprintf_register_pointer("Twice", print_tag, "1"), 0);
	expect_register_error("Twice", print_tag, EEXIST);
	int x;
	EXPECT("1", "%pTwice", &x);
	ck_assert_int_eq(xprintf_unregister_pointer("Twice"), 0);
	/* Unregistering: unknown, built-in (never registered), invalid. */
	errno = 0;
	ck_assert_int_eq(xprintf_unregister_pointer("Twice"), -1);
	ck_assert_int_eq(errno, ENOENT);
	errno = 0;
	ck_assert_int_eq(xprintf_unregister_pointer("M"), -1);
	ck_assert_int_eq(errno, ENOENT);
	errno = 0;
	ck_assert_int_eq(xprintf_unregister_pointer("no-such"), -1);
	ck_assert_int_eq(errno, EINVAL);
	errno = 0;
	ck_assert_int_eq(xprintf_unregister_pointer(NULL), -1);
	ck_assert_int_eq(errno, EINVAL);
}
END_TEST

/* A handler that itself formats with xsnprintf (and a built-in). */
static int print_nested(struct xprintf_sink *sink, const void *ptr,
			const struct xprintf_pointer_spec *spec, void *ctx)
{
	(void)spec;
	(void)ctx;
	const struct point *p = ptr;
	char inner[64];
	int n = xsnprintf(inner, sizeof inner, "%d/%pM/%pPoint", p->x, (void *)"\x0a\x0b\x0c\x0d\x0e\x0f",
			  (const void *)p);
	if (n < 0)
		return -1;
	return xprintf_sink_write(sink, inner, (size_t)n);
}

START_TEST(handler_calls_xsnprintf)
{
	struct point p = { 5, 6 };
	ck_assert_int_eq(xprintf_register_pointer("Point", print_point, "pt"), 0);
	ck_assert_int_eq(xprintf_register_pointer("Nest", print_nested, NULL), 0);
	EXPECT("[5/0a:0b:0c:0d:0e:0f/pt(5, 6)]", "[%pNest]", &p);
	EXPECT_AS_STRING("Nest", &p, "5/0a:0b:0c:0d:0e:0f/pt(5, 6)");
	ck_assert_int_eq(xprintf_unregister_pointer("Nest"), 0);
	ck_assert_int_eq(xprintf_unregister_pointer("Point"), 0);
}
END_TEST

/* A handler that registers another one while it runs. */
static int print_registering(struct xprintf_sink *sink, const void *ptr,
			     const struct xprintf_pointer_spec *spec, void *ctx)
{
	(void)ptr;
	(void)spec;
	(void)ctx;
	int r = xprintf_register_pointer("Later", print_tag, "later");
	return xprintf_sink_printf(sink, "reg=%d", r) < 0 ? -1 : 0;
}

START_TEST(handler_registers)
{
	int x;
	ck_assert_int_eq(xprintf_register_pointer("Reg", print_registering, NULL), 0);
	char out[32];
	ck_assert_int_eq(xsnprintf(out, sizeof out, "%pReg", (void *)&x), 5);
	ck_assert_str_eq(out, "reg=0");
	EXPECT("later", "%pLater", &x);
	ck_assert_int_eq(xprintf_unregister_pointer("Later"), 0);
	ck_assert_int_eq(xprintf_unregister_pointer("Reg"), 0);
}
END_TEST

static int print_failing(struct xprintf_sink *sink, const void *ptr,
			 const struct xprintf_pointer_spec *spec, void *ctx)
{
	(void)sink;
	(void)ptr;
	(void)spec;
	errno = *(const int *)ctx;
	return -1;
}

START_TEST(handler_failure_fails_the_call)
{
	static const int eio = EIO, zero = 0;
	int x;
	ck_assert_int_eq(xprintf_register_pointer("Fail", print_failing, (void *)&eio), 0);
	ck_assert_int_eq(xprintf_register_pointer("FailZero", print_failing, (void *)&zero), 0);
	char out[32];
	errno = 0;
	ck_assert_int_eq(xsnprintf(out, sizeof out, "a%pFailb", (void *)&x), -1);
	ck_assert_int_eq(errno, EIO);
	errno = 0;
	ck_assert_int_eq(xsnprintf(out, sizeof out, "a%10pFail", (void *)&x), -1);
	ck_assert_int_eq(errno, EIO);
	/* -1 without errno must not pass for success. */
	errno = 0;
	ck_assert_int_eq(xsnprintf(out, sizeof out, "%pFailZero", (void *)&x), -1);
	ck_assert_int_eq(errno, EINVAL);
	char *heap = (char *)1;
	ck_assert_int_eq(xasprintf(&heap, "%pFail", (void *)&x), -1);
	ck_assert_ptr_null(heap);
	ck_assert_int_eq(xprintf_unregister_pointer("Fail"), 0);
	ck_assert_int_eq(xprintf_unregister_pointer("FailZero"), 0);
}
END_TEST

START_TEST(handlers_never_see_bad_pointers)
{
	ck_assert_int_eq(xprintf_register_pointer("Point", print_point, ""), 0);
	EXPECT_BAD_POINTERS("Point");
	ck_assert_int_eq(xprintf_unregister_pointer("Point"), 0);
}
END_TEST

START_TEST(sink_printf_counts)
{
	/* xprintf_sink_printf returns what it wrote, not the running total. */
	ck_assert_int_eq(xprintf_register_pointer("Point", print_point, "0123456789"), 0);
	struct point p = { 1, 2 };
	EXPECT("abc0123456789(1, 2)", "abc%pPoint", &p);
	ck_assert_int_eq(xprintf_unregister_pointer("Point"), 0);
}
END_TEST

START_TEST(streams)
{
	/* The stream sink: a handler writes into a FILE through xfprintf. */
	ck_assert_int_eq(xprintf_register_pointer("Point", print_point, ""), 0);
	struct point p = { 7, 8 };
	char *mem = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&mem, &len);
	ck_assert_ptr_nonnull(f);
	ck_assert_int_eq(xfprintf(f, "%-9pPoint|", (void *)&p), 10);
	fclose(f);
	ck_assert_str_eq(mem, "(7, 8)   |");
	free(mem);
	ck_assert_int_eq(xprintf_unregister_pointer("Point"), 0);
}
END_TEST

static void add(TCase *tc)
{
	tcase_add_test(tc, prints_a_struct);
	tcase_add_test(tc, handler_sees_the_directive);
	tcase_add_test(tc, longest_name_wins);
	tcase_add_test(tc, registration_errors);
	tcase_add_test(tc, handler_calls_xsnprintf);
	tcase_add_test(tc, handler_registers);
	tcase_add_test(tc, handler_failure_fails_the_call);
	tcase_add_test(tc, handlers_never_see_bad_pointers);
	tcase_add_test(tc, sink_printf_counts);
	tcase_add_test(tc, streams);
}

int main(void) { return ext_run_suite("ext_register", add); }
