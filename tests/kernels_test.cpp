// Every kernel against the portable one on random strings that mix ASCII,
// escapes, valid multi-byte characters and invalid bytes: same verdict, same
// error code and offset, same decoded bytes.
#include <gtest/gtest.h>
#include <jot/jot.h>

#include <random>
#include <string>
#include <vector>

#include "test_data.h"
#include "test_kernels.h"

namespace {

// Pieces the generator strings together; some are invalid on purpose.
const std::vector<std::string>& pieces() {
  static const std::vector<std::string> p = {
      "a", "bcdefgh", " ", "\xC3\xA9", "\xE3\x81\x82", "\xE6\x97\xA5\xE6\x9C\xAC", "\xF0\x9F\x98\x80",
      "\\n", "\\u00e9", "\\ud83d\\ude00", "\\\"", "\\\\", "/", "\xED\x9F\xBF", "\xEE\x80\x80",
      "\xF4\x8F\xBF\xBF",
      // invalid: stray continuation, overlong, surrogate, too large, truncated, bad lead
      "\x80", "\xC0\xAF", "\xED\xA0\x80", "\xF4\x90\x80\x80", "\xE3\x81", "\xFF", "\xF0\x9F\x98",
      "\xC2", "\x01", "\\x", "\\ud800"};
  return p;
}

std::string random_string(std::mt19937& rng, bool valid_only) {
  std::string s = "\"";
  const int n = static_cast<int>(rng() % 40);
  const std::size_t limit = valid_only ? 16 : pieces().size();
  for (int i = 0; i < n; ++i) {
    // Long valid runs, so that vector blocks see full 32-byte stretches.
    if (rng() % 4 == 0) {
      for (int k = 0; k < 12; ++k) s += "\xE3\x81\x82";
    }
    s += pieces()[rng() % limit];
  }
  return s + "\"";
}

TEST(Kernels, AgreeWithPortableOnRandomStrings) {
  std::mt19937 rng(7);
  jot::parser portable({}, jot::kernel::portable);
  for (int i = 0; i < 20000; ++i) {
    std::string text = random_string(rng, i % 3 == 0);
    if (i % 2) text = "[" + text + ", " + text + "]";
    jot_test::exact_copy input(text);
    jot::arena ref_arena;
    auto ref = portable.parse(input, ref_arena);
    for (jot::kernel k : jot_test::supported_kernels()) {
      jot::arena a;
      auto got = jot::parser({}, k).parse(input, a);
      ASSERT_EQ(static_cast<bool>(got), static_cast<bool>(ref)) << jot::kernel_name(k) << ": " << text;
      if (ref) {
        ASSERT_TRUE(got->root() == ref->root()) << jot::kernel_name(k) << ": " << text;
      } else {
        ASSERT_EQ(got.error().code, ref.error().code) << jot::kernel_name(k) << ": " << text;
        ASSERT_EQ(got.error().offset, ref.error().offset) << jot::kernel_name(k) << ": " << text;
      }
    }
  }
}

TEST(Kernels, AgreeOnTheConformanceSuiteWithValidationOff) {
  std::string dir = jot_test::conformance_dir();
  if (dir.empty()) GTEST_SKIP() << "JSONTestSuite not found beside the shared data";
  jot::parse_options o;
  o.validate_utf8 = false;
  for (const char* name : {"i_string_UTF-8_invalid_sequence.json", "i_string_iso_latin_1.json",
                           "i_string_overlong_sequence_6_bytes.json"}) {
    std::string text;
    ASSERT_TRUE(jot_test::read_file(dir + "/" + name, text));
    for (jot::kernel k : jot_test::supported_kernels()) {
      jot::arena a;
      EXPECT_TRUE(jot::parser(o, k).parse(text, a)) << name << " " << jot::kernel_name(k);
    }
  }
}

}  // namespace
