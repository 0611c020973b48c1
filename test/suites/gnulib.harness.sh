# gnulib.harness.sh - sourced by run.sh: what gnulib's tests take from
# gnulib's configure and library, in place of them.

ln -s "$here/gnulib_config.h" "$work/inc/config.h"
ln -s "$src/lib/resource-ext.h" "$work/inc/resource-ext.h"
mkdir -p "$work/support"
# shellcheck disable=SC2086
$cc $cflags -O1 -c "$here/gnulib_rusage.c" -o "$work/support/gnulib_rusage.o" || return 1
support_objs=("$work/support/gnulib_rusage.o")
