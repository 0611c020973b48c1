/* own_xprintf: prints through the program's own xprintf
 * (own_xprintf_lib.c); run under LD_PRELOAD=libxprintf-crash.so it must
 * print the same ("own:hello from a library"). */
void greet(void);

int main(void)
{
	greet();
	return 0;
}
