// src/write_number.h - numbers to JSON text for the writer. Not API.
//
// Every function writes into a caller-reserved range and returns the end of
// what it wrote; none checks space, allocates, or touches the locale.
// max_number_chars bounds what any of them writes.
#pragma once

#include <bit>
#include <cstdint>
#include <cstring>

#include "jot/detail/write_primitives.h"
#include "write_double.h"

namespace jot::detail {

// max_number_chars (jot/detail/write_primitives.h, which the typed encoder
// reserves too) bounds what any number writer below may write, including
// scratch bytes past the returned end: sign, 20 digits and 8 scratch bytes
// for integers; for doubles at most 25 bytes of text
// ("-0.0000012345678901234567") but fixed-size 24-byte copies that may end at
// sign + 21 + 1 + 24.
static_assert(max_number_chars >= 1 + 21 + 1 + 24);

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

// The 8 decimal digits of x < 10^8 (with leading zeros) as the bytes of a
// word in memory order, using table lookups (any byte order).
inline std::uint64_t eight_digits_table(std::uint32_t x) noexcept {
  const std::uint32_t hi = x / 10000, lo = x % 10000;
  char b[8];
  std::memcpy(b + 0, digit_pairs.pairs + 2 * (hi / 100), 2);
  std::memcpy(b + 2, digit_pairs.pairs + 2 * (hi % 100), 2);
  std::memcpy(b + 4, digit_pairs.pairs + 2 * (lo / 100), 2);
  std::memcpy(b + 6, digit_pairs.pairs + 2 * (lo % 100), 2);
  std::uint64_t w;
  std::memcpy(&w, b, 8);
  return w;
}

// The same by SWAR arithmetic on little-endian machines: split into two
// 4-digit lanes, each into two 2-digit lanes, each into two digits, all lanes
// at once. x / 100 == x * 10486 >> 20 for x < 10^4 and y / 10 == y * 103 >> 10
// for y < 100 (tests/write_test.cpp checks both exhaustively, and this
// function against the table one); no lane product reaches the next lane.
inline std::uint64_t eight_digits(std::uint32_t x) noexcept {
  if constexpr (std::endian::native != std::endian::little) {
    return eight_digits_table(x);
  } else {
    std::uint64_t v = (x / 10000) | (static_cast<std::uint64_t>(x % 10000) << 32);
    const std::uint64_t hundreds = (v * 10486) >> 20 & 0x0000007f0000007full;
    v = hundreds | ((v - hundreds * 100) << 16);
    const std::uint64_t tens = (v * 103) >> 10 & 0x000f000f000f000full;
    v = tens | ((v - tens * 10) << 8);
    return v | 0x3030303030303030ull;
  }
}

// Writes the last n (1..8) of the eight digits of x, then scratch bytes up to
// out + 8.
inline char* write_last_digits(char* out, std::uint32_t x, unsigned n) noexcept {
  std::uint64_t w = eight_digits(x);
  const unsigned drop = 8 * (8 - n);  // < 64 as n >= 1
  if constexpr (std::endian::native == std::endian::little) {
    w >>= drop;
  } else {
    w <<= drop;
  }
  std::memcpy(out, &w, 8);
  return out + n;
}

// Writes x < 10^8 in decimal; may write scratch bytes up to out + 8. Values
// below 10^4, the most common, take short paths.
inline char* write_below_1e8(char* out, std::uint32_t x) noexcept {
  if (x < 100) {
    if (x < 10) {
      *out = static_cast<char>('0' + x);
      return out + 1;
    }
    std::memcpy(out, digit_pairs.pairs + 2 * x, 2);
    return out + 2;
  }
  if (x < 10000) {
    const unsigned skip = x < 1000 ? 1 : 0;  // leading zero of the 4-digit form
    char b[5] = {};                          // b[4]: read as scratch when skip == 1
    std::memcpy(b, digit_pairs.pairs + 2 * (x / 100), 2);
    std::memcpy(b + 2, digit_pairs.pairs + 2 * (x % 100), 2);
    std::memcpy(out, b + skip, 4);
    return out + 4 - skip;
  }
  return write_last_digits(out, x, decimal_digits(x));
}

// Writes v in decimal, 8 digits per step; may write scratch bytes up to
// out + 20 + 8 (covered by max_number_chars).
inline char* write_uint64(char* out, std::uint64_t v) noexcept {
  constexpr std::uint64_t e8 = 100000000;
  if (v < e8) return write_below_1e8(out, static_cast<std::uint32_t>(v));
  if (v < e8 * e8) {
    const std::uint64_t hi = v / e8;
    out = write_below_1e8(out, static_cast<std::uint32_t>(hi));
    const std::uint64_t w = eight_digits(static_cast<std::uint32_t>(v - hi * e8));
    std::memcpy(out, &w, 8);
    return out + 8;
  }
  const std::uint64_t top = v / (e8 * e8);  // at most 1844
  const std::uint64_t rest = v - top * (e8 * e8);
  const std::uint64_t mid = rest / e8;
  out = write_below_1e8(out, static_cast<std::uint32_t>(top));
  const std::uint64_t w1 = eight_digits(static_cast<std::uint32_t>(mid));
  const std::uint64_t w2 = eight_digits(static_cast<std::uint32_t>(rest - mid * e8));
  std::memcpy(out, &w1, 8);
  std::memcpy(out + 8, &w2, 8);
  return out + 16;
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
  const std::uint64_t magnitude_bits = bits & ~(std::uint64_t{1} << 63);
  if (magnitude_bits == 0) {
    std::memcpy(out, "0.0", 3);
    return out + 3;
  }
  // The shortest digits (Schubfach), at most 17. buf has slack so that every
  // copy below moves a fixed 24 bytes (no variable-length memcpy call); the
  // surplus lands in out's reserved room.
  const decimal dec = shortest_decimal(magnitude_bits);
  char buf[64];
  const char* digits = buf;
  int k;
  if (dec.digits < 100000000000000000u) {
    // Below 10^17: one digit and two groups of eight, written whole with
    // leading zeros and no branch on the length, then the count says where
    // they start (canada.json: 94 -> ~60 instructions per double's digits).
    const std::uint64_t hi = dec.digits / 100000000;  // < 10^9
    const auto top = static_cast<std::uint32_t>(hi / 100000000);
    const std::uint64_t mid = eight_digits(static_cast<std::uint32_t>(hi - std::uint64_t{top} * 100000000));
    const std::uint64_t low = eight_digits(static_cast<std::uint32_t>(dec.digits - hi * 100000000));
    buf[0] = static_cast<char>('0' + top);
    std::memcpy(buf + 1, &mid, 8);
    std::memcpy(buf + 9, &low, 8);
    k = static_cast<int>(decimal_digits(dec.digits));
    digits = buf + 17 - k;
  } else {
    k = static_cast<int>(write_uint64(buf, dec.digits) - buf);
  }
  // The value is 0.d1d2..dk * 10^n; trailing zeros do not change n.
  const int n = dec.exponent + k;
  while (digits[k - 1] == '0') --k;  // dec.digits != 0, so a nonzero digit stops it
  if (k <= n && n <= 21) {  // whole number: digits, zeros, ".0"
    std::memcpy(out, digits, 24);
    out += k;
    for (int i = k; i < n; ++i) *out++ = '0';
    std::memcpy(out, ".0", 2);
    return out + 2;
  }
  if (0 < n && n <= 21) {  // point inside the digits
    std::memcpy(out, digits, 24);
    std::memcpy(out + n + 1, digits + n, 24);
    out[n] = '.';
    return out + k + 1;
  }
  if (-6 < n && n <= 0) {  // 0.000ddd
    std::memcpy(out, "0.000000", 8);
    out += 2 - n;
    std::memcpy(out, digits, 24);
    return out + k;
  }
  *out++ = digits[0];
  if (k > 1) {
    *out++ = '.';
    std::memcpy(out, digits + 1, 24);
    out += k - 1;
  }
  const int e = n - 1;
  *out++ = 'e';
  *out++ = e < 0 ? '-' : '+';
  return write_below_1e8(out, static_cast<std::uint32_t>(e < 0 ? -e : e));
}

}  // namespace jot::detail
