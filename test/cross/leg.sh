#!/usr/bin/env bash
# leg.sh TARGET - a cross leg: cross-build xprintf and its Check suites for
# TARGET and run the whole ctest suite under qemu-user.
#
#   ppc64    big-endian ppc64 (ELFv1): function pointers are function
#            descriptors, long double is IBM double-double;
#   aarch64  little-endian: long double is IEEE binary128, so the float
#            suites meet the real glibc's binary128 printf.
#
# 1. installs the cross compiler, qemu-user and the build tools if missing;
# 2. cross-builds zlib, liblzma, elfutils (libelf, libdw), Check and
#    libiberty from Debian's own source packages into a prefix cached outside
#    the clone, keyed by the package versions (nothing to do when cached);
# 3. configures with test/cross/toolchain-TARGET.cmake (ctest runs each test
#    through qemu), builds with -Werror and runs ctest, less the tests that
#    cannot run under qemu-user (each printed with its reason).
#
# Environment: XPRINTF_CROSS_CACHE (default /var/cache/xprintf-cross/TARGET),
# XPRINTF_CROSS_BUILD (default <clone>/build-TARGET), XPRINTF_CROSS_JOBS (2),
# XPRINTF_CROSS_CTEST_EXCLUDE (a further ctest -E regex; printed, never silent).
# Idempotent and non-interactive; runs as root or through sudo.
set -euo pipefail

arch=${1:?usage: leg.sh ppc64|aarch64}
case $arch in
  ppc64)   triple=powerpc64-linux-gnu libc_pkg=libc6-dev-ppc64-cross endian=big ;;
  aarch64) triple=aarch64-linux-gnu   libc_pkg=libc6-dev-arm64-cross endian=little ;;
  *) echo "leg.sh: unknown target $arch (ppc64 or aarch64)" >&2; exit 2 ;;
esac

root=$(cd "$(dirname "$0")/../.." && pwd)
cache=${XPRINTF_CROSS_CACHE:-/var/cache/xprintf-cross/$arch}
build=${XPRINTF_CROSS_BUILD:-$root/build-$arch}
jobs=${XPRINTF_CROSS_JOBS:-2}
# Bump when the way the dependencies are built changes: a new cache key.
recipe=3

t0=$(date +%s)
say() { echo "$arch: $*"; }
# as_root, apt, installed, src_versions, have_src, enable_deb_src
. "$root/test/lib/debian-src.sh"

# --- 1. tools -------------------------------------------------------------
tools=("gcc-$triple" "g++-$triple" "binutils-$triple" "$libc_pkg"
       qemu-user cmake make pkg-config dpkg-dev m4 flex bison gawk libc-bin)
