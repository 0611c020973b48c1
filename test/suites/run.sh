#!/usr/bin/env bash
# run.sh - a foreign printf test suite (glibc's or gnulib's own tests, from
# the Debian sources test/suites/fetch.sh caches) against xprintf.
#
#   run.sh SUITE WORKDIR XPRINTF_INCLUDE_DIR LIBXPRINTF CC "CFLAGS" [PRELOAD]
#
# SUITE is glibc or gnulib; the tests are listed in SUITE.tests beside this
# script.  Each test is built twice from the same source and flags:
#   control  as it is: it runs against glibc;
#   mapped   with map_xprintf.h force-included, so that the printf family's
#            names are xprintf's, and linked with LIBXPRINTF;
# and, given PRELOAD (libxprintf-preload.so), the control build runs once
# more with it in LD_PRELOAD: glibc's printf family interposed, including
# the _FORTIFY_SOURCE entry points and calls the mapping cannot rename.
# A mapped object may not call a glibc name the mapping covers (the
# mapping did not reach it) and must call some x-name (else it tests
# nothing of xprintf: reported as not applicable).  A test that fails its
# control is listed with its output and not judged.  A test that passes its
# control must pass mapped, and print the same as its control where the
# control prints the same twice; so must the preloaded control.  canary.c first proves that the mapped
# build reaches xprintf and the control build does not.
# Exit status: 0 all judged tests pass, 1 a failure, 77 sources not cached.
set -uo pipefail

suite=$1 cc=$5 cflags=${6:-} preload=${7:-}
[ -z "$preload" ] || preload=$(realpath "$preload")
work=$(realpath -m "$2") xinc=$(realpath "$3") xlib=$(realpath "$4")
here=$(cd "$(dirname "$0")" && pwd)
cache=${XPRINTF_SUITES_CACHE:-/var/cache/xprintf-suites}
jobs=${XPRINTF_SUITES_JOBS:-2}

skip() { echo "SKIPPED: $*"; exit 77; }
# In a sanitizer build: some tests leak their own allocations (bug23-4,
# bug25); xprintf's leaks are the Check suites' concern.
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
case $suite in
  glibc)
    # The installed libc6's version, else what fetch.sh fell back to.
    v=$(dpkg-query -W -f='${source:Version}' libc6 2>/dev/null) || skip "no libc6 package here"
    src=$cache/glibc-$v
    [ -e "$src/STAMP" ] || src=$(ls -d "$cache"/glibc-* 2>/dev/null | sort -V | tail -1) ;;
  gnulib)
    src=$(ls -d "$cache"/gnulib-* 2>/dev/null | sort -V | tail -1) ;;
  *) echo "run.sh: unknown suite $suite" >&2; exit 2 ;;
esac
[ -n "$src" ] && [ -e "$src/STAMP" ] ||
  skip "$suite's sources are not cached in $cache: run test/suites/fetch.sh (.ci/setup does)"
locpath=$(ls -d "$cache/locale-"* 2>/dev/null | tail -1)

rm -rf "$work"
mkdir -p "$work/inc"
echo "$suite: tests of $(cat "$src/STAMP") from $src"

# The names the mapping covers (a mapped object must not call these).
mapped_names='printf|fprintf|dprintf|sprintf|snprintf|asprintf|vprintf|vfprintf|vdprintf|vsprintf|vsnprintf|vasprintf'
wide=
if grep -qw xswprintf "$xinc/xprintf.h"; then
  wide=-DSUITES_XPRINTF_WIDE
  mapped_names="$mapped_names|wprintf|fwprintf|swprintf|vwprintf|vfwprintf|vswprintf"
  echo "$suite: include/xprintf.h has the wide family: wide calls are mapped too"
else
  echo "$suite: include/xprintf.h has no wide family (xswprintf): wide calls stay glibc's"
fi

# The suite's harness: compile flags and objects every test links.
base_flags=(-std=gnu11 -D_GNU_SOURCE -O1 -g1 -w -fno-builtin
            -DOBJPFX="\"$work/\"" -I"$work/inc")
support_objs=()
declare -A not_here=()  # test -> why it is not built with this compiler
. "$here/$suite.harness.sh" || exit 1

