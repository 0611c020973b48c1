/* run_avx512.c - the driver loop (run.c, its fast path in run_fast.h)
 * again, compiled for AVX-512BW and VL: sink.h then copies up to 32 bytes
 * (strings, literal text) with masked moves, which neither branch on the
 * length nor touch a byte past it.  vformat.c calls it only on CPUs that
 * have both. */
#define XP_RUN_NAME xp_run_avx512
#include "run.c"
