#!/bin/sh
# system_programs.sh PRELOAD - the system's own fortified programs (Debian
# builds coreutils with -D_FORTIFY_SOURCE=2; none was built for xprintf),
# run with and without LD_PRELOAD=PRELOAD: output and exit status must be
# identical.  Oracle: the same program on glibc.
set -u
preload=$1
export LC_ALL=C.UTF-8
failed=0
ran=0
check() {
	want=$("$@" 2>&1; echo "exit $?")
	got=$(LD_PRELOAD=$preload "$@" 2>&1; echo "exit $?")
	ran=$((ran + 1))
	if [ "$want" != "$got" ]; then
		echo "DIFFERS: $*"
		echo "--- glibc:"; echo "$want" | head -n 5
		echo "--- preload:"; echo "$got" | head -n 5
		failed=1
	fi
}
# They must call the interposed names, or the comparison proves nothing.
nm -D "$(command -v seq)" | grep -q ' U __printf_chk@' || { echo "seq does not call __printf_chk"; exit 1; }

check seq 1 0.37 4
check seq -f '%08.3e' 1 7
check seq -w 98 101
check env printf '%5.2f|%x|%-6s|%10.4e|%c|%%\n' 3.14159 255 ab 12345.678 z
check env printf '%d %i %o %u %X %.3s\n' -42 17 8 4000000000 48879 abcdef
check env printf '%q\n' "a b"
check numfmt --to=iec 123456789 987654321012
check od -An -tx1 -tc -N16 /etc/passwd
check stat -c '%s|%n|%a' /etc/passwd
check factor 1234567 600851475143
check expr 7 '*' 6
check ls -ld / /usr
check date -u -d @1546615943 '+%Y-%m-%dT%H:%M:%S'
check sort --version
check seq nonsense
# Programs that hand their floats and hex to the library: awk's printf and
# number-to-text go through sprintf, perl's through snprintf, binutils
# print with printf/asprintf/vfprintf; all come with Debian's toolchain.
# The values are pseudo-random but seeded: each run prints the same.
check mawk 'BEGIN { srand(1); for (i = 0; i < 3000; i++) {
	x = (rand() - 0.5) * 10 ^ (int(rand() * 80) - 40)
	printf "%.17g|%e|%.3f|%g|%-12.5G|%+08.2e|%#x|%o|%5.1s|%c\n", x, x, x, x, x, x, i * 7919, i, "abc", 65 + i % 26 }
	print 1 / 3, 2 ^ 53 + 1, -0.0, 1e300 * 1e10 }'
check perl -e 'srand(1); for my $i (0 .. 2999) { my $x = (rand() - 0.5) * 10 ** (int(rand() * 80) - 40);
	printf "%.17g|%e|%.3f|%g|%-12.5G|%+08.2e|%a\n", $x, $x, $x, $x, $x, $x, $x }
	printf "%s %s %s\n", 1 / 3, 0.1 + 0.2, 1e21'
check objdump -d "$(command -v true)"
check readelf -aW "$(command -v true)"
check nm -D "$(command -v true)"
check locale -k LC_NUMERIC LC_TIME
check dpkg -l
echo "$ran commands compared"
exit $failed
