/* check_printf.c - see check_printf.h. */
#define _GNU_SOURCE
#include "check_printf.h"

#include <check.h>
#include <errno.h>
#include <locale.h>
#include <stdio.h>
#include <string.h>

#include <xprintf.h>

#define BUF 512
#define GUARD 0xa5
#define ERRNO_IN 4242 /* errno before each call: must survive success */

/* Through volatile pointers: the compiler can neither fold nor inline. */
static int (*volatile ref_vsnprintf)(char *, size_t, const char *, va_list) = vsnprintf;
static int (*volatile xp_vsnprintf)(char *, size_t, const char *, va_list) = xvsnprintf;

static void escape(char *out, size_t cap, const char *s, size_t n)
{
	size_t k = 0;
	for (size_t i = 0; i < n && k + 5 < cap; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c >= 0x20 && c < 0x7f && c != '\\')
			out[k++] = (char)c;
		else
			k += (size_t)snprintf(out + k, cap - k, "\\x%02x", c);
	}
	out[k] = '\0';
}

static size_t shown_len(int r, size_t size)
{
	size_t n = r < 0 ? 0 : (size_t)r;
	if (n + 1 > size)
		n = size ? size - 1 : 0;
	return n + 1;
}

void same_as_glibc_at(const char *file, int line, const char *fmt, ...)
{
	static const size_t sizes[] = { BUF, 0, 1, 2, 5 };
	for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
		size_t size = sizes[k];
		char want[BUF], got[BUF];
		memset(want, GUARD, sizeof want);
		memset(got, GUARD, sizeof got);
		va_list ap, aq;
		va_start(ap, fmt);
		va_copy(aq, ap);
		errno = ERRNO_IN;
		int rw = ref_vsnprintf(want, size, fmt, ap);
		int ew = errno;
		errno = ERRNO_IN;
		int rg = xp_vsnprintf(got, size, fmt, aq);
		int eg = errno;
		va_end(aq);
		va_end(ap);
		if (rw != rg || ew != eg || memcmp(want, got, sizeof want) != 0) {
			char fe[200], we[2 * BUF], ge[2 * BUF];
			escape(fe, sizeof fe, fmt, strlen(fmt));
			size_t wl = rw >= 0 ? shown_len(rw, size) : strnlen(want, BUF - 1) + 1;
			size_t gl = rg >= 0 ? shown_len(rg, size) : strnlen(got, BUF - 1) + 1;
			escape(we, sizeof we, want, wl < BUF ? wl + 2 : BUF);
			escape(ge, sizeof ge, got, gl < BUF ? gl + 2 : BUF);
			ck_abort_msg("%s:%d: \"%s\" size %zu: glibc %d errno %d \"%s\", xprintf %d errno %d \"%s\"",
				     file, line, fe, size, rw, ew, we, rg, eg, ge);
		}
	}
}

void expect_at(const char *file, int line, const char *want, int want_ret,
	       int want_errno, const char *fmt, ...)
{
	char got[BUF];
	memset(got, GUARD, sizeof got);
	va_list ap;
	va_start(ap, fmt);
	errno = ERRNO_IN;
	int rg = xp_vsnprintf(got, sizeof got, fmt, ap);
	int eg = errno;
	va_end(ap);
	size_t wl = strlen(want); /* hand-written expectations hold no NUL */
	int ok = rg == want_ret && eg == (want_ret < 0 ? want_errno : ERRNO_IN) &&
		 memcmp(got, want, wl) == 0 && got[wl] == '\0' &&
		 (wl + 1 >= sizeof got || (unsigned char)got[wl + 1] == GUARD);
	if (!ok) {
		char fe[200], we[2 * BUF], ge[2 * BUF];
		escape(fe, sizeof fe, fmt, strlen(fmt));
		escape(we, sizeof we, want, wl);
		escape(ge, sizeof ge, got, strnlen(got, sizeof got - 1));
		ck_abort_msg("%s:%d: \"%s\": want %d errno %d \"%s\", xprintf %d errno %d \"%s\"",
			     file, line, fe, want_ret, want_ret < 0 ? want_errno : ERRNO_IN, we,
			     rg, eg, ge);
	}
}

void use_locale(const char *name)
{
	static locale_t current; /* stays reachable: no leak report */
	locale_t loc = newlocale(LC_ALL_MASK, name, (locale_t)0);
	ck_assert_msg(loc != (locale_t)0, "locale %s is not installed (.ci/setup)", name);
	uselocale(loc);
	if (current)
		freelocale(current);
	current = loc;
}
