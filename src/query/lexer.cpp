// src/query/lexer.cpp - RFC 9535's multi-byte tokens: string literals with
// both quotes and their escapes, integers, numbers, member-name shorthands.
#include "lexer.h"

#include <cstring>

#include "jot/detail/dom/node.h"
#include "jot/detail/scan/utf8.h"
#include "jot/detail/dom/value_inl.h"
#include "jot/value.h"

namespace jot::detail::query {

bool decode_utf8(const char*& p, const char* end, std::uint32_t& cp) noexcept {
  const auto* u = reinterpret_cast<const std::uint8_t*>(p);
  if (*u < 0x80) {
    cp = *u;
    ++p;
    return true;
  }
  const int n = utf8_sequence_length_checked(u, reinterpret_cast<const std::uint8_t*>(end));
  if (n == 0) {
    ++p;
    return false;
  }
  static constexpr std::uint8_t lead_bits[5] = {0, 0, 0x1F, 0x0F, 0x07};
  cp = u[0] & lead_bits[n];
  for (int k = 1; k < n; ++k) cp = (cp << 6) | (u[k] & 0x3Fu);
  p += n;
  return true;
}

namespace {

// Four hex digits at p (before end) as a code unit, or -1.
std::int32_t hex4(const char* p, const char* end) noexcept {
  return end - p < 4 ? -1 : read_hex4(reinterpret_cast<const std::uint8_t*>(p));
}

jot::error syntax(const lexer& lx, const char* at, const char* message) noexcept {
  return query_error(error_code::query_syntax, static_cast<std::size_t>(at - lx.begin), message);
}

}  // namespace

jot::error scan_string(lexer& lx, arena& a, std::string_view& out) noexcept {
  const char quote = *lx.p;
  const char* const open = lx.p;
  // The literal's unescaped form is never longer than its text.
  const char* close = lx.p + 1;
  while (close != lx.end && *close != quote) close += (*close == '\\' && close + 1 != lx.end) ? 2 : 1;
  if (close == lx.end) return syntax(lx, open, "unterminated string literal");
  const auto room = static_cast<std::size_t>(close - open);
  char* buf = static_cast<char*>(a.allocate(room, 1));
  if (buf == nullptr) return make_error(error_code::capacity_exceeded, room);
  std::size_t n = 0;
  const char* p = open + 1;
  while (p != close) {
    const auto c = static_cast<unsigned char>(*p);
    if (c < 0x20) return syntax(lx, p, "control character in string literal (escape it)");
    if (c == '\\') {
      const char* esc = p;
      const char e = p[1];
      p += 2;
      switch (e) {
        case 'b': buf[n++] = '\b'; continue;
        case 'f': buf[n++] = '\f'; continue;
        case 'n': buf[n++] = '\n'; continue;
        case 'r': buf[n++] = '\r'; continue;
        case 't': buf[n++] = '\t'; continue;
        case '/': buf[n++] = '/'; continue;
        case '\\': buf[n++] = '\\'; continue;
        case '"':
        case '\'':
          // Each quote is escapable only inside literals of its own kind.
          if (e != quote) return syntax(lx, esc, "invalid escape: only the enclosing quote may be escaped");
          buf[n++] = e;
          continue;
        case 'u': break;
        default: return syntax(lx, esc, "invalid escape sequence in string literal");
      }
      std::int32_t u = hex4(p, close);
      if (u < 0) return syntax(lx, esc, "invalid \\u escape: four hex digits expected");
      p += 4;
      std::uint32_t cp = static_cast<std::uint32_t>(u);
      if (u >= 0xDC00 && u <= 0xDFFF) return syntax(lx, esc, "lone low surrogate in \\u escape");
      if (u >= 0xD800 && u <= 0xDBFF) {
        const std::int32_t low = (close - p >= 6 && p[0] == '\\' && p[1] == 'u') ? hex4(p + 2, close) : -1;
        if (low < 0xDC00 || low > 0xDFFF) return syntax(lx, esc, "high surrogate not followed by a low one");
        p += 6;
        cp = 0x10000 + ((static_cast<std::uint32_t>(u) - 0xD800) << 10) + (static_cast<std::uint32_t>(low) - 0xDC00);
      }
      n += static_cast<std::size_t>(detail::encode_utf8(cp, buf + n));  // never longer than the 6 or 12 bytes of its escape
      continue;
    }
    if (c < 0x80) {
      buf[n++] = static_cast<char>(c);
      ++p;
      continue;
    }
    const char* start = p;
    std::uint32_t cp;
    if (!decode_utf8(p, close, cp)) return syntax(lx, start, "invalid UTF-8 in string literal");
    std::memcpy(buf + n, start, static_cast<std::size_t>(p - start));
    n += static_cast<std::size_t>(p - start);
  }
  out = std::string_view(buf, n);
  lx.p = close + 1;
  return {};
}

jot::error scan_int(lexer& lx, std::int64_t& out) noexcept {
  const char* start = lx.p;
  const char* p = lx.p;
  const bool negative = p != lx.end && *p == '-';
  if (negative) ++p;
  if (p == lx.end || *p < '0' || *p > '9') return syntax(lx, p, "expected a digit");
  if (*p == '0') {
    if (negative) return syntax(lx, start, "-0 is not an integer here");
    if (p + 1 != lx.end && p[1] >= '0' && p[1] <= '9') return syntax(lx, p, "leading zero in an integer");
    lx.p = p + 1;
    out = 0;
    return {};
  }
  std::int64_t v = 0;
  while (p != lx.end && *p >= '0' && *p <= '9') {
    v = v * 10 + (*p - '0');
    if (v > max_exact_int) return syntax(lx, start, "integer out of range (beyond +-(2^53-1))");
    ++p;
  }
  out = negative ? -v : v;
  lx.p = p;
  return {};
}

jot::error scan_number(lexer& lx, number& out) noexcept {
  const char* start = lx.p;
  const char* p = lx.p;
  auto digit = [&](const char* q) { return q != lx.end && *q >= '0' && *q <= '9'; };
  if (p != lx.end && *p == '-') ++p;
  if (!digit(p)) return syntax(lx, p, "expected a digit");
  if (*p == '0') {
    ++p;
    if (digit(p)) return syntax(lx, p, "leading zero in a number");
  } else {
    while (digit(p)) ++p;
  }
  if (p != lx.end && *p == '.') {
    ++p;
    if (!digit(p)) return syntax(lx, p, "expected a digit after the decimal point");
    while (digit(p)) ++p;
  }
  if (p != lx.end && (*p == 'e' || *p == 'E')) {
    ++p;
    if (p != lx.end && (*p == '+' || *p == '-')) ++p;
    if (!digit(p)) return syntax(lx, p, "expected a digit in the exponent");
    while (digit(p)) ++p;
  }
  node n{};
  if (decode_number_text(start, static_cast<std::size_t>(p - start), &n) != error_code::ok)
    return syntax(lx, start, "number literal out of range");
  out.kind = n.kind();
  out.u = n.u;
  lx.p = p;
  return {};
}

jot::error scan_name(lexer& lx, arena& a, std::string_view& out) noexcept {
  const char* start = lx.p;
  const char* p = lx.p;
  while (p != lx.end) {
    const auto c = static_cast<unsigned char>(*p);
    if (c < 0x80) {
      if (!(starts_name(*p) || (c >= '0' && c <= '9'))) break;
      ++p;
      continue;
    }
    const char* at = p;
    std::uint32_t cp;
    if (!decode_utf8(p, lx.end, cp)) return syntax(lx, at, "invalid UTF-8 in member name");
  }
  const auto size = static_cast<std::size_t>(p - start);
  char* buf = static_cast<char*>(a.allocate(size, 1));
  if (buf == nullptr) return make_error(error_code::capacity_exceeded, size);
  std::memcpy(buf, start, size);
  out = std::string_view(buf, size);
  lx.p = p;
  return {};
}

}  // namespace jot::detail::query
