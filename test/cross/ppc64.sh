#!/usr/bin/env bash
# ppc64.sh - the big-endian ppc64 (ELFv1) leg: cross-build xprintf and its
# Check suites and run them under qemu-user, where function pointers are
# function descriptors (%pF/%pf, doc/contract.md §3).
#
# 1. installs the cross compiler, qemu-user and the build tools if missing;
# 2. cross-builds zlib, liblzma, elfutils (libelf, libdw) and Check from Debian's own
#    source packages into a prefix cached outside the clone, keyed by the
#    package versions (cold: about 90 s here; cached: nothing to do);
# 3. configures with test/cross/toolchain-ppc64.cmake (ctest runs each test
#    through qemu-ppc64), builds with -Werror and runs ctest.
#
# Environment: XPRINTF_CROSS_CACHE (default /var/cache/xprintf-cross/ppc64),
# XPRINTF_CROSS_BUILD (default <clone>/build-ppc64), XPRINTF_CROSS_JOBS (2),
# XPRINTF_CROSS_CTEST_EXCLUDE (a ctest -E regex of suites known to fail on
# this target; printed, never silent).
# Idempotent and non-interactive; runs as root or through sudo.
set -euo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
cache=${XPRINTF_CROSS_CACHE:-/var/cache/xprintf-cross/ppc64}
build=${XPRINTF_CROSS_BUILD:-$root/build-ppc64}
jobs=${XPRINTF_CROSS_JOBS:-2}
triple=powerpc64-linux-gnu
# Bump when the way the dependencies are built changes: a new cache key.
recipe=2

t0=$(date +%s)
. "$root/test/lib/debian-src.sh"

# --- 1. tools -------------------------------------------------------------
tools=(gcc-powerpc64-linux-gnu binutils-powerpc64-linux-gnu libc6-dev-ppc64-cross
       qemu-user cmake make pkg-config dpkg-dev m4 flex bison gawk libc-bin)
