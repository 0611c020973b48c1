/* fixture_lib.c - a shared object for the symbol tests, built several
 * times with -DFIX=<prefix> (every function name starts with the prefix).
 * It has what the index must handle: global, weak and static functions,
 * a compiler-split .cold part, a noreturn function followed by another,
 * a zero-sized assembly function, data next to code. */
#include <stdlib.h>

#if defined(__powerpc__)
#define ASM_RET "\tblr\n"
#else
#define ASM_RET "\tret\n"
#endif

#define CAT2(a, b) a##b
#define CAT(a, b) CAT2(a, b)
#define STR2(x) #x
#define STR(x) STR2(x)
#define F(n) CAT(FIX, n)

#define KEEP __attribute__((noinline, used))

int F(_data)[16] = { 1, 2, 3 };

KEEP static int F(_static_helper)(int x)
{
	return x * 7 + F(_data)[x & 15];
}

KEEP int F(_global)(int x)
{
	return F(_static_helper)(x) + 1;
}

KEEP __attribute__((weak)) int F(_weak)(int x)
{
	return x - F(_data)[1];
}

KEEP __attribute__((noreturn)) void F(_dies)(void)
{
	abort();
}

KEEP int F(_calls_dies)(int x)
{
	if (x == 12345)
		F(_dies)();
	return x + 2;
}

KEEP int F(_with_cold)(int x)
{
	if (__builtin_expect(x == 999, 0)) {
		/* unlikely: GCC moves this to <name>.cold */
		F(_data)[2] += F(_global)(x) * F(_weak)(x);
		abort();
	}
	return x;
}

/* Typed as a function but with no .size: a zero-sized symbol. */
__asm__(".text\n"
	".globl " STR(F(_zero_sized)) "\n"
	".type " STR(F(_zero_sized)) ", @function\n"
	STR(F(_zero_sized)) ":\n"
	ASM_RET "\tnop\n\tnop\n\tnop\n");

KEEP int F(_last)(int x)
{
	return F(_calls_dies)(x) + F(_with_cold)(x);
}
