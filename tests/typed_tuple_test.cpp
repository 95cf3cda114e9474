// tests/typed_tuple_test.cpp - std::tuple and std::pair in jot::read and
// jot::write (jot/typed.h): an array of exactly their size, element i of
// their i-th type; lengths, element errors with their pointers, nesting,
// variants, and the text the DOM writer gives for the same value.
#include <gtest/gtest.h>

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>
#include <variant>
#include <vector>

#include "jot/jot.h"
#include "jot/typed.h"

namespace {

using jot::error_code;

// Reads json into out with a 64 KB arena.
template <class T>
jot::read_result read_into(std::string_view json, T& out, const jot::read_options& o = {}) {
  static char buf[1 << 16];
  jot::arena a(buf, sizeof buf);
  return jot::read(json, out, a, o);
}

// The compact text of v, or "<failed>".
template <class T>
std::string written(const T& v, const jot::write_options& o = {}) {
  jot::output_buffer out;
  auto w = jot::write(v, out, o);
  return w ? std::string(*w) : std::string("<failed>");
}

// v's text parsed and written again by the DOM writer.
std::string through_dom(std::string_view text, const jot::write_options& o = {}) {
  auto doc = jot::parse(text);
  if (!doc) return "<not JSON>";
  jot::output_buffer out;
  auto w = jot::write(doc->root(), out, o);
  return w ? std::string(*w) : std::string("<failed>");
}

struct row {
  std::string id;
  std::tuple<std::string_view, double, std::optional<int>> cells;
  std::pair<int, std::vector<bool>> flags;
  friend bool operator==(const row&, const row&) = default;
};

TEST(TypedTuple, ReadsEachElementAsItsType) {
  std::tuple<int, std::string, double, bool> t;
  const auto r = read_into(R"([ -7, "a\nb" , 2.5,true ])", t);
  ASSERT_TRUE(r.ok()) << r.path() << " " << jot::error_code_name(r.error().code);
  EXPECT_EQ(std::get<0>(t), -7);
  EXPECT_EQ(std::get<1>(t), "a\nb");
  EXPECT_EQ(std::get<2>(t), 2.5);
  EXPECT_TRUE(std::get<3>(t));

  std::pair<std::string, std::uint8_t> p;
  ASSERT_TRUE(read_into(R"(["k",255])", p).ok());
  EXPECT_EQ(p.first, "k");
  EXPECT_EQ(p.second, 255);
}

TEST(TypedTuple, NeedsExactlyItsSize) {
  std::tuple<int, int> t;
  auto r = read_into("[1]", t);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code, error_code::wrong_length);
  EXPECT_EQ(r.error().offset, 2u);  // the ']'

  r = read_into("[1,2,3]", t);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code, error_code::wrong_length);
  EXPECT_EQ(r.error().offset, 5u);  // the third element
  EXPECT_EQ(r.path(), "/2");

  r = read_into("[]", t);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code, error_code::wrong_length);

  std::tuple<> none;
  EXPECT_TRUE(read_into("[ ]", none).ok());
  EXPECT_EQ(read_into("[0]", none).error().code, error_code::wrong_length);
  EXPECT_EQ(read_into("{}", none).error().code, error_code::type_mismatch);
}

TEST(TypedTuple, ElementErrorsNameTheElement) {
  std::pair<int, std::pair<std::string, std::uint8_t>> p;
  auto r = read_into(R"([1, ["x", 300]])", p);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code, error_code::number_out_of_range);
  EXPECT_EQ(r.path(), "/1/1");
  EXPECT_EQ(r.error().offset, 10u);  // the 300

  r = read_into(R"([1, [2, 3]])", p);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code, error_code::type_mismatch);
  EXPECT_EQ(r.path(), "/1/0");

  // Syntax errors are the parser's, at the parser's offset.
  // A comma or the input's end where a third element would be is a syntax
  // error too, not wrong_length.
  for (std::string_view bad : {"[1,[\"x\",3],]", "[1 [\"x\",3]]", "[1,[\"x\",3]", "[1,[\"x\",tru]]",
                               "[1,[\"x\",3,]]", "[1,[\"x\",3],", "[1,[\"x\",3],:]"}) {
    const auto typed = read_into(bad, p);
    const auto dom = jot::parse(bad);
    ASSERT_FALSE(typed.ok()) << bad;
    ASSERT_FALSE(dom.ok()) << bad;
    EXPECT_EQ(typed.error().code, dom.error().code) << bad;
    EXPECT_EQ(typed.error().offset, dom.error().offset) << bad;
  }
}

TEST(TypedTuple, InStructsVectorsMapsAndVariants) {
  std::vector<row> rows;
  const std::string json =
      R"([{"id":"a","cells":["x",1.5,null],"flags":[3,[true,false]]},)"
      R"({"id":"b","cells":["y\u00e9",-0.25,7],"flags":[-1,[]]}])";
  // What jot::write gives back: the same, with the escape written as UTF-8.
  std::string expected = json;
  expected.replace(expected.find("\\u00e9"), 6, "\xc3\xa9");
  const auto r = read_into(json, rows);
  ASSERT_TRUE(r.ok()) << r.path() << " " << jot::error_code_name(r.error().code);
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(std::get<0>(rows[1].cells), "y\xc3\xa9");
  EXPECT_EQ(std::get<2>(rows[1].cells), 7);
  EXPECT_FALSE(std::get<2>(rows[0].cells).has_value());
  EXPECT_EQ(rows[0].flags.second, (std::vector<bool>{true, false}));
  EXPECT_EQ(written(rows), expected);

  const auto bad = read_into(R"([{"id":"a","cells":["x","1.5",null],"flags":[3,[]]}])", rows);
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.path(), "/0/cells/1");

  std::map<std::string, std::pair<double, double>> points;
  ASSERT_TRUE(read_into(R"({"a":[1,2],"b":[0.5,-3]})", points).ok());
  EXPECT_EQ(points.at("b").second, -3.0);

  // An array goes to the first alternative that takes arrays: the tuple here.
  std::variant<int, std::pair<int, int>, std::vector<int>> v;
  ASSERT_TRUE(read_into("[4,5]", v).ok());
  ASSERT_EQ(v.index(), 1u);
  EXPECT_EQ(std::get<1>(v).second, 5);
  EXPECT_EQ(read_into("[4,5,6]", v).error().code, error_code::wrong_length);
}

TEST(TypedTuple, WritesAsTheDomWriterWould) {
  const std::tuple<int, std::string, double, bool, std::optional<int>> t{-3, "q\"", 0.1, false, std::nullopt};
  EXPECT_EQ(written(t), R"([-3,"q\"",0.1,false,null])");
  EXPECT_EQ(written(std::tuple<>{}), "[]");
  EXPECT_EQ(written(std::pair<int, std::tuple<>>{1, {}}), "[1,[]]");

  const row value{"r", {"s", 2.0, 9}, {5, {true}}};
  for (std::uint32_t indent : {0u, 2u, 4u}) {
    jot::write_options o;
    o.indent = indent;
    const std::string text = written(value, o);
    EXPECT_EQ(text, through_dom(text, o)) << indent;
    row back;
    ASSERT_TRUE(read_into(text, back).ok()) << text;
    EXPECT_EQ(back, value);
  }
  EXPECT_EQ(written(std::tuple<double>{std::numeric_limits<double>::infinity()}), "<failed>");
}

}  // namespace
