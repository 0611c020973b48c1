/* fixture_inline.c - inlined calls for the inline tests, built several
 * times with -DFIX=<prefix>: chains three deep, a helper inlined at two
 * call sites of one function, inlining inside a loop's lexical block and
 * inside another inlined call's, and a function nothing is inlined into. */
#define CAT2(a, b) a##b
#define CAT(a, b) CAT2(a, b)
#define F(n) CAT(FIX, n)

#define INLINE static inline __attribute__((always_inline))
#define KEEP __attribute__((noinline, used))

int F(_table)[64];

INLINE void store(int i, int v)
{
	F(_table)[i & 63] = v * 3;
}

INLINE void record(int i, int v)
{
	store(i, v + 1);
	store(i + 7, v ^ 5);
}

INLINE int scaled(int v)
{
	int s = v;
	for (int k = 0; k < 3; k++)
		s = s * 5 + (s >> 3);
	return s;
}

KEEP void F(_parse)(int i, int v)
{
	record(i, v);
	if (v & 1)
		record(i + 1, scaled(v));
}

KEEP int F(_loop)(const int *p, int n)
{
	int sum = 0;
	for (int i = 0; i < n; i++) {
		int x = p[i];
		if (x > 3) {
			store(i, x);
			sum += scaled(x);
		}
	}
	return sum;
}

KEEP int F(_plain)(int x)
{
	return x * 11 + F(_table)[x & 63];
}
