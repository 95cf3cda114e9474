// src/number.h - JSON number scanning and conversion, shared by every kernel.
//
// Everything here has internal linkage (an anonymous namespace) because it is
// compiled into each ISA-specific translation unit: distinct copies must never
// be merged by the linker.
#pragma once

#include <cstddef>
#include <cstdint>

#include "jot/detail/node.h"
#include "jot/error.h"

namespace jot::detail {

// Correctly rounded conversion of a validated JSON number's text [first, last)
// to a double (out of line: libstdc++'s std::from_chars). Underflow gives a
// signed zero; overflow fails with number_out_of_range.
error_code convert_double_slow(const char* first, const char* last, double* out) noexcept;

namespace {

// Exact powers of ten representable as doubles (Clinger's fast path).
constexpr double exact_powers_of_ten[23] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
                                            1e8,  1e9,  1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
                                            1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};

inline bool is_digit(std::uint8_t c) noexcept { return static_cast<std::uint8_t>(c - '0') < 10; }

// The result of scanning a number: the end of its text, or an error at `at`.
struct number_scan {
  const std::uint8_t* end;  // one past the number; nullptr on error
  error_code code;          // on error
  const std::uint8_t* at;   // on error: the offending byte (may equal the input end)
};

// Scans the JSON number starting at p (p < end, *p is '-' or a digit) and,
// unless raw, stores its value in *out (uint, int or double node). With raw,
// only the grammar is checked and *out holds the text.
inline number_scan scan_number(const std::uint8_t* p, const std::uint8_t* end, bool raw,
                               node* out) noexcept {
  const std::uint8_t* const start = p;
  const bool negative = *p == '-';
  if (negative) ++p;
  if (p == end) return {nullptr, error_code::invalid_number, p};
  std::uint64_t mantissa = 0;
  int digits = 0;  // significant digits seen (only the first 19 enter mantissa)
  if (*p == '0') {
    ++p;
    if (p != end && is_digit(*p)) return {nullptr, error_code::invalid_number, p};
  } else if (is_digit(*p)) {
    // Up to 19 digits always fit in 64 bits.
    do {
      if (digits < 19) mantissa = mantissa * 10 + (*p - '0');
      ++digits;
      ++p;
    } while (p != end && is_digit(*p));
  } else {
    return {nullptr, error_code::invalid_number, p};
  }
  const int int_digits = digits;
  bool is_float = false;
  std::int64_t frac_digits = 0;  // fraction digits folded into mantissa (incl. leading zeros)
  if (p != end && *p == '.') {
    is_float = true;
    ++p;
    if (p == end || !is_digit(*p)) return {nullptr, error_code::invalid_number, p};
    do {
      if (mantissa == 0 && *p == '0') {
        ++frac_digits;  // a leading zero only shifts the exponent; it is not significant
      } else {
        if (digits < 19) {
          mantissa = mantissa * 10 + (*p - '0');
          ++frac_digits;
        }
        ++digits;
      }
      ++p;
    } while (p != end && is_digit(*p));
  }
  std::int64_t exponent = 0;
  if (p != end && (*p | 0x20) == 'e') {
    is_float = true;
    ++p;
    bool exp_negative = false;
    if (p != end && (*p == '-' || *p == '+')) {
      exp_negative = *p == '-';
      ++p;
    }
    if (p == end || !is_digit(*p)) return {nullptr, error_code::invalid_number, p};
    do {
      if (exponent < 100000000) exponent = exponent * 10 + (*p - '0');  // saturates
      ++p;
    } while (p != end && is_digit(*p));
    if (exp_negative) exponent = -exponent;
  }
  if (raw) {
    out->tag = kind_raw_number | (static_cast<std::uint64_t>(p - start) << tag_bits);
    out->str = reinterpret_cast<const char*>(start);
    return {p, error_code::ok, nullptr};
  }
  if (!is_float) {
    if (int_digits <= 19) {
      if (!negative) {
        out->tag = kind_uint;
        out->u = mantissa;
        return {p, error_code::ok, nullptr};
      }
      if (mantissa <= (std::uint64_t{1} << 63) && mantissa != 0) {
        out->tag = kind_int;
        out->i = static_cast<std::int64_t>(0 - mantissa);  // two's complement, exact
        return {p, error_code::ok, nullptr};
      }
      if (mantissa == 0) {  // "-0" is the double -0.0
        out->tag = kind_double;
        out->d = -0.0;
        return {p, error_code::ok, nullptr};
      }
    } else if (int_digits == 20 && !negative) {
      // 20 digits may still fit in a uint64: redo with overflow checks.
      std::uint64_t v = 0;
      bool overflow = false;
      for (const std::uint8_t* q = start; q != p; ++q) {
        overflow |= __builtin_mul_overflow(v, std::uint64_t{10}, &v);
        overflow |= __builtin_add_overflow(v, std::uint64_t(*q - '0'), &v);
      }
      if (!overflow) {
        out->tag = kind_uint;
        out->u = v;
        return {p, error_code::ok, nullptr};
      }
    }
  } else if (digits <= 19) {
    // Every significant digit is in mantissa: zero, or try Clinger's fast path.
    const std::int64_t e10 = exponent - frac_digits;
    if (mantissa == 0) {
      out->tag = kind_double;
      out->d = negative ? -0.0 : 0.0;
      return {p, error_code::ok, nullptr};
    }
    if (mantissa <= (std::uint64_t{1} << 53) && e10 >= -22 && e10 <= 22) {
      double d = static_cast<double>(mantissa);
      d = e10 < 0 ? d / exact_powers_of_ten[-e10] : d * exact_powers_of_ten[e10];
      out->tag = kind_double;
      out->d = negative ? -d : d;
      return {p, error_code::ok, nullptr};
    }
  }
  double d;
  error_code ec = convert_double_slow(reinterpret_cast<const char*>(start),
                                      reinterpret_cast<const char*>(p), &d);
  if (ec != error_code::ok) return {nullptr, ec, start};
  out->tag = kind_double;
  out->d = d;
  return {p, error_code::ok, nullptr};
}

}  // namespace
}  // namespace jot::detail
