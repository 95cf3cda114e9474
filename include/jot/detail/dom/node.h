// jot/detail/dom/node.h - the DOM's memory layout. Not API.
//
// A document is an array of 16-byte nodes laid out in document order (a tape):
//
//   tag     : low 8 bits kind (below), high 56 bits a length:
//             string -> bytes, raw number -> bytes of text,
//             array -> elements, object -> members
//   payload : scalar value, pointer to string bytes, or for a container the
//             number of nodes it spans including itself, so that the next
//             sibling of node n is n + span (skipping is O(1)).
//
// An object's children are key, value, key, value... Keys are string nodes.
// The tape holds no absolute pointers into itself, so it can be moved.
#pragma once

#include <cstdint>
#include <cstring>

namespace jot::detail {

enum kind : std::uint8_t {
  kind_null = 1,
  kind_false = 2,
  kind_true = 3,
  kind_uint = 4,        // non-negative integer, exact
  kind_int = 5,         // negative integer, exact
  kind_double = 6,      // any other number, correctly rounded
  kind_raw_number = 7,  // number kept as text (parse_options::keep_number_text)
  kind_string = 8,      // string whose bytes may need escaping when written
  kind_string_plain = 9,// string with no byte that JSON must escape ('"', '\\', < 0x20)
  kind_array = 10,
  kind_object = 11,
};

inline constexpr unsigned tag_bits = 8;
inline constexpr std::uint64_t tag_mask = 0xff;

struct node {
  std::uint64_t tag;
  union {
    std::uint64_t u;
    std::int64_t i;
    double d;
    const char* str;
    std::uint64_t span;
  };

  std::uint8_t kind() const noexcept { return static_cast<std::uint8_t>(tag & tag_mask); }
  std::uint64_t length() const noexcept { return tag >> tag_bits; }
  bool is_container() const noexcept { return kind() >= kind_array; }
  bool is_string() const noexcept { return kind() == kind_string || kind() == kind_string_plain; }
  // The node after this one and all its descendants.
  const node* next() const noexcept { return this + (is_container() ? span : 1); }
};
static_assert(sizeof(node) == 16, "node is two words");

}  // namespace jot::detail
