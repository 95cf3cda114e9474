// tests/support/reference_index.h - the oracle for stage 1 (jot/detail/index/):
// the structural index's contract (structural_index.h) read a byte at a
// time, with no vectors, no blocks and no carries. The unit tests and the
// index fuzzer compare every kernel's index with it.
#pragma once

#include <algorithm>
#include <cstddef>
#include <string_view>
#include <vector>

namespace jot_test {

inline bool is_op(unsigned char c) {
  const unsigned char f = c | 0x20;
  return f == ',' || f == ':' || f == '{' || f == '}';
}
inline bool is_space(unsigned char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

// Where the UTF-8 of s first goes wrong, as a reader checking each byte
// against those before it sees it (a bad lead at the byte after it; a
// missing continuation at the byte that should have been one, or at the
// end); npos when valid.
inline std::size_t first_utf8_error(std::string_view s) {
  const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(s[i]); };
  for (std::size_t i = 0; i < s.size();) {
    const unsigned char c = byte(i);
    if (c < 0x80) {
      ++i;
      continue;
    }
    if (c >= 0x80 && c <= 0xBF) return i;
    if (c == 0xC0 || c == 0xC1 || c >= 0xF5) return i + 1;
    const std::size_t n = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : 2;
    unsigned char lo = 0x80, hi = 0xBF;
    if (c == 0xE0) lo = 0xA0;
    if (c == 0xED) hi = 0x9F;
    if (c == 0xF0) lo = 0x90;
    if (c == 0xF4) hi = 0x8F;
    for (std::size_t k = 1; k < n; ++k) {
      if (i + k >= s.size()) return i + k;
      const unsigned char b = byte(i + k);
      if (k == 1 ? (b < lo || b > hi) : (b < 0x80 || b > 0xBF)) return i + k;
    }
    i += n;
  }
  return std::string_view::npos;
}

struct index_result {
  std::vector<std::size_t> entries;  // absolute offsets
  bool anomaly = false;
  std::size_t stop = 0;  // with anomaly: the offset of the block stage 1 stopped before
};

inline index_result reference_index(std::string_view s, bool validate_utf8, bool comments) {
  std::vector<std::size_t> all;
  std::size_t first_anomaly = std::string_view::npos;
  const auto anomaly_at = [&](std::size_t i) { first_anomaly = std::min(first_anomaly, i); };
  bool escaped = false, in_string = false, prev_scalar = false;
  for (std::size_t i = 0; i < s.size(); ++i) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    const bool esc = escaped;
    escaped = c == '\\' && !esc;
    const bool quote = c == '"' && !esc;
    if (quote) in_string = !in_string;
    // in_string now covers the opening quote and the string, not the closing quote.
    const bool inside = in_string;
    bool scalar = false;
    if (quote) {
      if (inside) all.push_back(i);  // an opening quote
    } else if (inside) {
      if (c == '\\') all.push_back(i);
      if (c < 0x20) anomaly_at(i);
    } else if (is_op(c)) {
      all.push_back(i);
    } else if (!is_space(c) && c != '"') {
      scalar = true;
      if (!prev_scalar) all.push_back(i);
      if (comments && c == '/') anomaly_at(i);
    }
    prev_scalar = scalar;
  }
  if (validate_utf8) {
    const std::size_t u = first_utf8_error(s);
    if (u != std::string_view::npos) anomaly_at(std::min(u, s.size() - 1));
  }
  index_result r;
  if (first_anomaly != std::string_view::npos) {
    r.anomaly = true;
    r.stop = first_anomaly / 64 * 64;
  }
  for (std::size_t e : all)
    if (!r.anomaly || e < r.stop) r.entries.push_back(e);
  return r;
}

}  // namespace jot_test
