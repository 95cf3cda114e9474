// src/generic/whitespace.h - skipping JSON whitespace, shared by every kernel.
// Internal linkage: compiled into every kernel's translation unit.
#pragma once

#include <bit>
#include <cstdint>

#include "bits.h"

namespace jot::detail {
namespace {

// Whitespace between tokens is mostly one space (after ':' or ',') or a line
// break and indentation; both are short, so spaces are skipped eight at a time
// by comparing a word, which beats setting up a vector for a few bytes.
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
    if (p == end || !(*p == '\n' || *p == '\r' || *p == '\t')) return p;
    ++p;
  }
}

}  // namespace
}  // namespace jot::detail
