// src/query/lexer.h - the tokens of RFC 9535's grammar that are more than
// one byte: string literals, integers, numbers, member-name shorthands, and
// UTF-8 code points. Not API.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "ast.h"
#include "jot/arena.h"
#include "jot/error.h"

namespace jot::detail::query {

// The furthest a JSONPath integer may reach: I-JSON's exact range, +-(2^53-1).
inline constexpr std::int64_t max_exact_int = (std::int64_t{1} << 53) - 1;

// The query text and a position in it; errors name the byte at an offset.
struct lexer {
  const char* begin;
  const char* p;
  const char* end;

  bool at_end() const noexcept { return p == end; }
  char peek(std::size_t ahead = 0) const noexcept {
    return static_cast<std::size_t>(end - p) > ahead ? p[ahead] : '\0';
  }
  std::size_t offset() const noexcept { return static_cast<std::size_t>(p - begin); }
  // RFC 9535's S: blanks are space, tab, line feed and carriage return.
  void skip_blanks() noexcept {
    while (p != end && (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')) ++p;
  }
};

// Builds the error of a bad query at byte offset, with a message naming it.
inline jot::error query_error(error_code code, std::size_t offset, const char* message) noexcept {
  jot::error e = make_error(code);
  e.offset = offset;
  e.message = message;
  return e;
}

// Decodes one UTF-8 code point at p (before end) into cp and advances p.
// False for an invalid sequence (overlong, a surrogate, beyond U+10FFFF,
// truncated; the parser's rules, jot/detail/scan/utf8.h); p is then left
// after the first byte.
bool decode_utf8(const char*& p, const char* end, std::uint32_t& cp) noexcept;

// A string literal at lx.p (its opening quote, ' or "), unescaped into a.
// Leaves lx.p after the closing quote. Fails with query_syntax at the
// offending byte, or capacity_exceeded.
jot::error scan_string(lexer& lx, arena& a, std::string_view& out) noexcept;

// An integer (index, slice bound): "0" or an optional '-' and digits without
// a leading zero, within +-(2^53-1); "-0" is refused.
jot::error scan_int(lexer& lx, std::int64_t& out) noexcept;

// A number literal of a filter: JSON's number grammar (so -0, fractions and
// exponents). Fails with query_syntax, or beyond a double's range.
jot::error scan_number(lexer& lx, number& out) noexcept;

// True when c may start a member-name shorthand (ALPHA, '_', or a byte of a
// non-ASCII code point).
inline bool starts_name(char c) noexcept {
  const auto u = static_cast<unsigned char>(c);
  return (u >= 'a' && u <= 'z') || (u >= 'A' && u <= 'Z') || u == '_' || u >= 0x80;
}

// A member-name shorthand at lx.p (starts_name holds): name-first then
// name-chars, copied into a (a compiled query keeps no pointer into its text).
jot::error scan_name(lexer& lx, arena& a, std::string_view& out) noexcept;

}  // namespace jot::detail::query
