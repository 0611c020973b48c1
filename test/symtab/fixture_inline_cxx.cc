// fixture_inline_cxx.cc - C++ inlining for the inline tests: member
// function templates, a lambda called through a template, std::accumulate,
// all inlined into exported functions (their linkage names mangled).
#include <numeric>
#include <vector>

namespace xpinl {

template <typename T> struct Box {
	T value;
	__attribute__((always_inline)) T twice() const { return value * 2 + 1; }
	template <typename F> __attribute__((always_inline)) T apply(F f) const { return f(twice()); }
};

template <typename T> __attribute__((always_inline)) inline T squash(const Box<T> &b)
{
	return b.apply([](T v) { return v ^ (v >> 3); });
}

} // namespace xpinl

extern "C" __attribute__((noinline, used)) int xpinl_cxx_boxes(int x, long y)
{
	xpinl::Box<int> a{ x };
	xpinl::Box<long> b{ y };
	return squash(a) + static_cast<int>(squash(b));
}

extern "C" __attribute__((noinline, used)) long xpinl_cxx_sum(const std::vector<long> *v)
{
	auto scale = [](long acc, long e) __attribute__((always_inline)) { return acc + e * 3; };
	return std::accumulate(v->begin(), v->end(), 0L, scale);
}

__attribute__((noinline, used)) int xpinl_cxx_member(const xpinl::Box<short> &b, int k)
{
	return b.apply([k](short v) { return v * k; });
}
