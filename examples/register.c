/* register.c - printing your own struct with %p<name>.
 *
 * %pInode prints a struct inode; the letter 'v' (%pInodev) adds detail.
 * To the compiler it is a plain %p, so -Wformat still checks the call. */
#include <stdio.h>
#include <stdlib.h>

#include <xprintf.h>

struct inode {
	unsigned long ino;
	unsigned mode;
	unsigned links;
};

static int print_inode(struct xprintf_sink *sink, const void *ptr,
		       const struct xprintf_pointer_spec *spec, void *ctx)
{
	(void)ctx;
	const struct inode *in = ptr;
	int verbose = spec->nletters > 0 && spec->letters[0] == 'v';
	int r = verbose ? xprintf_sink_printf(sink, "inode %lu (mode %04o, %u links)", in->ino,
					      in->mode, in->links)
			: xprintf_sink_printf(sink, "inode %lu", in->ino);
	return r < 0 ? -1 : 0;
}

int main(void)
{
	if (xprintf_register_pointer("Inode", print_inode, NULL) != 0) {
		perror("xprintf_register_pointer");
		return EXIT_FAILURE;
	}
	struct inode root = { 2, 040755, 23 };
	xprintf("%pInode\n", (void *)&root);
	xprintf("%pInodev\n", (void *)&root);
	/* Width and '-' apply as for %s; NULL prints "(null)". */
	xprintf("[%-12pInode] [%14pInode]\n", (void *)&root, (void *)NULL);
	/* Built-in extensions sit beside it. */
	unsigned char addr[4] = { 192, 168, 0, 1 };
	xprintf("%pInode served from %pI4\n", (void *)&root, (void *)addr);
	xprintf_unregister_pointer("Inode");
	return 0;
}
