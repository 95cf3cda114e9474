// tests/support/same_tape.h - exact comparison of two parsed documents, shared by the
// tests and the fuzzers.
#pragma once

#include <cstddef>
#include <cstring>

#include "jot/jot.h"

namespace jot_test {

// Two trees, from their root nodes, are the same tape: same kinds (plain and
// escaped strings count as one kind), lengths, spans, bytes, and numbers bit
// for bit (-0.0 is not 0.0). Stricter than operator==, which compares numbers
// by value. Linear, so it works at any depth.
inline bool same_tape(const jot::detail::node* x, const jot::detail::node* y) {
  if (x == nullptr || y == nullptr) return x == y;
  const std::size_t count = static_cast<std::size_t>(x->next() - x);
  if (static_cast<std::size_t>(y->next() - y) != count) return false;
  for (std::size_t i = 0; i < count; ++i, ++x, ++y) {
    if (x->is_string() != y->is_string()) return false;
    if (!x->is_string() && x->kind() != y->kind()) return false;
    if (x->length() != y->length()) return false;
    switch (x->kind()) {
      case jot::detail::kind_null:
      case jot::detail::kind_true:
      case jot::detail::kind_false: break;
      case jot::detail::kind_array:
      case jot::detail::kind_object:
      case jot::detail::kind_uint:
      case jot::detail::kind_int:
      case jot::detail::kind_double:  // compares the bits
        if (x->u != y->u) return false;
        break;
      default:  // strings and raw numbers: bytes
        if (x->length() != 0 && std::memcmp(x->str, y->str, x->length()) != 0) return false;
    }
  }
  return true;
}

// The same for two documents.
inline bool same_tape(const jot::document& a, const jot::document& b) {
  return same_tape(a.root().node(), b.root().node());
}

}  // namespace jot_test
