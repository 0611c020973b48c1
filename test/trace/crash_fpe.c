/* SIGFPE (FPE_INTDIV) from a real integer division by zero, inside an
 * inlined helper.  Both operands are read from volatile objects: a
 * constant numerator lets GCC rewrite the division.  Only x86 traps on
 * it; elsewhere the quotient is just wrong and the program returns 0. */
#include "crash_common.h"

static volatile int divisor;
static volatile int total = 84;

INLINE int ratio(int a, int b)
{
	return a / b;
}

NOINLINE int average(int n)
{
	int r = ratio(total + n, divisor);
	crash_seen += r;
	return r;
}

int main(int argc, char **argv)
{
	if (crash_setup(argc, argv) != 0)
		return 2;
	average(argc);
	return 0;
}
