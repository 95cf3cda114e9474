// tests/typed/typed_numbers_test.cpp - numbers through jot::read: integers of
// every width at their bounds, inside arrays, near and far from the input's
// end, from their exact decimal text whatever its fraction or exponent; and
// floating point.
#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "jot/typed.h"
#include "support/typed_read_checks.h"

namespace {

using jot::error_code;
using namespace jot_test;  // must_read, read_fails, describe (support/typed_read_checks.h)

template <class I>
void check_integer_bounds() {
  using L = std::numeric_limits<I>;
  const std::string min = std::to_string(L::min()), max = std::to_string(L::max());
  EXPECT_EQ(must_read<I>(min), L::min()) << min;
  EXPECT_EQ(must_read<I>(max), L::max()) << max;
  // max + 1 and min - 1, spelled as decimal text.
  auto plus_one = [](std::string s) {
    int i = static_cast<int>(s.size()) - 1;
    while (i >= 0 && s[static_cast<std::size_t>(i)] == '9') s[static_cast<std::size_t>(i--)] = '0';
    if (i < 0 || s[static_cast<std::size_t>(i)] == '-') s.insert(static_cast<std::size_t>(i + 1), "1");
    else ++s[static_cast<std::size_t>(i)];
    return s;
  };
  const auto over = read_fails<I>(plus_one(max));
  EXPECT_EQ(over.error().code, error_code::number_out_of_range) << plus_one(max);
  const std::string under = L::min() == 0 ? "-1" : plus_one(min);  // "-128" -> "-129"
  EXPECT_EQ(read_fails<I>(under).error().code, error_code::number_out_of_range) << under;
}

TEST(TypedRead, IntegerBoundsOfEveryWidth) {
  check_integer_bounds<std::int8_t>();
  check_integer_bounds<std::uint8_t>();
  check_integer_bounds<std::int16_t>();
  check_integer_bounds<std::uint16_t>();
  check_integer_bounds<std::int32_t>();
  check_integer_bounds<std::uint32_t>();
  check_integer_bounds<std::int64_t>();
  check_integer_bounds<std::uint64_t>();
  EXPECT_EQ(read_fails<std::uint8_t>("300").error().code, error_code::number_out_of_range);
}

// Inside an array an integer is followed by ',' or ']', which the reader's
// plain-integer path takes; the general scanner must agree with it.
template <class I>
void check_integers_in_arrays() {
  using L = std::numeric_limits<I>;
  using list = std::vector<I>;
  const std::string min = std::to_string(L::min()), max = std::to_string(L::max());
  const auto both = must_read<list>("[" + min + "," + max + " ,0,-0 ]");
  ASSERT_EQ(both.size(), 4u);
  EXPECT_EQ(both[0], L::min());
  EXPECT_EQ(both[1], L::max());
  EXPECT_EQ(both[2], 0);
  EXPECT_EQ(both[3], 0);
  EXPECT_EQ(read_fails<list>("[" + max + "0]").error().code, error_code::number_out_of_range);
  const std::string below = L::min() == 0 ? "-1" : min.substr(0, min.size() - 1) + char(min.back() + 1);
  EXPECT_EQ(read_fails<list>("[" + below + "]").error().code, error_code::number_out_of_range) << below;
  EXPECT_EQ(read_fails<list>("[01]").error().code, error_code::invalid_number);
  EXPECT_EQ(read_fails<list>("[-01]").error().code, error_code::invalid_number);
  EXPECT_EQ(read_fails<list>("[-]").error().code, error_code::invalid_number);
  EXPECT_EQ(read_fails<list>("[1.5]").error().code, error_code::type_mismatch);
  EXPECT_EQ(read_fails<list>("[0.5]").error().code, error_code::type_mismatch);
  EXPECT_EQ(read_fails<list>("[1x]").error().code, error_code::unexpected_character);
  EXPECT_EQ(must_read<list>("[1e2,1E1,0e0]"), (list{100, 10, 0}));
}

TEST(TypedRead, IntegersInsideArraysOfEveryWidth) {
  check_integers_in_arrays<std::int8_t>();
  check_integers_in_arrays<std::uint8_t>();
  check_integers_in_arrays<std::int16_t>();
  check_integers_in_arrays<std::uint32_t>();
  check_integers_in_arrays<std::int64_t>();
  check_integers_in_arrays<std::uint64_t>();
  // 19 digits take the plain path, 20 the general one.
  EXPECT_EQ(must_read<std::vector<std::uint64_t>>("[9999999999999999999,18446744073709551615]")[1],
            18446744073709551615ull);
  EXPECT_EQ(read_fails<std::vector<std::uint64_t>>("[18446744073709551616]").error().code,
            error_code::number_out_of_range);
}

// What a valid number text of random_integer_text's shape ([-]digits and
// one of "", ".5", ".0", "e2", "E0") stands for as an I, computed apart from
// jot in 128 bits (at most 23 digits, times 100): the value, or the error a
// reader must give (type_mismatch for a fraction, else number_out_of_range).
template <class I>
jot::result<I> exact_value_of(const std::string& text) {
  std::size_t i = text[0] == '-';
  __int128 v = 0;
  for (; i < text.size() && text[i] >= '0' && text[i] <= '9'; ++i) v = v * 10 + (text[i] - '0');
  const std::string tail = text.substr(i);
  if (tail == ".5") return jot::make_error(error_code::type_mismatch);
  if (tail == "e2") v *= 100;
  if (text[0] == '-') v = -v;
  using L = std::numeric_limits<I>;
  if (v < static_cast<__int128>(L::min()) || v > static_cast<__int128>(L::max()))
    return jot::make_error(error_code::number_out_of_range);
  return static_cast<I>(v);
}

// An integer is read by the plain-integer path or, for everything else
// (exponents, fractions, 20 digits, errors), by the general path, which
// checks the grammar as scan_number does and then judges the digits. Random
// integer texts (signs, leading zeros, 1 to 22 digits, fractions, exponents,
// junk after) read the same near the end and far from it, fail where the DOM
// parser fails, and otherwise give the exact value of their text.
template <class I>
void check_random_integers(std::mt19937& rng) {
  const std::string pad(48, ' ');
  for (int n = 0; n < 3000; ++n) {
    std::string text;
    if (rng() % 3 == 0) text += '-';
    if (rng() % 8 == 0) text += '0';
    const int digits = static_cast<int>(rng() % 23);
    for (int d = 0; d < digits; ++d) text += static_cast<char>('0' + rng() % 10);
    static const char* const tails[] = {"", "", "", "", ".5", ".0", "e2", "E0", "x", ".", "e"};
    text += tails[rng() % std::size(tails)];
    if (text.empty()) continue;  // "[]" is an empty array, "[,]" an error
    const std::string near_end = "[" + text + "]";
    const std::string far = "[" + text + "," + text + "]" + pad;
    std::vector<I> near_values, far_values;
    const jot::read_result a = jot::read(near_end, near_values);
    const jot::read_result b = jot::read(far, far_values);
    char dom_buf[1 << 12];
    jot::arena dom_arena(dom_buf, sizeof dom_buf);
    const auto dom = jot::parse(near_end, dom_arena);  // the grammar's verdict
    ASSERT_EQ(static_cast<bool>(a), static_cast<bool>(b)) << text;
    if (!a) {
      EXPECT_EQ(a.error().code, b.error().code) << text;
      EXPECT_EQ(a.error().offset, b.error().offset) << text;
      if (!dom) {
        // The reader judges the number's range or kind before the byte
        // after it ("186082x" into an int8_t): out of range at the number.
        if (a.error().code == error_code::number_out_of_range || a.error().code == error_code::type_mismatch) {
          EXPECT_EQ(a.error().offset, 1u) << text;
        } else {
          EXPECT_EQ(a.error().code, dom.error().code) << text;
          EXPECT_EQ(a.error().offset, dom.error().offset) << text;
        }
      } else {
        const jot::result<I> want = exact_value_of<I>(text);
        ASSERT_FALSE(static_cast<bool>(want)) << text << " is " << static_cast<std::int64_t>(*want);
        EXPECT_EQ(a.error().code, want.error().code) << text;
        EXPECT_EQ(a.error().offset, 1u) << text;
      }
      continue;
    }
    ASSERT_TRUE(dom) << text;
    const jot::result<I> want = exact_value_of<I>(text);
    ASSERT_TRUE(static_cast<bool>(want)) << text;
    ASSERT_EQ(near_values.size(), 1u);
    ASSERT_EQ(far_values.size(), 2u);
    EXPECT_EQ(near_values[0], *want) << text;
    EXPECT_EQ(far_values[0], *want) << text;
    EXPECT_EQ(far_values[1], *want) << text;
  }
}

TEST(TypedRead, IntegersReadAlikeNearAndFarFromTheEnd) {
  std::mt19937 rng(17);
  check_random_integers<std::int8_t>(rng);
  check_random_integers<std::uint16_t>(rng);
  check_random_integers<std::int32_t>(rng);
  check_random_integers<std::uint32_t>(rng);
  check_random_integers<std::int64_t>(rng);
  check_random_integers<std::uint64_t>(rng);
}

TEST(TypedRead, IntegersFromWholeNumbersWithFractionsOrExponents) {
  EXPECT_EQ(must_read<int>("1e2"), 100);
  EXPECT_EQ(must_read<int>("100.0"), 100);
  EXPECT_EQ(must_read<int>("-0"), 0);
  EXPECT_EQ(must_read<std::uint64_t>("1.8446744073709550e19"), 18446744073709550000ull);
  const auto frac = read_fails<int>("1.5");
  EXPECT_EQ(frac.error().code, error_code::type_mismatch);
  EXPECT_EQ(frac.error().found(), jot::type::number);
  EXPECT_EQ(read_fails<std::uint64_t>("1e20").error().code, error_code::number_out_of_range);
  EXPECT_EQ(read_fails<std::int64_t>("-1e19").error().code, error_code::number_out_of_range);
  EXPECT_EQ(read_fails<int>("01").error().code, error_code::invalid_number);
  EXPECT_EQ(read_fails<int>("-").error().code, error_code::invalid_number);
}

// A regression test: the fraction test ran on the double the text rounds
// to, so 0.99999999999999999999 read as 1, 9007199254740993.0 as 2^53, and
// 2^64 - 1 written with ".0" (which rounds to 2^64) was out of range.
template <class I>
jot::read_result read_integer_everywhere(const std::string& text, I& out) {
  // Alone, at the end of an array, and followed by 48 bytes (scan_number's
  // inline reach); each must agree with the first.
  const jot::read_result alone = jot::read(text, out);
  std::vector<I> in_arrays;
  const jot::read_result arrays = jot::read("[" + text + ",\n" + text + "]" + std::string(48, ' '), in_arrays);
  EXPECT_EQ(alone.ok(), arrays.ok()) << text;
  if (alone.ok()) {
    EXPECT_EQ(in_arrays, (std::vector<I>{out, out})) << text;
  } else {
    EXPECT_EQ(alone.error().code, arrays.error().code) << text;
    EXPECT_EQ(alone.error().offset, 0u) << text;
    EXPECT_EQ(arrays.error().offset, 1u) << text;
  }
  return alone;
}

TEST(TypedRead, IntegersAreReadExactlyFromTheirText) {
  const auto value = [](const char* text, auto want) {
    decltype(want) got{};
    const jot::read_result r = read_integer_everywhere(text, got);
    EXPECT_TRUE(r.ok()) << text << " -> " << describe(r);
    EXPECT_EQ(got, want) << text;
  };
  const auto fails = [](const char* text, auto type, error_code code) {
    decltype(type) got{};
    const jot::read_result r = read_integer_everywhere(text, got);
    EXPECT_EQ(r.error().code, code) << text;
    if (code == error_code::type_mismatch) EXPECT_EQ(describe(r), "expected an integer, got number (1:1)");
  };
  constexpr auto mismatch = error_code::type_mismatch;
  constexpr auto out_of_range = error_code::number_out_of_range;
  // Not whole, however close: never an integer.
  fails("0.99999999999999999999", int{}, mismatch);
  fails("-0.99999999999999999999", std::int64_t{}, mismatch);
  fails("1.00000000000000000001", std::uint64_t{}, mismatch);
  fails("9007199254740992.5", std::int64_t{}, mismatch);
  fails("1e-400", int{}, mismatch);
  fails("15e-1", int{}, mismatch);
  fails("-0.5", unsigned{}, mismatch);  // not whole first, then the sign
  fails("1.5e400", int{}, out_of_range);  // whole, however large
  // Whole: exact, and never rejected in range.
  value("9007199254740993.0", std::int64_t{9007199254740993});
  value("9007199254740993e0", std::uint64_t{9007199254740993});
  value("18446744073709551615.0", std::uint64_t{18446744073709551615ull});
  value("1844674407370955161.5e1", std::uint64_t{18446744073709551615ull});
  value("-9223372036854775808.0e0", std::int64_t{INT64_MIN});
  value("9223372036854775807.000", std::int64_t{INT64_MAX});
  value("1.0", int{1});
  value("1e2", std::int8_t{100});
  value("1.5e1", std::uint8_t{15});
  value("150e-1", short{15});
  value("0.000e-99999999999999999999999", int{0});
  value("-0.0", unsigned{0});
  value("0e99999999999999999999", std::uint64_t{0});
  value("1e19", std::uint64_t{10000000000000000000ull});
  value("1234567890123456789000000000000e-12", std::uint64_t{1234567890123456789ull});
  value("0.000000000000000000001234567890123456789e39", std::uint64_t{1234567890123456789ull});
  value("-128.0", std::int8_t{-128});
  value("255e0", std::uint8_t{255});
  // Whole but out of the type's range.
  fails("18446744073709551616.0", std::uint64_t{}, out_of_range);
  fails("1.8446744073709551616e19", std::uint64_t{}, out_of_range);
  fails("-9223372036854775809.0", std::int64_t{}, out_of_range);
  fails("9223372036854775808e0", std::int64_t{}, out_of_range);
  fails("1e20", std::uint64_t{}, out_of_range);
  fails("1e99999999999999999999", std::int64_t{}, out_of_range);
  fails("-1.0", unsigned{}, out_of_range);
  fails("-129.0", std::int8_t{}, out_of_range);
  fails("2.56e2", std::uint8_t{}, out_of_range);
  // Variants take the same reading.
  using only_int = std::variant<std::string, std::int64_t>;
  EXPECT_EQ(std::get<1>(must_read<only_int>("9007199254740993.0")), 9007199254740993);
  EXPECT_EQ(read_fails<only_int>("0.99999999999999999999").error().code, mismatch);
}

TEST(TypedRead, FloatingPoint) {
  EXPECT_EQ(must_read<double>("0.1"), 0.1);
  EXPECT_EQ(must_read<double>("-12"), -12.0);
  EXPECT_EQ(must_read<double>("18446744073709551615"), 18446744073709551615.0);
  EXPECT_EQ(must_read<float>("0.5"), 0.5f);
  EXPECT_EQ(read_fails<float>("1e39").error().code, error_code::number_out_of_range);
  EXPECT_EQ(read_fails<double>("1e400").error().code, error_code::number_out_of_range);
  EXPECT_EQ(read_fails<double>("\"1\"").error().code, error_code::type_mismatch);
}

}  // namespace
