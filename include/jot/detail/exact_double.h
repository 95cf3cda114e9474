// jot/detail/exact_double.h - a double whose exact decimal is short, written
// from its bits without the shortest-digits search. Not API. The typed
// encoder's fast path in front of print_double (write_primitives.h).
//
// A whole number below 2^53 (140.0), or a double with j <= 8 fraction bits
// (12.75, 88.5, 0.5): its exact decimal is the whole part and j digits
// (2^-j = 5^j * 10^-j, so the digits are the fraction's j bits times 5^j),
// ending in 5. Any decimal with fewer places lies at least 5 * 10^-j away, so
// while half an ulp (2^(e-53), e the binary exponent) is below that, no
// shorter decimal reads back to the double and the exact one is the closest:
// what Schubfach (src/write_double.h) finds, laid out as print_double lays
// out numbers below 10^21 (plain, ".0" on whole numbers). Cost ~30
// instructions where the search and the layout take ~150 (typed rpc encode:
// HACKING.md, session 36).
#pragma once

#include <bit>
#include <cstdint>

namespace jot::detail {

char* print_uint64(char* out, std::uint64_t v) noexcept;  // write_primitives.h

// The largest binary exponent e (d in [2^e, 2^(e+1))) at which a double with
// j fraction bits is its own shortest decimal, j = 0..8. Tight: the test
// (tests/typed_write_test.cpp) finds each bound plus one failing.
inline constexpr int exact_decimal_max_exponent[9] = {52, 51, 48, 45, 42, 38, 35, 32, 28};

// d written as print_double writes it, when its exact decimal is its shortest
// (above); else nullptr and nothing written. out needs 32 bytes.
inline char* print_exact_double(char* out, double d) noexcept {
  const auto bits = std::bit_cast<std::uint64_t>(d);
  const int e = static_cast<int>((bits >> 52) & 0x7ff) - 1023;
  // e in [-8, 52]; declines zeros, subnormals, NaN and infinities too.
  if (static_cast<unsigned>(e + 8) > 60) return nullptr;
  const std::uint64_t significand = (bits & ((std::uint64_t{1} << 52) - 1)) | (std::uint64_t{1} << 52);
  // d * 2^8 = significand * 2^(e - 44): an integer when no bit below 2^-8 is set.
  const int shift = 44 - e;
  std::uint64_t scaled;
  if (shift > 0) {
    if ((significand & ((std::uint64_t{1} << shift) - 1)) != 0) return nullptr;
    scaled = significand >> shift;
  } else {
    scaled = significand << -shift;  // < 2^61
  }
  const auto fraction = static_cast<std::uint32_t>(scaled & 0xFF);
  const int j = fraction == 0 ? 0 : 8 - std::countr_zero(fraction);
  if (e > exact_decimal_max_exponent[j]) return nullptr;
  if (bits >> 63) *out++ = '-';
  out = print_uint64(out, scaled >> 8);
  *out++ = '.';
  if (j == 0) {
    *out++ = '0';
    return out;
  }
  constexpr std::uint32_t pow5[9] = {1, 5, 25, 125, 625, 3125, 15625, 78125, 390625};
  std::uint32_t digits = (fraction >> (8 - j)) * pow5[j];  // < 10^8, j digits with leading zeros
  for (int i = j - 1; i >= 0; --i) {
    out[i] = static_cast<char>('0' + digits % 10);
    digits /= 10;
  }
  return out + j;
}

}  // namespace jot::detail
