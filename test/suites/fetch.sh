#!/usr/bin/env bash
# fetch.sh - caches what test/suites/run.sh needs, outside the clone:
#   <cache>/glibc-<version>/   glibc's source as Debian ships it (patches
#                              applied), the version of the installed libc6;
#   <cache>/gnulib-<version>/  gnulib's source, the newest Debian lists;
#   <cache>/locale-<version>/  the locales glibc's stdio tests ask for,
#                              compiled for LOCPATH (the tests run without
#                              the system's locale archive).
# Each is complete once its STAMP file exists; a second run does nothing.
# Environment: XPRINTF_SUITES_CACHE (default /var/cache/xprintf-suites).
# Idempotent and non-interactive; runs as root or through sudo.
set -euo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
cache=${XPRINTF_SUITES_CACHE:-/var/cache/xprintf-suites}
. "$root/test/lib/debian-src.sh"

for p in dpkg-dev xz-utils locales; do
  installed "$p" || { apt update -qq; apt install -y -qq dpkg-dev xz-utils locales >/dev/null; break; }
done
as_root mkdir -p "$cache"
[ -w "$cache" ] || as_root chown "$(id -u):$(id -g)" "$cache"

# The glibc tests must match the glibc they run against.
glibc_version=$(dpkg-query -W -f='${source:Version}' libc6)
gnulib_version=
fetch() { # source-package version-or-empty
  local pkg=$1 ver=$2 dir
  if [ -z "$ver" ]; then
    need_src "$pkg"
    ver=$(src_versions "$pkg" "$pkg" | awk 'NR == 1')
  fi
  dir=$cache/$pkg-$ver
  [ "$pkg" = gnulib ] && gnulib_version=$ver
  [ "$pkg" = glibc ] && glibc_version=$ver
  [ -e "$dir/STAMP" ] && return 0
  need_src "$pkg"
  echo "suites: fetching $pkg $ver into $dir"
  local work
  work=$(mktemp -d "$cache/work-$pkg.XXXXXX")
  (cd "$work" && apt-get source -qq --download-only "$pkg=$ver" >fetch.log 2>&1 &&
   dpkg-source -x ./*.dsc src >unpack.log 2>&1) || { cat "$work"/*.log >&2; rm -rf "$work"; return 1; }
  rm -rf "$dir"
  mv "$work/src" "$dir"
  rm -rf "$work"
  echo "$pkg $ver" >"$dir/STAMP"
}

# (a security update newer than the mirror's sources: the newest listed)
fetch glibc "$glibc_version" || { glibc_version=; fetch glibc ""; }
fetch gnulib ""

# glibc's stdio-common/Makefile LOCALES, and en_US.UTF-8 (tst_wprintf2).
wanted="de_DE.ISO-8859-1 de_DE.UTF-8 en_US.ISO-8859-1 en_US.UTF-8 hi_IN.UTF-8 ja_JP.EUC-JP ps_AF.UTF-8"
locales=$cache/locale-$glibc_version
if [ "$(cat "$locales/STAMP" 2>/dev/null)" != "$glibc_version $wanted" ]; then
  echo "suites: compiling locales into $locales"
  rm -rf "$locales"; mkdir -p "$locales"
  for l in $wanted; do
    # Warnings make localedef exit 1 with a usable locale: test the result.
    localedef --no-archive -c -i "${l%%.*}" -f "${l#*.}" "$locales/$l" >/dev/null 2>&1 ||
      [ -e "$locales/$l/LC_CTYPE" ] || { echo "suites: localedef $l failed" >&2; exit 1; }
  done
  echo "$glibc_version $wanted" >"$locales/STAMP"
fi

# Older versions are of no further use.
find "$cache" -mindepth 1 -maxdepth 1 \( -name 'glibc-*' -o -name 'gnulib-*' -o -name 'locale-*' -o -name 'work-*' \) \
  ! -name "glibc-$glibc_version" ! -name "gnulib-$gnulib_version" ! -name "locale-$glibc_version" \
  -exec rm -rf {} +
echo "suites: glibc $glibc_version, gnulib $gnulib_version cached in $cache"
