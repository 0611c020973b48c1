/*
 * gnulib_config.h - the config.h gnulib's printf tests include (what its
 * configure would find on glibc): run.sh's gnulib harness installs it as
 * config.h.
 */
#include <stdbool.h>

#define _GL_UNUSED __attribute__((__unused__))
#define HAVE_WCHAR_T 1
#define HAVE_GETRLIMIT 1
#define HAVE_SETRLIMIT 1
/* glibc's printf prints invalid x87 long doubles as NaN: test them. */
#define CHECK_PRINTF_SAFE 1
