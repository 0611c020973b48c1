/* float_fast.h - src/float/fast.h under the name src/run.c includes. */
#include "float/fast.h"
