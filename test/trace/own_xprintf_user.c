/* Calls the program's own xprintf from a second library (which needs the
 * first): the name is found after the preload's dependencies, if any. */
int xprintf(const char *fmt, ...);
void greet(void);
void greet(void)
{
	xprintf("hello from %s\n", "a library");
}
