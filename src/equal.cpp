// src/equal.cpp - deep equality of values; numbers compare by value.
#include <cmath>
#include <cstdint>
#include <cstring>

#include "equal.h"
#include "jot/value.h"

namespace jot {

namespace {

using detail::node;

// A number as one of three exact representations.
struct number {
  std::uint8_t kind;  // kind_uint, kind_int or kind_double
  node n;
};

bool to_number(const node* in, number* out) noexcept {
  out->n = *in;
  if (in->kind() == detail::kind_raw_number) {
    if (detail::decode_number_text(in->str, in->length(), &out->n) != error_code::ok) return false;
  }
  out->kind = out->n.kind();
  return true;
}

// Exact comparison of a double with a signed integer.
bool double_equals_int(double d, std::int64_t i) noexcept {
  if (!(d >= -9223372036854775808.0 && d < 9223372036854775808.0)) return false;
  if (d != std::trunc(d)) return false;
  return static_cast<std::int64_t>(d) == i;
}

bool double_equals_uint(double d, std::uint64_t u) noexcept {
  if (!(d >= 0.0 && d < 18446744073709551616.0)) return false;
  if (d != std::trunc(d)) return false;
  return static_cast<std::uint64_t>(d) == u;
}

bool numbers_equal(const node* a, const node* b) noexcept {
  number x, y;
  bool okx = to_number(a, &x), oky = to_number(b, &y);
  if (!okx || !oky) {
    // Out-of-range raw numbers compare by text.
    return !okx && !oky && a->length() == b->length() && std::memcmp(a->str, b->str, a->length()) == 0;
  }
  if (x.kind > y.kind) std::swap(x, y);  // order: uint < int < double
  if (x.kind == detail::kind_uint) {
    if (y.kind == detail::kind_uint) return x.n.u == y.n.u;
    if (y.kind == detail::kind_int) return false;  // ints are negative
    return double_equals_uint(y.n.d, x.n.u);
  }
  if (x.kind == detail::kind_int) {
    if (y.kind == detail::kind_int) return x.n.i == y.n.i;
    return double_equals_int(y.n.d, x.n.i);
  }
  return x.n.d == y.n.d;
}

// Compares one node, not its children.
bool node_equal(const node* a, const node* b) noexcept {
  const value va(a), vb(b);
  if (va.type() != vb.type()) return false;
  switch (va.type()) {
    case type::null: return true;
    case type::boolean: return a->kind() == b->kind();
    case type::number: return numbers_equal(a, b);
    case type::string:
      return a->length() == b->length() &&
             (a->length() == 0 || std::memcmp(a->str, b->str, a->length()) == 0);
    default: return a->length() == b->length() && a->span == b->span;
  }
}

// Both tapes list nodes in document order and every value is exactly one node,
// so two subtrees are equal iff their node sequences are equal pairwise. A
// linear loop: no recursion, whatever the depth.
bool subtrees_equal(const node* a, const node* b) noexcept {
  const std::size_t count = a->is_container() ? a->span : 1;
  if ((b->is_container() ? b->span : 1) != count) return false;
  for (std::size_t i = 0; i < count; ++i)
    if (!node_equal(a + i, b + i)) return false;
  return true;
}

}  // namespace

namespace detail {
bool nodes_match(const node* a, const node* b) noexcept {
  if (a->is_container() || b->is_container()) return a->tag == b->tag;  // kind and length
  return node_equal(a, b);
}
}  // namespace detail

bool operator==(value a, value b) noexcept {
  if (!a.exists() || !b.exists()) return a.exists() == b.exists();
  return subtrees_equal(a.node(), b.node());
}

}  // namespace jot
