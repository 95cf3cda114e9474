// tests/support/string_source.h - a jot::source over a string that reads the way a
// pipe does (a few bytes at a time), for the stream tests.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstring>
#include <string_view>

#include "jot/jot.h"

namespace jot_test {

// A source over a string that hands out at most `chunk` bytes per read, and
// exactly `first` bytes on the first read (when nonzero).
struct string_source {
  std::string_view text;
  std::size_t chunk = static_cast<std::size_t>(-1);
  std::size_t first = 0;
  std::size_t at = 0;
  bool fail_at_end = false;  // an io_error instead of the end of the stream

  jot::result<std::size_t> read(char* buffer, std::size_t size) noexcept {
    std::size_t n = std::min({size, chunk, text.size() - at});
    if (at == 0 && first != 0) n = std::min(size, first);
    if (n == 0 && fail_at_end) return jot::make_error(jot::error_code::io_error);
    std::memcpy(buffer, text.data() + at, n);
    at += n;
    return n;
  }
};

}  // namespace jot_test
