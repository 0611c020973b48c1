/* float_hex.h - src/float/hex.h under the name src/run.c includes. */
#include "float/hex.h"
