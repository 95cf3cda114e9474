// src/write/write_double.h - the shortest decimal of a double. Not API.
//
// Raffaello Giulietti's Schubfach algorithm ("The Schubfach way to render
// doubles", 2020; the algorithm behind Java 19's Double.toString): for a
// finite positive double it finds the decimal f * 10^e with the fewest
// digits that rounds back to the double, and of those the closest (ties to
// an even last digit). One 128-bit table lookup and, for all but about one
// double in 1,700, one 128 x 64-bit product (else three); no loops, no
// allocation, no locale.
#pragma once

#include <bit>
#include <cstdint>

#include "write_double_table.h"

namespace jot::detail {

// High 64 bits of a * b.
inline std::uint64_t multiply_high(std::uint64_t a, std::uint64_t b) noexcept {
#if defined(__SIZEOF_INT128__)
  __extension__ using u128 = unsigned __int128;  // __extension__: no -Wpedantic note
  return static_cast<std::uint64_t>((static_cast<u128>(a) * b) >> 64);
#else
  const std::uint64_t a_lo = a & 0xffffffffu, a_hi = a >> 32;
  const std::uint64_t b_lo = b & 0xffffffffu, b_hi = b >> 32;
  const std::uint64_t lo_lo = a_lo * b_lo, hi_lo = a_hi * b_lo;
  const std::uint64_t lo_hi = a_lo * b_hi, hi_hi = a_hi * b_hi;
  const std::uint64_t cross = (lo_lo >> 32) + (hi_lo & 0xffffffffu) + lo_hi;
  return hi_hi + (hi_lo >> 32) + (cross >> 32);
#endif
}

// floor(q * log10(2)), floor(q * log10(3/4 * 2)) - see the paper, and
// floor(e * log2(10)); exact for the exponent ranges of doubles.
inline int floor_log10_pow2(int q) noexcept {
  return static_cast<int>(static_cast<std::int64_t>(q) * 661971961083 >> 41);
}
inline int floor_log10_three_quarters_pow2(int q) noexcept {
  return static_cast<int>((static_cast<std::int64_t>(q) * 661971961083 - 274743187321) >> 41);
}
inline int floor_log2_pow10(int e) noexcept {
  return static_cast<int>(static_cast<std::int64_t>(e) * 913124641741 >> 38);
}

// Round to odd of (g * cp) / 2^127, g = g1 * 2^63 + g0.
inline std::uint64_t schubfach_round_odd(std::uint64_t g1, std::uint64_t g0,
                                         std::uint64_t cp) noexcept {
  constexpr std::uint64_t mask63 = (std::uint64_t{1} << 63) - 1;
  const std::uint64_t x1 = multiply_high(g0, cp);
  const std::uint64_t y0 = g1 * cp;
  const std::uint64_t y1 = multiply_high(g1, cp);
  const std::uint64_t z = (y0 >> 1) + x1;
  const std::uint64_t vbp = y1 + (z >> 63);
  return vbp | (((z & mask63) + mask63) >> 63);
}

struct decimal {
  std::uint64_t digits;  // f: at most 17 digits, may end in zeros
  int exponent;          // e: the value is f * 10^e
};

// The shortest decimal of c * 2^q (c the full significand); dk corrects
// the exponent for tiny subnormals whose c was scaled by 10 before the call.
inline decimal schubfach(int q, std::uint64_t c, int dk) noexcept {
  constexpr std::uint64_t c_min = std::uint64_t{1} << 52;
  constexpr int q_min = -1074;
  const std::uint64_t out = c & 1;  // an odd significand excludes the interval bounds
  const std::uint64_t cb = c << 2;
  const std::uint64_t cbr = cb + 2;
  std::uint64_t cbl;
  int k;
  if (c != c_min || q == q_min) {
    cbl = cb - 2;
    k = floor_log10_pow2(q);
  } else {
    // At a power of two the gap below is half the gap above.
    cbl = cb - 1;
    k = floor_log10_three_quarters_pow2(q);
  }
  const int h = q + floor_log2_pow10(-k) + 2;
  const schubfach_g& g = schubfach_table[k - schubfach_k_min];
  const std::uint64_t vb = schubfach_round_odd(g.g1, g.g0, cb << h);
  const std::uint64_t vbl = schubfach_round_odd(g.g1, g.g0, cbl << h);
  const std::uint64_t vbr = schubfach_round_odd(g.g1, g.g0, cbr << h);
  const std::uint64_t s = vb >> 2;
  if (s >= 10) {
    // Try one digit fewer first: s' * 10 and t' * 10. (Java's version tests
    // s >= 100 because Java always prints two digits; JSON wants 5e-324.)
    // Returned as s / 10 with the exponent one higher: the same value, with
    // no trailing zero for the writer to strip.
    const std::uint64_t s10 = s / 10;
    const std::uint64_t sp10 = s10 * 10;
    const std::uint64_t tp10 = sp10 + 10;
    const bool upin = vbl + out <= sp10 << 2;
    const bool wpin = (tp10 << 2) + out <= vbr;
    if (upin != wpin) return {upin ? s10 : s10 + 1, k + dk + 1};
  }
  const std::uint64_t t = s + 1;
  const bool uin = vbl + out <= s << 2;
  const bool win = (t << 2) + out <= vbr;
  if (uin != win) return {uin ? s : t, k + dk};
  // Both or neither in the rounding interval: the closer one, ties to even.
  const auto cmp = static_cast<std::int64_t>(vb - ((s + t) << 1));
  return {cmp < 0 || (cmp == 0 && (s & 1) == 0) ? s : t, k + dk};
}

// Schubfach's answer from one 128 x 64-bit product instead of three, for a
// normal double whose significand c is not a power of two (the gap below c is
// then the gap above), or digits == 0 where that product cannot decide. The
// idea is yyjson's (its f64_bin_to_dec fast path), worked out here for jot's
// table.
//
// x = c * 2^q scaled by 10^-k is X = g * c * 2^(h - 127), computed in fixed
// point with 64 fraction bits as floor(g * m / 2^63), m = c << h; h is 2..5,
// so m < 2^58, and as g overstates the exact power by at most 1, the result is
// X * 2^64 within [-1, +1/32]. The rounding interval is X +- H, H = X / 2c =
// g * 2^(h - 128): at least 1/2 (since 10^k <= 2^q) and below 5 (2^q < 10^(k+1)).
// So the interval holds at most one multiple of 10, and always the integer
// nearest X. Schubfach's result is therefore: the multiple of 10 in the
// interval if there is one (returned as digits / 10, exponent + 1, as
// schubfach() does), else X rounded to nearest. Each comparison is made in
// units of 2^-60 on the distance to the multiples of 10 below and above
// (both below 10 * 2^60); the computed distance and H (`half`, g's top 63
// bits shifted) are each within 2 units of the exact ones, so a comparison
// closer than `margin` units is left to schubfach(), and so is a fraction
// within `margin` of 1/2 (the tie rule). Then which end of the interval is
// open (odd c) never matters. About 1 double in 1,700 of random bit patterns
// falls back (tests/write/write_test.cpp checks both paths agree).
inline decimal schubfach_one_product(int q, std::uint64_t c) noexcept {
  const int k = floor_log10_pow2(q);
  const int h = q + floor_log2_pow10(-k) + 2;
  const schubfach_g& g = schubfach_table[k - schubfach_k_min];
  const std::uint64_t m = c << h;
#if defined(__SIZEOF_INT128__)
  __extension__ using u128 = unsigned __int128;
  const u128 x = static_cast<u128>(g.g1) * m + (static_cast<u128>(g.g0) * m >> 63);
  const auto s = static_cast<std::uint64_t>(x >> 64);
  const auto fraction = static_cast<std::uint64_t>(x);
#else
  // The same sum from 64-bit halves: g1 * m + (g0 * m >> 63).
  const std::uint64_t low_high = multiply_high(g.g0, m), low_low = g.g0 * m;
  const std::uint64_t carried = low_high << 1 | low_low >> 63;  // (g0 * m) >> 63, below 2^58
  const std::uint64_t product_low = g.g1 * m;
  const std::uint64_t fraction = product_low + carried;
  const std::uint64_t s = multiply_high(g.g1, m) + (fraction < carried ? 1 : 0);
#endif
  constexpr std::uint64_t margin = 4;
  constexpr std::uint64_t ten = std::uint64_t{10} << 60;
  const std::uint64_t s10 = s / 10;
  const std::uint64_t below = (s - s10 * 10) << 60 | fraction >> 4;  // X - 10 * s10
  const std::uint64_t above = ten - below;                           // 10 * (s10 + 1) - X
  const std::uint64_t half = g.g1 >> (5 - h);
  if (below + margin < half) return {s10, k + 1};
  if (above + margin < half) return {s10 + 1, k + 1};
  if (below <= half + margin || above <= half + margin) return {0, 0};
  constexpr std::uint64_t one_half = std::uint64_t{1} << 63;
  if (fraction - (one_half - margin) <= 2 * margin) return {0, 0};
  return {s + (fraction > one_half ? 1 : 0), k};
}

// The shortest decimal of a finite, non-zero, positive double given by its bits.
inline decimal shortest_decimal(std::uint64_t bits) noexcept {
  constexpr std::uint64_t t_mask = (std::uint64_t{1} << 52) - 1;
  constexpr std::uint64_t c_min = std::uint64_t{1} << 52;
  const std::uint64_t t = bits & t_mask;
  const int bq = static_cast<int>(bits >> 52 & 0x7ff);
  if (bq != 0) {
    const int mq = 1075 - bq;  // -q
    const std::uint64_t c = c_min | t;
    // An integer below 2^53: its own digits are the shortest (every shorter
    // decimal is another representable integer).
    if (0 < mq && mq < 53) {
      const std::uint64_t f = c >> mq;
      if (f << mq == c) return {f, 0};
    }
    if (t != 0) {
      const decimal d = schubfach_one_product(-mq, c);
      if (d.digits != 0) return d;
    }
    return schubfach(-mq, c, 0);
  }
  // Subnormal. The tiniest significands are scaled by 10 so that the
  // algorithm has enough digits to work with.
  return t < 3 ? schubfach(-1074, 10 * t, -1) : schubfach(-1074, t, 0);
}

}  // namespace jot::detail
