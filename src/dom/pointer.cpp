// src/dom/pointer.cpp - RFC 6901 JSON Pointer syntax and lookup, without allocating.
#include "jot/pointer.h"

#include <cstddef>
#include <string_view>

#include "jot/value.h"
#include "pointer_tokens.h"

namespace jot {

namespace {

// An invalid_pointer error at byte `at` of the pointer. The message says what
// is wrong, never "invalid JSON Pointer" again: callers print the code's own
// text (or their own) beside it.
error pointer_error(const char* message, std::size_t at) noexcept {
  error e = make_error(error_code::invalid_pointer);
  e.message = message;
  e.offset = at;
  return e;
}

}  // namespace

result<void> check_pointer(std::string_view pointer) noexcept {
  if (pointer.empty()) return {};
  if (pointer[0] != '/') return pointer_error("must be empty or start with '/'", 0);
  for (std::size_t i = 0; i < pointer.size(); ++i) {
    if (pointer[i] != '~') continue;
    if (i + 1 == pointer.size() || (pointer[i + 1] != '0' && pointer[i + 1] != '1'))
      return pointer_error("'~' must be followed by '0' or '1'", i);
  }
  return {};
}

result<value> value::at_pointer(std::string_view pointer) const noexcept {
  // Syntax first, so a malformed pointer is reported the same whatever the
  // document holds.
  if (const result<void> r = check_pointer(pointer); !r) return r.error();
  if (!n_) return make_error(error_code::not_found);
  if (pointer.empty()) return *this;
  value v = *this;
  std::size_t pos = 1;
  for (;;) {
    std::size_t slash = pointer.find('/', pos);
    std::string_view token =
        pointer.substr(pos, slash == std::string_view::npos ? std::string_view::npos : slash - pos);
    if (v.is_object()) {
      value found;
      for (member m : jot::object(v.node())) {
        if (detail::key_matches_token(m.key, token)) {
          found = m.value;
          break;
        }
      }
      v = found;
    } else if (v.is_array()) {
      std::size_t index;
      v = detail::parse_index(token, &index) ? v[index] : value();
    } else {
      v = value();
    }
    if (!v.exists()) return make_error(error_code::not_found);
    if (slash == std::string_view::npos) return v;
    pos = slash + 1;
  }
}

}  // namespace jot
