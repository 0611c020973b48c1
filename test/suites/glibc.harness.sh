# glibc.harness.sh - sourced by run.sh: glibc's test harness, from the
# cached glibc source itself.  Its headers are reached through symlinks
# (the whole tree on the include path would shadow the system's headers);
# the support/ files the tests link are compiled once per run.

ln -s "$src/support" "$work/inc/support"
ln -s "$src/malloc" "$work/inc/malloc"
for h in include/libc-diag.h include/array_length.h include/intprops.h malloc/dynarray.h; do
  ln -s "$src/$h" "$work/inc/${h#*/}"
done
# Tests that #include <...> a sibling file of another directory.
ln -s "$src/libio/tst-sprintf-ub.c" "$work/inc/tst-sprintf-ub.c"

# support_test_main and friends (supervision, failure records,
# TEST_COMPARE), in an archive: each test links what it uses.
support_files=(check support_record_failure support_test_main support_test_verify_impl
  support_test_compare_failure support_test_compare_string support_test_compare_string_wide
  support_test_compare_blob support_quote_blob support_quote_blob_wide support_quote_string
  support_paths write_message xmalloc xcalloc xrealloc xasprintf xstrdup xstrndup xsignal
  xsigaction xraise temp_file xclose xwrite xopen xunlink xfclose xfopen xmemstream
  xsetlocale xnewlocale xuselocale oom_error delayed_exit set_fortify_handler ignore_stderr
  xdup2 xpipe xfork xwaitpid xchdir xpthread_check_return xpthread_sigmask xpthread_create
  xpthread_detach xpthread_join
  # malloc/dynarray-skeleton.c's functions, linked into libc elsewhere
  ../malloc/dynarray_at_failure ../malloc/dynarray_emplace_enlarge ../malloc/dynarray_finalize
  ../malloc/dynarray_resize ../malloc/dynarray_resize_clear)
# glibc's internal symbol-visibility macros: nothing to hide here.
internal=('-Dlibc_hidden_proto(name)=' '-Dlibc_hidden_def(name)=' '-D__set_errno(e)=(errno = (e))')
# support_paths.c wants the build's directories; the tests here use none.
paths=()
for d in SRCDIR OBJDIR OBJDIR_ELF_LDSO INSTDIR LIBDIR BINDIR SBINDIR SLIBDIR ROOTSBINDIR COMPLOCALEDIR; do
  paths+=(-D"${d}_PATH=\"$work\"")
done
mkdir -p "$work/support"
for f in "${support_files[@]}"; do
  # shellcheck disable=SC2086
  $cc $cflags -std=gnu11 -D_GNU_SOURCE -O1 -w -Dxasprintf=support_xasprintf -D_FILE_OFFSET_BITS=64 -DTIMEOUTFACTOR=1 \
    "${paths[@]}" -include limits.h -I"$work/inc" -I"$src/support" \
    "${internal[@]}" -c "$src/support/$f.c" -o "$work/support/${f##*/}.o" &
  while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n; done
done
wait
for f in "${support_files[@]}"; do
  [ -e "$work/support/${f##*/}.o" ] || { echo "glibc: support/$f.c did not compile" >&2; return 1; }
done
ar rcs "$work/support/libsupport.a" "$work/support/"*.o
support_objs=("$work/support/libsupport.a")
# support.h's xasprintf (char *, no buffer argument) is not xprintf's.
base_flags+=(-I"$src/support" -Dxasprintf=support_xasprintf "${internal[@]}")

# A test whose source a script of the suite writes.
mkdir -p "$work/gen/stdio-common"
bash "$src/stdio-common/tst-printf-bz18872.sh" >"$work/gen/stdio-common/tst-printf-bz18872.c" || return 1

# clang spends minutes on the 131,072 concatenated literals of its format.
if $cc --version 2>/dev/null | grep -q clang; then
  not_here[bug23-3]="clang takes minutes to compile its format string"
fi
