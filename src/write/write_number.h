// src/write/write_number.h - numbers to JSON text for the writer. Not API.
//
// Every function writes into a caller-reserved range and returns the end of
// what it wrote; none checks space, allocates, or touches the locale.
// max_number_chars bounds what any of them writes.
#pragma once

#include <bit>
#include <cstdint>
#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "jot/detail/core/config.h"
#include "jot/detail/write/write_primitives.h"
#include "write_double.h"

namespace jot::detail {

// max_number_chars (jot/detail/write/write_primitives.h, which the typed encoder
// reserves too) bounds what any number writer below may write, including
// scratch bytes past the returned end: sign and 20 digits for integers (no
// scratch); for doubles at most 25 bytes of text
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
// for y < 100 (tests/write/write_test.cpp checks both exhaustively, and this
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

// Writes the 16 decimal digits of hi * 10^8 + lo (hi, lo < 10^8), with
// leading zeros, at out[0..16); returns how many of them at the end are '0'
// (16 when all are). With SSE2 (every x86-64) all four 4-digit groups are
// split at once: 32-bit lanes for x / 10^4 (x * 0xD1B71759 >> 45), then
// 16-bit lanes for y / 100 (mulhi by 5243, >> 3, for y < 10^4) and z / 10
// (mulhi by 6554, for z < 100); each identity is checked exhaustively in
// tests/write/write_test.cpp. Elsewhere, two SWAR groups. The zero count replaces a
// byte loop that cost short doubles (2.5 prints 16 digits, 15 of them zeros)
// an iteration per zero.
inline unsigned write_sixteen_digits(char* out, std::uint32_t hi, std::uint32_t lo) noexcept {
#if defined(__SSE2__)
  // 32-bit lanes [hi, -, lo, -] -> [hi / 10^4, hi % 10^4, lo / 10^4, lo % 10^4].
  const __m128i x = _mm_set_epi64x(static_cast<long long>(lo), static_cast<long long>(hi));
  const __m128i high4 = _mm_srli_epi64(_mm_mul_epu32(x, _mm_set1_epi32(static_cast<int>(0xD1B71759u))), 45);
  const __m128i low4 = _mm_sub_epi32(x, _mm_mul_epu32(high4, _mm_set1_epi32(10000)));
  const __m128i groups = _mm_or_si128(high4, _mm_slli_epi64(low4, 32));
  // Each 32-bit lane y < 10^4 -> 16-bit lanes [y / 100, y % 100].
  const __m128i hundreds = _mm_srli_epi16(_mm_mulhi_epu16(groups, _mm_set1_epi16(5243)), 3);
  const __m128i pairs = _mm_or_si128(
      hundreds, _mm_slli_epi32(_mm_sub_epi16(groups, _mm_mullo_epi16(hundreds, _mm_set1_epi16(100))), 16));
  // Each 16-bit lane z < 100 -> bytes [z / 10, z % 10].
  const __m128i tens = _mm_mulhi_epu16(pairs, _mm_set1_epi16(6554));
  const __m128i digits = _mm_or_si128(
      tens, _mm_slli_epi16(_mm_sub_epi16(pairs, _mm_mullo_epi16(tens, _mm_set1_epi16(10))), 8));
  _mm_storeu_si128(reinterpret_cast<__m128i*>(out), _mm_or_si128(digits, _mm_set1_epi8('0')));
  // The trailing zero digits are the mask's leading ones: counted as the
  // leading zeros of a 32-bit word that is never zero (bit 15 caps the count
  // at 16), one bsr with no test for zero and no 16-bit partial register.
  const auto zeros = static_cast<std::uint32_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(digits, _mm_setzero_si128())));
  return static_cast<unsigned>(std::countl_zero(((~zeros & 0xffffu) << 16) | 0x8000u));
#else
  const std::uint64_t high = eight_digits(hi), low = eight_digits(lo);
  std::memcpy(out, &high, 8);
  std::memcpy(out + 8, &low, 8);
  // Digits that are '0' are zero bytes after the xor; the last digits are
  // the word's high bytes on little-endian machines, its low ones otherwise.
  const auto trailing = [](std::uint64_t w) {
    w ^= 0x3030303030303030ull;
    if constexpr (std::endian::native == std::endian::little) return w == 0 ? 8u : unsigned(std::countl_zero(w)) / 8;
    else return w == 0 ? 8u : unsigned(std::countr_zero(w)) / 8;
  };
  const unsigned in_low = trailing(low);
  return in_low == 8 ? 8 + trailing(high) : in_low;
#endif
}

// Writes the N decimal digits of v < 10^N, with leading zeros, at
// out[0..N): one multiplication per two digits, no division. v * k, where
// k = ceil(2^57 / 10^(N - lead)), holds v / 10^(N - lead) (the first `lead`
// digits) above bit 57 and the rest as a binary fraction below it; each
// multiplication of the fraction by 100 lifts the next two digits above bit
// 57. Rounding k up errs by less than v, which never carries into a digit
// while 10^lead * 10^(2(N - lead)) <= 2^57 (the static_assert), so N <= 9;
// tests/write/write_test.cpp checks every v < 10^6 and strides up to 10^9 against
// std::to_chars. For integers it takes fewer instructions than eight_digits'
// SWAR split plus a shift by the length.
template <unsigned N>
inline char* write_fixed_digits(char* out, std::uint32_t v) noexcept {
  static_assert(N >= 1 && N <= 9);
  constexpr unsigned lead = 2 - N % 2;  // so that the rest is whole pairs
  constexpr std::uint64_t one = std::uint64_t{1} << 57;
  constexpr std::uint64_t scale = [] {
    std::uint64_t p = 1;
    for (unsigned i = lead; i < N; ++i) p *= 10;
    return p;
  }();
  static_assert(scale * scale * (lead == 1 ? 10 : 100) <= one, "the fraction would carry into a digit");
  constexpr std::uint64_t k = (one + scale - 1) / scale;
  std::uint64_t y = v * k;
  if constexpr (lead == 1) {
    *out = static_cast<char>('0' + (y >> 57));
  } else {
    std::memcpy(out, digit_pairs.pairs + 2 * (y >> 57), 2);
  }
  out += lead;
  std::uint64_t hundred = 100;
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__)
  // One imul per pair: GCC otherwise builds the product by 100 from two lea
  // and a shift, a longer chain on the loop's critical path.
  __asm__("" : "+r"(hundred));
