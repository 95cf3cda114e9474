// jot/detail/scan/utf8.h - scalar UTF-8 validation and encoding inside
// strings, and the byte classes every scanner shares. Not API. Plain inline
// functions with no target-specific code (see number.h).
#pragma once

#include <cstddef>
#include <cstdint>

#include "jot/detail/core/bits.h"

namespace jot::detail {

using u8 = std::uint8_t;

inline bool is_json_space(u8 c) noexcept { return c == ' ' || c == '\n' || c == '\r' || c == '\t'; }

// The lines of [p, stop) that hold a byte other than JSON whitespace: the
// scalar count, and every scanner's tail. at_line_start says whether only
// whitespace precedes p on its line (true at a line's start), and is left
// saying the same of stop.
inline std::uint64_t count_content_lines_scalar(const u8* p, const u8* stop, bool& at_line_start) noexcept {
  std::uint64_t count = 0;
  for (; p != stop; ++p) {
    if (*p == '\n') {
      at_line_start = true;
    } else if (!is_json_space(*p)) {
      count += at_line_start ? 1 : 0;
      at_line_start = false;
    }
  }
  return count;
}

// The bytes a string scan stops at: '"', '\\', controls, and non-ASCII (for
// UTF-8 validation).
inline bool is_string_special(u8 c) noexcept { return c == '"' || c == '\\' || c < 0x20 || c >= 0x80; }
// Where a literal at p that should spell word (NUL-terminated) goes wrong:
// its first byte that differs, or end when the input stops inside it. Both
// the DOM parser and the skipper report a bad literal there.
inline const u8* literal_mismatch(const u8* p, const u8* end, const char* word) noexcept {
  while (*word != 0 && p != end && *p == static_cast<u8>(*word)) ++p, ++word;
  return p;
}


// How many of the last bytes before end start a sequence that continues past
// end: 1 for a lead byte at end[-1], 2 for a 3- or 4-byte lead at end[-2], 3
// for a 4-byte lead at end[-3], else 0 (what a register that ends at end cuts
// off). end[-3] must be readable.
inline std::ptrdiff_t utf8_cut_bytes(const u8* end) noexcept {
  if (end[-1] >= 0xC0) return 1;
  if (end[-2] >= 0xE0) return 2;
  if (end[-3] >= 0xF0) return 3;
  return 0;
}

// Length of the valid UTF-8 sequence whose lead byte is at(0), a non-ASCII
// byte, with avail bytes readable through at(i); 0 when it is invalid
// (overlong, surrogate, above U+10FFFF, truncated, stray continuation byte).
// Constexpr over an accessor so that compile-time checks (a "name"_key) use
// the same rules as the scanners.
template <class At>
constexpr int utf8_sequence_length_of(At at, std::ptrdiff_t avail) noexcept {
  const auto c = static_cast<std::uint8_t>(at(0));
  const auto byte = [&at](int i) { return static_cast<std::uint8_t>(at(i)); };
  const auto cont = [](std::uint8_t b) { return (b & 0xC0) == 0x80; };
  if (c < 0xC2) return 0;  // continuation byte, or overlong C0/C1 lead
  if (c < 0xE0) return avail >= 2 && cont(byte(1)) ? 2 : 0;
  if (c < 0xF0) {
    if (avail < 3) return 0;
    const std::uint8_t lo = c == 0xE0 ? 0xA0 : 0x80;  // E0: no overlong forms
    const std::uint8_t hi = c == 0xED ? 0x9F : 0xBF;  // ED: no UTF-16 surrogates
    return byte(1) >= lo && byte(1) <= hi && cont(byte(2)) ? 3 : 0;
  }
  if (c < 0xF5) {
    if (avail < 4) return 0;
    const std::uint8_t lo = c == 0xF0 ? 0x90 : 0x80;  // F0: no overlong forms
    const std::uint8_t hi = c == 0xF4 ? 0x8F : 0xBF;  // F4: nothing above U+10FFFF
    return byte(1) >= lo && byte(1) <= hi && cont(byte(2)) && cont(byte(3)) ? 4 : 0;
  }
  return 0;
}

// utf8_sequence_length_of for the bytes [p, end); never reads at or past end.
inline int utf8_sequence_length_checked(const std::uint8_t* p, const std::uint8_t* end) noexcept {
  return utf8_sequence_length_of([p](int i) { return p[i]; }, end - p);
}

// The same, reading the sequence as one little-endian word when 4 bytes are
// available: each form is recognised by its fixed bits, then its value range
// is checked on the payload bits.
inline int utf8_sequence_length(const std::uint8_t* p, const std::uint8_t* end) noexcept {
  if (end - p < 4) return utf8_sequence_length_checked(p, end);
  const std::uint32_t v = load_le32(p);
  if ((v & 0xC0E0u) == 0x80C0u) return (v & 0x1Eu) != 0 ? 2 : 0;  // C0, C1 are overlong
  if ((v & 0xC0C0F0u) == 0x8080E0u) {
    // Lead nibble and bit 5 of the second byte: 0 is an overlong E0 80..9F,
    // 0x200D a surrogate ED A0..BF.
    const std::uint32_t t = v & 0x200Fu;
    return t != 0 && t != 0x200Du ? 3 : 0;
  }
  if ((v & 0xC0C0C0F8u) == 0x808080F0u) {
    const std::uint32_t cp = ((v & 0x07u) << 18) | ((v & 0x3F00u) << 4) | ((v & 0x3F0000u) >> 10) |
                             ((v & 0x3F000000u) >> 24);
    return cp >= 0x10000 && cp <= 0x10FFFF ? 4 : 0;
  }
  return 0;
}

// Length of the run of valid non-ASCII sequences starting at p (stops at an
// ASCII byte or the end); *bad is set when the run stops at an invalid one.
inline std::size_t utf8_valid_run(const std::uint8_t* p, const std::uint8_t* end, bool* bad) noexcept {
  const std::uint8_t* q = p;
  do {
    const int n = utf8_sequence_length(q, end);
    if (n == 0) {
      *bad = true;
      return static_cast<std::size_t>(q - p);
    }
    q += n;
  } while (q != end && *q >= 0x80);
  *bad = false;
  return static_cast<std::size_t>(q - p);
}

// Writes code point cp (at most U+10FFFF, not a surrogate) as UTF-8; returns bytes written.
inline int encode_utf8(std::uint32_t cp, char* out) noexcept {
  if (cp < 0x80) {
    out[0] = static_cast<char>(cp);
    return 1;
  }
  if (cp < 0x800) {
    out[0] = static_cast<char>(0xC0 | (cp >> 6));
    out[1] = static_cast<char>(0x80 | (cp & 0x3F));
    return 2;
  }
  if (cp < 0x10000) {
    out[0] = static_cast<char>(0xE0 | (cp >> 12));
    out[1] = static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out[2] = static_cast<char>(0x80 | (cp & 0x3F));
    return 3;
  }
  out[0] = static_cast<char>(0xF0 | (cp >> 18));
  out[1] = static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
  out[2] = static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
  out[3] = static_cast<char>(0x80 | (cp & 0x3F));
  return 4;
}

// Value of four hex digits at p, or -1.
inline std::int32_t read_hex4(const std::uint8_t* p) noexcept {
  std::int32_t v = 0;
  for (int i = 0; i < 4; ++i) {
    std::uint8_t c = p[i];
    std::int32_t d;
    if (c >= '0' && c <= '9') d = c - '0';
    else if ((c | 0x20) >= 'a' && (c | 0x20) <= 'f') d = (c | 0x20) - 'a' + 10;
    else return -1;
    v = v * 16 + d;
  }
  return v;
}

}  // namespace jot::detail
