// src/query/location.cpp - normalized paths (RFC 9535 section 2.7): $ then
// ['name'] or [index] per step, names in single quotes with the normal
// escapes: \b \f \n \r \t \' \\, other control characters as \u00xx in
// lower-case hex, everything else (non-ASCII included) as it is.
#include <cstring>

#include "ast.h"

namespace jot::path {

namespace {

using detail::query::step;

// The escape of byte c in a normalized name, or nullptr when c stands for itself.
const char* short_escape(unsigned char c) noexcept {
  switch (c) {
    case '\b': return "\\b";
    case '\f': return "\\f";
    case '\n': return "\\n";
    case '\r': return "\\r";
    case '\t': return "\\t";
    case '\'': return "\\'";
    case '\\': return "\\\\";
    default: return nullptr;
  }
}

std::size_t digits(std::uint64_t v) noexcept {
  std::size_t n = 1;
  while (v >= 10) v /= 10, ++n;
  return n;
}

// Bytes of one step: [index] or ['name'].
std::size_t step_size(const step& s) noexcept {
  if (s.is_index) return 2 + digits(s.index);
  std::size_t n = 4;
  for (const char ch : s.name) {
    const auto c = static_cast<unsigned char>(ch);
    n += short_escape(c) != nullptr ? 2 : c < 0x20 ? 6 : 1;
  }
  return n;
}

char* write_step(const step& s, char* out) noexcept {
  *out++ = '[';
  if (s.is_index) {
    char tmp[20];
    std::size_t n = 0;
    std::uint64_t v = s.index;
    do tmp[n++] = static_cast<char>('0' + v % 10), v /= 10;
    while (v != 0);
    while (n != 0) *out++ = tmp[--n];
  } else {
    *out++ = '\'';
    for (const char ch : s.name) {
      const auto c = static_cast<unsigned char>(ch);
      if (const char* e = short_escape(c)) {
        *out++ = e[0];
        *out++ = e[1];
      } else if (c < 0x20) {
        static constexpr char hex[] = "0123456789abcdef";
        std::memcpy(out, "\\u00", 4);
        out[4] = hex[c >> 4];
        out[5] = hex[c & 15];
        out += 6;
      } else {
        *out++ = ch;
      }
    }
    *out++ = '\'';
  }
  *out++ = ']';
  return out;
}

}  // namespace

std::size_t location::depth() const noexcept { return s_ == nullptr ? 0 : s_->depth; }

std::size_t location::size() const noexcept {
  std::size_t n = 1;
  for (const detail::query::step* s = s_; s != nullptr; s = s->parent) n += step_size(*s);
  return n;
}

std::size_t location::write(char* out, std::size_t capacity) const noexcept {
  const std::size_t n = size();
  if (capacity < n) return n;
  // Steps link child to parent: written from the end backwards.
  char* end = out + n;
  for (const detail::query::step* s = s_; s != nullptr; s = s->parent) {
    char* start = end - step_size(*s);
    write_step(*s, start);
    end = start;
  }
  out[0] = '$';
  return n;
}

result<std::string_view> location::text(arena& a) const noexcept {
  const std::size_t n = size();
  char* out = static_cast<char*>(a.allocate(n, 1));
  if (out == nullptr) return make_error(error_code::capacity_exceeded, n);
  write(out, n);
  return std::string_view(out, n);
}

}  // namespace jot::path
