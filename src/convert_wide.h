/* convert_wide.h - the conversions glibc's wide printf does differently:
 * c C s S m, unknown conversions, and grouped integers.  Everything else
 * a wide call converts with the byte converters of convert.h. */
#ifndef XP_CONVERT_WIDE_H
#define XP_CONVERT_WIDE_H

#include <wchar.h>

#include "sink_wide.h"
#include "spec.h"

/* Converters return 0; -1 with errno set (EILSEQ); or XP_WIDE_REFUSED
 * when the destination refused a character (glibc's outchar of WEOF:
 * the call fails with errno as it received it). */
#define XP_WIDE_REFUSED (-2)

/* c (btowc of the byte, WEOF included) and C / lc (the wint_t as it is). */
int xp_wide_convert_char(struct xp_wide_sink *w, const struct xp_spec *sp, int value);
/* s (a multibyte string, converted), S / ls (copied). */
int xp_wide_convert_string(struct xp_wide_sink *w, const struct xp_spec *sp, const void *str);
/* m: the message converted as %s. */
int xp_wide_convert_errno(struct xp_wide_sink *w, const struct xp_spec *sp, int saved_errno);
/* d i u o x X b B: the field width and the precision count a multibyte
 * thousands separator as one character. */
void xp_wide_convert_int(struct xp_wide_sink *w, const struct xp_spec *sp, long long value);
/* An unknown directive whose conversion character is conv. */
void xp_wide_convert_unknown(struct xp_wide_sink *w, const struct xp_spec *sp, wchar_t conv);

#endif