missing=()
for p in "${tools[@]}"; do installed "$p" || missing+=("$p"); done
updated=0
if [ ${#missing[@]} -gt 0 ]; then
  echo "ppc64: installing ${missing[*]}"
  apt update -qq && updated=1
  apt install -y -qq "${missing[@]}" >/dev/null
fi

# --- 2. dependencies from Debian source packages --------------------------
if ! have_src elfutils || ! have_src zlib || ! have_src check || ! have_src xz-utils; then
  echo "ppc64: enabling deb-src for the configured Debian mirror"
  enable_deb_src
  apt update -qq && updated=1
fi

declare -A want
want[zlib]=$(src_versions zlib zlib1g-dev | awk 'NR == 1')
want[elfutils]=$(src_versions elfutils libdw-dev | awk 'NR == 1')
want[check]=$(src_versions check check | awk 'NR == 1')
want[xz-utils]=$(src_versions xz-utils liblzma-dev | awk 'NR == 1')
for p in zlib xz-utils elfutils check; do
  [ -n "${want[$p]}" ] || { echo "ppc64: no source package for $p" >&2; exit 1; }
done
gccv=$(dpkg-query -W -f='${Version}' gcc-powerpc64-linux-gnu)
libcv=$(dpkg-query -W -f='${Version}' libc6-dev-ppc64-cross)
key=$(printf '%s\n' "recipe=$recipe" "gcc=$gccv" "libc=$libcv" \
      "zlib=${want[zlib]}" "xz=${want[xz-utils]}" "elfutils=${want[elfutils]}" "check=${want[check]}" |
      sha256sum | cut -c1-16)
deps=$cache/$key
as_root mkdir -p "$cache"
[ -w "$cache" ] || as_root chown "$(id -u):$(id -g)" "$cache"

fetch() { # source-package: apt-get source the wanted version, else any listed
  local v
  for v in "${want[$1]}" $(src_versions "$1" "$1"); do
    if apt-get source -qq "$1=$v" >"fetch-$1.log" 2>&1; then
      echo "ppc64:   $1 $v"
      return 0
    fi
  done
  cat "fetch-$1.log" >&2
  return 1
}

# The emulated glibc cannot read the host's little-endian locale archive:
# the locales the tests use, compiled big-endian (LOCPATH in the guest).
# Those already there are kept, so a cache built before a locale joined
# the list gets it added (a few seconds each).
big_endian_locales() {
  mkdir -p "$1/locale"
  local l
  for l in C en_US de_DE fa_IR hi_IN; do
    [ -e "$1/locale/$l.UTF-8/LC_CTYPE" ] && continue
    localedef --big-endian --no-archive -c -i $l -f UTF-8 "$1/locale/$l.UTF-8" >/dev/null 2>&1 ||
      [ -e "$1/locale/$l.UTF-8/LC_CTYPE" ] || { echo "localedef $l failed" >&2; return 1; }
  done
}

build_deps() {
  local work=$cache/work-$key prefix=$deps cc=$triple-gcc
  rm -rf "$work" "$prefix"
  mkdir -p "$work" "$prefix"
  cd "$work"
  echo "ppc64: building the dependencies into $deps"
  fetch zlib; fetch xz-utils; fetch elfutils; fetch check
  local cflags="-O2 -g"

  # zlib: its own configure; CHOST selects the cross tools.
  (cd zlib-*/ && CHOST=$triple CC=$cc CFLAGS="$cflags" ./configure --prefix="$prefix" >../zlib.log &&
   make -j"$jobs" libz.a "$(sed -n 's/^SHAREDLIBV=//p' Makefile)" >>../zlib.log 2>&1 && make install >>../zlib.log 2>&1) ||
    { tail -30 zlib.log; return 1; }

  # liblzma (xz-utils): libdwfl reads MiniDebugInfo (.gnu_debugdata) with it.
  mkdir xz-build
  (cd xz-build &&
   ../xz-utils-*/configure --host=$triple --prefix="$prefix" CFLAGS="$cflags" \
     --disable-xz --disable-xzdec --disable-lzmadec --disable-lzmainfo \
     --disable-lzma-links --disable-scripts --disable-doc --disable-nls >../xz.log 2>&1 &&
   make -j"$jobs" -C src/liblzma >>../xz.log 2>&1 && make -C src/liblzma install >>../xz.log 2>&1) ||
    { tail -30 xz.log; return 1; }

  # elfutils: only libelf and libdw (with libdwfl, libdwelf) and what they link.
  mkdir elfutils-build
  (cd elfutils-build &&
   ../elfutils-*/configure --host=$triple --prefix="$prefix" CFLAGS="$cflags" \
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
   ../check-*/configure --host=$triple --prefix="$prefix" CFLAGS="$cflags" \
     --disable-subunit --disable-build-docs --disable-timeout-tests >../check.log 2>&1 &&
   make -j"$jobs" -C lib >>../check.log 2>&1 && make -j"$jobs" -C src >>../check.log 2>&1 &&
   make -C src install >>../check.log 2>&1 &&
   make install-includeHEADERS install-pcdataDATA >>../check.log 2>&1) ||
    { tail -30 check.log; return 1; }
  # Debian's check.pc names its libcheck_pic.a; this build has libcheck.
  sed -i 's/-lcheck_pic/-lcheck/' "$prefix/lib/pkgconfig/check.pc"

  big_endian_locales "$prefix" || return 1

  printf '%s\n' "recipe=$recipe" "gcc=$gccv" "libc=$libcv" "zlib=${want[zlib]}" "xz=${want[xz-utils]}" \
    "elfutils=${want[elfutils]}" "check=${want[check]}" >"$prefix/VERSIONS.new"
  mv "$prefix/VERSIONS.new" "$prefix/VERSIONS"  # written last: the cache is complete
  cd /
  rm -rf "$work"
  # Older keys are of no further use.
  find "$cache" -mindepth 1 -maxdepth 1 -type d ! -name "$key" -exec rm -rf {} +
}

if [ -e "$deps/VERSIONS" ]; then
  echo "ppc64: dependencies cached in $deps"
  big_endian_locales "$deps" || exit 1
else
  build_deps
fi
tr '\n' ' ' <"$deps/VERSIONS"; echo
t1=$(date +%s)

# --- 3. xprintf under qemu ------------------------------------------------
echo "=== ppc64 (big-endian, ELFv1) under qemu-user: configure, build, ctest"
cd "$root"
# A build tree configured against other dependencies keeps their paths cached.
if [ -e "$build/CMakeCache.txt" ] && ! grep -qx "XPRINTF_CROSS_DEPS:[A-Z]*=$deps" "$build/CMakeCache.txt"; then
  rm -rf "$build"
fi
cmake -S . -B "$build" -DCMAKE_TOOLCHAIN_FILE="$root/test/cross/toolchain-ppc64.cmake" \
  -DXPRINTF_CROSS_DEPS="$deps" -DXPRINTF_CROSS_LOCALES="$deps/locale" \
  -DXPRINTF_WERROR=ON -DXPRINTF_BENCH=OFF >"$cache/configure.log" 2>&1 ||
  { cat "$cache/configure.log"; exit 1; }
cmake --build "$build" -j"$jobs"
rc=0
exclude=()
if [ -n "${XPRINTF_CROSS_CTEST_EXCLUDE:-}" ]; then
  echo "ppc64: NOT RUN here (XPRINTF_CROSS_CTEST_EXCLUDE): $XPRINTF_CROSS_CTEST_EXCLUDE"
  exclude=(-E "$XPRINTF_CROSS_CTEST_EXCLUDE")
fi
ctest --test-dir "$build" --output-on-failure -j"$jobs" "${exclude[@]}" || rc=$?
t2=$(date +%s)
echo "ppc64: dependencies $((t1 - t0)) s, build and tests $((t2 - t1)) s"
exit $rc
