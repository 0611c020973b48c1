/* hello_glibc.c - the start-up benchmark's baseline: glibc only. */
#include <stdio.h>

int main(void)
{
	printf("hello %d\n", 1);
	return 0;
}
