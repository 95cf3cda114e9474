// jot/detail/write/short_double.h - a double whose shortest decimal has few
// fraction digits (prices, coordinates, latencies: 0.35, 52.52, 12.75,
// 140.0), found by an exact digit-by-digit search instead of the general
// shortest-digits algorithm. Not API. The typed encoder's fast path in front
// of print_double (write_primitives.h).
//
// d = M * 2^-s (M the 53-bit significand, s <= 63). Its fraction, held
// exactly as a 64-bit fixed-point number, times 10 each step gives the next
// fraction digit (the carry out) and what is left, f; after k steps the two
// k-digit decimals around d lie f below and 1 - f above (in units of 10^-k),
// and half an ulp (2^-s / 2) times 10^k is an exact integer h in the same
// units. A decimal within half an ulp reads back to d; h < 2^63 keeps at
// most one of the two there. The first k with one gives the fewest
// significant digits: Schubfach's answer (src/write/write_double.h), in the plain
// layout print_double uses below 10^21 (".0" on whole numbers). Declines
// when none of k <= 8 works. Ties (a decimal exactly half an ulp away) and
// the narrower gap below a power of two never decide in this range: a tie
// needs one digit more than d's own exact decimal, which comes first, and
// every decimal shorter than a power of two's lies >= 10^-8 from it.
// Found, it costs a fraction of Schubfach and the layout; a decline costs
// two tests. The typed encoder tries it first; the DOM writer does not (its
// twitter row measured slower with it wherever it was placed).
#pragma once

#include <bit>
#include <cstdint>
#include <cstring>

#include "jot/detail/core/bits.h"

namespace jot::detail {

char* print_uint64(char* out, std::uint64_t v) noexcept;  // write_primitives.h

// The most fraction digits tried (one byte each of a 64-bit word): a double
// with more pays for every one tried before print_double takes it.
inline constexpr int short_double_max_digits = 8;

// d written as print_double writes it, when its shortest decimal has at most
// short_double_max_digits fraction digits and 2^-11 <= |d| < 2^53; else
// nullptr. Either way out's first 32 bytes may be written.
inline char* print_short_double(char* out, double d) noexcept {
  if constexpr (std::endian::native != std::endian::little) {
    return nullptr;  // the digits are stored as one little-endian word
  } else {
    const auto bits = std::bit_cast<std::uint64_t>(d);
    const int e = static_cast<int>((bits >> 52) & 0x7ff) - 1023;  // d in [2^e, 2^(e+1))
    // e in [-11, 52]: s in [0, 63] below. Declines zeros, subnormals, NaN
    // and infinities too.
    if (static_cast<unsigned>(e + 11) > 63) return nullptr;
    const std::uint64_t significand = (bits & ((std::uint64_t{1} << 52) - 1)) | (std::uint64_t{1} << 52);
    const int s = 52 - e;  // d = significand * 2^-s
    std::uint64_t fraction = s == 0 ? 0 : significand << (64 - s);
    std::uint64_t half_ulp = std::uint64_t{1} << (63 - s);
    std::uint64_t digits = 0;  // the fraction digits so far, digit i in byte i
    for (int k = 0;; ++k) {
      // fraction < h (the decimal below) or fraction > 2^64 - h (above):
      // 0 < t < 2h for t = fraction + h, wrapping.
      const std::uint64_t t = fraction + half_ulp;
      if (t - 1 < 2 * half_ulp - 1) {
        const bool above = t < half_ulp;
        std::uint64_t whole = significand >> s;
        if (bits >> 63) *out++ = '-';
        if (k == 0) {
          out = print_uint64(out, whole + (above ? 1 : 0));
          std::memcpy(out, ".0", 2);
          return out + 2;
        }
        // The decimal above: the last digit plus one, never past 9 (one
        // ending in 0 would have read back a digit earlier).
        if (above) digits += std::uint64_t{1} << (8 * (k - 1));
        out = print_uint64(out, whole);
        *out++ = '.';
        digits += 0x3030303030303030u;  // '0' in every byte
        std::memcpy(out, &digits, 8);
        return out + k;
      }
      if (k == short_double_max_digits || half_ulp > (std::uint64_t{1} << 63) / 10) return nullptr;
      // One more digit: the fraction times ten, its carry the digit.
      const uint128_parts next = multiply_64x64(fraction, 10);
      digits |= next.high << (8 * k);
      fraction = next.low;
      half_ulp *= 10;
    }
  }
}

}  // namespace jot::detail
