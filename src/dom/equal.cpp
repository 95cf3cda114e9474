// src/dom/equal.cpp - deep equality of values; numbers compare by their exact
// decimal value.
#include <bit>
#include <cstdint>
#include <cstring>

#include "equal.h"
#include "jot/value.h"
#include "write/write_double.h"

namespace jot {

namespace {

using detail::node;

// ---- numbers ---------------------------------------------------------------
//
// RFC 6902 4.6: numbers are equal when their values are. Every number
// compares as the decimal that jot writes for it, exactly, never rounded
// through a double: a number kept as text (keep_number_text) by the value of
// its text, an integer by its digits, a double by the shortest decimal that
// reads back as that double (what the writer prints). So 1, 1.0, 1e0 and
// 10e-1 are one number, 1e400 equals 10e399, and 9007199254740993 differs
// from 9007199254740992 and from 9007199254740992.0; two values are equal
// exactly when their written texts are equal as JSON.

// A number's decimal value: the significant digits D (no leading or trailing
// zeros) of a digit run and a scale, the value being (-1)^negative x D x
// 10^scale with scale = +-exponent + shift. The exponent is kept as its
// written digits because a text's exponent may have any number of them;
// shift is bounded by the text's length.
struct decimal_value {
  const char* int_digits;      // the run: int_count digits, then the fraction's
  std::int64_t int_count;
  const char* frac_digits;
  std::int64_t lead, trail;    // D is the run's digits [lead, trail]; none for zero
  bool negative;
  bool exponent_negative;
  const char* exponent;        // the written exponent's digits, leading zeros dropped
  std::int64_t exponent_count;
  std::int64_t shift;
  char own[24];                // the digits of an integer or a double

