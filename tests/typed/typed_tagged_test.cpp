// tests/typed/typed_tagged_test.cpp - tagged variants in jot::read and jot::write
// (jot/typed.h): a std::variant of structs with jot::meta<V>::tag and ids is
// an object whose tag member names the alternative. The tag anywhere in the
// object, the key policies applied to it as to a member, the errors with
// their positions and pointers, and the text written (the tag first) equal
// to the DOM writer's.
#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "jot/jot.h"
#include "jot/typed.h"
#include "support/typed_text.h"

namespace typed_tagged_test {
struct circle {
  double r = 0;
  friend bool operator==(const circle&, const circle&) = default;
};
struct rect {
  double w = 0;
  double h = 0;
  std::optional<std::string> label;
  friend bool operator==(const rect&, const rect&) = default;
};
struct nothing {
  friend bool operator==(const nothing&, const nothing&) = default;
};
using figure = std::variant<circle, rect, nothing>;

struct drawing {
  std::string name;
  std::vector<figure> figures;
  std::optional<figure> cursor;
  friend bool operator==(const drawing&, const drawing&) = default;
};

struct ping {
  std::uint32_t id = 0;
  friend bool operator==(const ping&, const ping&) = default;
};
struct call {
  std::uint32_t id = 0;
  std::string method;
  std::vector<int> params;
  friend bool operator==(const call&, const call&) = default;
};
// A tag key that needs no escape but is not a plain word, and ids with one.
using message = std::variant<ping, call>;
}  // namespace typed_tagged_test

template <>
struct jot::meta<typed_tagged_test::figure> {
  static constexpr std::string_view tag = "type";
  static constexpr std::array<std::string_view, 3> ids{"circle", "rect", "nothing"};
};
template <>
struct jot::meta<typed_tagged_test::message> {
  static constexpr std::string_view tag = "@kind";
  static constexpr std::string_view ids[] = {"ping", "call/v2"};
};

namespace {

using jot::error_code;
using namespace typed_tagged_test;

template <class T>
jot::read_result read_into(std::string_view json, T& out, const jot::read_options& o = {}) {
  return jot::read(json, out, o);
}

using jot_test::through_dom;
using jot_test::written;

std::string describe(const jot::read_result& r) {
  return std::string(jot::error_code_name(r.error().code)) + " at " + std::to_string(r.error().offset) + " " +
         std::string(r.error().path());
}

TEST(TypedTagged, TheTagNamesTheAlternative) {
  figure f;
  auto r = read_into(R"({"type":"rect","w":2,"h":3})", f);
  ASSERT_TRUE(r.ok()) << describe(r);
  ASSERT_EQ(f.index(), 1u);
  EXPECT_EQ(std::get<rect>(f), (rect{2, 3, std::nullopt}));

  r = read_into(R"( { "type" : "circle" , "r" : 1.5 } )", f);
  ASSERT_TRUE(r.ok()) << describe(r);
  ASSERT_EQ(f.index(), 0u);
  EXPECT_EQ(std::get<circle>(f).r, 1.5);

  r = read_into(R"({"type":"nothing"})", f);
  ASSERT_TRUE(r.ok()) << describe(r);
  EXPECT_EQ(f.index(), 2u);

  // The tag after other members, unknown ones too, and with escapes in its key
  // and id: found by the pre-scan wherever it is.
  r = read_into(R"({"w":4,"x":{"deep":[1,"\u00e9"]},"h":5,"label":"L","type":"rect"})", f);
  ASSERT_TRUE(r.ok()) << describe(r);
  ASSERT_EQ(f.index(), 1u);
  EXPECT_EQ(std::get<rect>(f), (rect{4, 5, "L"}));
  r = read_into(R"({"r":7,"t\u0079pe":"c\u0069rcle"})", f);
  ASSERT_TRUE(r.ok()) << describe(r);
  ASSERT_EQ(f.index(), 0u);
  EXPECT_EQ(std::get<circle>(f).r, 7);

  message m;
  r = read_into(R"({"id":9,"params":[1,2],"@kind":"call/v2","method":"sum"})", m);
  ASSERT_TRUE(r.ok()) << describe(r);
  ASSERT_EQ(m.index(), 1u);
  EXPECT_EQ(std::get<call>(m), (call{9, "sum", {1, 2}}));
  r = read_into(R"({"@kind":"ping","id":4294967295})", m);
  ASSERT_TRUE(r.ok()) << describe(r);
  ASSERT_EQ(m.index(), 0u);
  EXPECT_EQ(std::get<ping>(m).id, 4294967295u);
}

TEST(TypedTagged, AnAlternativeReadAgainKeepsItsValue) {
  message m = call{1, std::string(100, 'x'), std::vector<int>(50, 7)};
  const char* method_data = std::get<call>(m).method.data();
  auto r = read_into(R"({"@kind":"call/v2","id":2,"method":"m","params":[3]})", m);
  ASSERT_TRUE(r.ok()) << describe(r);
  EXPECT_EQ(std::get<call>(m), (call{2, "m", {3}}));
  EXPECT_EQ(std::get<call>(m).method.data(), method_data);  // the same string, its capacity kept
  EXPECT_GE(std::get<call>(m).params.capacity(), 50u);
  // Another alternative replaces it.
  r = read_into(R"({"@kind":"ping","id":3})", m);
  ASSERT_TRUE(r.ok()) << describe(r);
  EXPECT_EQ(m, message(ping{3}));
}

TEST(TypedTagged, WrittenTagFirstAsTheDomWriterWrites) {
  const drawing d{"d", {circle{0.5}, rect{1, 2, "box"}, nothing{}, rect{3, 4, std::nullopt}}, figure(circle{2})};
  const std::string compact = written(d);
  EXPECT_EQ(compact,
            R"({"name":"d","figures":[{"type":"circle","r":0.5},{"type":"rect","w":1.0,"h":2.0,"label":"box"},)"
            R"({"type":"nothing"},{"type":"rect","w":3.0,"h":4.0,"label":null}],"cursor":{"type":"circle","r":2.0}})");
  for (std::uint32_t indent : {0u, 2u, 4u}) {
    for (bool skip_null : {false, true}) {
      jot::write_options o;
      o.indent = indent;
      o.skip_null_members = skip_null;
      const std::string text = written(d, o);
      EXPECT_EQ(text, through_dom(text, o)) << indent << skip_null;
      EXPECT_EQ(text.find("null") == std::string::npos, skip_null) << text;
      drawing back;
      const auto r = read_into(text, back);
      ASSERT_TRUE(r.ok()) << describe(r) << text;
      EXPECT_EQ(back, d);
    }
  }
  const message m = call{1, "a\"b", {}};
  EXPECT_EQ(written(m), R"({"@kind":"call/v2","id":1,"method":"a\"b","params":[]})");
  message back;
  ASSERT_TRUE(read_into(written(m), back).ok());
  EXPECT_EQ(back, m);
}

