// jot/detail/number/number.h - JSON number grammar and conversion: the one number
// scanner of the DOM parser (every kernel) and the typed reader. Not API.
//
// Plain inline functions with no target-specific code: kernels include this
// outside their target regions, so every copy is baseline code and the linker
// may keep any one of them.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <type_traits>

#include "jot/detail/core/bits.h"
#include "jot/detail/core/config.h"
#include "jot/detail/dom/node.h"
#include "jot/error.h"
#include "jot/detail/number/pow5_table.h"

namespace jot::detail {

// Correctly rounded conversion (ties to even) of a validated JSON number's
// text [first, last) to a double, for any number of digits (out of line, in
// src/number/number_exact.cpp). Underflow gives a signed zero; overflow fails with
// number_out_of_range.
error_code convert_double_slow(const char* first, const char* last, double* out) noexcept;

// A validated JSON number's exact value as an integer, decided from its
// digits and exponent (never through a double, which would round
// 0.99999999999999999999 to 1 and 9007199254740993.0 to 2^53): `whole`, with
// the sign and a magnitude below 2^64; `fraction` when the value is not a
// whole number, whatever its digits (1.5, 1e-400); `too_large` when it is
// whole and 2^64 or more in magnitude (1e20, 18446744073709551616.0).
// "-0", "0.0e9" and "-0e-5" are whole zeros.
struct exact_integer {
  enum class outcome : std::uint8_t { whole, fraction, too_large };
  outcome what;
  bool negative;
  std::uint64_t magnitude;  // when whole
};

// exact_integer of the number text [first, last), which must be a valid JSON
// number (the parser's or scan_number's). Out of line: only numbers that are
// not plain integers take it.
exact_integer exact_integer_of_text(const std::uint8_t* first, const std::uint8_t* last) noexcept;

// The whole value e as an I: true, or false when it is outside I's range
// (a negative value for an unsigned I, "-0" excepted).
template <class I>
inline bool exact_integer_fits(const exact_integer& e, I& out) noexcept {
  using limits = std::numeric_limits<I>;
  if (e.negative && e.magnitude != 0) {
    if constexpr (std::is_signed_v<I>) {
      // |min| is max + 1, so magnitude - 1 <= max is the test, and
      // -(magnitude - 1) - 1 the value, with no overflow on the way.
      if (e.magnitude - 1 > static_cast<std::uint64_t>(limits::max())) return false;
      out = static_cast<I>(-static_cast<std::int64_t>(e.magnitude - 1) - 1);
      return true;
    } else {
      return false;
    }
  }
  if (e.magnitude > static_cast<std::uint64_t>(limits::max())) return false;
  out = static_cast<I>(e.magnitude);
  return true;
}

// Exact powers of ten representable as doubles (Clinger's fast path).
constexpr double exact_powers_of_ten[23] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
                                            1e8,  1e9,  1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
                                            1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};

inline bool is_digit(std::uint8_t c) noexcept { return static_cast<std::uint8_t>(c - '0') < 10; }

// True when no JSON number continues with byte c (scan_number's condition
// for reading past a document's end).
inline bool ends_any_number(std::uint8_t c) noexcept {
  return !(is_digit(c) || c == '.' || c == 'e' || c == 'E' || c == '+' || c == '-');
}

// The value of eight ASCII digits (first digit most significant, in the
// lowest byte as load_le64 reads them). Only each byte's low nibble is used,
// so bytes holding 0 (or '0') count as zero digits. Adjacent digits combine
// into pairs, pairs into quads, quads into the whole, one multiplication per
// step: each multiplier is (weight of the upper part << lane) + 1.
inline std::uint32_t eight_digits_value(std::uint64_t v) noexcept {
  v = ((v & 0x0F0F0F0F0F0F0F0Full) * (10 * 256 + 1)) >> 8;  // 16-bit lanes: two digits each
  v = ((v & 0x00FF00FF00FF00FFull) * (100 * 65536 + 1)) >> 16;  // 32-bit lanes: four digits
  return static_cast<std::uint32_t>(((v & 0x0000FFFF0000FFFFull) * ((10000ull << 32) + 1)) >> 32);
}

