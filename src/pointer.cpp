// src/pointer.cpp - RFC 6901 JSON Pointer lookup, without allocating.
#include <cstddef>
#include <string_view>

#include "jot/value.h"

namespace jot {

namespace {

// True when key equals the pointer token (with ~0 and ~1 decoded). The token
// is already known to hold only valid escapes.
bool key_matches_token(std::string_view key, std::string_view token) noexcept {
  std::size_t k = 0;
  for (std::size_t t = 0; t < token.size(); ++t, ++k) {
    char c = token[t];
    if (c == '~') c = token[++t] == '0' ? '~' : '/';
    if (k == key.size() || key[k] != c) return false;
  }
  return k == key.size();
}

bool valid_escapes(std::string_view token) noexcept {
  for (std::size_t i = 0; i < token.size(); ++i)
    if (token[i] == '~' && (i + 1 == token.size() || (token[i + 1] != '0' && token[i + 1] != '1')))
      return false;
  return true;
}

// Parses an RFC 6901 array index: "0" or digits without a leading zero.
bool parse_index(std::string_view token, std::size_t* out) noexcept {
  if (token.empty() || token.size() > 19 || (token.size() > 1 && token[0] == '0')) return false;
  std::size_t v = 0;
  for (char c : token) {
    if (c < '0' || c > '9') return false;
    v = v * 10 + static_cast<std::size_t>(c - '0');
  }
  *out = v;
  return true;
}

}  // namespace

result<value> value::at_pointer(std::string_view pointer) const noexcept {
  if (!n_) return make_error(error_code::not_found);
  if (pointer.empty()) return *this;
  if (pointer[0] != '/') return make_error(error_code::invalid_pointer);
  value v = *this;
  std::size_t pos = 1;
  for (;;) {
    std::size_t slash = pointer.find('/', pos);
    std::string_view token =
        pointer.substr(pos, slash == std::string_view::npos ? std::string_view::npos : slash - pos);
    if (!valid_escapes(token)) return make_error(error_code::invalid_pointer);
    if (v.is_object()) {
      value found;
      for (member m : jot::object(v.node())) {
        if (key_matches_token(m.key, token)) {
          found = m.value;
          break;
        }
      }
      v = found;
    } else if (v.is_array()) {
      std::size_t index;
      v = parse_index(token, &index) ? v[index] : value();
    } else {
      v = value();
    }
    if (!v.exists()) return make_error(error_code::not_found);
    if (slash == std::string_view::npos) return v;
    pos = slash + 1;
  }
}

}  // namespace jot
