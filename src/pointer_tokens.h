// src/pointer_tokens.h - reading RFC 6901 tokens, shared by the lookups of
// the parsed (pointer.cpp) and the mutable (mutable.cpp) documents.
#pragma once

#include <cstddef>
#include <string_view>

namespace jot::detail {

// True when key equals the pointer token (with ~0 and ~1 decoded). The token
// is already known to hold only valid escapes.
inline bool key_matches_token(std::string_view key, std::string_view token) noexcept {
  std::size_t k = 0;
  for (std::size_t t = 0; t < token.size(); ++t, ++k) {
    char c = token[t];
    if (c == '~') c = token[++t] == '0' ? '~' : '/';
    if (k == key.size() || key[k] != c) return false;
  }
  return k == key.size();
}

// Parses an RFC 6901 array index: "0" or digits without a leading zero.
inline bool parse_index(std::string_view token, std::size_t* out) noexcept {
  if (token.empty() || token.size() > 19 || (token.size() > 1 && token[0] == '0')) return false;
  std::size_t v = 0;
  for (char c : token) {
    if (c < '0' || c > '9') return false;
    v = v * 10 + static_cast<std::size_t>(c - '0');
  }
  *out = v;
  return true;
}

}  // namespace jot::detail
