#!/bin/sh
# check_symbols.sh LIB HEADER - the shared library exports exactly the
# functions HEADER declares, and its SONAME is libxprintf.so.0.
# Oracles: nm -D and readelf -d of the built library.
set -eu
lib=$1 header=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Declared: identifiers directly followed by '(' on declaration lines
# (column 0, not preprocessor or comment lines) of the public header.
grep -E '^[A-Za-z_]' "$header" | grep -vE '^(#|typedef|struct|enum|union|extern "C")' |
	sed -nE 's/^[^(]*[^A-Za-z0-9_(]([A-Za-z_][A-Za-z0-9_]*)\(.*/\1/p' | sort -u >"$tmp/declared"

# Exported: every defined dynamic symbol but the version node itself.
nm -D --defined-only "$lib" | awk '$2 != "A" { sub(/@.*/, "", $3); print $3 }' | sort -u >"$tmp/exported"

status=0
if [ ! -s "$tmp/declared" ]; then
	echo "no function declarations found in $header"
	status=1
fi
if ! diff -u "$tmp/declared" "$tmp/exported" >"$tmp/diff"; then
	echo "exported symbols differ from the header (- declared only, + exported only):"
	cat "$tmp/diff"
	status=1
fi

soname=$(readelf -d "$lib" | sed -nE 's/.*\(SONAME\).*\[(.*)\].*/\1/p')
if [ "$soname" != "libxprintf.so.0" ]; then
	echo "SONAME is '$soname', expected libxprintf.so.0"
	status=1
fi
[ $status = 0 ] && echo "$(wc -l <"$tmp/exported") symbols, SONAME $soname: ok"
exit $status
