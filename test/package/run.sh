#!/bin/sh
# run.sh BUILD_DIR CMAKE CC CFLAGS - install the built tree into a temporary
# prefix, then build and run test/package/consumer.c against it once through
# pkg-config and once through CMake's find_package(xprintf).
set -eu
build=$1 cmake=$2 cc=$3 cflags=$4
here=$(cd "$(dirname "$0")" && pwd)
want="xprintf 00042 0xff pac|k   |"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
prefix=$tmp/prefix

"$cmake" --install "$build" --prefix "$prefix" >"$tmp/install.log"
pc=$(find "$prefix" -name xprintf.pc)
[ -n "$pc" ] || { echo "xprintf.pc not installed"; cat "$tmp/install.log"; exit 1; }
libdir=$(dirname "$(find "$prefix" -name 'libxprintf.so.0' | head -n 1)")

echo "=== pkg-config ($pc)"
flags=$(PKG_CONFIG_PATH=$(dirname "$pc") pkg-config --cflags --libs xprintf)
echo "flags: $flags"
# shellcheck disable=SC2086 # the flags are words
$cc $cflags "$here/consumer.c" $flags -o "$tmp/consumer_pc"
got=$(LD_LIBRARY_PATH=$libdir "$tmp/consumer_pc")
[ "$got" = "$want" ] || { echo "pkg-config consumer printed '$got', want '$want'"; exit 1; }
echo "$got"

echo "=== find_package(xprintf)"
"$cmake" -S "$here" -B "$tmp/consumer-build" -DCMAKE_PREFIX_PATH="$prefix" \
	-DCMAKE_C_COMPILER="$cc" -DCMAKE_C_FLAGS="$cflags" >"$tmp/configure.log" ||
	{ cat "$tmp/configure.log"; exit 1; }
"$cmake" --build "$tmp/consumer-build" >"$tmp/build.log" || { cat "$tmp/build.log"; exit 1; }
got=$(LD_LIBRARY_PATH=$libdir "$tmp/consumer-build/consumer")
[ "$got" = "$want" ] || { echo "CMake consumer printed '$got', want '$want'"; exit 1; }
echo "$got"
