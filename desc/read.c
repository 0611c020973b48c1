/* read.c - read a word of our own memory without risking a fault.
 *
 * The kernel uses probe_kernel_address() (now get_kernel_nofault()); in
 * userspace the kernel does the probing for us when it copies from our
 * address space on our behalf: process_vm_readv(2) on the own pid, or, where
 * that syscall is missing (qemu-user) or refused (EPERM under container
 * seccomp profiles), write(2) of the word into a pipe.  Both fail with
 * EFAULT instead of raising SIGSEGV.  Both are async-signal-safe.
 */
#define _GNU_SOURCE
#include "desc.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/uio.h>
#include <unistd.h>

/* Through a pipe, in pieces the pipe buffer always takes. */
static int read_block_pipe(uintptr_t addr, void *buf, size_t len)
{
	int fd[2];
	if (pipe2(fd, O_CLOEXEC | O_NONBLOCK) != 0)
		return 0;
	int ok = 1;
	for (size_t done = 0; ok && done < len;) {
		size_t n = len - done < 4096 ? len - done : 4096;
		ok = write(fd[1], (const char *)(addr + done), n) == (ssize_t)n &&
		     read(fd[0], (char *)buf + done, n) == (ssize_t)n;
		done += n;
	}
	close(fd[0]);
	close(fd[1]);
	return ok;
}

static int read_block(uintptr_t addr, void *buf, size_t len, int pipe_only)
{
	if (!len)
		return 1;
	if (addr + len < addr)
		return 0;
	int saved = errno, ok = 0;
	ssize_t n = -1;
	if (!pipe_only) {
		struct iovec local = { buf, len };
		struct iovec remote = { (void *)addr, len };
		n = process_vm_readv(getpid(), &local, 1, &remote, 1, 0);
		ok = n == (ssize_t)len;
	}
	if (pipe_only || (n < 0 && (errno == ENOSYS || errno == EPERM)))
		ok = read_block_pipe(addr, buf, len);
	errno = saved; /* a formatting call leaves errno alone */
	return ok;
}

int xp_desc_read(uintptr_t addr, void *buf, size_t len)
{
	return read_block(addr, buf, len, 0);
}

int xp_desc_read_word(uintptr_t addr, uintptr_t *out)
{
	uintptr_t w;
	if (!read_block(addr, &w, sizeof w, 0))
		return 0;
	*out = w;
	return 1;
}

int xp_desc_read_word_pipe(uintptr_t addr, uintptr_t *out)
{
	uintptr_t w;
	if (!read_block(addr, &w, sizeof w, 1))
		return 0;
	*out = w;
	return 1;
}