TEST(TypedTagged, TagErrorsNameTheTag) {
  figure f;
  // No tag: missing_member at the object's '}', whether it has members or not.
  auto r = read_into(R"({"r":1})", f);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code, error_code::missing_member);
  EXPECT_EQ(r.error().offset, 6u);
  EXPECT_EQ(r.error().path(), "/type");
  r = read_into("{ }", f);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code, error_code::missing_member);
  EXPECT_EQ(r.error().offset, 2u);
  // A tag that is no string, or no id.
  r = read_into(R"({"type":3,"r":1})", f);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code, error_code::type_mismatch);
  EXPECT_EQ(r.error().offset, 8u);
  EXPECT_EQ(r.error().path(), "/type");
  r = read_into(R"({"r":1,"type":"square"})", f);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code, error_code::invalid_value);
  EXPECT_EQ(r.error().offset, 14u);
  EXPECT_EQ(r.error().path(), "/type");
  EXPECT_EQ(r.error().line, 1u);
  EXPECT_EQ(r.error().column, 15u);
  r = read_into(R"({"type":"Circle","r":1})", f);  // ids are exact
  EXPECT_EQ(r.error().code, error_code::invalid_value);
  // Not an object at all.
  r = read_into(R"(["circle",1])", f);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code, error_code::type_mismatch);
  EXPECT_EQ(r.error().offset, 0u);
  // The tagged variant in a container: the path goes through it.
  drawing d;
  r = read_into(R"({"name":"n","figures":[{"type":"circle","r":1},{"r":1,"type":"rect","w":"2","h":1}]})", d);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code, error_code::type_mismatch);
  EXPECT_EQ(r.error().path(), "/figures/1/w");
  r = read_into(R"({"name":"n","figures":[{"type":"circle"}]})", d);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code, error_code::missing_member);
  EXPECT_EQ(r.error().path(), "/figures/0/r");
  r = read_into(R"({"name":"n","figures":[{"type":"nothing"},{"type":1}]})", d);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().path(), "/figures/1/type");
}

