// src/dom/pointer_tokens.h - reading RFC 6901 tokens, shared by the lookups of
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

// Writes token with ~1 and ~0 decoded to out (room for token.size() bytes)
// and returns the decoded length. The token holds only valid escapes.
inline std::size_t decode_token(std::string_view token, char* out) noexcept {
  std::size_t n = 0;
  for (std::size_t i = 0; i < token.size(); ++i)
    out[n++] = token[i] != '~' ? token[i] : token[++i] == '0' ? '~' : '/';
  return n;
}

}  // namespace jot::detail
