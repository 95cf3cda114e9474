// src/core/arena_access.h - the parser's view of an arena's current free range.
//
// The parser fills a free range from both ends: the tape of nodes grows up from
// the low end and unescaped strings grow down from the high end. When the two
// meet it asks the arena for a new block and moves the tape (the tape holds no
// absolute pointers into itself); strings already written stay where they are.
#pragma once

#include <cstddef>
#include <cstdint>

#include "jot/arena.h"

namespace jot::detail {

struct arena_access {
  static char* lo(arena& a) noexcept { return a.lo_; }
  static char* hi(arena& a) noexcept { return a.hi_; }
  // Marks [lo, new_lo) and [new_hi, hi) as used.
  static void commit(arena& a, char* new_lo, char* new_hi) noexcept {
    a.lo_ = new_lo;
    a.hi_ = new_hi;
  }
  // Makes the current free range a fresh block of at least min_size bytes.
  static bool grow(arena& a, std::size_t min_size) noexcept { return a.grow(min_size); }
};

}  // namespace jot::detail
