// tests/support/reflect_enum_checks.h - the compile-time half of the enum reflection
// tests: enums and static_asserts, no test framework. Included by
// tests/reflect/reflect_enum_test.cpp and compiled alone by tests/reflect_clang/ with
// clang++ -fsyntax-only, so that both compilers hold the same contract.
#pragma once

#include <cstdint>
#include <string_view>

#include "jot/reflect.h"

namespace reflect_enum_checks {

namespace r = jot::reflect;

// Declared as constexpr functions so that static_asserts can name them.
template <class E>
constexpr bool named(E value, std::string_view name) {
  return r::enum_name(value) == name;
}
template <class E>
constexpr bool parses_to(std::string_view name, E expected) {
  E out{};
  return r::enum_from_name(name, out) && out == expected;
}
template <class E>
constexpr bool unknown(std::string_view name) {
  E out = static_cast<E>(7);
  return !r::enum_from_name(name, out) && out == static_cast<E>(7);  // out untouched
}

// ---- scoped, unscoped, underlying types ----

enum class color : std::uint8_t { red, green = 5, blue };
static_assert(r::enum_count<color> == 3);
static_assert(named(color::red, "red") && named(color::green, "green") && named(color::blue, "blue"));
static_assert(named(static_cast<color>(1), ""));    // a gap
static_assert(named(static_cast<color>(255), ""));  // the last probed value
static_assert(parses_to("blue", color::blue) && parses_to("red", color::red));
static_assert(unknown<color>("Blue") && unknown<color>("") && unknown<color>("blu") &&
              unknown<color>("bluee"));
static_assert(r::enum_names<color>[1] == "green" && r::enum_values<color>[2] == color::blue);

enum plain_enum { plain_a, plain_b = 3, plain_c = 200 };  // no fixed underlying type
static_assert(named(plain_a, "plain_a") && named(plain_c, "plain_c"));
static_assert(named(static_cast<plain_enum>(2), ""));
static_assert(parses_to("plain_b", plain_b));

enum fixed_unscoped : short { fixed_neg = -100, fixed_zero = 0, fixed_pos = 100 };
static_assert(named(fixed_neg, "fixed_neg") && named(fixed_pos, "fixed_pos"));
static_assert(parses_to("fixed_neg", fixed_neg));

enum class negative : int { lowest = -128, minus_one = -1, zero = 0, highest = 255 };
static_assert(r::enum_count<negative> == 4);
static_assert(named(negative::lowest, "lowest") && named(negative::minus_one, "minus_one"));
static_assert(named(negative::highest, "highest") && named(static_cast<negative>(-2), ""));
static_assert(parses_to("lowest", negative::lowest) && parses_to("highest", negative::highest));

enum class small_signed : signed char { low = -128, high = 127 };
static_assert(named(small_signed::low, "low") && named(small_signed::high, "high"));

enum class character : char { letter_a = 'a', letter_z = 'z' };
static_assert(named(character::letter_a, "letter_a") && named(character::letter_z, "letter_z"));

enum class flag : bool { off, on };
static_assert(r::enum_count<flag> == 2);
static_assert(named(flag::off, "off") && named(flag::on, "on") && parses_to("on", flag::on));

enum class wide : unsigned long long { one = 1, huge = 1ull << 40 };
static_assert(named(wide::one, "one"));
static_assert(named(wide::huge, ""));  // outside [-128, 255]: no name without the opt-in
static_assert(unknown<wide>("huge"));

// ---- values outside the probed range, duplicates, no names ----

enum class outside : int { below = -129, inside = 3, above = 256 };
static_assert(r::enum_count<outside> == 1);
static_assert(named(outside::inside, "inside"));
static_assert(named(outside::below, "") && named(outside::above, ""));
static_assert(unknown<outside>("below") && unknown<outside>("above"));

// Two enumerators with one value: the first declared names it; the alias
// is not known at all (the compiler never spells it).
enum class alias : int { first = 1, second = 1, other = 2 };
static_assert(r::enum_count<alias> == 2);
static_assert(named(alias::second, "first"));
static_assert(parses_to("first", alias::first) && unknown<alias>("second"));

enum class empty_enum : std::uint8_t {};
static_assert(r::enum_count<empty_enum> == 0);
static_assert(named(static_cast<empty_enum>(0), "") && unknown<empty_enum>("x"));

// ---- scopes that compilers spell differently ----

namespace {
enum class in_anonymous { p, q };
}
static_assert(named(in_anonymous::q, "q") && parses_to("p", in_anonymous::p));

template <class A, class B>
struct holder {
  enum nested { x, y = 7 };
  enum class nested_scoped : std::uint8_t { z = 9 };
};
static_assert(named(holder<int, long>::y, "y") && parses_to("x", holder<int, long>::x));
static_assert(named(holder<int, long>::nested_scoped::z, "z"));

constexpr bool local_enum_names() {
  enum class local { l1, l2 };
  return named(local::l2, "l2") && parses_to("l1", local::l1);
}
static_assert(local_enum_names());
inline constexpr auto lambda_enum_names = [] {
  enum class in_lambda { i1 = -3 };
  return named(in_lambda::i1, "i1");
};
static_assert(lambda_enum_names());

// More names than the compare loop takes: the hash table finds them.
enum class many : int {
  m00, m01, m02, m03, m04, m05, m06, m07, m08, m09,
  m10, m11, m12, m13, m14, m15, m16, m17, m18, m19,
};
static_assert(r::enum_count<many> == 20);
static_assert(named(many::m13, "m13") && parses_to("m19", many::m19) && parses_to("m00", many::m00));
static_assert(unknown<many>("m20") && unknown<many>("m1"));

// ---- the opt-in ----

enum class status : int { ok = 200, moved = 301, gone = 410, teapot = 418, far = 1 << 20 };
}  // namespace reflect_enum_checks

template <>
struct jot::meta<reflect_enum_checks::status> {
  using status = reflect_enum_checks::status;
  // Other names, values outside the probed range, two names for one value.
  static constexpr auto enumerators =
      jot::enumerators(status::ok, "OK", status::moved, "Moved Permanently", status::gone, "Gone",
                       status::far, "far away", status::ok, "fine");
};

namespace reflect_enum_checks {
static_assert(r::enum_count<status> == 5);
static_assert(named(status::ok, "OK"));  // the first name listed for the value
static_assert(named(status::moved, "Moved Permanently") && named(status::far, "far away"));
static_assert(named(status::teapot, ""));  // not listed
static_assert(parses_to("OK", status::ok) && parses_to("fine", status::ok));
static_assert(parses_to("far away", status::far));
static_assert(unknown<status>("ok") && unknown<status>("teapot"));
static_assert(r::enum_names<status>[4] == "fine");  // list order

// as_integer changes typed mapping only: reflection still names the values.
enum class level : std::uint8_t { low, high };
}  // namespace reflect_enum_checks

template <>
struct jot::meta<reflect_enum_checks::level> {
  static constexpr bool as_integer = true;
};

namespace reflect_enum_checks {
static_assert(named(level::high, "high"));
}  // namespace reflect_enum_checks
