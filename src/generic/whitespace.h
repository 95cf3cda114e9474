// src/generic/whitespace.h - skipping JSON whitespace, shared by every kernel.
// Internal linkage: compiled into every kernel's translation unit.
#pragma once

#include <cstdint>
#include <cstring>

namespace jot::detail {
namespace {

// Whitespace between tokens is mostly one space (after ':' or ',') or a line
// break and indentation; both are short, so spaces are skipped eight at a time
// by comparing a word, which beats setting up a vector for a few bytes.
inline const std::uint8_t* skip_whitespace(const std::uint8_t* p, const std::uint8_t* end) noexcept {
  for (;;) {
    if (end - p >= 8) {
      std::uint64_t v;
      std::memcpy(&v, p, 8);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
      v = __builtin_bswap64(v);
#endif
      v ^= 0x2020202020202020ull;  // spaces become zero bytes
      if (v == 0) {
        p += 8;
        continue;
      }
      p += __builtin_ctzll(v) >> 3;
    } else {
      while (p != end && *p == ' ') ++p;
    }
    if (p == end || !(*p == '\n' || *p == '\r' || *p == '\t')) return p;
    ++p;
  }
}

}  // namespace
}  // namespace jot::detail
