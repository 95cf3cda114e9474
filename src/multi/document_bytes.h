// src/multi/document_bytes.h - the byte classes and parse options that mark where
// documents begin and end, shared by documents (one buffer) and
// stream_reader (a window over a stream).
#pragma once

#include <cstdint>
#include <cstring>

#include "jot/detail/scan/blank.h"
#include "jot/documents.h"
#include "jot/options.h"
#include "jot/parse.h"
#include "jot/value.h"
#include "parse/lines.h"
#include "kernels/kernels.h"

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

// RFC 7464 2.4: a record whose document is a number or literal needs
// whitespace after it (its last byte is `last`), else it may have been cut
// short (123 of 12345, say); such a record fails with this message.
inline bool record_may_be_cut(const value& root, char last) noexcept {
  return (root.is_number() || root.is_bool() || root.is_null()) && !is_space(last);
}
// The same for a record not parsed: its first and last bytes (not spaces).
inline bool record_may_be_cut(char first, char last) noexcept {
  return (first == '-' || (first >= '0' && first <= '9') || first == 't' || first == 'f' || first == 'n') &&
         !is_space(last);
}
inline constexpr const char* record_cut_message =
    "number or literal without whitespace after it: possibly truncated";

// The caller's options, with the document boundaries the format decides.
inline parse_options for_format(parse_options o, document_format f) noexcept {
  o.syntax.allow_bom = false;  // only at the start of the text, which the callers skip themselves
  o.syntax.allow_trailing_content = f == document_format::concatenated;
  return o;
}

}  // namespace jot::detail

namespace jot {

// Parses bytes with the kernel directly, not parser::parse: no
// result<document> to build and move per document, and errors are located by
// the caller. Inlined into every caller (documents and stream_reader), each
// with line constant: as a call of its own it added a call's cost to every
// NDJSON line.
JOT_ALWAYS_INLINE error detail::documents_state::run_step(const parser& p, std::string_view bytes,
                                                          std::size_t readable, bool line, arena& a,
                                                          result<document>& current) noexcept {
  if (JOT_UNLIKELY(bytes.size() > max_input_size)) return make_error(error_code::input_too_large);
  const detail::parse_outcome r =
      line ? p.entry_->parse_line(bytes.data(), bytes.size(), p.options_, a)
           : p.entry_->parse(bytes.data(), bytes.size(), readable, p.options_, a);
  if (JOT_LIKELY(r.err.ok())) {
    if (JOT_UNLIKELY(!current.ok())) current = document();
    document& d = *current;
    d.root_ = r.root;
    d.consumed_ = r.consumed;
  }
  return r.err;
}

}  // namespace jot
