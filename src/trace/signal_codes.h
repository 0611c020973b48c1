/* signal_codes.h - the names of si_code values, as <signal.h> spells them. */
#ifndef XP_TRACE_SIGNAL_CODES_H
#define XP_TRACE_SIGNAL_CODES_H

/* "SEGV_MAPERR", "SI_TKILL", ...; NULL for a code without a name. */
const char *xp_signal_code_name(int sig, int code);

#endif
