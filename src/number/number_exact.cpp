// src/number/number_exact.cpp - the exact half of decimal-to-double conversion: any
// number of digits, correctly rounded (ties to even), in standard C++ with no
// library call, so every standard library builds it (libc++ 19 has no
// floating-point std::from_chars) and no locale is read.
//
// The method: a candidate double is found in floating point, then moved to
// the right one by exact comparisons of the decimal with the halfway points
// between neighbouring doubles, both sides held as big integers. Numbers with
// more than 19 digits are first tried with the 19 leading digits truncated and
// rounded up (Eisel-Lemire on both): when both give the same double, that is
// the answer, with no big arithmetic.
#include <cstdint>
#include <cstring>
#include <limits>

#include "jot/detail/core/bits.h"
#include "jot/detail/number/number.h"

namespace jot::detail {

namespace {

// Significant digits kept exactly. A halfway point between two doubles has at
// most 767 significant digits, so a decimal cut after more digits than that
// compares with it as the uncut one does, once the cut-off digits are known
// to be zero or not (the sticky flag).
constexpr int max_kept_digits = 800;

// An unsigned integer of up to `capacity` 64-bit limbs, least significant
// first. The largest operand here is below 2^2700 (800 digits, or 5^1125
// times a 54-bit significand); a comparison shifts one side only up to the
// other's bit length, so 4,608 bits leave ample room.
struct big_uint {
  static constexpr int capacity = 72;
  std::uint64_t limb[capacity];
  int size = 0;  // limbs in use; the top one is nonzero (0 for the value 0)

  big_uint() noexcept = default;
  // Copies the limbs in use only.
  big_uint(const big_uint& other) noexcept : size(other.size) {
    std::memcpy(limb, other.limb, sizeof(std::uint64_t) * static_cast<std::size_t>(size));
  }
  big_uint& operator=(const big_uint&) = delete;

  void set(std::uint64_t v) noexcept {
    limb[0] = v;
    size = v != 0;
  }

  // *this = *this * m + a.
  void multiply_add(std::uint64_t m, std::uint64_t a) noexcept {
    std::uint64_t carry = a;
    for (int i = 0; i < size; ++i) {
      const uint128_parts product = multiply_64x64(limb[i], m);
      const std::uint64_t low = product.low + carry;
      carry = product.high + (low < carry ? 1 : 0);
      limb[i] = low;
    }
    if (carry != 0) limb[size++] = carry;
  }

  void multiply_pow5(int k) noexcept {
    constexpr std::uint64_t pow5_27 = 7450580596923828125ull;  // the largest power of 5 below 2^64
    for (; k >= 27; k -= 27) multiply_add(pow5_27, 0);
    std::uint64_t rest = 1;
    for (; k > 0; --k) rest *= 5;
    if (rest != 1) multiply_add(rest, 0);
  }

  void shift_left(int bits) noexcept {
    if (size == 0 || bits == 0) return;
    const int words = bits / 64;
    const int rest = bits % 64;
    if (rest != 0) {
      std::uint64_t carry = 0;
      for (int i = 0; i < size; ++i) {
        const std::uint64_t next = limb[i] >> (64 - rest);
        limb[i] = (limb[i] << rest) | carry;
        carry = next;
      }
      if (carry != 0) limb[size++] = carry;
    }
    if (words != 0) {
      for (int i = size - 1; i >= 0; --i) limb[i + words] = limb[i];
      for (int i = 0; i < words; ++i) limb[i] = 0;
      size += words;
    }
  }

