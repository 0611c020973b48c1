/* hello_xprintf.c - the start-up benchmark's subject: linked with the
 * shared libxprintf, it prints no symbol. */
#include <xprintf.h>

int main(void)
{
	xprintf("hello %d\n", 1);
	return 0;
}
