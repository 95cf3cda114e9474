// result<T>: truthiness, errors, fallbacks, and reading a failed result in a
// build without assertions (tests/assertions/ covers builds with them).
#include <gtest/gtest.h>
#include <jot/jot.h>

#include <set>
#include <string>
#include <string_view>
#include <utility>

namespace {

using jot::error_code;

TEST(Result, SuccessAndFailure) {
  jot::result<int> ok = 5;
  ASSERT_TRUE(ok);
  EXPECT_TRUE(ok.ok());
  EXPECT_TRUE(ok.error().ok());
  EXPECT_EQ(*ok, 5);
  EXPECT_EQ(ok.value_or(9), 5);
  jot::result<int> bad = jot::make_error(error_code::not_found);
  EXPECT_FALSE(bad);
  EXPECT_EQ(bad.error().code, error_code::not_found);
  EXPECT_STREQ(bad.error().message, "no such member or element");
  EXPECT_EQ(bad.value_or(9), 9);
}

// result<void>: success by default or from an ok error, else the error.
TEST(Result, VoidResultHoldsOnlyTheOutcome) {
  const jot::result<void> done;
  EXPECT_TRUE(done);
  EXPECT_TRUE(done.error().ok());
  const jot::result<void> from_ok = jot::error{};
  EXPECT_TRUE(from_ok.ok());
  const jot::result<void> failed = jot::make_error(error_code::io_error);
  EXPECT_FALSE(failed);
  EXPECT_EQ(failed.error().code, error_code::io_error);
}

// A result's error may be a type derived from jot::error, which adds where
// the failure was; the base part reads as any error.
struct located_error : jot::error {
  int where = -1;
};
TEST(Result, TheErrorTypeMayCarryMore) {
  located_error e;
  static_cast<jot::error&>(e) = jot::make_error(error_code::not_found);
  e.where = 3;
  const jot::result<int, located_error> r = e;
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().where, 3);
  const jot::error& base = r.error();
  EXPECT_EQ(base.code, error_code::not_found);
  const jot::result<int, located_error> ok = 4;
  EXPECT_EQ(ok.error().where, -1);
  EXPECT_EQ(*ok, 4);
}

TEST(Error, DescribeGivesTheMessageAndThePosition) {
  char buf[64];
  jot::error e = jot::make_error(error_code::trailing_comma);
  EXPECT_EQ(e.describe(buf, sizeof buf), 14u);
  EXPECT_STREQ(buf, "trailing comma");  // no position: no line and column
  e.line = 3;
  e.column = 17;
  EXPECT_EQ(e.describe(buf, sizeof buf), 21u);
  EXPECT_STREQ(buf, "trailing comma (3:17)");
  char tiny[6];
  EXPECT_EQ(e.describe(tiny, sizeof tiny), 21u);  // the full length, like snprintf
  EXPECT_STREQ(tiny, "trail");
  const jot::error none;
  none.describe(buf, sizeof buf);
  EXPECT_STREQ(buf, "ok");
}

// Documented in error.h: without assertions, reading a failed result is
// defined and yields the value-initialised T it holds.
TEST(Result, ReadingAFailedResultWithoutAssertionsGivesTheEmptyValue) {
#if JOT_HAS_ASSERTIONS
  GTEST_SKIP() << "assertions are on in this build; tests/assertions checks that they abort";
#else
  const jot::value absent;
  EXPECT_EQ(*absent.get_uint64(), 0u);
  EXPECT_EQ(*absent.get_int64(), 0);
  EXPECT_EQ(*absent.get_bool(), false);
  EXPECT_EQ(*absent.get_double(), 0.0);
  EXPECT_EQ(absent.get_string().value(), std::string_view());
  EXPECT_EQ(absent.get_array()->size(), 0u);
  EXPECT_TRUE((*absent.get_object()).empty());
  EXPECT_EQ(*absent.get<std::int8_t>(), 0);
  auto doc = jot::parse("[1,");
  ASSERT_FALSE(doc);
  EXPECT_FALSE(doc->root().exists());
  EXPECT_EQ(doc->node_count(), 0u);
  jot::document taken = std::move(doc).value();
  EXPECT_FALSE(taken.root().exists());
  auto missing = jot::value().at_pointer("/a");
  ASSERT_FALSE(missing);
  EXPECT_FALSE(missing->exists());
#endif
}

}  // namespace

// Every code from ok to the last one has its own name and a real message, so
// a newly appended code cannot be forgotten in error.h or src/core/error.cpp.
TEST(Error, EveryCodeHasANameAndAMessage) {
  constexpr int last = static_cast<int>(jot::error_code::query_not_streamable);
  std::set<std::string> names;
  for (int i = 0; i <= last; ++i) {
    const auto code = static_cast<jot::error_code>(i);
    const std::string name = jot::error_code_name(code);
    EXPECT_NE(name, "unknown") << i;
    EXPECT_NE(std::string(jot::default_message(code)), "unknown error") << i;
    EXPECT_TRUE(names.insert(name).second) << "duplicate name " << name;
  }
  EXPECT_EQ(names.size(), static_cast<std::size_t>(last + 1));
}
