/*
 * canary.c - built like every test of a suite: exit status 0 in the mapped
 * build (the names reach xprintf, whose %pM prints a MAC address) and 1 in
 * the control build (glibc prints a pointer and then "M").  If the mapped
 * build failed this, its passing tests would prove nothing about xprintf.
 */
#include <stdio.h>
#include <string.h>

int main(void)
{
	static const unsigned char mac[6] = { 0x02, 0x00, 0x5e, 0x10, 0x00, 0xff };
	char buf[64];

	snprintf(buf, sizeof buf, "%pM", (const void *)mac);
	if (strcmp(buf, "02:00:5e:10:00:ff") != 0) {
		printf("canary: snprintf printed \"%s\": not xprintf\n", buf);
		return 1;
	}
	return 0;
}
