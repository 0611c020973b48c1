/* run_by_loader: prints %pS, %pSb and %pSl of one of its own functions.
 * The ctest started_by_the_loader runs it as it is and as
 * "ld.so ./run_by_loader", where /proc/self/exe is ld.so: both must print
 * the same. */
#include "xprintf.h"

__attribute__((noinline)) int marker(int x);
__attribute__((noinline)) int marker(int x)
{
	return x * 3 + 1;
}

int main(void)
{
	void *at = (void *)(unsigned long)marker;
	return xprintf("%pS|%pSb|%pSl\n", at, at, at) < 0 || marker(1) != 4;
}
