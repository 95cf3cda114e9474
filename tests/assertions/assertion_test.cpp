// Contract checks with assertions on: reading the value of a failed result
// prints where and aborts. Built with JOT_ENABLE_ASSERTIONS (tests/assertions/
// CMakeLists.txt); the unit tests check the behaviour without assertions.
#include <gtest/gtest.h>
#include <jot/jot.h>

#include <string_view>
#include <utility>

static_assert(JOT_HAS_ASSERTIONS, "this executable must be built with JOT_ENABLE_ASSERTIONS");

namespace {

constexpr const char* failed_read =
    "error\\.h:[0-9]+: jot: assertion failed: read the value of a failed jot::result";

TEST(AssertionsDeathTest, ReadingAFailedResultAborts) {
  const jot::value absent;
  EXPECT_DEATH((void)*absent.get_uint64(), failed_read);
  EXPECT_DEATH((void)absent.get_string().value(), failed_read);
  EXPECT_DEATH((void)absent.get_array()->size(), failed_read);
  auto doc = jot::parse("[1,");
  ASSERT_FALSE(doc);
  EXPECT_DEATH((void)doc->root(), failed_read);
  EXPECT_DEATH((void)(*doc).root(), failed_read);
  jot::result<int> r = jot::make_error(jot::error_code::not_found);
  const jot::result<int>& cr = r;
  EXPECT_DEATH((void)r.value(), failed_read);
  EXPECT_DEATH((void)*cr, failed_read);
  EXPECT_DEATH((void)cr.operator->(), failed_read);
  EXPECT_DEATH((void)std::move(r).value(), failed_read);
  EXPECT_DEATH((void)*jot::result<int>(jot::make_error(jot::error_code::type_mismatch)),
               failed_read);
}

TEST(Assertions, SuccessfulResultsAndFallbacksDoNotAbort) {
  auto doc = jot::parse(R"({"n": 7})");
  ASSERT_TRUE(doc);
  EXPECT_EQ(*(*doc)["n"].get_uint64(), 7u);
  EXPECT_EQ((*doc)["missing"].get_uint64().value_or(3), 3u);
  EXPECT_EQ((*doc)["missing"].get_or(4), 4);
  EXPECT_EQ(jot::value().type(), jot::type::absent);
}

}  // namespace
