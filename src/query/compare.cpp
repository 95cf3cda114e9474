// src/query/compare.cpp - exact comparison of numbers of any representation
// (unsigned, negative, double), for RFC 9535's comparisons.
#include "compare.h"

namespace jot::detail::query {

namespace {

int sign(bool less, bool greater) noexcept { return less ? -1 : greater ? 1 : 0; }

// d against i, exactly: the double's integer part is compared first (exact
// when d is within int64's range), then its fraction decides a tie.
int double_vs_int(double d, std::int64_t i) noexcept {
  if (d < -0x1p63) return -1;
  if (d >= 0x1p63) return 1;
  const double t = std::trunc(d);
  const auto ti = static_cast<std::int64_t>(t);
  if (ti != i) return sign(ti < i, ti > i);
  return sign(d < t, d > t);
}

int double_vs_uint(double d, std::uint64_t u) noexcept {
  if (d < 0) return -1;
  if (d >= 0x1p64) return 1;
  const double t = std::trunc(d);
  const auto tu = static_cast<std::uint64_t>(t);
  if (tu != u) return sign(tu < u, tu > u);
  return sign(d < t, d > t);
}

}  // namespace

int compare_numbers(const number& a, const number& b) noexcept {
  if (a.kind == kind_double) {
    if (b.kind == kind_double) return sign(a.d < b.d, a.d > b.d);
    return b.kind == kind_uint ? double_vs_uint(a.d, b.u) : double_vs_int(a.d, b.i);
  }
  if (b.kind == kind_double) return -compare_numbers(b, a);
  if (a.kind == kind_uint && b.kind == kind_uint) return sign(a.u < b.u, a.u > b.u);
  if (a.kind == kind_int && b.kind == kind_int) return sign(a.i < b.i, a.i > b.i);
  return a.kind == kind_int ? -1 : 1;  // kind_int holds negative integers only
}

}  // namespace jot::detail::query
