// src/parse/lines.h - counting lines, for the line and column of an error: parse()
// locates its error with it, documents and stream_reader count as they go.
#pragma once

#include <cstdint>
#include <string_view>

#include "kernels/kernels.h"

namespace jot::detail {

// Where the line count stands after [p, stop): lines counts the '\n' bytes
// met, line_start is just past the last one (unchanged when there is none).
// Both readers count incrementally from where the last error left off, so
// locating every error of a long text stays linear. The bytes are counted by
// kernel k (count_line_feeds, a register at a time; every kernel gives the
// same answer), the kernel that parsed them.
struct line_position {
  std::uint64_t line;
  const char* line_start;
};
inline line_position count_newlines(const kernel_entry& k, const char* p, const char* stop,
                                    line_position at) noexcept {
  const line_feeds found = k.count_line_feeds(p, stop);
  if (found.count != 0) {
    at.line += found.count;
    at.line_start = reinterpret_cast<const char*>(found.last) + 1;
  }
  return at;
}

// jot::locate with kernel k's line count (parser::parse passes its own).
void locate_with(const kernel_entry& k, error& e, std::string_view json) noexcept;

}  // namespace jot::detail
