// The three shared packets: valid and malicious parse in a 4 KB stack buffer
// with zero allocations; the invalid one fails at its first offending byte.
#include <gtest/gtest.h>
#include <jot/jot.h>

#include <algorithm>
#include <string>

#include "support/alloc_counter.h"
#include "support/must.h"
#include "support/test_data.h"
#include "support/test_kernels.h"

namespace {

using jot_test::must;

class Packets : public testing::TestWithParam<jot::kernel> {};

TEST_P(Packets, ValidPacketsParseInAStackBufferWithoutAllocating) {
  JOT_REQUIRE_COUNTED_MALLOC();
  JOT_REQUIRE_DATA(dir);
  for (const char* name : {"valid.json", "malicious.json"}) {
    std::string text;
    ASSERT_TRUE(jot_test::read_file(dir + "/packets/" + name, text));
    jot::parser p({}, GetParam());
    std::size_t before = jot_test::allocation_count();
    char buffer[4096];
    jot::arena arena(buffer, sizeof buffer);
    auto doc = p.parse(text, arena);
    std::size_t after = jot_test::allocation_count();
    ASSERT_TRUE(doc) << name << ": " << doc.error().message;
    EXPECT_EQ(after, before) << name << " allocated";
    EXPECT_EQ(must(must(doc->at_pointer("/meta/valid")).get_bool()), true);
    EXPECT_EQ(must(doc->at_pointer("/greetings")).size(), 3u);
    EXPECT_TRUE(must(doc->at_pointer("/meta/nesting/0/0/0")).is_null());
  }
}

TEST_P(Packets, MaliciousStringsArePreservedExactly) {
  JOT_REQUIRE_DATA(dir);
  std::string text;
  ASSERT_TRUE(jot_test::read_file(dir + "/packets/malicious.json", text));
  jot::arena arena;
  auto doc = jot::parser({}, GetParam()).parse(text, arena);
  ASSERT_TRUE(doc);
  const auto string_at = [&](std::string_view pointer) {
    return must(must(doc->at_pointer(pointer)).get_string());
  };
  EXPECT_EQ(string_at("/meta/id"), "<script>alert(document.cookie)</script>");
  EXPECT_EQ(string_at("/greetings/2/text"), "'; DROP TABLE users; --");
}

TEST_P(Packets, InvalidPacketFailsAtTheFirstOffendingByte) {
  JOT_REQUIRE_DATA(dir);
  std::string text;
  ASSERT_TRUE(jot_test::read_file(dir + "/packets/invalid.json", text));
  // Derive the expected position from the file: the string value of "source"
  // never closes, so the first offending byte is the raw line break inside it.
  std::size_t open = text.find("\"source\": \"");
  ASSERT_NE(open, std::string::npos);
  std::size_t offending = text.find('\n', open);
  std::size_t line = 1 + static_cast<std::size_t>(std::count(text.begin(), text.begin() + offending, '\n'));
  std::size_t column = offending - text.rfind('\n', offending - 1);
  char buffer[4096];
  jot::arena arena(buffer, sizeof buffer);
  auto doc = jot::parser({}, GetParam()).parse(text, arena);
  ASSERT_FALSE(doc);
  EXPECT_EQ(doc.error().code, jot::error_code::unterminated_string);
  EXPECT_EQ(doc.error().offset, offending);
  EXPECT_EQ(doc.error().line, line);
  EXPECT_EQ(doc.error().column, column);
  EXPECT_STREQ(doc.error().message, "unterminated string");
}

JOT_INSTANTIATE_FOR_KERNELS(Packets);

}  // namespace