  int bit_length() const noexcept {
    return size == 0 ? 0 : 64 * size - std::countl_zero(limb[size - 1]);
  }
};

int compare(const big_uint& a, const big_uint& b) noexcept {
  if (a.size != b.size) return a.size < b.size ? -1 : 1;
  for (int i = a.size - 1; i >= 0; --i)
    if (a.limb[i] != b.limb[i]) return a.limb[i] < b.limb[i] ? -1 : 1;
  return 0;
}

// The decimal digits of a validated JSON number: value = 0.d1d2...dn * 10^point.
struct decimal {
  char digits[max_kept_digits];  // significant digits as 0..9, no leading or trailing zero
  int count = 0;                 // digits kept
  std::int64_t point = 0;        // decimal exponent of the digit before d1's place
  bool truncated = false;        // a nonzero digit was cut after the kept ones
  bool negative = false;
};

// Appends the digits [p, q) to d, from the first nonzero digit on; a nonzero
// digit past the kept ones sets the sticky flag.
void append_digits(decimal& d, const char* p, const char* q) noexcept {
  if (d.count == 0)
    while (p != q && *p == '0') ++p;
  for (; p != q && d.count < max_kept_digits; ++p) d.digits[d.count++] = static_cast<char>(*p - '0');
  for (; p != q; ++p) d.truncated |= *p != '0';
}

void read_decimal(const char* p, const char* last, decimal& d) noexcept {
  d.negative = *p == '-';
  if (d.negative) ++p;
  const char* const integer = p;
  while (p != last && is_digit(static_cast<std::uint8_t>(*p))) ++p;
  append_digits(d, integer, p);
  // JSON has no leading zeros: the integer part is "0" or all significant.
  std::int64_t point = p - integer == 1 && *integer == '0' ? 0 : p - integer;
  if (p != last && *p == '.') {
    const char* const fraction = ++p;
    while (p != last && is_digit(static_cast<std::uint8_t>(*p))) ++p;
    if (point == 0) {  // no nonzero integer digit: the fraction's leading zeros move the point
      const char* q = fraction;
      while (q != p && *q == '0') ++q;
      point = -(q - fraction);
    }
    append_digits(d, fraction, p);
  }
  // Trailing zeros are not significant (unless digits were cut after them).
  if (!d.truncated)
    while (d.count > 0 && d.digits[d.count - 1] == 0) --d.count;
  std::int64_t exponent = 0;
  if (p != last && (*p | 0x20) == 'e') {
    ++p;
    bool exp_negative = false;
    if (*p == '-' || *p == '+') exp_negative = *p++ == '-';
    for (; p != last; ++p)
      if (exponent < 1000000000) exponent = exponent * 10 + (*p - '0');  // saturates far out of range
    if (exp_negative) exponent = -exponent;
  }
  d.point = point + exponent;
}

// The first min(count, 19) digits as an integer.
std::uint64_t leading_digits(const decimal& d, int n) noexcept {
  std::uint64_t w = 0;
  for (int i = 0; i < n; ++i) w = w * 10 + static_cast<std::uint64_t>(d.digits[i]);
  return w;
}

// A double near w * 10^q (within a few units in the last place, or past the
// largest finite double), from the bits of the magnitude: only a start for
// the exact search.
std::uint64_t estimate_bits(std::uint64_t w, std::int64_t q) noexcept {
  double v = static_cast<double>(w);
  for (; q > 22 && v <= std::numeric_limits<double>::max(); q -= 22) v *= 1e22;
  for (; q < -22 && v != 0; q += 22) v /= 1e22;
  if (q > 0 && q <= 22) v *= exact_powers_of_ten[q];
  if (q < 0 && q >= -22) v /= exact_powers_of_ten[-q];
  std::uint64_t bits;
  std::memcpy(&bits, &v, sizeof bits);
  constexpr std::uint64_t largest_finite = 0x7FEFFFFFFFFFFFFFull;
  return bits > largest_finite ? largest_finite : bits;
}

// The exact decimal as left * 2^left_shift, and the factor that the halfway
// points' significands are multiplied by: right * 2^right_shift.
struct exact_sides {
  big_uint left;
  int left_shift;
  big_uint right;
  int right_shift;
  bool truncated;
};

// Compares the decimal with the point halfway between the double whose bits
// are `bits` (finite, not the largest) and the next one up: <0, 0, >0.
int compare_with_halfway_above(const exact_sides& s, std::uint64_t bits) noexcept {
  const std::uint64_t fraction = bits & ((std::uint64_t{1} << 52) - 1);
  const int biased = static_cast<int>(bits >> 52);
  const std::uint64_t significand = biased == 0 ? fraction : fraction | (std::uint64_t{1} << 52);
  const int exponent2 = (biased == 0 ? 1 : biased) - 1075;  // value = significand * 2^exponent2
  // halfway = (2 * significand + 1) * 2^(exponent2 - 1)
  big_uint half = s.right;
  half.multiply_add(2 * significand + 1, 0);
  int half_shift = s.right_shift + exponent2 - 1;
  // The sides' bit lengths decide unless equal; only then is one shifted,
  // and no further than the other's length.
  const std::int64_t left_bits = s.left.bit_length() + s.left_shift;
  const std::int64_t half_bits = half.bit_length() + half_shift;
  if (left_bits != half_bits) return left_bits < half_bits ? -1 : 1;
  int c;
  if (s.left_shift > half_shift) {
    big_uint left = s.left;
    left.shift_left(s.left_shift - half_shift);
    c = compare(left, half);
  } else {
    half.shift_left(half_shift - s.left_shift);
    c = compare(s.left, half);
  }
  return c == 0 && s.truncated ? 1 : c;
}

// The double nearest to d's value (ties to even), starting from `bits`.
// Returns false on overflow.
bool round_exactly(const decimal& d, std::uint64_t bits, std::uint64_t* out) noexcept {
  exact_sides s;
  s.truncated = d.truncated;
  s.left.set(0);
  for (int i = 0; i < d.count;) {  // 19 digits per step: 10^19 < 2^64
    const int n = d.count - i < 19 ? d.count - i : 19;
    std::uint64_t chunk = 0, scale = 1;
    for (int k = 0; k < n; ++k, ++i) {
      chunk = chunk * 10 + static_cast<std::uint64_t>(d.digits[i]);
      scale *= 10;
    }
    s.left.multiply_add(scale, chunk);
  }
  const std::int64_t e10 = d.point - d.count;  // value = left * 10^e10
  s.right.set(1);
  if (e10 >= 0) {
    s.left.multiply_pow5(static_cast<int>(e10));
    s.left_shift = static_cast<int>(e10);
    s.right_shift = 0;
  } else {
    s.right.multiply_pow5(static_cast<int>(-e10));
    s.right_shift = static_cast<int>(-e10);
    s.left_shift = 0;
  }
  constexpr std::uint64_t infinity_bits = 0x7FF0000000000000ull;
  // Down while the decimal lies below the halfway point under the candidate
  // (or on it, and the double below is even) ...
  while (bits != 0) {
    const int c = compare_with_halfway_above(s, bits - 1);
    if (c < 0 || (c == 0 && ((bits - 1) & 1) == 0)) {
      --bits;
    } else {
      break;
    }
  }
  // ... then up while it lies above the halfway point over it (or on it,
  // and the candidate is odd).
  while (bits != infinity_bits) {
    const int c = compare_with_halfway_above(s, bits);
    if (c > 0 || (c == 0 && (bits & 1) != 0)) {
      ++bits;
    } else {
      break;
    }
  }
  if (bits == infinity_bits) return false;
  *out = bits;
  return true;
}

}  // namespace

error_code convert_double_slow(const char* first, const char* last, double* out) noexcept {
  decimal d;
  read_decimal(first, last, d);
  const std::uint64_t sign = static_cast<std::uint64_t>(d.negative) << 63;
  std::uint64_t bits = 0;
  // 0.d * 10^point: at least 10^309 overflows (the largest double is below
  // 1.8e308); below 10^-324 is under half the smallest subnormal (4.9e-324).
  if (d.count == 0 || d.point < -323) {
    bits = 0;
  } else if (d.point > 310) {
    return error_code::number_out_of_range;
  } else {
    const int n = d.count < 19 ? d.count : 19;
    const std::uint64_t w = leading_digits(d, n);
    const std::int64_t q = d.point - n;
    const bool exact = n == d.count && !d.truncated;
    // w * 10^q <= value < (w + 1) * 10^q: where both ends round alike, so
    // does the value. Otherwise either end is within one unit of the answer.
    double low, high;
    const bool low_known = eisel_lemire(w, q, false, &low);
    const bool high_known = !exact && eisel_lemire(w + 1, q, false, &high);
    if (low_known && (exact || (high_known && low == high))) {
      std::memcpy(&bits, &low, sizeof bits);
    } else {
      std::uint64_t start;
      if (low_known) {
        std::memcpy(&start, &low, sizeof start);
      } else if (high_known) {
        std::memcpy(&start, &high, sizeof start);
      } else {
        start = estimate_bits(w, q);
      }
      if (!round_exactly(d, start, &bits)) return error_code::number_out_of_range;
    }
  }
  bits |= sign;
  std::memcpy(out, &bits, sizeof bits);
  return error_code::ok;
}

}  // namespace jot::detail
