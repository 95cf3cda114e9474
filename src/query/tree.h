// src/query/tree.h - the two documents a query walks, behind one interface:
// the parsed tape (jot::value) and the mutable document (jot::mut_value).
// The evaluator is a template over these; each is a handful of inline
// functions over the node layouts (jot/detail/dom/node.h, mut_node.h). Not API.
#pragma once

#include <cstdint>
#include <limits>
#include <string_view>

#include "ast.h"
#include "jot/detail/dom/mut_node.h"
#include "jot/detail/dom/node.h"
#include "jot/detail/dom/value_inl.h"
#include "jot/mutable.h"
#include "jot/value.h"

namespace jot::detail::query {

// A number node as an exact number; a number kept as text is decoded, and
// one beyond a double's range (only a text can be) becomes +-infinity.
inline number number_of(std::uint8_t kind, std::uint64_t payload, const char* text, std::uint64_t length) noexcept {
  number out;
  if (kind == kind_raw_number) {
    node n{};
    if (decode_number_text(text, length, &n) == error_code::ok) {
      out.kind = n.kind();
      out.u = n.u;
    } else {
      out.kind = kind_double;
      out.d = (length != 0 && text[0] == '-') ? -std::numeric_limits<double>::infinity()
                                                    : std::numeric_limits<double>::infinity();
    }
    return out;
  }
  out.kind = kind;
  out.u = payload;
  return out;
}

// The parsed document: handles are tape nodes. An object's children are
// key, value, key, value...; a member is reached through its key node.
struct dom_tree {
  using handle = const node*;
  using value_type = jot::value;

  static value_type wrap(handle h) noexcept { return value_type(h); }
  static handle unwrap(value_type v) noexcept { return v.node(); }
  static std::uint8_t kind(handle h) noexcept { return h->kind(); }
  static std::uint64_t length(handle h) noexcept { return h->length(); }
  static std::string_view text(handle h) noexcept { return {h->str, h->length()}; }
  static number num(handle h) noexcept { return number_of(h->kind(), h->u, h->str, h->length()); }
  // The first element of a non-empty array, or the first key of an object.
  static handle first(handle container) noexcept { return container + 1; }
  static handle next_element(handle e) noexcept { return e->next(); }
  static handle member_value(handle key) noexcept { return key + 1; }
  static handle next_member(handle key) noexcept { return (key + 1)->next(); }
};

// The mutable document: handles are ring nodes; a key's next is its value.
struct mut_tree {
  using handle = mut_node*;
  using value_type = jot::mut_value;

  mutable_document* doc = nullptr;

  value_type wrap(handle h) const noexcept { return value_type(h, doc); }
  static handle unwrap(const value_type& v) noexcept { return v.node(); }
  static std::uint8_t kind(handle h) noexcept { return h->kind(); }
  static std::uint64_t length(handle h) noexcept { return h->length(); }
  static std::string_view text(handle h) noexcept { return {h->str, h->length()}; }
  static number num(handle h) noexcept { return number_of(h->kind(), h->u, h->str, h->length()); }
  static handle first(handle container) noexcept {
    return container->last != nullptr ? container->last->next : nullptr;
  }
  static handle next_element(handle e) noexcept { return e->next; }
  static handle member_value(handle key) noexcept { return key->next; }
  static handle next_member(handle key) noexcept { return key->next->next; }
};

// The JSON type of a kind, comparisons' first question.
inline jot::type type_of(std::uint8_t kind) noexcept {
  switch (kind) {
    case kind_null: return jot::type::null;
    case kind_false:
    case kind_true: return jot::type::boolean;
    case kind_string:
    case kind_string_plain: return jot::type::string;
    case kind_array: return jot::type::array;
    case kind_object: return jot::type::object;
    default: return jot::type::number;
  }
}

}  // namespace jot::detail::query
