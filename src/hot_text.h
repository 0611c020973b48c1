/* hot_text.h - where the code of a plain formatting call goes: one
 * subsection of .text, which the linker puts at its start beside the
 * library's _init.  The kernel maps the pages of a file around a fault
 * (64 KiB at a time), so that a program's first call then faults in one
 * such window instead of three. */
#ifndef XP_HOT_TEXT_H
#define XP_HOT_TEXT_H

#define XP_HOT_TEXT __attribute__((section(".text.hot.xprintf")))

#endif
