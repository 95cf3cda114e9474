// src/number/number.cpp - the general number scanner (every shape and every error;
// the common shape is inline in jot/detail/number/number.h). The exact half of
// conversion is src/number/number_exact.cpp.
#include "jot/detail/number/number.h"

namespace jot::detail {

namespace {

// Accumulates the digits at p into mantissa, eight bytes at a time while the
// input has eight bytes left and the total stays within 19 digits; stops at
// the first non-digit or when the caller's scalar loop must take over.
// Returns the number of digits consumed.
int consume_digit_blocks(const std::uint8_t*& p, const std::uint8_t* end, std::uint64_t& mantissa,
                         int digits) noexcept {
  int consumed = 0;
  while (end - p >= 8) {
    std::uint64_t v = load_le64(p);
    const int k = leading_digit_count(v);
    if (k == 0 || digits + consumed + k > 19) break;
    if (k <= 3) {
      // A short run (an integer part such as "65"): known digits, one step
      // each. Spelled out rather than a loop over k: Clang 14 does not use
      // k <= 3 and emits an unrolled-by-4 loop plus a remainder loop.
      mantissa = mantissa * 10 + (p[0] - '0');
      if (k >= 2) mantissa = mantissa * 10 + (p[1] - '0');
      if (k == 3) mantissa = mantissa * 10 + (p[2] - '0');
    } else {
      mantissa = append_digits(mantissa, v, k);
    }
    consumed += k;
    p += k;
    if (k < 8) break;
  }
  return consumed;
}

}  // namespace

// Declared, with its contract, in jot/detail/number/number.h.
number_scan scan_number_general(const std::uint8_t* p, const std::uint8_t* end, bool raw, node* out) noexcept {
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
    digits += consume_digit_blocks(p, end, mantissa, digits);
    if (p != end && is_digit(*p)) do {
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
    // Blocks of eight digits while they fit in the 19 that mantissa holds
    // (a block's leading zeros count as digits here: only more conservative).
    const int block = consume_digit_blocks(p, end, mantissa, digits);
    digits += block;
    frac_digits += block;
    while (p != end && is_digit(*p)) {
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
    }
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
      for (const std::uint8_t* q = start; q != p && !overflow; ++q) {
        const std::uint64_t digit = static_cast<std::uint64_t>(*q - '0');
        overflow = v > (UINT64_MAX - digit) / 10;
        v = v * 10 + digit;
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
    double d;
    if (eisel_lemire(mantissa, e10, negative, &d)) {
      out->tag = kind_double;
      out->d = d;
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

// Declared, with its contract, in jot/detail/number/number.h. The value is D x 10^scale
// with D the significant digits (leading and trailing zeros dropped, so D's
// last digit is not 0): it is whole exactly when scale >= 0, and below 2^64
// only when D has at most 20 - scale digits.
exact_integer exact_integer_of_text(const std::uint8_t* first, const std::uint8_t* last) noexcept {
  exact_integer e{exact_integer::outcome::whole, *first == '-', 0};
  const std::uint8_t* p = first + e.negative;
  const std::uint8_t* const int_begin = p;
  while (p != last && is_digit(*p)) ++p;
  const std::uint8_t* const int_end = p;
  const std::uint8_t* frac_begin = p;
  if (p != last && *p == '.') frac_begin = ++p;
  while (p != last && is_digit(*p)) ++p;
  const std::uint8_t* const frac_end = p;
  // Saturated far beyond any exponent that could matter: the scale below
  // stays exact in 64 bits for any input jot accepts (at most 2^40 bytes).
  constexpr std::int64_t exponent_cap = std::int64_t{1} << 50;
  std::int64_t exponent = 0;
  if (p != last) {  // 'e' or 'E'
    ++p;
    const bool negative = *p == '-';
    if (*p == '-' || *p == '+') ++p;
    for (; p != last; ++p)
      if (exponent < exponent_cap) exponent = exponent * 10 + (*p - '0');
    if (negative) exponent = -exponent;
  }
  // The digits as one run: the integer part, then the fraction.
  const std::int64_t int_digits = int_end - int_begin;
  const std::int64_t count = int_digits + (frac_end - frac_begin);
  const auto digit = [&](std::int64_t i) -> unsigned {
    return static_cast<unsigned>((i < int_digits ? int_begin[i] : frac_begin[i - int_digits]) - '0');
  };
  std::int64_t lead = 0;
  while (lead != count && digit(lead) == 0) ++lead;
  if (lead == count) return e;  // zero
  std::int64_t trail = count - 1;
  while (digit(trail) == 0) --trail;
  const std::int64_t scale = exponent - (frac_end - frac_begin) + (count - 1 - trail);
  if (scale < 0) {
    e.what = exact_integer::outcome::fraction;
    return e;
  }
  if (trail - lead + 1 + scale > 20) {
    e.what = exact_integer::outcome::too_large;
    return e;
  }
  std::uint64_t v = 0;
  for (std::int64_t i = lead; i <= trail; ++i) {
    const unsigned d = digit(i);
    if (v > (UINT64_MAX - d) / 10) {
      e.what = exact_integer::outcome::too_large;
      return e;
    }
    v = v * 10 + d;
  }
  for (std::int64_t i = 0; i < scale; ++i) {
    if (v > UINT64_MAX / 10) {
      e.what = exact_integer::outcome::too_large;
      return e;
    }
    v *= 10;
  }
  e.magnitude = v;
  return e;
}

namespace {

// A raw number node's text as an integer of type I, as value's getters read it.
template <class I>
result<I> integer_of_raw_number(const node* n) noexcept {
  const auto* text = reinterpret_cast<const std::uint8_t*>(n->str);
  const exact_integer e = exact_integer_of_text(text, text + n->length());
  if (e.what == exact_integer::outcome::fraction) return make_error(error_code::type_mismatch);
  I v;
  if (e.what == exact_integer::outcome::too_large || !exact_integer_fits(e, v))
    return make_error(error_code::number_out_of_range);
  return v;
}

}  // namespace

result<std::int64_t> int64_of_raw_number(const node* n) noexcept { return integer_of_raw_number<std::int64_t>(n); }

result<std::uint64_t> uint64_of_raw_number(const node* n) noexcept {
  return integer_of_raw_number<std::uint64_t>(n);
}

error_code decode_number_text(const char* text, std::size_t length, node* out) noexcept {
  auto p = reinterpret_cast<const std::uint8_t*>(text);
  if (length == 0 || !(is_digit(*p) || *p == '-')) return error_code::invalid_number;
  number_scan s = scan_number(p, p + length, false, out);
  if (s.end == nullptr) return s.code;
  return s.end == p + length ? error_code::ok : error_code::invalid_number;
}

}  // namespace jot::detail
