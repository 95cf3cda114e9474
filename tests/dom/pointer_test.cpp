// JSON Pointer syntax (jot/pointer.h) and the errors of value::at_pointer.
#include <gtest/gtest.h>
#include <jot/jot.h>

#include <string_view>

namespace {

using jot::error_code;

TEST(CheckPointer, AcceptsEveryWellFormedPointer) {
  for (std::string_view p : {"", "/", "//", "/a", "/a/0", "/~0", "/~1", "/a~0b~1c", "/ /x", "/-"})
    EXPECT_TRUE(jot::check_pointer(p).ok()) << p;
}

TEST(CheckPointer, SaysWhatIsWrongAndWhere) {
  const jot::error no_slash = jot::check_pointer("a/b").error();
  EXPECT_EQ(no_slash.code, error_code::invalid_pointer);
  EXPECT_STREQ(no_slash.message, "must be empty or start with '/'");
  EXPECT_EQ(no_slash.offset, 0u);

  struct bad_escape {
    std::string_view pointer;
    std::size_t at;
  };
  for (bad_escape b : {bad_escape{"/~", 1}, {"/m~2n", 2}, {"/ok/~", 4}, {"/x~0/~a", 5}}) {
    const jot::error e = jot::check_pointer(b.pointer).error();
    EXPECT_EQ(e.code, error_code::invalid_pointer) << b.pointer;
    EXPECT_STREQ(e.message, "'~' must be followed by '0' or '1'") << b.pointer;
    EXPECT_EQ(e.offset, b.at) << b.pointer;
    // A syntax error has no position in a document.
    EXPECT_EQ(e.line, 0u);
    EXPECT_EQ(e.column, 0u);
  }
}

TEST(AtPointer, ReportsSyntaxBeforeLookup) {
  auto d = jot::parse(R"({"a": [1]})");
  ASSERT_TRUE(d);
  // The lookup would stop at the missing member, but the syntax is wrong.
  auto r = d->at_pointer("/nope/~x");
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, error_code::invalid_pointer);
  EXPECT_EQ(r.error().offset, 6u);
  // On an absent value too.
  auto absent = jot::value().at_pointer("nope");
  ASSERT_FALSE(absent);
  EXPECT_EQ(absent.error().code, error_code::invalid_pointer);
  auto found = d->at_pointer("/a/0");
  ASSERT_TRUE(found);
  auto one = found->get_uint64();
  ASSERT_TRUE(one);
  EXPECT_EQ(*one, 1u);
}

}  // namespace
