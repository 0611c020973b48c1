#!/bin/sh
# run_all.sh [BINDIR] - every benchmark in one run, after the machine it
# runs on: bench_printf, bench_float, bench_ext (xprintf, glibc and
# stb_sprintf per workload, with ratios) and bench_symtab (symbol lookups
# beside dladdr), bench_trace (xprintf_backtrace and xprintf_dump_stack
# beside glibc's backtrace and backtrace_symbols_fd), bench_startup (what
# linking libxprintf adds to a program's start-up), bench_first_lookup (a
# shared-library program's first symbols, libdw's loading included).  `cmake --build build --target bench` builds and runs it.
set -e
dir=${1:-build/test/bench}
echo "== machine"
uptime
echo "nproc: $(nproc)"
lscpu | head -n 14
${CC:-gcc} --version | head -n 1
for b in bench_printf bench_stream bench_float bench_ext bench_symtab bench_trace; do
	echo
	echo "== $b"
	if [ -x "$dir/$b" ]; then "$dir/$b"; else echo "(not built)"; fi
done
echo
echo "== bench_startup"
"$dir/bench_startup" "$dir/hello_glibc" "$dir/hello_xprintf"
echo
echo "== bench_first_lookup"
"$dir/bench_first_lookup"
