// tests/typed/typed_trailing_test.cpp - jot::read against jot::parse on the same
// options: with read_options::allow_trailing_content, the first document of a
// buffer decoded and the read_result's value (the bytes consumed) saying
// where it stopped, exactly where jot::parse stops, with its errors (without
// the option, trailing content still fails); with the relaxed syntax options,
// exactly what jot::parse accepts with them.
#include <gtest/gtest.h>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "jot/jot.h"
#include "jot/typed.h"
#include "support/test_engines.h"

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

// text read as a jot::value (which takes any JSON) with ro, against
// jot::parse with po and ro's kernel: the same success, value and bytes
// consumed, or the same error at the same place.
void expect_read_as_parsed(const char* text, const jot::read_options& ro, const jot::parse_options& po) {
  SCOPED_TRACE(std::string("text '") + text + "'");
  jot::arena dom_arena, typed_arena;
  const jot::result<jot::document> d = jot::parser(po, ro.kernel).parse(text, dom_arena);
  jot::value v;
  const jot::read_result r = jot::read(text, v, typed_arena, ro);
  ASSERT_EQ(r.ok(), d.ok()) << (r ? "typed ok" : r.error().message);
  if (d) {
    EXPECT_EQ(*r, d->consumed());
    EXPECT_TRUE(v == d->root());
  } else {
    EXPECT_EQ(r.error().code, d.error().code);
    EXPECT_EQ(r.error().offset, d.error().offset);
    EXPECT_EQ(r.error().line, d.error().line);
    EXPECT_EQ(r.error().column, d.error().column);
  }
}

// jot::value takes any JSON, so its typed read must agree with the parser
// on every input: the same success and bytes consumed, or the same error.
TEST_P(TypedTrailing, TrailingContentStopsWhereTheParserStops) {
  for (const char* text : texts)
    expect_read_as_parsed(text, {.syntax = {.allow_trailing_content = true}, .kernel = GetParam()},
                          {.syntax = {.allow_trailing_content = true}});
}

// read_options' relaxed syntax accepts what jot::parse accepts with the same
// options, and fails as it does, on every combination of them.
TEST_P(TypedTrailing, RelaxedSyntaxIsWhatParseAccepts) {
  const char* const texts[] = {
      "[1, 2,]", "{\"a\":1,}", "[1 // c\n, 2]", "/* lead */ [1] /* tail */", "\xEF\xBB\xBF[1]",
      "{\"a\": /* x */ \"//not\", \"b\":[,]}", "[,]", "{,}", "[1,,]", "[1 /* open", "[1] //", "{\"a\":1 //\n,}",
      "[\"/*\", \",]\"]", "[1,\n // c\n]", "[1] x", "\xEF\xBB\xBF", "{\"a\",}", "[1 / 2]", "[1,/**/]",
      "1 /* a */ /* b */", "[{\"k\":[1,],},]", "\"\\\",]\"", "1 /x", "1 /", "1 //c\n2", "[1,]\xEF\xBB\xBF",
      "[1, // a line comment ends at CR too\r 2]", "//\r{}\r{",
  };
  for (int mask = 0; mask < 16; ++mask) {
    jot::parse_options po;
    po.syntax.allow_comments = (mask & 1) != 0;
    po.syntax.allow_trailing_commas = (mask & 2) != 0;
    po.syntax.allow_bom = (mask & 4) != 0;
    po.syntax.allow_trailing_content = (mask & 8) != 0;
    jot::read_options ro;
    ro.kernel = GetParam();
    ro.syntax.allow_comments = po.syntax.allow_comments;
    ro.syntax.allow_trailing_commas = po.syntax.allow_trailing_commas;
    ro.syntax.allow_bom = po.syntax.allow_bom;
    ro.syntax.allow_trailing_content = po.syntax.allow_trailing_content;
    SCOPED_TRACE("options " + std::to_string(mask));
    for (const char* text : texts) expect_read_as_parsed(text, ro, po);
  }
}

TEST_P(TypedTrailing, DocumentsOneAfterAnother) {
  const std::string_view text = "{\"x\":1} {\"x\":2,\"y\":3}\n\n{\"x\":-4}  ";
  const jot::read_options options{.syntax = {.allow_trailing_content = true}, .kernel = GetParam()};
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
  const jot::read_options options{.syntax = {.allow_trailing_content = true}, .kernel = GetParam()};
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
