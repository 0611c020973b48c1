/* fixture_pad.c - read-only data that moves a fixture library's unwind
 * table but keeps its size in pages: another object of another shape, for
 * tests that load it where a dlclose()d one was. */
__attribute__((used)) static const char fixture_padding[256] = { 1 };
