// src/write_number.h - numbers to JSON text for the writer. Not API.
//
// Every function writes into a caller-reserved range and returns the end of
// what it wrote; none checks space, allocates, or touches the locale.
// max_number_chars bounds what any of them writes.
#pragma once

#include <bit>
#include <charconv>
#include <cstdint>
#include <cstring>

namespace jot::detail {

// Bytes any number writer below may write (including scratch bytes past the
// returned end): 20 digits + sign for integers; for doubles at most 25
// ("-0.0000012345678901234567").
inline constexpr std::size_t max_number_chars = 32;

// "00", "01", ... "99": one lookup yields two digits, halving the divisions.
struct digit_pair_table {
  char pairs[200];
};

constexpr digit_pair_table make_digit_pair_table() noexcept {
  digit_pair_table t{};
  for (int i = 0; i < 100; ++i) {
    t.pairs[2 * i] = static_cast<char>('0' + i / 10);
    t.pairs[2 * i + 1] = static_cast<char>('0' + i % 10);
  }
  return t;
}

inline constexpr digit_pair_table digit_pairs = make_digit_pair_table();

// Number of decimal digits of v (1 for 0). The bit length times log10(2)
// (1233 / 4096) is either the digit count minus one or the digit count; one
// comparison with a power of ten decides.
inline unsigned decimal_digits(std::uint64_t v) noexcept {
  // thresholds[t] = 10^t, except thresholds[0] = 0 so that t == 0 (v < 8)
  // always counts one digit, including v == 0.
  static constexpr std::uint64_t thresholds[20] = {
      0ull,
      10ull,
      100ull,
      1000ull,
      10000ull,
      100000ull,
      1000000ull,
      10000000ull,
      100000000ull,
      1000000000ull,
      10000000000ull,
      100000000000ull,
      1000000000000ull,
      10000000000000ull,
      100000000000000ull,
      1000000000000000ull,
      10000000000000000ull,
      100000000000000000ull,
      1000000000000000000ull,
      10000000000000000000ull,
  };
  const unsigned t = static_cast<unsigned>(64 - std::countl_zero(v | 1)) * 1233u >> 12;
  return t + (v >= thresholds[t] ? 1u : 0u);
}

// Writes v in decimal, back to front, two digits per step.
inline char* write_uint64(char* out, std::uint64_t v) noexcept {
  char* const end = out + decimal_digits(v);
  char* p = end;
  while (v >= 100) {
    const std::uint64_t q = v / 100;
    const auto r = static_cast<std::size_t>(v - q * 100);
    p -= 2;
    std::memcpy(p, digit_pairs.pairs + 2 * r, 2);
    v = q;
  }
  if (v >= 10) {
    p -= 2;
    std::memcpy(p, digit_pairs.pairs + 2 * v, 2);
  } else {
    *--p = static_cast<char>('0' + v);
  }
  return end;
}

// Writes v in decimal; INT64_MIN works because the magnitude is taken in
// unsigned arithmetic.
inline char* write_int64(char* out, std::int64_t v) noexcept {
  std::uint64_t magnitude = static_cast<std::uint64_t>(v);
  if (v < 0) {
    *out++ = '-';
    magnitude = 0 - magnitude;
  }
  return write_uint64(out, magnitude);
}

// Writes d in the shortest form that reads back to the same double, laid out
// like JavaScript's Number.prototype.toString: plain notation for decimal
// exponents -7 < e < 21 (0.0001, 123456789012345680000), else d.ddde+21 /
// d.ddde-7. A whole number in plain notation gets ".0" so that it reads back
// as a double (100.0 -> "100.0", -0.0 -> "-0.0"). NaN and infinities have no
// JSON form; the parser never produces them, and a hand-made node holding one
// is written as null. Writes at most max_number_chars bytes.
inline char* write_double(char* out, double d) noexcept {
  const auto bits = std::bit_cast<std::uint64_t>(d);
  if ((bits >> 52 & 0x7ff) == 0x7ff) {
    std::memcpy(out, "null", 4);
    return out + 4;
  }
  if (bits >> 63) *out++ = '-';
  // Shortest round-trip digits from std::to_chars (locale independent), in
  // scientific form "d[.ddd]e[+-]xx"; at most 17 digits.
  char sci[max_number_chars];
  const char* const sci_end = std::to_chars(sci, sci + sizeof sci, std::bit_cast<double>(
                                                bits & ~(std::uint64_t{1} << 63)),
                                            std::chars_format::scientific).ptr;
  char digits[20];
  int k = 0;  // digit count
  const char* p = sci;
  for (; *p != 'e'; ++p) {
    if (*p != '.') digits[k++] = *p;
  }
  ++p;  // 'e'
  const bool negative_exponent = *p++ == '-';
  int e = 0;
  for (; p != sci_end; ++p) e = e * 10 + (*p - '0');
  if (negative_exponent) e = -e;
  // The value is 0.d1d2..dk * 10^n.
  const int n = e + 1;
  if (k <= n && n <= 21) {  // whole number: digits, zeros, ".0"
    std::memcpy(out, digits, static_cast<std::size_t>(k));
    out += k;
    for (int i = k; i < n; ++i) *out++ = '0';
    std::memcpy(out, ".0", 2);
    return out + 2;
  }
  if (0 < n && n <= 21) {  // point inside the digits
    std::memcpy(out, digits, static_cast<std::size_t>(n));
    out[n] = '.';
    std::memcpy(out + n + 1, digits + n, static_cast<std::size_t>(k - n));
    return out + k + 1;
  }
  if (-6 < n && n <= 0) {  // 0.000ddd
    *out++ = '0';
    *out++ = '.';
    for (int i = n; i < 0; ++i) *out++ = '0';
    std::memcpy(out, digits, static_cast<std::size_t>(k));
    return out + k;
  }
  *out++ = digits[0];
  if (k > 1) {
    *out++ = '.';
    std::memcpy(out, digits + 1, static_cast<std::size_t>(k - 1));
    out += k - 1;
  }
  *out++ = 'e';
  *out++ = e < 0 ? '-' : '+';
  const auto magnitude = static_cast<std::uint64_t>(e < 0 ? -e : e);
  return write_uint64(out, magnitude);
}

}  // namespace jot::detail
