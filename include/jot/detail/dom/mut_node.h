// jot/detail/dom/mut_node.h - the mutable document's memory layout. Not API.
//
// Every value is one 32-byte node in the document's arena:
//
//   tag     : as in node.h, low 8 bits a detail::kind, high 56 bits a length:
//             string -> bytes, raw number -> bytes of text,
//             array -> elements, object -> members
//   payload : scalar value, pointer to string bytes, or for a container its
//             last child (nullptr when empty)
//   next    : the next sibling. Siblings form a ring: the last child's next is
//             the first child, so a container reaches both ends in O(1) and
//             appending is O(1). A detached node's next is itself.
//   parent  : the array or object holding the node; nullptr for a root or a
//             detached node. With parent links every walk over a document
//             (copy, compare, write) is a loop with O(1) state, whatever the
//             depth: a node is the last child of its parent iff
//             node == parent->last.
//
// A string's bytes (and a raw number's) follow their node in the arena, with
// room rounded up to a multiple of 16 bytes, so that a reader may copy whole
// 16-byte blocks (the writer does).
//
// An object's ring holds key, value, key, value...: a key is a string node
// whose next is its value. Both have the object as parent, and an object's
// last child is always a value.
#pragma once

#include <cstdint>

#include "jot/detail/dom/node.h"

namespace jot::detail {

struct mut_node {
  std::uint64_t tag;
  union {
    std::uint64_t u;
    std::int64_t i;
    double d;
    const char* str;
    mut_node* last;
  };
  mut_node* next;
  mut_node* parent;

  std::uint8_t kind() const noexcept { return static_cast<std::uint8_t>(tag & tag_mask); }
  std::uint64_t length() const noexcept { return tag >> tag_bits; }
  bool is_container() const noexcept { return kind() >= kind_array; }
  bool is_string() const noexcept { return kind() == kind_string || kind() == kind_string_plain; }
  // The first child of a non-empty container.
  mut_node* first() const noexcept { return last->next; }
};
static_assert(sizeof(mut_node) == 32, "mut_node is four words");

}  // namespace jot::detail
