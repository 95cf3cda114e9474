// src/mutable/mutable_write.cpp - printing a mutable document (jot/mutable.h).
//
// One loop walks the tree in document order by parent links (no recursion,
// no stack) and prints through the writer's primitives
// (jot/detail/write/write_primitives.h), so strings, numbers, indentation and the
// failure rules are the DOM writer's, byte for byte.
#include <cstring>

#include "jot/detail/write/write_primitives.h"
#include "jot/mutable.h"
#include "jot/sink.h"
#include "jot/write.h"

namespace jot {

namespace {

using detail::mut_node;
using detail::out_range;
using detail::write_target;

// Strings short enough to reserve at once and marked plain when created
// (no byte to escape) are copied here, inline; with escaping options, or when
// long, they take the writer's general path.
inline constexpr std::size_t inline_string_bytes = 256;

inline bool copyable(const write_target& t, const mut_node* n) noexcept {
  return n->kind() == detail::kind_string_plain && t.escape == 0 && n->length() <= inline_string_bytes;
}

// Copies a short string's bytes in whole 16-byte blocks: its room in the
// arena is rounded up to 16 (mut_node.h), and the caller reserved n + 16.
inline char* copy_blocks(char* out, const char* s, std::size_t n) noexcept {
  for (std::size_t i = 0; i < n; i += 16) std::memcpy(out + i, s + i, 16);
  return out + n;
}

// A scalar: everything but a non-empty container.
out_range scalar(write_target& t, out_range o, const mut_node* n) noexcept {
  switch (n->kind()) {
    case detail::kind_null: return detail::put_null(t, o);
    case detail::kind_true: return detail::put_text(t, o, "true\0\0\0\0", 4);
    case detail::kind_false: return detail::put_text(t, o, "false\0\0\0", 5);
    case detail::kind_uint: return detail::put_integer(t, o, n->u);
    case detail::kind_int: return detail::put_integer(t, o, n->i);
    case detail::kind_double: return detail::put_double(t, o, n->d);  // never NaN: refused when stored
    case detail::kind_raw_number: return detail::write_verbatim(t, o, n->str, n->length());
    case detail::kind_array: return detail::put_text(t, o, "[]\0\0\0\0\0\0", 2);
    case detail::kind_object: return detail::put_text(t, o, "{}\0\0\0\0\0\0", 2);
    default:
      if (copyable(t, n)) {
        o = detail::room(t, o, n->length() + 16 + 2);
        *o.cur++ = '"';
        o.cur = copy_blocks(o.cur, n->str, n->length());
        *o.cur++ = '"';
        return o;
      }
      return detail::write_string(t, o, n->str, n->length());
  }
}

template <bool Pretty>
out_range key(write_target& t, out_range o, const mut_node* k) noexcept {
  if (!copyable(t, k)) return detail::write_key(t, o, k->str, k->length());
  const std::size_t n = k->length();
  o = detail::room(t, o, n + 16 + 4);
  *o.cur++ = '"';
  o.cur = copy_blocks(o.cur, k->str, n);
  std::memcpy(o.cur, "\": ", Pretty ? 3 : 2);
  o.cur += Pretty ? 3 : 2;
  return o;
}

template <bool Pretty>
out_range encode_tree(write_target& t, out_range o, const mut_node* top) noexcept {
  const mut_node* n = top;
  std::uint64_t depth = 0;
  for (;;) {
    if (n->is_container() && n->last != nullptr) {
      o = detail::put_char(t, o, n->kind() == detail::kind_array ? '[' : '{');
      ++depth;
      if constexpr (Pretty) o = detail::write_newline(t, o, depth);
      n = n->first();
      if (n->parent->kind() == detail::kind_object) {
        o = key<Pretty>(t, o, n);
        n = n->next;
      }
      continue;
    }
    o = scalar(t, o, n);
    // Close every container n ends, then move to the next sibling.
    while (n != top && n == n->parent->last) {
      n = n->parent;
      --depth;
      if constexpr (Pretty) o = detail::write_newline(t, o, depth);
      o = detail::put_char(t, o, n->kind() == detail::kind_array ? ']' : '}');
    }
    if (n == top) return o;
    o = detail::put_char(t, o, ',');
    if constexpr (Pretty) o = detail::write_newline(t, o, depth);
    n = n->next;
    if (n->parent->kind() == detail::kind_object) {
      o = key<Pretty>(t, o, n);
      n = n->next;
    }
  }
}

out_range encode(write_target& t, out_range o, const void* v) noexcept {
  const auto* top = static_cast<const mut_node*>(v);
  return t.indent != 0 ? encode_tree<true>(t, o, top) : encode_tree<false>(t, o, top);
}

}  // namespace

result<std::string_view> write(mut_value v, output_buffer& out, const write_options& options) noexcept {
  if (!v.exists()) return make_error(error_code::not_found);
  return detail::write_typed(out, options, encode, v.node());
}

result<std::size_t> write(mut_value v, char* buffer, std::size_t capacity,
                          const write_options& options) noexcept {
  if (!v.exists()) return make_error(error_code::not_found);
  return detail::write_typed(buffer, capacity, options, encode, v.node());
}

result<std::size_t> write(mut_value v, sink out, const write_options& options) noexcept {
  if (!v.exists()) return make_error(error_code::not_found);
  return detail::write_typed(out, options, encode, v.node());
}

}  // namespace jot
