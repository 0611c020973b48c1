/* run_avx512.c - the driver loop (run.c) again, compiled for AVX-512BW
 * and VL: sink.h and convert.h then copy and measure strings of up to 32
 * bytes with masked moves, which neither branch on the length nor touch a
 * byte past it.  vformat.c calls it only on CPUs that have both. */
#define XP_RUN_NAME xp_run_avx512
#include "run.c"
