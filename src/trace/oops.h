/* oops.h - the one writer of the kernel's oops layout (doc/contract.md):
 *
 *   BUG: SIGSEGV (SEGV_MAPERR) at address 0000000000000000, pid 4711 tid 4711 "server"
 *   RIP: parse+0x1c/0x36 (inl.c:5 in store; inl.c:6 in record; inl.c:7)
 *   RSP: ... and the other registers
 *   Call Trace:
 *    [<000055f1c2a0b1a5>] load_config+0x15/0x2d (inl.c:21)
 *   ---[ end trace ]---
 *
 * Everything here writes through a window on the stack and write(2). */
#ifndef XP_TRACE_OOPS_H
#define XP_TRACE_OOPS_H

#include <signal.h>

#include "unwind.h"

/* "Call Trace:", a line per frame of t from frame first on (but the
 * signal trampolines), " ... N more frames" if t counted more, and the
 * end line: gathered on the stack and written in as few write(2)s as fit,
 * or with per_line, each line as it is made (a dying process).  Returns
 * the number of frame lines, or -1 with errno when a write failed. */
int xp_oops_call_trace(int fd, const struct xp_trace *t, int first, int per_line);

/* A signal's report up to its Call Trace: the BUG line, the interrupted
 * instruction and the registers (uc may be NULL).  Written before the
 * stack is walked, so that a walk that faults loses none of it. */
void xp_oops_report_head(int fd, int sig, const siginfo_t *si, const void *uc);

#endif