// Number of leading ASCII digits in the eight bytes of v (0..8; v read
// little-endian). A byte that carries out of "+6" is not a digit itself, so
// the count is exact.
inline int leading_digit_count(std::uint64_t v) noexcept {
  const std::uint64_t t = (v & 0xF0F0F0F0F0F0F0F0ull) | (((v + 0x0606060606060606ull) & 0xF0F0F0F0F0F0F0F0ull) >> 4);
  const std::uint64_t other = t ^ 0x3333333333333333ull;  // non-zero bytes are not digits
  return std::countr_zero(other) >> 3;  // 64 >> 3 = 8 when all eight are digits
}

constexpr std::uint64_t small_powers_of_ten[9] = {1, 10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000};

// Exact conversion of w * 10^q (w < 2^64, every significant digit included)
// to the nearest double, by one 64x128-bit multiplication with a truncated
// power of five (the Eisel-Lemire method). The computed top 128 bits are at
// most one unit below the true product, so the rounding decision is exact
// unless the bits below the rounding bit are all ones (a carry may hide) or
// could be an exact tie; those cases, subnormals and overflow return false
// and the caller falls back to the slow exact path.
JOT_ALWAYS_INLINE bool eisel_lemire(std::uint64_t w, std::int64_t q, bool negative, double* out) noexcept {
  if (w == 0) {
    *out = negative ? -0.0 : 0.0;
    return true;
  }
  if (q < pow5_table_min_q || q > pow5_table_max_q) return false;
  const int l = std::countl_zero(w);
  w <<= l;
  const std::uint64_t* t = pow5_table[q - pow5_table_min_q];
  // The product with the high half of T alone is within one unit of the low
  // word below the true top 128 bits; that decides the rounding unless the
  // bits under the rounding bit are all ones (a carry may come) or all zero
  // with the rounding bit set (a possible tie). Only then is the low half of
  // T multiplied in, narrowing the uncertainty to below the low word.
  const uint128_parts top = multiply_64x64(w, t[0]);  // bits 64..191 of w * T, less < 2^64
  std::uint64_t h = top.high;
  int upper = static_cast<int>(h >> 63);  // the product's top bit is 191 or 190
  int shift = 9 + upper;                  // keep 54 bits: 53 and a rounding bit
  std::uint64_t rest_mask = (std::uint64_t{1} << shift) - 1;
  std::uint64_t rest = h & rest_mask;
  std::uint64_t l64 = top.low;
  if (rest == rest_mask || (rest == 0 && l64 == 0)) {
    const std::uint64_t more = multiply_64x64(w, t[1]).high;
    l64 = top.low + more;
    h = top.high + (l64 < more ? 1 : 0);  // the carry out of the low word
    upper = static_cast<int>(h >> 63);
    shift = 9 + upper;
    rest_mask = (std::uint64_t{1} << shift) - 1;
    rest = h & rest_mask;
    if (rest == rest_mask && l64 == ~std::uint64_t{0}) return false;
  }
  const std::uint64_t m54 = h >> shift;
  const std::uint64_t round_bit = m54 & 1;
  // The rare test first (an exact tie to resolve): with round_bit first,
  // Clang 14 branched on it, a coin toss per number that mispredicted half
  // the time; GCC computed it without branches.
  if ((rest | l64) == 0 && round_bit != 0) return false;
  std::uint64_t m53 = (m54 >> 1) + round_bit;
  std::int64_t exponent = 138 + upper + q - l - (127 - ((q * 152170) >> 16)) + 52 + 1023;
  if (m53 == (std::uint64_t{1} << 53)) {
    m53 >>= 1;
    ++exponent;
  }
  if (exponent <= 0 || exponent >= 2047) return false;
  const std::uint64_t bits = (m53 & ((std::uint64_t{1} << 52) - 1)) |
                             (static_cast<std::uint64_t>(exponent) << 52) |
                             (static_cast<std::uint64_t>(negative) << 63);
  std::memcpy(out, &bits, sizeof bits);
  return true;
}

