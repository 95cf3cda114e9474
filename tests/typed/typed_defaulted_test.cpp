// tests/typed/typed_defaulted_test.cpp - members that may be absent from their
// object (jot::meta<T>::defaulted, jot/typed.h): an absent one keeps its
// value, the others keep the missing-member rule; keys after renames; inside
// nested structs and tagged variants.
#include <gtest/gtest.h>

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "jot/jot.h"
#include "jot/typed.h"
#include "support/typed_text.h"

namespace typed_defaulted_test {
struct config {
  std::string name;
  int timeout = 30;
  int retries = 3;  // key "max_retries"
  std::optional<int> port = 8080;
  std::vector<int> levels{1, 2};
};
struct service {
  std::string id;
  config settings;
};
struct job {
  int priority = 5;
};
struct halt {};
using task = std::variant<job, halt>;
}  // namespace typed_defaulted_test

template <>
struct jot::meta<typed_defaulted_test::config> {
  static constexpr auto rename = jot::rename({{"retries", "max_retries"}});
  static constexpr auto defaulted = jot::defaulted({"timeout", "max_retries", "port", "levels"});
};
template <>
struct jot::meta<typed_defaulted_test::job> {
  static constexpr auto defaulted = jot::defaulted({"priority"});
};
template <>
struct jot::meta<typed_defaulted_test::task> {
  static constexpr std::string_view tag = "op";
  static constexpr std::array<std::string_view, 2> ids{"job", "halt"};
};

namespace {

using jot::error_code;
using namespace typed_defaulted_test;

TEST(TypedDefaulted, AbsentMembersKeepTheirValues) {
  config c;
  auto r = jot::read(R"({"name":"a"})", c);
  ASSERT_TRUE(r.ok()) << r.error().path();
  EXPECT_EQ(c.name, "a");
  EXPECT_EQ(c.timeout, 30);
  EXPECT_EQ(c.retries, 3);
  ASSERT_TRUE(c.port.has_value());  // defaulted: kept, not emptied as an absent optional is
  EXPECT_EQ(*c.port, 8080);
  EXPECT_EQ(c.levels, (std::vector<int>{1, 2}));

  config d;
  r = jot::read(R"({"max_retries":9,"levels":[],"name":"b","timeout":5,"port":null})", d);
  ASSERT_TRUE(r.ok()) << r.error().path();
  EXPECT_EQ(d.timeout, 5);
  EXPECT_EQ(d.retries, 9);
  EXPECT_FALSE(d.port.has_value());
  EXPECT_TRUE(d.levels.empty());

  // Read again, an absent member keeps what the last read left.
  r = jot::read(R"({"name":"c"})", d);
  ASSERT_TRUE(r.ok()) << r.error().path();
  EXPECT_EQ(d.timeout, 5);
  EXPECT_EQ(d.retries, 9);
  EXPECT_FALSE(d.port.has_value());
}

TEST(TypedDefaulted, OtherMembersMustBePresent) {
  config c;
  auto r = jot::read(R"({"timeout":1})", c);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code, error_code::missing_member);
  EXPECT_EQ(r.error().offset, 12u);  // the object's '}'
  EXPECT_EQ(r.error().path(), "/name");
  // The identifier is not the key: "retries" is an unknown key, skipped.
  r = jot::read(R"({"name":"n","retries":1})", c);
  ASSERT_TRUE(r.ok()) << r.error().path();
  EXPECT_EQ(c.retries, 3);
  jot::read_options strict;
  strict.reject_unknown_keys = true;
  r = jot::read(R"({"name":"n","retries":1})", c, strict);
  EXPECT_EQ(r.error().code, error_code::unknown_key);

  service s;
  r = jot::read(R"({"id":"x","settings":{"timeout":2}})", s);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().path(), "/settings/name");
  service fresh;
  r = jot::read(R"({"id":"x","settings":{"name":"y"}})", fresh);
  ASSERT_TRUE(r.ok()) << r.error().path();
  EXPECT_EQ(fresh.settings.timeout, 30);
  r = jot::read(R"({"settings":{"name":"y"}})", s);
  EXPECT_EQ(r.error().path(), "/id");
}

TEST(TypedDefaulted, InATaggedAlternative) {
  task t;
  auto r = jot::read(R"({"op":"job"})", t);
  ASSERT_TRUE(r.ok()) << r.error().path();
  ASSERT_EQ(t.index(), 0u);
  EXPECT_EQ(std::get<job>(t).priority, 5);
  r = jot::read(R"({"priority":1,"op":"job"})", t);
  ASSERT_TRUE(r.ok()) << r.error().path();
  EXPECT_EQ(std::get<job>(t).priority, 1);
}

TEST(TypedDefaulted, WritingIsUnchanged) {
  const config c;
  EXPECT_EQ(jot_test::written(c), R"({"name":"","timeout":30,"max_retries":3,"port":8080,"levels":[1,2]})");
}

}  // namespace
