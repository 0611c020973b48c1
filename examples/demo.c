/* demo.c - a tour of xprintf: glibc's conversions, then what a pointer means. */
#include <stdint.h>
#include <stdlib.h>
#include <time.h>

#include <xprintf.h>

static int handle_request(int code)
{
	return code * 2;
}

/* A function named as a C++ compiler would name Server::handle(int). */
int server_handle(int code) __asm__("_ZN7example6Server6handleEi");
int server_handle(int code)
{
	return code + 1;
}

/* An ops table, the kernel's idiom: "ops=%ps" names what a pointer
 * to one points at. */
struct request_ops {
	int (*handle)(int);
};
static const struct request_ops tcp_ops = { handle_request };
static int request_count;

/* Who called, through inlined code (B: the return address's call site;
 * i: the inlined calls there, innermost first). */
static __attribute__((noinline)) void log_caller(void)
{
	xprintf("called from %pBi\n", __builtin_return_address(0));
}
static inline __attribute__((always_inline)) void audit(void)
{
	log_caller();
}
static __attribute__((noinline)) void count_request(void)
{
	audit();
	request_count++;
}

int main(void)
{
	/* Standard conversions: byte for byte what glibc prints. */
	xprintf("%-10s|%5d|%#x|%+.3d|%.2f|%La|%%\n", "glibc", 42, 255u, 7, 1234567.891, 1.0L);

	/* Symbols of the running process. */
	int (*fn)(int) = handle_request;
	xprintf("callback %pS, %ps, libc's %pS\n", (void *)(uintptr_t)fn, (void *)(uintptr_t)fn,
		(void *)(uintptr_t)abort);
	/* Data objects too: a table, a counter, libc's stdout. */
	const struct request_ops *ops = &tcp_ops;
	xprintf("ops=%ps, counter %pS, stdout is %pS\n", (const void *)ops, (void *)&request_count,
		(void *)stdout);
	/* Where it is (l: file:line from the DWARF line tables, built with -g)
	 * and what a C++ name means (C: demangled). */
	int (*method)(int) = server_handle;
	xprintf("%pSl\n%pS\n%pSC\n", (void *)(uintptr_t)fn, (void *)(uintptr_t)method,
		(void *)(uintptr_t)method);
	count_request();

	/* Addresses, identifiers, buffers. */
	unsigned char ip4[4] = { 192, 168, 1, 10 };
	unsigned char ip6[16] = { 0x20, 0x01, 0x0d, 0xb8, [15] = 1 };
	unsigned char mac[6] = { 0x00, 0x1b, 0x21, 0x3a, 0x4f, 0x5e };
	unsigned char uuid[16] = { 0x12, 0x3e, 0x45, 0x67, 0xe8, 0x9b, 0x12, 0xd3,
				   0xa4, 0x56, 0x42, 0x66, 0x14, 0x17, 0x40, 0x00 };
	xprintf("%pI4 %pI6c %pM %pUb %*phC\n", (void *)ip4, (void *)ip6, (void *)mac, (void *)uuid, 4,
		(void *)uuid);
	time_t t = 1546615943;
	xprintf("%ptT, raw %px, NULL %pI4\n", (void *)&t, (void *)&t, (void *)NULL);

	char *s = NULL;
	if (xasprintf(&s, "%s has %zu bytes", "this string", sizeof "this string" - 1) >= 0) {
		xprintf("%s\n", s);
		free(s);
	}
	return handle_request(0) + server_handle(-1);
}
