// Number conversion: random decimal texts against the C library's correctly
// rounded strtod, bit for bit (covers the Eisel-Lemire path, Clinger's fast
// path and the exact conversion of src/number/number_exact.cpp).
#include <gtest/gtest.h>
#include <jot/jot.h>

#include <charconv>
#include <cmath>
#include <cstdio>
#include <limits>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "support/must.h"
#include "support/reference_double.h"

namespace {

using jot_test::must;
using jot_test::reference_double;

std::string random_decimal(std::mt19937_64& rng) {
  std::string s;
  if (rng() & 1) s += '-';
  const int int_digits = static_cast<int>(rng() % 20);
  const int frac_digits = static_cast<int>(rng() % 20);
  s += static_cast<char>('1' + rng() % 9);
  for (int k = 0; k < int_digits; ++k) s += static_cast<char>('0' + rng() % 10);
  if (frac_digits) {
    s += '.';
    for (int k = 0; k < frac_digits; ++k) s += static_cast<char>('0' + rng() % 10);
  }
  if (rng() % 3 == 0) s += "e" + std::to_string(static_cast<long>(rng() % 700) - 350);
  return s;
}

TEST(Number, RandomDecimalsMatchStrtod) {
  std::mt19937_64 rng(20261121);
  int checked = 0;
  for (int i = 0; i < 200000; ++i) {
    std::string s = random_decimal(rng);
    if (i % 4 == 0) {  // the shortest text of a random finite double
      std::uint64_t bits = rng();
      double d;
      std::memcpy(&d, &bits, sizeof d);
      if (!std::isfinite(d)) continue;
      char buf[64];
      auto r = std::to_chars(buf, buf + sizeof buf, d);
      s.assign(buf, r.ptr);
    }
    bool overflow = false;
    const double want = reference_double(s, &overflow);
    auto doc = jot::parse(s);
    if (overflow) {
      ASSERT_FALSE(doc) << s;
      EXPECT_EQ(doc.error().code, jot::error_code::number_out_of_range) << s;
      continue;
    }
    ASSERT_TRUE(doc) << s;
    double got = must(doc->root().get_double());
    ASSERT_EQ(std::memcmp(&got, &want, sizeof got), 0) << s << " got " << got << " want " << want;
    ++checked;
  }
  EXPECT_GT(checked, 150000);
}

TEST(Number, ExactTiesRoundToEven) {
  // Decimals exactly halfway between two doubles: the fast conversion must
  // detect the tie and defer to the exact path, which rounds to even.
  const char* ties[] = {"9007199254740993.0", "9007199254740995.0", "9007199254740997e0",
                        "18014398509481987.0", "4503599627370496.5", "4503599627370497.5",
                        "2.2250738585072011e-308", "2.4703282292062328e-324"};
  for (const char* c : ties) {
    const double want = reference_double(c);
    auto doc = jot::parse(c);
    ASSERT_TRUE(doc) << c;
    const double got = must(doc->root().get_double());
    EXPECT_EQ(std::memcmp(&got, &want, sizeof got), 0) << c << " got " << got << " want " << want;
  }
}

// The exact decimal of a long double (glibc prints every digit), as JSON:
// "d.ddd" without trailing zeros, then "e" and the exponent.
std::string exact_decimal(long double v) {
  std::vector<char> buf(1400);
  const int n = std::snprintf(buf.data(), buf.size(), "%.1200Le", v);
  std::string s(buf.data(), static_cast<std::size_t>(n));
  const std::size_t e = s.find('e');
  std::string mantissa = s.substr(0, e);
  while (mantissa.back() == '0') mantissa.pop_back();
  if (mantissa.back() == '.') mantissa.pop_back();
  return mantissa + s.substr(e);
}

// `text` with `tail` appended to its significant digits (before the "e").
std::string with_more_digits(const std::string& text, const std::string& tail) {
  const std::size_t e = text.find('e');
  std::string mantissa = text.substr(0, e);
  if (mantissa.find('.') == std::string::npos) mantissa += '.';
  return mantissa + tail + text.substr(e);
}

// `text` with its last significant digit one less (it must not be 0).
std::string last_digit_lowered(std::string text) {
  const std::size_t e = text.find('e');
  --text[e - 1];
  return text;
}

double bits_to_double(std::uint64_t bits) {
  double d;
  std::memcpy(&d, &bits, sizeof d);
  return d;
}

std::uint64_t double_bits(double d) {
  std::uint64_t bits;
  std::memcpy(&bits, &d, sizeof bits);
  return bits;
}

// Parses `text` and expects exactly the double with `want_bits`, or
// number_out_of_range when want_bits is infinity's.
void expect_parses_to(const std::string& text, std::uint64_t want_bits) {
  auto doc = jot::parse(text);
  if (want_bits == 0x7FF0000000000000ull) {
    ASSERT_FALSE(doc) << text;
    EXPECT_EQ(doc.error().code, jot::error_code::number_out_of_range) << text;
    return;
  }
  ASSERT_TRUE(doc) << text;
  const std::uint64_t got = double_bits(must(doc->root().get_double()));
  EXPECT_EQ(got, want_bits) << text.substr(0, 60) << "... (" << text.size() << " bytes): got "
                            << bits_to_double(got) << ", want " << bits_to_double(want_bits);
}

// Decimals at, just under and just over the exact halfway point between two
// neighbouring doubles, written out in full (up to 767 significant digits,
// for subnormals): the point itself rounds to the even neighbour, the others
// to the nearer one. The tails are short (every digit kept) or run past the
// 800 digits the conversion keeps, where only their being nonzero decides.
TEST(Number, ExactHalfwayPointsWithManyDigits) {
  if (std::numeric_limits<long double>::digits < 55 || std::numeric_limits<long double>::min_exponent > -1100)
    GTEST_SKIP() << "long double cannot hold every halfway point between doubles exactly here";
  std::mt19937_64 rng(20261206);
  const std::string long_zeros(900, '0');
  const std::string long_nines(900, '9');
  std::vector<std::uint64_t> lows = {0, 1, 2, 0x000FFFFFFFFFFFFFull, 0x0010000000000000ull,
                                     0x7FEFFFFFFFFFFFFEull, 0x7FEFFFFFFFFFFFFFull,
                                     double_bits(9007199254740992.0), double_bits(1.0), double_bits(0.1)};
  for (int i = 0; i < 1500; ++i) {
    std::uint64_t bits = rng() & 0x7FFFFFFFFFFFFFFFull;
    if (i % 4 == 0) bits &= 0x800FFFFFFFFFFFFFull;  // subnormals: the longest halfway points
    if (bits >= 0x7FF0000000000000ull) continue;
    lows.push_back(bits);
  }
  for (const std::uint64_t low : lows) {
    const std::uint64_t high = low + 1;  // the next double up (infinity after the largest)
    const long double halfway = (static_cast<long double>(bits_to_double(low)) +
                                 (high == 0x7FF0000000000000ull ? std::ldexp(1.0L, 1024)
                                                                : static_cast<long double>(bits_to_double(high)))) /
                                2;
    const std::string at = exact_decimal(halfway);
    const std::uint64_t even = (low & 1) == 0 ? low : high;
    ASSERT_EQ(double_bits(reference_double(at)) & 0x7FFFFFFFFFFFFFFFull, even) << at;  // the oracle agrees
    expect_parses_to(at, even);
    expect_parses_to("-" + at, even == 0x7FF0000000000000ull ? even : even | 0x8000000000000000ull);
    expect_parses_to(with_more_digits(at, "01"), high);
    expect_parses_to(with_more_digits(at, long_zeros + "1"), high);
    expect_parses_to(last_digit_lowered(at), low);
    expect_parses_to(with_more_digits(last_digit_lowered(at), "99"), low);
    expect_parses_to(with_more_digits(last_digit_lowered(at), long_nines), low);
  }
}

// Many digits beyond the 19 that fit a word, where the leading 19 alone (cut,
// or cut and rounded up) decide, and where they do not.
TEST(Number, LongDecimalsMatchStrtod) {
  std::mt19937_64 rng(20261207);
  for (int i = 0; i < 20000; ++i) {
    std::string s = (rng() & 1) ? "-" : "";
    const int int_digits = 1 + static_cast<int>(rng() % 30);
    s += static_cast<char>('1' + rng() % 9);
    for (int k = 1; k < int_digits; ++k) s += static_cast<char>('0' + rng() % 10);
    const int frac_digits = static_cast<int>(rng() % 60);
    if (frac_digits != 0) {
      s += '.';
      for (int k = 0; k < frac_digits; ++k) s += static_cast<char>('0' + rng() % 10);
    }
    if (rng() % 2 == 0) s += "e" + std::to_string(static_cast<int>(rng() % 680) - 340);
    bool overflow = false;
    const double want = reference_double(s, &overflow);
    expect_parses_to(s, overflow ? 0x7FF0000000000000ull : double_bits(want));
  }
}

TEST(Number, EightDigitBlocksAndBoundaries) {
  const char* cases[] = {"12345678", "123456789", "1234567890123456789", "99999999999999999999",
                         "0.12345678", "0.000000001234567890123", "1234567.89012345",
                         "12345678.12345678e-8", "100000000000000000000000"};
  for (const char* c : cases) {
    const double want = reference_double(c);
    auto doc = jot::parse(c);
    ASSERT_TRUE(doc) << c;
    EXPECT_EQ(must(doc->root().get_double()), want) << c;
  }
  auto u = jot::parse("12345678901234567");
  auto i = jot::parse("-1234567812345678");
  ASSERT_TRUE(u && i);
  EXPECT_EQ(must(u->root().get_uint64()), 12345678901234567u);
  EXPECT_EQ(must(i->root().get_int64()), -1234567812345678);
  EXPECT_FALSE(jot::parse("12345678x"));
  EXPECT_FALSE(jot::parse("1.2345678x"));
}


// What a number parses to, compared across contexts: kind, value bits, or the
// error's code and offset relative to the number's first byte.
std::string describe_number(const std::string& json, std::size_t number_at) {
  auto doc = jot::parse(json);
  if (!doc) {
    return "error " + std::to_string(static_cast<int>(doc.error().code)) + " at " +
           std::to_string(static_cast<long>(doc.error().offset) - static_cast<long>(number_at));
  }
  jot::value v = doc->root();
  if (v.is_array()) v = v[0];
  if (v.is_double()) {
    const double d = must(v.get_double());
    std::uint64_t bits;
    std::memcpy(&bits, &d, sizeof bits);
    return "double " + std::to_string(bits);
  }
  auto i = v.get_int64();
  auto u = v.get_uint64();
  return std::string(v.is_integer() ? "integer " : "other ") + (i ? std::to_string(*i) : "-") + " " +
         (u ? std::to_string(*u) : "-");
}

// A number with input after it reads its digits in 8-byte blocks; a lone
// number ends in the byte-at-a-time loop near the end of its input. Both, and
// any faster path added for common shapes, must agree on every text, valid or
// not: kind, value bits, error code and position.
TEST(Number, FollowingInputDoesNotChangeTheNumber) {
  std::vector<std::string> texts = {
      "0", "-0", "0.0", "-0.0", "7", "-7", "1234567", "12345678", "123456789012345", "1234567890123456",
      "-123456789012345", "0.5", "-65.613616999999977", "43.420273000000009", "1.000000000000000",
      "1234.123456789012345", "1234.12345678901234", "12345.12345678901234", "0.0000000000000001",
      "9007199254740993.0", "900719925474099.3", "1.7976931348623157", "01", "-01", "00.5", "1.", "-",
      "-.5", "1.e5", "1e5", "1.5e3", "1.5E-3", "2.", "1.x", "1x", "-a", "0x10", "1..2", "1.2.3",
      "12345678.12345678", "123456789012345.1234", "99999999999999999999", "1234567890123456789",
      "0.12345678901234567890", "1234567890123456789.5", "123456789012345678.9", "12345678901234567.89",
      "-9223372036854775808", "-9223372036854775809", "9223372036854775808", "18446744073709551615",
      "18446744073709551616", "1234567890123456.7", "0.00000000000000000001", "12345678.", "1234567812345678.",
      "1234567812345678e1", "12345678123.45678912e1", "00000000", "0000000000000000"};
  std::mt19937_64 rng(20261123);
  for (int i = 0; i < 100000; ++i) {
    std::string s;
    if (rng() & 1) s += '-';
    const int int_digits = 1 + static_cast<int>(rng() % 21);
    for (int k = 0; k < int_digits; ++k) s += static_cast<char>('0' + rng() % 10);
    if (rng() % 4 != 0) {
      s += '.';
      const int frac_digits = static_cast<int>(rng() % 21);  // 0: an invalid "1."
      for (int k = 0; k < frac_digits; ++k) s += static_cast<char>('0' + rng() % 10);
    }
    if (rng() % 8 == 0) s += "e" + std::to_string(static_cast<int>(rng() % 40) - 20);
    texts.push_back(s);
  }
  const std::string pad(40, ' ');
  for (const std::string& t : texts) {
    const std::string alone = describe_number(t, 0);
    EXPECT_EQ(describe_number(t + pad, 0), alone) << t;
    EXPECT_EQ(describe_number("[" + t + "," + pad + "0]", 1), alone.rfind("error", 0) == 0
                                                                   ? describe_number("[" + t + ",0]", 1)
                                                                   : alone)
        << t;
  }
}

}  // namespace
