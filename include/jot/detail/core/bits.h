// jot/detail/core/bits.h - byte order and wide arithmetic in standard C++, for the code
// that every kernel shares (the scanning core, numbers, the portable kernel).
// Not API.
//
// What jot assumes of a host is stated here, once: 8-bit bytes, and a byte
// order that is little- or big-endian (C++20 already fixes two's complement).
// Loads that the algorithms read as little-endian words go through load_le*,
// so the portable kernel gives the same answers on a big-endian host; the
// 64 x 64 -> 128-bit product uses unsigned __int128 where the compiler has it
// and four 32-bit partial products elsewhere.
// Plain inline functions: no target-specific code, so every kernel and the
// typed reader may share one copy.
#pragma once

#include <bit>
#include <climits>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "jot/detail/core/config.h"

static_assert(CHAR_BIT == 8, "jot reads its input as 8-bit bytes");
static_assert(std::endian::native == std::endian::little || std::endian::native == std::endian::big,
              "jot supports little- and big-endian hosts, not mixed-endian ones");

namespace jot::detail {

// v with its bytes in reverse order (GCC and Clang compile each to one bswap).
constexpr std::uint64_t byteswap64(std::uint64_t v) noexcept {
  v = ((v & 0x00FF00FF00FF00FFull) << 8) | ((v >> 8) & 0x00FF00FF00FF00FFull);
  v = ((v & 0x0000FFFF0000FFFFull) << 16) | ((v >> 16) & 0x0000FFFF0000FFFFull);
  return (v << 32) | (v >> 32);
}
constexpr std::uint32_t byteswap32(std::uint32_t v) noexcept {
  v = ((v & 0x00FF00FFu) << 8) | ((v >> 8) & 0x00FF00FFu);
  return (v << 16) | (v >> 16);
}

// The eight bytes at p as a little-endian word: p[0] in the low byte.
inline std::uint64_t load_le64(const std::uint8_t* p) noexcept {
  std::uint64_t v;
  std::memcpy(&v, p, 8);
  if constexpr (std::endian::native == std::endian::big) v = byteswap64(v);
  return v;
}

// The four bytes at p as a little-endian word: p[0] in the low byte.
inline std::uint32_t load_le32(const std::uint8_t* p) noexcept {
  std::uint32_t v;
  std::memcpy(&v, p, 4);
  if constexpr (std::endian::native == std::endian::big) v = byteswap32(v);
  return v;
}

// Stores v at p as a little-endian word: its low byte at p[0].
inline void store_le64(void* p, std::uint64_t v) noexcept {
  if constexpr (std::endian::native == std::endian::big) v = byteswap64(v);
  std::memcpy(p, &v, 8);
}

// 16 bytes as two little-endian words: byte i is byte i % 8 of word i / 8.
struct bytes16 {
  std::uint64_t lo;
  std::uint64_t hi;
};

// The n < 16 bytes at s, zero-padded to 16, assembled in registers from loads
// within [s, s + n). Not a zero-padded copy in memory: that copy is written
// by narrower stores, and one 16-byte load of it waits for them to retire
// (store forwarding fails), a stall on every short string.
inline bytes16 load_short16(const std::uint8_t* s, std::size_t n) noexcept {
  if (n >= 8) {
    // Bytes [8, n) are the top n - 8 bytes of the word that ends at n.
    return {load_le64(s), n == 8 ? 0 : load_le64(s + n - 8) >> (8 * (16 - n))};
  }
  if (n >= 4) {
    // Two words that overlap when n < 8: the shared bytes are equal.
    return {load_le32(s) | std::uint64_t{load_le32(s + n - 4)} << (8 * (n - 4)), 0};
  }
  if (n == 0) return {0, 0};
  return {std::uint64_t{s[0]} | std::uint64_t{s[n / 2]} << (8 * (n / 2)) |
              std::uint64_t{s[n - 1]} << (8 * (n - 1)),
          0};
}

// A 128-bit unsigned value as two halves.
struct uint128_parts {
  std::uint64_t high;
  std::uint64_t low;
};

// The full product a * b from four 32 x 32-bit partial products: the fallback
// where unsigned __int128 is missing, compiled everywhere so it is tested.
constexpr uint128_parts multiply_64x64_portable(std::uint64_t a, std::uint64_t b) noexcept {
  const std::uint64_t a_lo = a & 0xFFFFFFFFu, a_hi = a >> 32;
  const std::uint64_t b_lo = b & 0xFFFFFFFFu, b_hi = b >> 32;
  const std::uint64_t lo_lo = a_lo * b_lo, hi_lo = a_hi * b_lo;
  const std::uint64_t lo_hi = a_lo * b_hi, hi_hi = a_hi * b_hi;
  // At most (2^32 - 1) + (2^32 - 1) + (2^32 - 1)^2 = 2^64 - 1: no carry is lost.
  const std::uint64_t cross = (lo_lo >> 32) + (hi_lo & 0xFFFFFFFFu) + lo_hi;
  return {hi_hi + (hi_lo >> 32) + (cross >> 32), (cross << 32) | (lo_lo & 0xFFFFFFFFu)};
}

// The full product a * b.
inline uint128_parts multiply_64x64(std::uint64_t a, std::uint64_t b) noexcept {
#if defined(__SIZEOF_INT128__)
  __extension__ using u128 = unsigned __int128;  // GCC and Clang; __extension__: no -Wpedantic note
  const u128 p = static_cast<u128>(a) * b;
  return {static_cast<std::uint64_t>(p >> 64), static_cast<std::uint64_t>(p)};
#else
  return multiply_64x64_portable(a, b);
#endif
}

// Copies n bytes; for n <= 64 with two overlapping fixed-size moves instead
// of a memcpy call (string lengths vary, so a call would dominate). Always
// inlined: for the DOM writer's loop, which says itself where a copy is inline
// and where it is a call (src/write/write.cpp), because GCC's own choice there moved
// with unrelated edits, and the writer's speed with it.
JOT_ALWAYS_INLINE void copy_short_inline(char* dst, const char* src, std::size_t n) noexcept {
  if (n >= 8) {
    if (n <= 16) {
      std::memcpy(dst, src, 8);
      std::memcpy(dst + n - 8, src + n - 8, 8);
    } else if (n <= 32) {
      std::memcpy(dst, src, 16);
      std::memcpy(dst + n - 16, src + n - 16, 16);
    } else if (n <= 64) {
      std::memcpy(dst, src, 32);
      std::memcpy(dst + n - 32, src + n - 32, 32);
    } else {
#if defined(__GNUC__)
      // Forget what the caller's bounds tell about n: with a known maximum
      // (the writer copies at most 2 KB at a time) GCC inlines this memcpy
      // as `rep movsq`, whose start-up cost Intel cores pay on every short
      // copy.
      __asm__("" : "+r"(n));
#endif
      std::memcpy(dst, src, n);
    }
  } else if (n >= 4) {
    std::memcpy(dst, src, 4);
    std::memcpy(dst + n - 4, src + n - 4, 4);
  } else if (n != 0) {
    dst[0] = src[0];
    dst[n / 2] = src[n / 2];
    dst[n - 1] = src[n - 1];
  }
}

// copy_short_inline where the compiler picks whether to inline it: the
// writer's escaping and the typed reader's std::string members.
inline void copy_short(char* dst, const char* src, std::size_t n) noexcept { copy_short_inline(dst, src, n); }

}  // namespace jot::detail
