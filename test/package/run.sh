#!/bin/sh
# run.sh BUILD_DIR CMAKE CC CFLAGS - install the built tree into a temporary
# prefix, then build and run test/package/consumer.c against it through
# pkg-config (the shared library, then the static one with --static) and
# through CMake's find_package(xprintf); and build the Debian package, which
# must depend on libdw and libelf (libxprintf.so loads them on first use).
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

echo "=== pkg-config --static (libxprintf.a)"
flags=$(PKG_CONFIG_PATH=$(dirname "$pc") pkg-config --cflags --libs --static xprintf)
echo "flags: $flags"
# shellcheck disable=SC2086 # the flags are words
$cc $cflags "$here/consumer.c" $(echo " $flags " | sed 's/ -lxprintf / -l:libxprintf.a /') \
	-o "$tmp/consumer_static"
if readelf -d "$tmp/consumer_static" | grep -q 'libxprintf\.so'; then
	echo "the static consumer links libxprintf.so"
	exit 1
fi
got=$("$tmp/consumer_static")
[ "$got" = "$want" ] || { echo "static consumer printed '$got', want '$want'"; exit 1; }
echo "$got"

echo "=== Debian package"
cpack=$(dirname "$cmake")/cpack
(cd "$tmp" && "$cpack" -G DEB --config "$build/CPackConfig.cmake" -B "$tmp/deb" >"$tmp/cpack.log") ||
	{ cat "$tmp/cpack.log"; exit 1; }
deb=$(find "$tmp/deb" -maxdepth 1 -name '*.deb' | head -n 1)
depends=$(dpkg-deb -f "$deb" Depends)
echo "Depends: $depends"
for lib in libdw1 libelf1; do
	case ", $depends" in
	*", $lib "*) ;;
	*) echo "$deb does not depend on $lib"; exit 1 ;;
	esac
done
dpkg-deb -c "$deb" | grep -q 'libxprintf\.so\.0' || { echo "$deb lacks libxprintf.so.0"; exit 1; }

echo "=== find_package(xprintf)"
"$cmake" -S "$here" -B "$tmp/consumer-build" -DCMAKE_PREFIX_PATH="$prefix" \
	-DCMAKE_C_COMPILER="$cc" -DCMAKE_C_FLAGS="$cflags" >"$tmp/configure.log" ||
	{ cat "$tmp/configure.log"; exit 1; }
"$cmake" --build "$tmp/consumer-build" >"$tmp/build.log" || { cat "$tmp/build.log"; exit 1; }
got=$(LD_LIBRARY_PATH=$libdir "$tmp/consumer-build/consumer")
[ "$got" = "$want" ] || { echo "CMake consumer printed '$got', want '$want'"; exit 1; }
echo "$got"
