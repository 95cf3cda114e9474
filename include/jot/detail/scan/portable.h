// jot/detail/scan/portable.h - the plain C++ scanning kernel (8 bytes at a time,
// SWAR). Standard C++20 only (no builtins, no intrinsics), so it builds with
// any conforming compiler on any host jot/detail/core/bits.h accepts; every other
// kernel must give identical results. Words are read little-endian
// (load_le64), so "the lowest flagged byte" is the first one in memory on
// every host. Not API.
#pragma once

#include "jot/detail/scan/prelude.h"

namespace jot::detail::isa_portable {

#include "jot/detail/scan/strings.inl"

// Whitespace between tokens is mostly one space (after ':' or ',') or a line
// break and indentation; both are short, so spaces are skipped eight at a time
// by comparing a word, which beats setting up a vector for a few bytes.
// With StopAtLf, a line feed ends the run instead (an NDJSON line's end).
template <bool StopAtLf = false>
inline const std::uint8_t* skip_whitespace(const std::uint8_t* p, const std::uint8_t* end) noexcept {
  for (;;) {
    if (end - p >= 8) {
      const std::uint64_t v = load_le64(p) ^ 0x2020202020202020ull;  // spaces become zero bytes
      if (v == 0) {
        p += 8;
        continue;
      }
      p += std::countr_zero(v) >> 3;
    } else {
      while (p != end && *p == ' ') ++p;
    }
    if (p == end || !((*p == '\n' && !StopAtLf) || *p == '\r' || *p == '\t')) return p;
    ++p;
  }
}

constexpr std::uint64_t ones = 0x0101010101010101ull;
constexpr std::uint64_t highs = 0x8080808080808080ull;

// True bit 7 in each byte of v that is zero; exact for the lowest such byte.
inline std::uint64_t zero_bytes(std::uint64_t v) noexcept { return (v - ones) & ~v & highs; }

struct scanner {
  static const u8* scan_string(const u8* p, const u8* end) noexcept {
    while (end - p >= 8) {
      const std::uint64_t v = load_le64(p);
      // bytes < 0x20 or >= 0x80: bit 7 of (v - 0x20 per byte) | v; borrows only
      // reach bytes above a flagged one, so the lowest flag is exact.
      std::uint64_t m = ((v - ones * 0x20) | v) & highs;
      m |= zero_bytes(v ^ (ones * '"')) | zero_bytes(v ^ (ones * '\\'));
      if (m != 0) return p + (std::countr_zero(m) >> 3);
      p += 8;
    }
    while (p != end && !is_string_special(*p)) ++p;
    return p;
  }

  static const u8* scan_string_ascii(const u8* p, const u8* end) noexcept {
    while (end - p >= 8) {
      const std::uint64_t v = load_le64(p);
      // bytes < 0x20: bit 7 of (v - 0x20 per byte) where v's own bit 7 is clear.
      std::uint64_t m = (v - ones * 0x20) & ~v & highs;
      m |= zero_bytes(v ^ (ones * '"')) | zero_bytes(v ^ (ones * '\\'));
      if (m != 0) return p + (std::countr_zero(m) >> 3);
      p += 8;
    }
    while (p != end && *p != '"' && *p != '\\' && *p >= 0x20) ++p;
    return p;
  }

  static const u8* scan_quote(const u8* p, const u8* end) noexcept {
    while (end - p >= 8) {
      const std::uint64_t v = load_le64(p);
      const std::uint64_t m = zero_bytes(v ^ (ones * '"')) | zero_bytes(v ^ (ones * '\\'));
      if (m != 0) return p + (std::countr_zero(m) >> 3);
      p += 8;
    }
    while (p != end && *p != '"' && *p != '\\') ++p;
    return p;
  }

  // The line feeds in [p, stop), a word at a time: a line feed's byte is
  // zero after the xor, and the exact zero-byte test flags it alone (the
  // cheaper one of zero_bytes may flag a 0x01 above a zero).
  static line_feeds count_line_feeds(const u8* p, const u8* stop) noexcept {
    std::uint64_t count = 0;
    const u8* last = nullptr;
    constexpr std::uint64_t lows = 0x7F7F7F7F7F7F7F7Full;
    for (; stop - p >= 8; p += 8) {
      const std::uint64_t x = load_le64(p) ^ (ones * '\n');
      const std::uint64_t lf = ~(((x & lows) + lows) | x) & highs;  // bit 7 of each LF byte
      count += ((lf >> 7) * ones) >> 56;                             // at most 8: no carry between bytes
      if (lf != 0) last = p + ((63 - std::countl_zero(lf)) >> 3);   // little-endian: the highest byte is last
    }
    for (; p != stop; ++p) {
      if (*p == '\n') {
        ++count;
        last = p;
      }
    }
    return {count, last};
  }

  // The lines of [p, stop) that hold a byte other than JSON whitespace (p at
  // a line's start); see vector_scanner::count_content_lines.
  static std::uint64_t count_content_lines(const u8* p, const u8* stop) noexcept {
    bool at_line_start = true;
    return count_content_lines_scalar(p, stop, at_line_start);
  }

  // No vector UTF-8 validation here: the scalar validator does it all.
  static const u8* skip_utf8(const u8* p, const u8*) noexcept { return p; }

  static const u8* skip_spaces(const u8* p, const u8* end) noexcept { return skip_whitespace(p, end); }
  template <bool StopAtLf = false>
  static const u8* skip_spaces_inlined(const u8* p, const u8* end) noexcept {
    return skip_whitespace<StopAtLf>(p, end);
  }
  // No guess: the SWAR skip's steps are not worth predicting.
  template <bool StopAtLf = false>
  static const u8* skip_spaces_guessed(const u8* p, const u8* end, u8&) noexcept {
    return skip_whitespace<StopAtLf>(p, end);
  }
  static const u8* skip_indentation(const u8* p, const u8* end, u8&) noexcept { return skip_whitespace(p, end); }
};

// Stage 1's prefix XOR by shifts (no builtins here).
struct index_carryless {
  static std::uint64_t prefix_xor(std::uint64_t m) noexcept { return prefix_xor_by_shifts(m); }
};

#include "jot/detail/index/stage1.inl"

template <bool ValidateUtf8, bool Comments>
using index_classifier = word_classifier<ValidateUtf8, Comments>;

}  // namespace jot::detail::isa_portable
