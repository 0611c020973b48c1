/* sockaddr.c - %pIS / %piS: a struct sockaddr * holding AF_INET or AF_INET6.
 * Letters: p port, f flow info, s scope id, c compressed (IPv6); h n b l
 * byte order (IPv4).  IPv6 with p, f or s is bracketed: [1::2]:80.
 * (The kernel also formats the port, flow info and scope with the
 * directive's field width; here the width applies to the whole output
 * only: doc/contract.md §4.) */
#define _GNU_SOURCE
#include "../ext.h"
#include "ip.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <string.h>
#include <sys/socket.h>

int xp_ext_sockaddr(struct xp_sink *s, const struct xp_ext_call *c)
{
	int have_p = 0, have_f = 0, have_s = 0, have_c = 0;
	char order = 'n';
	/* Every letter up to the first non-letter counts; the last order wins. */
	for (size_t i = 0; i < c->nletters; i++) {
		char l = c->letters[i];
		if ((unsigned)((l | 0x20) - 'a') >= 26u)
			break;
		switch (l) {
		case 'p': have_p = 1; break;
		case 'f': have_f = 1; break;
		case 's': have_s = 1; break;
		case 'c': have_c = 1; break;
		case 'h': case 'n': case 'b': case 'l': order = l; break;
		}
	}
	int raw = c->ext->name[0] == 'i';
	sa_family_t family;
	memcpy(&family, (const char *)c->ptr + offsetof(struct sockaddr, sa_family), sizeof family);

	if (family == AF_INET) {
		struct sockaddr_in in;
		memcpy(&in, c->ptr, sizeof in);
		xp_ip4_put(s, (const unsigned char *)&in.sin_addr, raw, order);
		if (have_p) {
			xp_putc(s, ':');
			xp_ext_put_dec(s, ntohs(in.sin_port));
		}
		return 0;
	}
	if (family != AF_INET6) {
		xp_ext_puts(s, "(einval)");
		return 0;
	}
	struct sockaddr_in6 in6;
	memcpy(&in6, c->ptr, sizeof in6);
	int bracket = have_p || have_f || have_s;
	if (bracket)
		xp_putc(s, '[');
	if (!raw && have_c)
		xp_ip6_put_compressed(s, in6.sin6_addr.s6_addr);
	else
		xp_ip6_put_full(s, in6.sin6_addr.s6_addr, !raw);
	if (bracket)
		xp_putc(s, ']');
	if (have_p) {
		xp_putc(s, ':');
		xp_ext_put_dec(s, ntohs(in6.sin6_port));
	}
	if (have_f) {
		xp_putc(s, '/');
		xp_ext_put_dec(s, ntohl(in6.sin6_flowinfo) & 0x0fffffffu);
	}
	if (have_s) {
		xp_putc(s, '%');
		xp_ext_put_dec(s, in6.sin6_scope_id);
	}
	return 0;
}
