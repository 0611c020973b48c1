# debian-src.sh - sourced by the scripts that build from Debian's source
# packages: root helpers and the deb-src entries apt-get source needs.

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }
apt() { as_root env DEBIAN_FRONTEND=noninteractive apt-get "$@"; }
installed() { [ "$(dpkg-query -W -f='${Status}' "$1" 2>/dev/null)" = "install ok installed" ]; }

# The source version of the host's own binary package when it is installed
# (so that what is built matches what runs), then every version listed,
# newest first.
src_versions() { # source-package host-binary-package
  local v
  v=$(dpkg-query -W -f='${source:Version}' "$2" 2>/dev/null || true)
  [ -n "$v" ] && echo "$v"
  apt-cache showsrc "$1" 2>/dev/null | awk '/^Version:/ {print $2}' | sort -urV
}

have_src() { [ -n "$(apt-cache showsrc "$1" 2>/dev/null | awk '/^Version:/')" ]; }

enable_deb_src() {
  # deb-src twins of the configured Debian entries (deb822 and one-line).
  local f out=/etc/apt/sources.list.d/xprintf-deb-src.sources
  local list=/etc/apt/sources.list.d/xprintf-deb-src.list
  : >"$out.new"; : >"$list.new"
  for f in /etc/apt/sources.list.d/*.sources; do
    [ -e "$f" ] && [ "$f" != "$out" ] || continue
    awk 'BEGIN { RS = ""; ORS = "\n\n" }
         /(^|\n)Types:[^\n]*deb/ && /(^|\n)URIs:[^\n]*debian/ {
           sub(/Types:[^\n]*/, "Types: deb-src"); print }' "$f" >>"$out.new"
  done
  for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
    [ -e "$f" ] && [ "$f" != "$list" ] || continue
    sed -n 's/^[[:space:]]*deb\([[:space:]].*debian.*\)$/deb-src\1/p' "$f" >>"$list.new"
  done
  as_root mv "$out.new" "$out"; as_root mv "$list.new" "$list"
  [ -s "$out" ] || as_root rm -f "$out"
  [ -s "$list" ] || as_root rm -f "$list"
}

# Enables deb-src (and updates the lists) unless every named source package
# is already listed.
need_src() { # source-package...
  local p
  for p in "$@"; do
    have_src "$p" && continue
    echo "enabling deb-src for the configured Debian mirror"
    enable_deb_src
    apt update -qq
    return
  done
}