#endif
  for (unsigned i = lead; i < N; i += 2) {
    y = (y & (one - 1)) * hundred;
    std::memcpy(out, digit_pairs.pairs + 2 * (y >> 57), 2);
    out += 2;
  }
  return out;
}

// Writes x < 10^9 in decimal, exactly its digits. A tree of comparisons
// picks the length; values below 100, the most common, take the first leaf.
// Always inlined: GCC otherwise keeps it out of line in print_int64, and the
// call then costs more than the tree of comparisons saves.
JOT_ALWAYS_INLINE char* write_below_1e9(char* out, std::uint32_t x) noexcept {
  if (x < 100) {
    if (x < 10) {
      *out = static_cast<char>('0' + x);
      return out + 1;
    }
    std::memcpy(out, digit_pairs.pairs + 2 * x, 2);
    return out + 2;
  }
  if (x < 1000000) {
    if (x < 10000) return x < 1000 ? write_fixed_digits<3>(out, x) : write_fixed_digits<4>(out, x);
    return x < 100000 ? write_fixed_digits<5>(out, x) : write_fixed_digits<6>(out, x);
  }
  if (x < 100000000) return x < 10000000 ? write_fixed_digits<7>(out, x) : write_fixed_digits<8>(out, x);
  return write_fixed_digits<9>(out, x);
}

// Writes v in decimal, 9 digits per step; writes exactly its digits (at most
// 20).
inline char* write_uint64(char* out, std::uint64_t v) noexcept {
  constexpr std::uint64_t e9 = 1000000000;
  if (v < e9) return write_below_1e9(out, static_cast<std::uint32_t>(v));
  if (v < e9 * e9) {
    const std::uint64_t hi = v / e9;
    out = write_below_1e9(out, static_cast<std::uint32_t>(hi));
    return write_fixed_digits<9>(out, static_cast<std::uint32_t>(v - hi * e9));
  }
  const std::uint64_t top = v / (e9 * e9);  // at most 18
  const std::uint64_t rest = v - top * (e9 * e9);
  const std::uint64_t mid = rest / e9;
  out = write_below_1e9(out, static_cast<std::uint32_t>(top));
  out = write_fixed_digits<9>(out, static_cast<std::uint32_t>(mid));
  return write_fixed_digits<9>(out, static_cast<std::uint32_t>(rest - mid * e9));
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
  int k, n;
  if (dec.digits < 100000000000000000u) {
    // Below 10^17: one digit and sixteen, written whole with leading zeros
    // and no branch on the length, then the count says where they start.
    const std::uint64_t hi = dec.digits / 100000000;  // < 10^9
    const auto top = static_cast<std::uint32_t>(hi / 100000000);
    buf[0] = static_cast<char>('0' + top);
    const auto lo = static_cast<std::uint32_t>(dec.digits - hi * 100000000);
    unsigned zeros = write_sixteen_digits(buf + 1, static_cast<std::uint32_t>(hi - std::uint64_t{top} * 100000000), lo);
    // The end of the text, where the next value is written, depends on the
    // count of trailing zeros, which comes out of the digits' vector last.
    // Most digits end in a non-zero digit (a double with a long fraction),
    // which lo tells much sooner: a predicted branch then makes the count 0
    // without waiting (kept a branch under Clang, which would select).
    if (lo % 10 != 0) {
      zeros = 0;
      JOT_PREDICTED(zeros);
    }
    // Schubfach's one-product path (nearly every double with a fraction)
    // gives 16 or 17 digits, may they end in zeros: compares count them,
    // as predicted branches, off the latency chain that decimal_digits' table
    // load lengthened.
    if (dec.digits >= 10000000000000000u) {
      k = 17;
      JOT_PREDICTED(k);
    } else if (dec.digits >= 1000000000000000u) {
      k = 16;
      JOT_PREDICTED(k);
    } else {
      k = static_cast<int>(decimal_digits(dec.digits));
    }
    digits = buf + 17 - k;
    n = dec.exponent + k;  // the value is 0.d1d2..dk * 10^n; trailing zeros do not change n
    k -= static_cast<int>(zeros);  // dec.digits != 0, so at most 16 of its k digits, fewer than k
  } else {
    k = static_cast<int>(write_uint64(buf, dec.digits) - buf);
    n = dec.exponent + k;
    while (digits[k - 1] == '0') --k;
  }
  if (k <= n && n <= 21) {  // whole number: digits, zeros, ".0"
    std::memcpy(out, digits, 24);
    out += k;
    // n - k <= 20 zeros as one fixed copy (a loop here became a memset call).
    std::memcpy(out, "000000000000000000000000", 24);
    out += n - k;
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
  return write_below_1e9(out, static_cast<std::uint32_t>(e < 0 ? -e : e));
}

}  // namespace jot::detail