build() { # mode name source -> $work/$mode/<source dir>/<name>
  local mode=$1 name=$2 source=$3 dir out flags=() file=$src/$3
  [ -e "$work/gen/$source" ] && file=$work/gen/$source  # made by the harness
  dir=$work/$mode/$(dirname "$source"); out=$dir/$name
  mkdir -p "$dir"
  [ "$mode" = mapped ] && flags=(-include "$here/map_xprintf.h" -I"$xinc" $wide)
  # a test that turns _FORTIFY_SOURCE on itself, after the mapping was read
  [ "$mode" = mapped ] && grep -qE '^#define _FORTIFY_SOURCE [2-9]' "$file" && flags+=(-DSUITES_FORTIFIED=1)
  # shellcheck disable=SC2086
  timeout 300 $cc $cflags "${base_flags[@]}" "${flags[@]}" -I"$src/$(dirname "$source")" \
    -c "$file" -o "$out.o" >"$out.build" 2>&1 || return 1
  if [ "$mode" = mapped ]; then
    local calls
    calls=$(nm -u "$out.o" | awk '{print $2}')
    if grep -qxE "$mapped_names" <<<"$calls"; then
      echo "not routed: calls $(grep -xE "$mapped_names" <<<"$calls" | tr '\n' ' ')" >>"$out.build"
      return 1
    fi
    grep -qxE "x(v?(s|sn|f|d|as)?w?printf)" <<<"$calls" || return 3
  fi
  local libs=()
  [ "$mode" = mapped ] && libs=("$xlib" -Wl,-rpath,"$(dirname "$xlib")")
  # shellcheck disable=SC2086
  $cc $cflags "$out.o" "${support_objs[@]}" "${libs[@]}" -lm -lpthread -o "$out" >>"$out.build" 2>&1
}

execute() { # mode name source how args -> $work/$mode/<name>.{out,status}
  local mode=$1 name=$2 source=$3 how=$4 args=$5 dir rc pre=()
  dir=$work/$mode/$(dirname "$source")
  if [ "$mode" = preload ]; then  # the control binary, interposed
    mkdir -p "$dir"; ln -sf "$work/control/$(dirname "$source")/$name" "$dir/$name"
    # (the sanitizer runtime need not come first: the binary links it)
    pre=(LD_PRELOAD="$preload" ASAN_OPTIONS="$ASAN_OPTIONS:verify_asan_link_order=0")
  fi
  local run=$work/run/$mode/$name
  mkdir -p "$run"
  case $how in
    status) (cd "$run" && exec env "${pre[@]}" LOCPATH="$locpath" timeout 120 "$dir/$name" ${args:+"$args"}) ;;
    script=*) # the suite's own script, run the way the suite runs it
      ln -sf "$dir/$name" "$run/$name"
      (cd "$run" && exec env "${pre[@]}" LOCPATH="$locpath" srcdir="$src/$(dirname "$source")" CHECKER= EXEEXT= \
        timeout 120 sh "$src/${how#script=}" "$work/$mode/" '') ;;
  esac >"$dir/$name.out" 2>&1
  rc=$?
  echo $rc >"$dir/$name.status"
}

# Whether <other>.out is <control>.out: a difference counts if the
# control prints the same when run again.
same_output() { # control-base other-base name source how args
  cmp -s "$1.out" "$2.out" && return 0
  cp "$1.out" "$1.out1"
  execute control "$3" "$4" "$5" "$6"
  ! cmp -s "$1.out" "$1.out1"
}

# One test: build and run both ways; the verdict in $work/verdict/<name>.
one() { # name source how args
  local name=$1 source=$2 how=$3 args=$4 v=$work/verdict/$name c m rc
  c=$work/control/$(dirname "$source")/$name m=$work/mapped/$(dirname "$source")/$name
  if [ -n "${not_here[$name]:-}" ]; then echo "UNSUPPORTED here: ${not_here[$name]}" >"$v"; return; fi
  if ! build control "$name" "$source"; then
    echo "CONTROL-FAIL build: $(tail -3 "$c.build" | tr '\n' ' ')" >"$v"; return
  fi
  execute control "$name" "$source" "$how" "$args"
  rc=$(cat "$c.status")
  if [ "$rc" = 77 ]; then echo "UNSUPPORTED by the test itself: $(tail -2 "$c.out" | tr '\n' ' ')" >"$v"; return; fi
  if [ "$rc" != 0 ]; then echo "CONTROL-FAIL status $rc: $(tail -3 "$c.out" | tr '\n' ' ')" >"$v"; return; fi
  build mapped "$name" "$source"; rc=$?
  if [ $rc = 3 ]; then echo "NOT-APPLICABLE: calls nothing the mapping covers" >"$v"; return; fi
  if [ $rc != 0 ]; then echo "FAIL mapped build: $(tail -3 "$m.build" | tr '\n' ' ')" >"$v"; return; fi
  execute mapped "$name" "$source" "$how" "$args"
  rc=$(cat "$m.status")
  if [ "$rc" != 0 ]; then echo "FAIL mapped status $rc" >"$v"; return; fi
  if ! same_output "$c" "$m" "$name" "$source" "$how" "$args"; then
    echo "FAIL mapped output differs from control" >"$v"; return
  fi
  if [ -n "$preload" ]; then
    local p=$work/preload/$(dirname "$source")/$name
    execute preload "$name" "$source" "$how" "$args"
    rc=$(cat "$p.status")
    if [ "$rc" != 0 ]; then echo "FAIL preloaded status $rc" >"$v"; return; fi
    if ! same_output "$c" "$p" "$name" "$source" "$how" "$args"; then
      echo "FAIL preloaded output differs from control" >"$v"; return
    fi
  fi
  echo "PASS" >"$v"
}

