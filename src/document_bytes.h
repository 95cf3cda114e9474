// src/document_bytes.h - the byte classes and parse options that mark where
// documents begin and end, shared by documents (one buffer) and
// stream_reader (a window over a stream).
#pragma once

#include <cstdint>
#include <cstring>

#include "jot/documents.h"
#include "jot/options.h"
#include "jot/value.h"

namespace jot::detail {

inline constexpr char record_separator = 0x1E;

// Bytes that end a number or a literal: another document may not follow
// them without whitespace.
inline bool ends_word(char c) noexcept { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z'); }

// Bytes that may start a document.
inline bool starts_value(char c) noexcept {
  return c == '{' || c == '[' || c == '"' || c == '-' || (c >= '0' && c <= '9') || c == 't' ||
         c == 'f' || c == 'n';
}

inline bool is_space(char c) noexcept { return c == ' ' || c == '\n' || c == '\r' || c == '\t'; }

// RFC 7464 2.4: a record whose document is a number or literal needs
// whitespace after it (its last byte is `last`), else it may have been cut
// short (123 of 12345, say); such a record fails with this message.
inline bool record_may_be_cut(const value& root, char last) noexcept {
  return (root.is_number() || root.is_bool() || root.is_null()) && !is_space(last);
}
inline constexpr const char* record_cut_message =
    "number or literal without whitespace after it: possibly truncated";

// Where the line count stands after [p, stop): lines counts the '\n' bytes
// met, line_start is just past the last one (unchanged when there is none).
// Both readers count incrementally from where the last error left off, so
// locating every error of a long text stays linear.
struct line_position {
  std::uint64_t line;
  const char* line_start;
};
inline line_position count_newlines(const char* p, const char* stop, line_position at) noexcept {
  while (p != stop) {
    const void* nl = std::memchr(p, '\n', static_cast<std::size_t>(stop - p));
    if (nl == nullptr) break;
    p = static_cast<const char*>(nl) + 1;
    at.line_start = p;
    ++at.line;
  }
  return at;
}

// The caller's options, with the document boundaries the format decides.
inline parse_options for_format(parse_options o, document_format f) noexcept {
  o.allow_bom = false;  // only at the start of the text, which the callers skip themselves
  o.allow_trailing_content = f == document_format::concatenated;
  return o;
}

}  // namespace jot::detail
