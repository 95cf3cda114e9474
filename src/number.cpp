// src/number.cpp - the slow, exact half of number conversion.
#include "number.h"

#include <charconv>
#include <system_error>

namespace jot::detail {

namespace {

// True when the validated JSON number [first, last) has a magnitude below 1
// (its leading significant digit sits right of the decimal point), which is
// how an out-of-range result is told apart as underflow rather than overflow.
bool magnitude_below_one(const char* first, const char* last) noexcept {
  const char* p = first;
  if (*p == '-') ++p;
  std::int64_t position = 0;  // decimal exponent of the first significant digit
  bool found = false;
  bool after_point = false;
  std::int64_t int_digits = 0, leading_frac_zeros = 0;
  for (; p != last && *p != 'e' && *p != 'E'; ++p) {
    if (*p == '.') { after_point = true; continue; }
    if (!found) {
      if (*p != '0') {
        found = true;
        if (!after_point) int_digits = 1;
      } else if (after_point) {
        ++leading_frac_zeros;
      }
    } else if (!after_point) {
      ++int_digits;
    }
  }
  if (!found) return true;  // zero
  std::int64_t exponent = 0;
  if (p != last) {
    ++p;
    bool negative = false;
    if (*p == '-' || *p == '+') negative = *p++ == '-';
    for (; p != last; ++p)
      if (exponent < 1000000000) exponent = exponent * 10 + (*p - '0');
    if (negative) exponent = -exponent;
  }
  position = int_digits > 0 ? int_digits - 1 : -(leading_frac_zeros + 1);
  return position + exponent < 0;
}

}  // namespace

error_code convert_double_slow(const char* first, const char* last, double* out) noexcept {
  double d = 0;
  auto r = std::from_chars(first, last, d);
  if (r.ec == std::errc()) {
    *out = d;
    return error_code::ok;
  }
  if (r.ec == std::errc::result_out_of_range && magnitude_below_one(first, last)) {
    *out = *first == '-' ? -0.0 : 0.0;
    return error_code::ok;
  }
  return error_code::number_out_of_range;
}

error_code decode_number_text(const char* text, std::size_t length, node* out) noexcept {
  auto p = reinterpret_cast<const std::uint8_t*>(text);
  if (length == 0 || !(is_digit(*p) || *p == '-')) return error_code::invalid_number;
  number_scan s = scan_number(p, p + length, false, out);
  if (s.end == nullptr) return s.code;
  return s.end == p + length ? error_code::ok : error_code::invalid_number;
}

}  // namespace jot::detail
