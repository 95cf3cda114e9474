// fuzz/fuzz_check.h - what the fuzz targets share: a check that aborts (so
// libFuzzer and the replay main both report it), option decoding from a byte,
// and a strict tape comparison.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iterator>
#include <string_view>

#include "jot/jot.h"
#include "../tests/support/same_tape.h"

// Aborts with the failed condition: a finding. Kept as a macro for __LINE__.
#define FUZZ_CHECK(cond)                                                       \
  do {                                                                         \
    if (!(cond)) {                                                             \
      std::fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
      std::abort();                                                            \
    }                                                                          \
  } while (0)

namespace jot_fuzz {

using jot_test::same_tape;


// Parse options from one byte, so that 0 means the strict defaults and every
// combination is reachable: bit 0 comments, bit 1 trailing commas, bit 2 skip
// UTF-8 validation, bit 3 keep number text, bit 4 allow a byte order mark,
// bit 5 unused (the kernel has its own byte: kernel_from), bits 6-7 a small
// max_depth (1, 2 or 8) so depth errors are hit without deep inputs.
inline jot::parse_options options_from(std::uint8_t b) {
  jot::parse_options o;
  o.syntax.allow_comments = (b & 1) != 0;
  o.syntax.allow_trailing_commas = (b & 2) != 0;
  o.syntax.validate_utf8 = (b & 4) == 0;
  o.keep_number_text = (b & 8) != 0;
  o.syntax.allow_bom = (b & 16) != 0;
  static constexpr std::uint32_t depths[4] = {1024, 1, 2, 8};
  o.syntax.max_depth = depths[b >> 6];
  return o;
}

// The kernel from a whole byte: 0 is automatic, n is jot::all_kernels[n - 1],
// taken modulo so that every value names one and new kernels need no new bits.
inline jot::kernel kernel_from(std::uint8_t b) {
  const std::size_t n = b % (std::size(jot::all_kernels) + 1);
  return n == 0 ? jot::kernel::automatic : jot::all_kernels[n - 1];
}

// The document format from bits 0-1 of a byte: 1 concatenated, 2 json_seq,
// 0 and 3 ndjson.
inline jot::document_format format_from(std::uint8_t b) {
  const int f = b & 3;
  return f == 1   ? jot::document_format::concatenated
         : f == 2 ? jot::document_format::json_seq
                  : jot::document_format::ndjson;
}


// Recomputes an error's line and column from its offset the slow way, and
// checks the offset lies inside the input.
inline void check_position(const jot::error& e, std::string_view json) {
  FUZZ_CHECK(e.offset <= json.size());
  std::uint64_t line = 1;
  std::size_t line_start = 0;
  for (std::size_t i = 0; i < e.offset; ++i)
    if (json[i] == '\n') ++line, line_start = i + 1;
  FUZZ_CHECK(e.line == line);
  FUZZ_CHECK(e.column == e.offset - line_start + 1);
}

// RFC 3629 UTF-8: no overlongs, no surrogates, nothing above U+10FFFF.
inline bool valid_utf8(std::string_view s) {
  const auto* p = reinterpret_cast<const unsigned char*>(s.data());
  const auto* end = p + s.size();
  while (p < end) {
    unsigned c = *p;
    std::size_t n;
    unsigned lo = 0x80, hi = 0xBF;
    if (c < 0x80) { ++p; continue; }
    if (c >= 0xC2 && c <= 0xDF) n = 1;
    else if (c == 0xE0) { n = 2; lo = 0xA0; }
    else if (c == 0xED) { n = 2; hi = 0x9F; }
    else if (c >= 0xE1 && c <= 0xEF) n = 2;
    else if (c == 0xF0) { n = 3; lo = 0x90; }
    else if (c == 0xF4) { n = 3; hi = 0x8F; }
    else if (c >= 0xF1 && c <= 0xF3) n = 3;
    else return false;
    if (static_cast<std::size_t>(end - p) <= n) return false;
    if (p[1] < lo || p[1] > hi) return false;
    for (std::size_t i = 2; i <= n; ++i)
      if (p[i] < 0x80 || p[i] > 0xBF) return false;
    p += n + 1;
  }
  return true;
}

}  // namespace jot_fuzz