# The canary: the mapped build must reach xprintf, the control must not.
mkdir -p "$work/verdict"
canary_ok=1
# (built from this directory, not the suite's tree)
src_saved=$src; src=$here
for mode in control mapped; do
  if build "$mode" canary canary.c; then execute "$mode" canary canary.c status ""; else echo 9 >"$work/$mode/canary.status"; fi
done
src=$src_saved
[ "$(cat "$work/control/canary.status")" = 1 ] || { echo "canary: the control build reached xprintf or failed:"; cat "$work/control/canary.build" "$work/control/canary.out"; canary_ok=0; }
[ "$(cat "$work/mapped/canary.status")" = 0 ] || { echo "canary: the mapped build did not reach xprintf:"; cat "$work/mapped/canary.build" "$work/mapped/canary.out"; canary_ok=0; }
if [ -n "$preload" ]; then
  execute preload canary canary.c status ""
  [ "$(cat "$work/preload/canary.status")" = 0 ] ||
    { echo "canary: the preloaded control did not reach xprintf:"; cat "$work/preload/canary.out"; canary_ok=0; }
fi
[ $canary_ok = 1 ] || exit 1
echo "$suite: canary: the mapped build reaches xprintf, the control build glibc${preload:+, the preloaded control xprintf}"

# The tests, $jobs at a time.
list=()
while read -r name source how args; do
  case $name in ''|'#'*) continue ;; esac
  list+=("$name")
  one "$name" "$source" "$how" "$args" &
  while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n; done
done <"$here/$suite.tests"
wait

# Known failures: run and shown, not counted; one that passes must leave
# the list (so that the list cannot hide a regression later).
known() { awk -v n="$1" '$1 == n { $1 = ""; sub(/^ /, ""); print }' "$here/$suite.known" 2>/dev/null; }

pass=0 fail=0 kfail=0 cfail=0 other=0
for name in "${list[@]}"; do
  verdict=$(cat "$work/verdict/$name" 2>/dev/null || echo "FAIL no verdict")
  reason=$(known "$name")
  if [ -n "$reason" ]; then
    case $verdict in
      FAIL*) verdict="KNOWN-FAIL ($reason): $verdict" ;;
      PASS) verdict="FAIL: passes now; remove it from test/suites/$suite.known" ;;
    esac
  fi
  printf '%-30s %s\n' "$name" "$verdict"
  case $verdict in
    PASS) pass=$((pass + 1)) ;;
    CONTROL-FAIL*) cfail=$((cfail + 1)) ;;
    FAIL*|KNOWN-FAIL*)
      case $verdict in FAIL*) fail=$((fail + 1)) ;; *) kfail=$((kfail + 1)) ;; esac
      source=$(awk -v n="$name" '$1 == n {print $2}' "$here/$suite.tests")
      c=$work/control/$(dirname "$source")/$name m=$work/mapped/$(dirname "$source")/$name
      [ -e "$m.out" ] && { echo "---- $name: diff control mapped:"; diff "$c.out" "$m.out" | head -40; }
      p=$work/preload/$(dirname "$source")/$name
      [ -e "$p.out" ] && { echo "---- $name: diff control preloaded:"; diff "$c.out" "$p.out" | head -40; }
      [ -s "$m.build" ] && { echo "---- $name: mapped build:"; tail -20 "$m.build"; } ;;
    *) other=$((other + 1)) ;;
  esac
done
echo "$suite: ${#list[@]} tests: $pass pass control and mapped${preload:+ and preloaded}, $fail fail," \
  "$kfail known failures, $cfail fail their control (not judged)," \
  "$other not applicable or unsupported"
[ $fail = 0 ]