missing=()
for p in "${tools[@]}"; do installed "$p" || missing+=("$p"); done
if [ ${#missing[@]} -gt 0 ]; then
  say "installing ${missing[*]}"
  apt update -qq
  apt install -y -qq "${missing[@]}" >/dev/null
fi

# --- 2. dependencies from Debian source packages --------------------------
# source package -> the host's binary package of the same source: its
# version is taken when installed (so the native and cross builds use the
# same library versions), else the newest source listed.
declare -A host_pkg=([zlib]=zlib1g-dev [xz-utils]=liblzma-dev [elfutils]=libdw-dev
                     [check]=check [libiberty]=libiberty-dev)
sources=(zlib xz-utils elfutils check libiberty)
for p in "${sources[@]}"; do
  if ! have_src "$p"; then
    say "enabling deb-src for the configured Debian mirror"
    enable_deb_src
    apt update -qq
    break
  fi
done

declare -A want
for p in "${sources[@]}"; do
  want[$p]=$(src_versions "$p" "${host_pkg[$p]}" | awk 'NR == 1')
  [ -n "${want[$p]}" ] || { echo "$arch: no source package for $p" >&2; exit 1; }
done
versions() {
  echo "recipe=$recipe"
  echo "gcc=$(dpkg-query -W -f='${Version}' "gcc-$triple")"
  echo "libc=$(dpkg-query -W -f='${Version}' "$libc_pkg")"
  local p
  for p in "${sources[@]}"; do echo "$p=${want[$p]}"; done
}
key=$(versions | sha256sum | cut -c1-16)
deps=$cache/$key
as_root mkdir -p "$cache"
[ -w "$cache" ] || as_root chown "$(id -u):$(id -g)" "$cache"

fetch() { # source-package: apt-get source the wanted version, else any listed
  local v
  for v in "${want[$1]}" $(src_versions "$1" "$1"); do
    if apt-get source -qq "$1=$v" >"fetch-$1.log" 2>&1; then
      say "  $1 $v"
      return 0
    fi
  done
  cat "fetch-$1.log" >&2
  return 1
}

# The emulated glibc reads locales compiled for the target's byte order
# (LOCPATH in the guest): the locales the tests use.  Those already there
# are kept, so a cache built before a locale joined the list gets it added
# (a few seconds each).
target_locales() {
  mkdir -p "$1/locale"
  local l
  for l in C en_US de_DE fa_IR hi_IN; do
    [ -e "$1/locale/$l.UTF-8/LC_CTYPE" ] && continue
    localedef --$endian-endian --no-archive -c -i $l -f UTF-8 "$1/locale/$l.UTF-8" >/dev/null 2>&1 ||
      [ -e "$1/locale/$l.UTF-8/LC_CTYPE" ] || { echo "localedef $l failed" >&2; return 1; }
  done
}

build_deps() {
  local work=$cache/work-$key prefix=$deps cc=$triple-gcc p
  rm -rf "$work" "$prefix"
  mkdir -p "$work" "$prefix"
  cd "$work"
  say "building the dependencies into $deps"
  for p in "${sources[@]}"; do fetch "$p"; done
  local cflags="-O2 -g"

  # zlib: its own configure; CHOST selects the cross tools.
  (cd zlib-*/ && CHOST=$triple CC=$cc CFLAGS="$cflags" ./configure --prefix="$prefix" >../zlib.log &&
   make -j"$jobs" libz.a "$(sed -n 's/^SHAREDLIBV=//p' Makefile)" >>../zlib.log 2>&1 && make install >>../zlib.log 2>&1) ||
    { tail -30 zlib.log; return 1; }

  # liblzma (xz-utils): libdwfl reads MiniDebugInfo (.gnu_debugdata) with it.
  mkdir xz-build
  (cd xz-build &&
   ../xz-utils-*/configure --host="$triple" --prefix="$prefix" CFLAGS="$cflags" \
     --disable-xz --disable-xzdec --disable-lzmadec --disable-lzmainfo \
     --disable-lzma-links --disable-scripts --disable-doc --disable-nls >../xz.log 2>&1 &&
   make -j"$jobs" -C src/liblzma >>../xz.log 2>&1 && make -C src/liblzma install >>../xz.log 2>&1) ||
    { tail -30 xz.log; return 1; }

  # elfutils: only libelf and libdw (with libdwfl, libdwelf) and what they link.
  mkdir elfutils-build
  (cd elfutils-build &&
   ../elfutils-*/configure --host="$triple" --prefix="$prefix" CFLAGS="$cflags" \
     CPPFLAGS="-I$prefix/include" LDFLAGS="-L$prefix/lib" \
     --disable-debuginfod --disable-libdebuginfod --disable-nls \
     --without-bzlib --with-lzma --without-zstd >../elfutils.log 2>&1 &&
   for d in lib libelf libebl libdwelf libdwfl libcpu backends libdw; do
     make -j"$jobs" -C $d >>../elfutils.log 2>&1 || exit 1
   done &&
   make -C libelf install >>../elfutils.log 2>&1 &&
   make -C libdw install >>../elfutils.log 2>&1 &&
   make -C libdwfl install-pkgincludeHEADERS >>../elfutils.log 2>&1 &&
   make -C libdwelf install-pkgincludeHEADERS >>../elfutils.log 2>&1 &&
   make -C config install >>../elfutils.log 2>&1) ||
    { tail -30 elfutils.log; return 1; }

  # Check: the library and its header; no subunit, no docs.
  mkdir check-build
  (cd check-build &&
   ../check-*/configure --host="$triple" --prefix="$prefix" CFLAGS="$cflags" \
     --disable-subunit --disable-build-docs --disable-timeout-tests >../check.log 2>&1 &&
   make -j"$jobs" -C lib >>../check.log 2>&1 && make -j"$jobs" -C src >>../check.log 2>&1 &&
   make -C src install >>../check.log 2>&1 &&
   make install-includeHEADERS install-pcdataDATA >>../check.log 2>&1) ||
    { tail -30 check.log; return 1; }
  # Debian's check.pc names its libcheck_pic.a; this build has libcheck.
  sed -i 's/-lcheck_pic/-lcheck/' "$prefix/lib/pkgconfig/check.pc"

  # libiberty (the demangler): as Debian's libiberty-dev lays it out, a
  # static, position-independent libiberty.a (it is linked into the shared
  # library) and the headers in include/libiberty/.
  mkdir libiberty-build
  (cd libiberty-build &&
   ../libiberty-*/libiberty/configure --host="$triple" --prefix="$prefix" CFLAGS="$cflags -fPIC" \
     --disable-multilib --enable-install-libiberty >../libiberty.log 2>&1 &&
   make -j"$jobs" >>../libiberty.log 2>&1 &&
   make install MULTIOSDIR=. >>../libiberty.log 2>&1) ||
    { tail -30 libiberty.log; return 1; }
  [ -e "$prefix/lib/libiberty.a" ] && [ -e "$prefix/include/libiberty/demangle.h" ] ||
    { echo "$arch: libiberty installed elsewhere" >&2; tail -30 libiberty.log; return 1; }

  target_locales "$prefix" || return 1

  versions >"$prefix/VERSIONS.new"
  mv "$prefix/VERSIONS.new" "$prefix/VERSIONS"  # written last: the cache is complete
  cd /
  rm -rf "$work"
  # Older keys are of no further use.
  find "$cache" -mindepth 1 -maxdepth 1 -type d ! -name "$key" -exec rm -rf {} +
}

# One build of the dependencies at a time (two clones may run this leg).
exec 9>"$cache/lock"
flock 9
if [ -e "$deps/VERSIONS" ]; then
  say "dependencies cached in $deps"
  target_locales "$deps" || exit 1
else
  build_deps
fi
flock -u 9
tr '\n' ' ' <"$deps/VERSIONS"; echo
t1=$(date +%s)

# --- 3. xprintf under qemu ------------------------------------------------
echo "=== $arch ($triple) under qemu-user: configure, build, ctest"
cd "$root"
# A build tree configured against other dependencies keeps their paths cached.
if [ -e "$build/CMakeCache.txt" ] && ! grep -qx "XPRINTF_CROSS_DEPS:[A-Z]*=$deps" "$build/CMakeCache.txt"; then
  rm -rf "$build"
fi
cmake -S . -B "$build" -DCMAKE_TOOLCHAIN_FILE="$root/test/cross/toolchain-$arch.cmake" \
  -DXPRINTF_CROSS_DEPS="$deps" -DXPRINTF_CROSS_LOCALES="$deps/locale" \
  -DXPRINTF_WERROR=ON -DXPRINTF_BENCH=OFF >"$cache/configure.log" 2>&1 ||
  { cat "$cache/configure.log"; exit 1; }
cmake --build "$build" -j"$jobs"

# Tests that cannot run under qemu-user, on every target.
not_run=()
skip() { not_run+=("$1"); say "NOT RUN $1: $2"; }
skip test_preload "execs its target helper programs directly (no binfmt_misc here: status 127)"
skip test_preload_wide "as test_preload"
skip test_package "builds its consumer without the toolchain file (no -rpath-link to the cross libdw) and runs it on the host"
skip test_sinks "expects a 600 MB allocation to fail under RLIMIT_AS, which qemu-user does not apply"
skip 'man_example_.*' "compiles and runs the man pages' examples on the host"
skip preload_system_programs "runs host programs with the target's preload library"
exclude="^($(IFS='|'; echo "${not_run[*]}"))\$"
if [ -n "${XPRINTF_CROSS_CTEST_EXCLUDE:-}" ]; then
  say "NOT RUN (XPRINTF_CROSS_CTEST_EXCLUDE): $XPRINTF_CROSS_CTEST_EXCLUDE"
  exclude="$exclude|$XPRINTF_CROSS_CTEST_EXCLUDE"
fi
rc=0
ctest --test-dir "$build" --output-on-failure -j"$jobs" -E "$exclude" || rc=$?
t2=$(date +%s)
say "dependencies $((t1 - t0)) s, build and tests $((t2 - t1)) s"
exit $rc
