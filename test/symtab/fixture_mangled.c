/* fixture_mangled.c - functions named as a C++ or Rust compiler would name
 * them (asm labels), for %pSC in a C test. */
#define KEEP __attribute__((noinline, used))

KEEP int cxx_start(int x) __asm__("_ZN3app7Handler5startEi");
KEEP int cxx_start(int x)
{
	return x + 1;
}

KEEP int rust_legacy(int x) __asm__("_ZN4rust4main17h0123456789abcdefE");
KEEP int rust_legacy(int x)
{
	return x + 2;
}

KEEP int rust_v0(int x) __asm__("_RNvNtCs1234_7mycrate3foo3bar");
KEEP int rust_v0(int x)
{
	return x + 3;
}

KEEP int cxx_cold(int x) __asm__("_Z1fv.cold");
KEEP int cxx_cold(int x)
{
	return x + 4;
}
