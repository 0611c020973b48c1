/* libio_flags.h - glibc's FILE flag bits that the stream sinks read (its
 * libio.h; part of the ABI since 2.1, where <stdio.h> names only the
 * error and EOF bits). */
#ifndef XP_LIBIO_FLAGS_H
#define XP_LIBIO_FLAGS_H

enum {
	XP_IO_UNBUFFERED = 0x0002,
	XP_IO_NO_WRITES = 0x0008,
	XP_IO_LINE_BUF = 0x0200,
	XP_IO_USER_LOCK = 0x8000, /* __fsetlocking(FSETLOCKING_BYCALLER) */
};

#endif
