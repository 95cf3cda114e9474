// tests/typed_trailing_test.cpp - jot::read with
// read_options::allow_trailing_content: the first document of a buffer
// decoded, and the read_result's value (the bytes consumed) saying where it stopped, exactly where
// jot::parse with parse_options::allow_trailing_content stops, and with its
// errors; without the option, trailing content still fails.
#include <gtest/gtest.h>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "jot/jot.h"
#include "jot/typed.h"
#include "test_engines.h"

namespace {

using jot::error_code;

struct point {
  int x = 0;
  std::optional<int> y;
  bool operator==(const point&) const = default;
};

class TypedTrailing : public ::testing::TestWithParam<jot::kernel> {};

// Inputs where a document is followed by something, or not, or is bad.
const char* const texts[] = {
    "123x", "123 4", "truex", "[1]x", "\"a\"b", "12", "1 /", "{} ", "  ", "", "1e5.", "-", "1.", "[1,2] [3]",
    "{\"x\":1}\n{\"x\":2}", "nul", "[1,]", "\"\\u12\"", "{\"x\":1}}", "1\t\r\n ,", "[[[]]]]", "0123", "\xef\xbb\xbf" "1",
    "{\"x\":1,\"y\":2} tail", "\"\xff\" 1", "[1 2]", "1//c",
};

// jot::value takes any JSON, so its typed read must agree with the parser
// on every input: the same success and bytes consumed, or the same error.
TEST_P(TypedTrailing, TrailingContentStopsWhereTheParserStops) {
  jot::parser p({.allow_trailing_content = true}, GetParam());
  for (const char* text : texts) {
    SCOPED_TRACE(std::string("text '") + text + "'");
    jot::arena dom_arena;
    const jot::result<jot::document> d = p.parse(text, dom_arena);
    jot::arena typed_arena;
    jot::value v;
    const jot::read_result r =
        jot::read(text, v, typed_arena, {.kernel = GetParam(), .allow_trailing_content = true});
    ASSERT_EQ(r.ok(), d.ok()) << (r ? "typed ok" : r.error().message);
    if (d) {
      EXPECT_EQ(*r, d->consumed());
      EXPECT_TRUE(v == d->root());
    } else {
      EXPECT_EQ(r.error().code, d.error().code);
      EXPECT_EQ(r.error().offset, d.error().offset);
    }
  }
}

TEST_P(TypedTrailing, DocumentsOneAfterAnother) {
  const std::string_view text = "{\"x\":1} {\"x\":2,\"y\":3}\n\n{\"x\":-4}  ";
  const jot::read_options options{.kernel = GetParam(), .allow_trailing_content = true};
  std::vector<point> got;
  for (std::string_view rest = text; !rest.empty();) {
    point pt;
    const jot::read_result r = jot::read(rest, pt, options);
    ASSERT_TRUE(r) << r.error().message;
    ASSERT_GT(*r, 0u);
    got.push_back(pt);
    rest.remove_prefix(*r);
  }
  EXPECT_EQ(got, (std::vector<point>{{1, std::nullopt}, {2, 3}, {-4, std::nullopt}}));
}

TEST_P(TypedTrailing, WithoutTheOptionTrailingContentFails) {
  point pt;
  const jot::read_result r = jot::read("{\"x\":1} {\"x\":2}", pt, {.kernel = GetParam()});
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, error_code::trailing_content);
  EXPECT_EQ(r.error().offset, 8u);
  const jot::read_result whole = jot::read(" {\"x\":1} ", pt, {.kernel = GetParam()});
  ASSERT_TRUE(whole);
  EXPECT_EQ(*whole, 9u);  // the whole input
}

// Typed errors inside the first document are reported as without the option,
// and what follows it is never looked at.
TEST_P(TypedTrailing, ErrorsInTheFirstDocument) {
  const jot::read_options options{.kernel = GetParam(), .allow_trailing_content = true};
  point pt;
  const jot::read_result r = jot::read("{\"x\":\"1\"} garbage", pt, options);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, error_code::type_mismatch);
  EXPECT_EQ(r.error().path(), "/x");
  std::uint8_t small = 0;
  const jot::read_result range = jot::read("300 1", small, options);
  ASSERT_FALSE(range);
  EXPECT_EQ(range.error().code, error_code::number_out_of_range);
  ASSERT_TRUE(jot::read("255 1", small, options));
  EXPECT_EQ(small, 255);
}

JOT_INSTANTIATE_FOR_ENGINES(TypedTrailing);

}  // namespace
