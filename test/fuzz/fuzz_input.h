/* fuzz_input.h - reading a fuzzer's input as a stream of small choices.
 * Past the end every read returns 0, so any input is a complete program
 * for the harness (short inputs simply make short formats). */
#ifndef XP_FUZZ_INPUT_H
#define XP_FUZZ_INPUT_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

struct fuzz_in {
	const uint8_t *p;
	size_t n;
};

static inline unsigned fuzz_u8(struct fuzz_in *in)
{
	if (!in->n)
		return 0;
	in->n--;
	return *in->p++;
}

/* A choice among k (k > 0). */
static inline unsigned fuzz_pick(struct fuzz_in *in, unsigned k)
{
	return fuzz_u8(in) % k;
}

/* n raw bytes into dst (zeros past the end). */
static inline void fuzz_bytes(struct fuzz_in *in, void *dst, size_t n)
{
	size_t k = n < in->n ? n : in->n;
	memcpy(dst, in->p, k);
	memset((char *)dst + k, 0, n - k);
	in->p += k;
	in->n -= k;
}

static inline uint64_t fuzz_u64(struct fuzz_in *in)
{
	uint64_t v;
	fuzz_bytes(in, &v, sizeof v);
	return v;
}

#endif