TEST(TypedTagged, KeyPoliciesCoverTheTag) {
  figure f;
  // A second tag is a duplicate key, at the second key.
  auto r = read_into(R"({"type":"circle","r":1,"type":"circle"})", f);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code, error_code::duplicate_key);
  EXPECT_EQ(r.error().offset, 23u);
  EXPECT_EQ(r.error().path(), "/type");
  // Allowed, it must name the same alternative.
  jot::read_options dup;
  dup.allow_duplicate_keys = true;
  r = read_into(R"({"type":"circle","r":1,"type":"circle"})", f, dup);
  ASSERT_TRUE(r.ok()) << describe(r);
  r = read_into(R"({"type":"circle","r":1,"type":"rect"})", f, dup);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code, error_code::invalid_value);
  EXPECT_EQ(r.error().offset, 30u);
  EXPECT_EQ(r.error().path(), "/type");
  // Under reject_unknown_keys the tag is a known key; another is not.
  jot::read_options strict;
  strict.reject_unknown_keys = true;
  r = read_into(R"({"r":1,"type":"circle"})", f, strict);
  ASSERT_TRUE(r.ok()) << describe(r);
  r = read_into(R"({"type":"circle","r":1,"z":0})", f, strict);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code, error_code::unknown_key);
  EXPECT_EQ(r.error().path(), "/z");
  // A member of another alternative is unknown to this one.
  r = read_into(R"({"type":"circle","r":1,"w":0})", f, strict);
  EXPECT_EQ(r.error().code, error_code::unknown_key);
  r = read_into(R"({"type":"circle","r":1,"w":0})", f);
  ASSERT_TRUE(r.ok()) << describe(r);
  // Missing members of the alternative follow the usual rule.
  jot::read_options lax;
  lax.allow_missing_members = true;
  r = read_into(R"({"type":"rect","w":1})", f, lax);
  ASSERT_TRUE(r.ok()) << describe(r);
  r = read_into(R"({"type":"rect","w":1})", f);
  EXPECT_EQ(r.error().code, error_code::missing_member);
  EXPECT_EQ(r.error().path(), "/h");
}

TEST(TypedTagged, BadInputBeforeTheTagIsTheParsersError) {
  // Each text is invalid JSON: the typed read fails as jot::parse does, at
  // its offset, whether the error lies before the tag or after it.
  const char* texts[] = {
      R"({"r":1,"x":"\q","type":"circle"})",
      R"({"r":1,"x":[1,],"type":"circle"})",
      R"({"r":01,"type":"circle"})",
      R"({"r":1 "type":"circle"})",
      R"({"r":1,"type" "circle"})",
      R"({"r":1,"type":"circle")",
      R"({"r":1,,"type":"circle"})",
      R"({"r":1,})",  // a trailing comma before any tag (the typed fuzzer's first finding)
      R"({"r":1, })",
      R"({"t\u0079pe":"circle","r":1,})",
      R"({"x":"\u12","type":"circle","r":1})",
      R"({"x":tru,"type":"circle","r":1})",
      R"({"type":"circ)",
      R"({"type":"circle","r":1,})",
      "{\"x\":\"\xC0\xAF\",\"type\":\"circle\",\"r\":1}",
      R"({"r":1,"type":"circle"} x)",
      R"({)",
      R"({"r")",
  };
  for (const char* text : texts) {
    auto doc = jot::parse(text);
    ASSERT_FALSE(doc) << text;
    figure f;
    const auto r = read_into(text, f);
    ASSERT_FALSE(r.ok()) << text;
    EXPECT_EQ(r.error().code, doc.error().code) << text << ": " << describe(r);
    EXPECT_EQ(r.error().offset, doc.error().offset) << text << ": " << describe(r);
  }
  // Nesting deeper than allowed before the tag.
  jot::read_options shallow;
  shallow.syntax.max_depth = 3;
  figure f;
  auto r = read_into(R"({"x":[[[1]]],"type":"circle","r":1})", f, shallow);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code, error_code::depth_exceeded);
  r = read_into(R"({"x":[[1]],"type":"circle","r":1})", f, shallow);
  ASSERT_TRUE(r.ok()) << describe(r);
}

TEST(TypedTagged, InsideAPlainVariant) {
  // A tagged variant is an object to the variant around it.
  std::variant<std::monostate, std::string, figure> v;
  ASSERT_TRUE(read_into(R"({"type":"circle","r":3})", v).ok());
  ASSERT_EQ(v.index(), 2u);
  EXPECT_EQ(std::get<figure>(v), figure(circle{3}));
  ASSERT_TRUE(read_into("null", v).ok());
  EXPECT_EQ(v.index(), 0u);
  EXPECT_EQ(written(std::variant<std::monostate, std::string, figure>(figure(nothing{}))), R"({"type":"nothing"})");
}

}  // namespace
