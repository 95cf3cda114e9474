// src/query/compare.h - RFC 9535's comparisons (section 2.3.5.2.2): numbers
// by their exact value, strings by code point (UTF-8 byte order is code
// point order), arrays and objects by deep equality, objects unordered.
// Not API.
#pragma once

#include <cmath>
#include <cstring>
#include <new>

#include "jot/arena.h"
#include "tree.h"

namespace jot::detail::query {

// a against b: -1, 0 or 1, exactly (no rounding of integers through doubles).
int compare_numbers(const number& a, const number& b) noexcept;

// a against b as code point sequences: -1, 0 or 1.
inline int compare_strings(std::string_view a, std::string_view b) noexcept {
  const int c = a.compare(b);  // char_traits<char>::compare is memcmp: unsigned bytes
  return c < 0 ? -1 : c > 0 ? 1 : 0;
}

enum class equal_outcome : std::uint8_t { no, yes, no_memory };

// Deep equality of two subtrees of Tree: same types; numbers equal in value;
// strings equal in bytes; arrays element by element; objects with the same
// names, each name's values equal (member order does not matter; with
// duplicate names, the first member of each name counts). The pairs still to
// compare are kept in arena a, not on the C++ stack, so depth costs no stack;
// the caller may rewind a afterwards.
template <class Tree>
equal_outcome deep_equal(const Tree& tree, typename Tree::handle x, typename Tree::handle y, arena& a) noexcept {
  using handle = typename Tree::handle;
  struct pair {
    handle a, b;
  };
  pair* pending = nullptr;
  std::size_t size = 0, cap = 0;
  auto push = [&](handle l, handle r) {
    if (size == cap) {
      const std::size_t n = cap == 0 ? 16 : cap * 2;
      auto* d = static_cast<pair*>(a.allocate(sizeof(pair) * n, alignof(pair)));
      if (d == nullptr) return false;
      if (size != 0) std::memcpy(static_cast<void*>(d), pending, sizeof(pair) * size);
      pending = d;
      cap = n;
    }
    pending[size++] = pair{l, r};
    return true;
  };
  if (!push(x, y)) return equal_outcome::no_memory;
  while (size != 0) {
    const pair p = pending[--size];
    const std::uint8_t ka = tree.kind(p.a), kb = tree.kind(p.b);
    const jot::type t = type_of(ka);
    if (t != type_of(kb)) return equal_outcome::no;
    switch (t) {
      case jot::type::null: continue;
      case jot::type::boolean:
        if (ka != kb) return equal_outcome::no;
        continue;
      case jot::type::number:
        if (compare_numbers(tree.num(p.a), tree.num(p.b)) != 0) return equal_outcome::no;
        continue;
      case jot::type::string:
        if (tree.text(p.a) != tree.text(p.b)) return equal_outcome::no;
        continue;
      default: break;
    }
    const std::uint64_t n = tree.length(p.a);
    if (n != tree.length(p.b)) return equal_outcome::no;
    if (n == 0) continue;
    if (t == jot::type::array) {
      handle l = tree.first(p.a), r = tree.first(p.b);
      for (std::uint64_t k = 0; k < n; ++k, l = tree.next_element(l), r = tree.next_element(r))
        if (!push(l, r)) return equal_outcome::no_memory;
      continue;
    }
    handle key = tree.first(p.a);
    for (std::uint64_t k = 0; k < n; ++k, key = tree.next_member(key)) {
      const std::string_view name = tree.text(key);
      handle other = tree.first(p.b);
      std::uint64_t left = n;
      while (left != 0 && tree.text(other) != name) {
        other = tree.next_member(other);
        --left;
      }
      if (left == 0) return equal_outcome::no;
      if (!push(tree.member_value(key), tree.member_value(other))) return equal_outcome::no_memory;
    }
  }
  return equal_outcome::yes;
}

}  // namespace jot::detail::query
