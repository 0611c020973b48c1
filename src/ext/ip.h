/* ip.h - address writers shared by %pI4, %pI6 and %pIS. */
#ifndef XP_EXT_IP_H
#define XP_EXT_IP_H

#include "../sink.h"

/* Dotted decimal; order is the kernel's letter: 'h' host, 'l' little
 * endian, anything else network order.  i-form pads each part to 3 digits. */
void xp_ip4_put(struct xp_sink *s, const unsigned char addr[4], int leading_zeros, char order);

/* Eight 4-digit groups, with or without colons. */
void xp_ip6_put_full(struct xp_sink *s, const unsigned char addr[16], int colons);

/* RFC 5952: longest run of two or more zero groups as "::" (the first on a
 * tie), lowercase without leading zeros, IPv4-mapped (and, as the kernel
 * does, ISATAP) addresses with a dotted IPv4 tail. */
void xp_ip6_put_compressed(struct xp_sink *s, const unsigned char addr[16]);

#endif