// The result of scanning a number: the end of its text, or an error at `at`.
struct number_scan {
  const std::uint8_t* end;  // one past the number; nullptr on error
  error_code code;          // on error
  const std::uint8_t* at;   // on error: the offending byte (may equal the input end)
};

// The value of the first k digits of v (1 <= k <= 8; v read little-endian,
// as from load_le64): the digits are moved to the top bytes and the bytes
// below them become zero digits. No branch on k.
inline std::uint64_t leading_digits_value(std::uint64_t v, int k) noexcept {
  return eight_digits_value((v & 0x0F0F0F0F0F0F0F0Full) << (64 - 8 * k));
}

// mantissa followed by the first k digits of v (1 <= k <= 8), as one number.
inline std::uint64_t append_digits(std::uint64_t mantissa, std::uint64_t v, int k) noexcept {
  return mantissa * small_powers_of_ten[k] + leading_digits_value(v, k);
}

// scan_number for every number (and every error): the grammar byte by byte,
// long digit runs eight at a time, exponents, more than 19 digits. In the
// library (src/number/number.cpp), so that each caller inlines only the common case
// below.
number_scan scan_number_general(const std::uint8_t* p, const std::uint8_t* end, bool raw, node* out) noexcept;

// scan_number for a number less than 40 bytes before the end of what may be
// read (defined below).
number_scan scan_number_near_end(const std::uint8_t* p, const std::uint8_t* end, node* out) noexcept;

// Scans the JSON number starting at p (p < end, *p is '-' or a digit) and,
// unless raw, stores its value in *out (uint, int or double node). With raw,
// only the grammar is checked and *out holds the text.
//
// Inline, the common shape: an optional '-', 1 to 19 integer digits, an
// optional fraction, at most 19 digits in all, no exponent, and at least 40
// bytes before the end so that every eight-byte load stays inside the input
// (nearer the end, scan_number_near_end runs it over a padded copy).
// Digits are counted and valued eight at a time with no loop: far fewer
// instructions than a loop over digit blocks, for canada.json's doubles and
// for twitter's and citm_catalog's 18- and 9-digit integers alike.
// Anything else, every error included, goes to scan_number_general, which
// stops at the same byte.
//
// readable_end >= end bounds the loads where the input goes on past the
// document (NDJSON: the next lines), so that numbers at a line's end take
// this path too. Where readable_end > end, *end must be a byte that no number
// continues with (not a digit, '.', 'e', 'E', '+' or '-'): this path stops at
// the first byte that is not part of the number, so it then stops at end at
// the latest, with no test per number.
JOT_ALWAYS_INLINE number_scan scan_number(const std::uint8_t* p, const std::uint8_t* end,
                                          const std::uint8_t* readable_end, bool raw, node* out) noexcept {
  if (raw) return scan_number_general(p, end, raw, out);
  if (readable_end - p < 40) return scan_number_near_end(p, end, out);
  const bool negative = *p == '-';
  const std::uint8_t* q = p + negative;
  std::uint64_t v = load_le64(q);
  int k = leading_digit_count(v);  // integer digits
  // At least one digit, and no leading zero before another digit.
  if (k == 0 || (k > 1 && q[0] == '0')) return scan_number_general(p, end, raw, out);
  std::uint64_t mantissa = leading_digits_value(v, k);
  if (k == 8) {
    v = load_le64(q + 8);
    int more = leading_digit_count(v);
    if (more != 0) {
      mantissa = append_digits(mantissa, v, more);
      if (more == 8) {
        v = load_le64(q + 16);
        const int last = leading_digit_count(v);
        if (last > 3) return scan_number_general(p, end, raw, out);  // 20 digits or more
        if (last != 0) mantissa = append_digits(mantissa, v, last);
        more += last;
      }
      k += more;
    }
  }
  q += k;
  if (*q == '.') {
    v = load_le64(q + 1);
    int f = leading_digit_count(v);  // fraction digits
    if (f == 0) return scan_number_general(p, end, raw, out);
    mantissa = append_digits(mantissa, v, f);
    q += 1 + f;
    if (f == 8) {
      v = load_le64(q);
      const int more = leading_digit_count(v);
      if (more == 8) return scan_number_general(p, end, raw, out);
      if (more != 0) mantissa = append_digits(mantissa, v, more);
      q += more;
      f += more;
    }
    // Every digit in mantissa, exactly (leading zeros counted too: only more
    // conservative); then mantissa * 10^-f with f <= 15 by Clinger's exact
    // fast path, else Eisel-Lemire.
    if (k + f > 19 || (*q | 0x20) == 'e') return scan_number_general(p, end, raw, out);
    double d;
    if (mantissa <= (std::uint64_t{1} << 53)) {
      d = static_cast<double>(mantissa) / exact_powers_of_ten[f];
      d = negative ? -d : d;
    } else if (!eisel_lemire(mantissa, -f, negative, &d)) {
      return scan_number_general(p, end, raw, out);
    }
    out->tag = kind_double;
    out->d = d;
    return {q, error_code::ok, nullptr};
  }
  if ((*q | 0x20) == 'e') return scan_number_general(p, end, raw, out);
  if (!negative) {
    out->tag = kind_uint;
    out->u = mantissa;
  } else if (mantissa - 1 < (std::uint64_t{1} << 63)) {  // 1 .. 2^63
    out->tag = kind_int;
    out->i = static_cast<std::int64_t>(0 - mantissa);  // two's complement, exact
  } else if (mantissa == 0) {  // "-0" is the double -0.0
    out->tag = kind_double;
    out->d = -0.0;
  } else {
    return scan_number_general(p, end, raw, out);  // below INT64_MIN: a double
  }
  return {q, error_code::ok, nullptr};
}