  bool zero() const noexcept { return lead > trail; }
  char digit(std::int64_t i) const noexcept {
    return i < int_count ? int_digits[i] : frac_digits[i - int_count];
  }
};

bool is_digit(char c) noexcept { return c >= '0' && c <= '9'; }

// Finds D in a run of count digits and moves the scale to D's last digit.
void find_significant(decimal_value& d, std::int64_t count) noexcept {
  d.lead = 0;
  while (d.lead != count && d.digit(d.lead) == '0') ++d.lead;
  d.trail = count - 1;
  while (d.trail >= d.lead && d.digit(d.trail) == '0') --d.trail;
  d.shift += count - 1 - d.trail;
}

// A valid JSON number's text (the parser's; a raw number node's).
void decimal_of_text(const char* p, std::size_t length, decimal_value& d) noexcept {
  const char* const end = p + length;
  d.negative = *p == '-';
  p += d.negative;
  d.int_digits = p;
  while (p != end && is_digit(*p)) ++p;
  d.int_count = p - d.int_digits;
  d.frac_digits = p;
  std::int64_t frac_count = 0;
  if (p != end && *p == '.') {
    d.frac_digits = ++p;
    while (p != end && is_digit(*p)) ++p;
    frac_count = p - d.frac_digits;
  }
  d.exponent_negative = false;
  d.exponent = p;
  if (p != end) {  // 'e' or 'E', a sign, digits
    ++p;
    d.exponent_negative = *p == '-';
    if (*p == '-' || *p == '+') ++p;
    while (p != end && *p == '0') ++p;
    d.exponent = p;
  }
  d.exponent_count = end - d.exponent;
  d.shift = -frac_count;
  find_significant(d, d.int_count + frac_count);
}

// (-1)^negative x digits x 10^exponent.
void decimal_of_digits(std::uint64_t digits, int exponent, bool negative, decimal_value& d) noexcept {
  char* const last = d.own + sizeof d.own;
  char* p = last;
  do {
    *--p = static_cast<char>('0' + digits % 10);
    digits /= 10;
  } while (digits != 0);
  d.int_digits = d.frac_digits = p;
  d.int_count = last - p;
  d.negative = negative;
  d.exponent_negative = false;
  d.exponent = last;
  d.exponent_count = 0;
  d.shift = exponent;
  find_significant(d, d.int_count);
}

// The decimal of a number node of any kind.
void decimal_of_node(const node* n, decimal_value& d) noexcept {
  switch (n->kind()) {
    case detail::kind_uint: return decimal_of_digits(n->u, 0, false, d);
    case detail::kind_int:
      return decimal_of_digits(n->i < 0 ? 0 - static_cast<std::uint64_t>(n->i) : static_cast<std::uint64_t>(n->i),
                               0, n->i < 0, d);
    case detail::kind_double: {
      const std::uint64_t bits = std::bit_cast<std::uint64_t>(n->d);
      const std::uint64_t magnitude = bits & ~(std::uint64_t{1} << 63);
      if (magnitude == 0) return decimal_of_digits(0, 0, false, d);
      const detail::decimal s = detail::shortest_decimal(magnitude);
      return decimal_of_digits(s.digits, s.exponent, (bits >> 63) != 0, d);
    }
    default: return decimal_of_text(n->str, n->length(), d);
  }
}

// The written exponent's value, when it has at most 18 digits.
std::int64_t small_exponent(const decimal_value& d) noexcept {
  std::int64_t v = 0;
  for (std::int64_t i = 0; i < d.exponent_count; ++i) v = v * 10 + (d.exponent[i] - '0');
  return d.exponent_negative ? -v : v;
}

// Whether a's scale equals b's: +-ea + a.shift == +-eb + b.shift, that is
// +-ea - +-eb == b.shift - a.shift, a difference below 2^43 in magnitude
// (shifts are bounded by the texts' lengths, at most 2^40 bytes).
bool same_scale(const decimal_value& a, const decimal_value& b) noexcept {
  const std::int64_t want = b.shift - a.shift;
  if (a.exponent_count <= 18 && b.exponent_count <= 18)
    return small_exponent(a) - small_exponent(b) == want;
  // One exponent is at least 10^18: the other must be as large, of the same
  // sign, and their magnitudes' difference is found digit by digit from the
  // top, stopping as soon as it is too large to be want (once past 2^52 it
  // only grows: |10r + c| > |r| for |c| <= 9).
  if (a.exponent_negative != b.exponent_negative) return false;
  const std::int64_t width = a.exponent_count > b.exponent_count ? a.exponent_count : b.exponent_count;
  constexpr std::int64_t limit = std::int64_t{1} << 52;
  std::int64_t r = 0;
  for (std::int64_t i = 0; i < width; ++i) {
    const std::int64_t ia = i - (width - a.exponent_count), ib = i - (width - b.exponent_count);
    const int da = ia >= 0 ? a.exponent[ia] - '0' : 0;
    const int db = ib >= 0 ? b.exponent[ib] - '0' : 0;
    r = r * 10 + (da - db);
    if (r > limit || r < -limit) return false;
  }
  return (a.exponent_negative ? -r : r) == want;
}

bool same_decimal(const decimal_value& a, const decimal_value& b) noexcept {
  if (a.zero() || b.zero()) return a.zero() && b.zero();  // -0 is 0
  if (a.negative != b.negative || a.trail - a.lead != b.trail - b.lead) return false;
  for (std::int64_t i = 0; i <= a.trail - a.lead; ++i)
    if (a.digit(a.lead + i) != b.digit(b.lead + i)) return false;
  return same_scale(a, b);
}

// A double that holds an integer of magnitude below 2^64, as that integer's
// exact decimal; false for any other double.
bool integral_decimal(double v, decimal_value& d) noexcept {
  const double magnitude = v < 0 ? -v : v;
  if (!(magnitude < 18446744073709551616.0)) return false;  // NaN too
  const auto digits = static_cast<std::uint64_t>(magnitude);
  if (static_cast<double>(digits) != magnitude) return false;
  decimal_of_digits(digits, 0, v < 0, d);
  return true;
}

bool numbers_equal(const node* a, const node* b) noexcept {
  const std::uint8_t ka = a->kind(), kb = b->kind();
  // One kind, and that kind's values map one to one to their decimals.
  if (ka == kb && ka != detail::kind_raw_number) return ka == detail::kind_double ? a->d == b->d : a->u == b->u;
  if (ka == detail::kind_raw_number && kb == ka && a->length() == b->length() &&
      std::memcmp(a->str, b->str, a->length()) == 0)
    return true;
  decimal_value x, y;
  decimal_of_node(a, x);
  decimal_of_node(b, y);
  if (same_decimal(x, y)) return true;
  // A double that holds an integer below 2^64 is also that integer exactly:
  // 2^60 read as 1152921504606846976.0 is written 1.152921504606847e18, yet
  // equals the integer 1152921504606846976 (RFC 6902: numerically equal).
  const bool double_a = ka == detail::kind_double;
  if (double_a == (kb == detail::kind_double)) return false;
  decimal_value exact;
  if (!integral_decimal(double_a ? a->d : b->d, exact)) return false;
  return same_decimal(exact, double_a ? y : x);
}

// Compares one node, not its children.
bool node_equal(const node* a, const node* b) noexcept {
  const value va(a), vb(b);
  if (va.type() != vb.type()) return false;
  switch (va.type()) {
    case type::null: return true;
    case type::boolean: return a->kind() == b->kind();
    case type::number: return numbers_equal(a, b);
    case type::string:
      return a->length() == b->length() &&
             (a->length() == 0 || std::memcmp(a->str, b->str, a->length()) == 0);
    default: return a->length() == b->length() && a->span == b->span;
  }
}

// Both tapes list nodes in document order and every value is exactly one node,
// so two subtrees are equal iff their node sequences are equal pairwise. A
// linear loop: no recursion, whatever the depth.
bool subtrees_equal(const node* a, const node* b) noexcept {
  const std::size_t count = a->is_container() ? a->span : 1;
  if ((b->is_container() ? b->span : 1) != count) return false;
  for (std::size_t i = 0; i < count; ++i)
    if (!node_equal(a + i, b + i)) return false;
  return true;
}

}  // namespace

namespace detail {
bool nodes_match(const node* a, const node* b) noexcept {
  if (a->is_container() || b->is_container()) return a->tag == b->tag;  // kind and length
  return node_equal(a, b);
}
}  // namespace detail

bool operator==(value a, value b) noexcept {
  if (!a.exists() || !b.exists()) return a.exists() == b.exists();
  return subtrees_equal(a.node(), b.node());
}

}  // namespace jot
