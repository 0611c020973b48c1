/* test_locales.h - the locales the test set-up builds from test/locales/
 * (ctest's build_test_locales) into the directory XP_TEST_LOCALES names.
 * Include after <check.h> and <locale.h>. */
#ifndef XP_TEST_LOCALES_H
#define XP_TEST_LOCALES_H

#include <stdio.h>
#include <stdlib.h>

/* name from there, or (locale_t)0 when XP_TEST_LOCALES is unset.  LOCPATH,
 * read by each newlocale, is set for this one call and then left as it
 * was (the cross leg's emulator sets one for the system's locales). */
static inline locale_t xp_test_locale(const char *name)
{
	const char *dir = getenv("XP_TEST_LOCALES");
	if (!dir)
		return (locale_t)0;
	const char *was = getenv("LOCPATH");
	char saved[4096];
	snprintf(saved, sizeof saved, "%s", was ? was : "");
	setenv("LOCPATH", dir, 1);
	locale_t l = newlocale(LC_ALL_MASK, name, (locale_t)0);
	if (was)
		setenv("LOCPATH", saved, 1);
	else
		unsetenv("LOCPATH");
	ck_assert_msg(l != (locale_t)0, "%s not found in %s", name, dir);
	return l;
}

#endif