// The last numbers of a short message (every number of one under 40 bytes,
// and of each NDJSON line or stream element decoded on its own) would all
// take the general path, several times as costly for a double. Instead the
// bytes left, fewer than 40, are copied into a buffer padded with spaces (a
// space continues no number), which the inline path may load from. An error
// is scanned again in the input itself, where its position lies.
JOT_NOINLINE inline number_scan scan_number_near_end(const std::uint8_t* p, const std::uint8_t* end,
                                                     node* out) noexcept {
  std::uint8_t padded[64];
  const std::size_t n = static_cast<std::size_t>(end - p);  // < 40: end <= readable_end
  std::memset(padded, ' ', sizeof padded);
  std::memcpy(padded, p, n);
  const number_scan s = scan_number(padded, padded + n, padded + sizeof padded, false, out);
  if (s.end == nullptr) return scan_number_general(p, end, false, out);
  return {p + (s.end - padded), error_code::ok, nullptr};
}

// The end of the number at p (p < end, *p is '-' or a digit) when it has the
// common shape and needs no conversion to be judged: an optional '-', 1 to 16
// integer digits, an optional fraction of 1 to 16 digits, no exponent, and at
// least 40 bytes before end (every load stays inside the input). Such a
// number is always within double's range, so skipping it checks the grammar
// alone, sparing the conversion whose value a skip never uses.
// nullptr for anything else, errors included: scan_number decides those.
JOT_ALWAYS_INLINE const std::uint8_t* skip_plain_number(const std::uint8_t* p, const std::uint8_t* end) noexcept {
  if (end - p < 40) return nullptr;
  const std::uint8_t* q = p + (*p == '-');
  int k = leading_digit_count(load_le64(q));
  if (k == 0 || (k > 1 && q[0] == '0')) return nullptr;
  if (k == 8) {
    const int more = leading_digit_count(load_le64(q + 8));
    if (more == 8) return nullptr;
    k += more;
  }
  q += k;
  if (*q == '.') {
    int f = leading_digit_count(load_le64(q + 1));
    if (f == 0) return nullptr;
    if (f == 8) {
      const int more = leading_digit_count(load_le64(q + 9));
      if (more == 8) return nullptr;
      f += more;
    }
    q += 1 + f;
  }
  if ((*q | 0x20) == 'e') return nullptr;
  return q;
}

// scan_number where the document is all that may be read.
JOT_ALWAYS_INLINE number_scan scan_number(const std::uint8_t* p, const std::uint8_t* end, bool raw,
                                          node* out) noexcept {
  return scan_number(p, end, end, raw, out);
}

}  // namespace jot::detail
