// src/mutable/to_document.cpp - a mutable value copied into a parsed document
// (jot::to_document, jot/mutable.h): one tape allocation and the strings
// after it, filled in one pre-order walk over parent links, no recursion.
#include <cstring>

#include "jot/mutable.h"
#include "mutable/mutable_access.h"

namespace jot {

using detail::as_node;
using detail::mut_node;
using detail::next_in_order;

result<document> to_document(mut_value v, arena& a) noexcept {
  if (!v.exists()) return make_error(error_code::not_found);
  // Pass 1: nodes and string bytes, so that the tape is one allocation.
  std::size_t nodes = 0, bytes = 0;
  for (const mut_node* n = v.node(); n != nullptr; n = next_in_order(n, v.node())) {
    ++nodes;
    if (n->is_string() || n->kind() == detail::kind_raw_number) bytes += n->length();
  }
  auto* tape = static_cast<detail::node*>(a.allocate(nodes * sizeof(detail::node), alignof(detail::node)));
  char* text = bytes != 0 ? static_cast<char*>(a.allocate(bytes, 1)) : nullptr;
  if (tape == nullptr || (bytes != 0 && text == nullptr))
    return make_error(error_code::capacity_exceeded, nodes * sizeof(detail::node) + bytes + 16);
  // Pass 2: fill the tape in order. An open container's span holds the
  // distance back to its parent (as in the parser) until it closes.
  detail::node* out = tape;
  detail::node* open = nullptr;
  const mut_node* n = v.node();
  for (;;) {
    *out = as_node(n);
    if (n->is_string() || n->kind() == detail::kind_raw_number) {
      if (n->length() != 0) std::memcpy(text, n->str, n->length());
      out->str = text;
      text += n->length();
    }
    if (n->is_container() && n->last != nullptr) {
      out->span = open != nullptr ? static_cast<std::uint64_t>(out - open) : 0;
      open = out++;
      n = n->first();
      continue;
    }
    if (n->is_container()) out->span = 1;
    ++out;
    while (n != v.node() && n == n->parent->last) {
      n = n->parent;
      const std::uint64_t back = open->span;
      open->span = static_cast<std::uint64_t>(out - open);
      open = back != 0 ? open - back : nullptr;
    }
    if (n == v.node()) break;
    n = n->next;
  }
  return detail::mutable_access::make_document(tape);
}

}  // namespace jot
