// JSONTestSuite: every y_ accepted, every n_ rejected, every i_ as documented
// in docs/limits.md, for every kernel.
#include <gtest/gtest.h>
#include <jot/jot.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "support/test_data.h"
#include "support/test_kernels.h"

namespace {

namespace fs = std::filesystem;

// The suite's files with a prefix, as paths (for filename() in messages).
std::vector<fs::path> conformance_paths(const std::string& prefix) {
  std::vector<fs::path> out;
  for (const std::string& f : jot_test::conformance_files(prefix)) out.emplace_back(f);
  return out;
}

// The documented choice for each i_ file: true = accepted.
const std::map<std::string, bool>& implementation_choices() {
  static const std::map<std::string, bool> choices = {
      {"i_number_double_huge_neg_exp.json", true},   // underflow -> 0.0
      {"i_number_huge_exp.json", false},             // overflow -> number_out_of_range
      {"i_number_neg_int_huge_exp.json", false},
      {"i_number_pos_double_huge_exp.json", false},
      {"i_number_real_neg_overflow.json", false},
      {"i_number_real_pos_overflow.json", false},
      {"i_number_real_underflow.json", true},
      {"i_number_too_big_neg_int.json", true},       // beyond int64 -> double
      {"i_number_too_big_pos_int.json", true},
      {"i_number_very_big_negative_int.json", true},
      {"i_object_key_lone_2nd_surrogate.json", false},  // lone surrogates rejected
      {"i_string_1st_surrogate_but_2nd_missing.json", false},
      {"i_string_1st_valid_surrogate_2nd_invalid.json", false},
      {"i_string_UTF-16LE_with_BOM.json", false},    // only UTF-8 input
      {"i_string_UTF-8_invalid_sequence.json", false},
      {"i_string_UTF8_surrogate_U+D800.json", false},
      {"i_string_incomplete_surrogate_and_escape_valid.json", false},
      {"i_string_incomplete_surrogate_pair.json", false},
      {"i_string_incomplete_surrogates_escape_valid.json", false},
      {"i_string_invalid_lonely_surrogate.json", false},
      {"i_string_invalid_surrogate.json", false},
      {"i_string_invalid_utf-8.json", false},
      {"i_string_inverted_surrogates_U+1D11E.json", false},
      {"i_string_iso_latin_1.json", false},
      {"i_string_lone_second_surrogate.json", false},
      {"i_string_lone_utf8_continuation_byte.json", false},
      {"i_string_not_in_unicode_range.json", false},
      {"i_string_overlong_sequence_2_bytes.json", false},
      {"i_string_overlong_sequence_6_bytes.json", false},
      {"i_string_overlong_sequence_6_bytes_null.json", false},
      {"i_string_truncated-utf-8.json", false},
      {"i_string_utf16BE_no_BOM.json", false},
      {"i_string_utf16LE_no_BOM.json", false},
      {"i_structure_500_nested_arrays.json", true},  // within the default depth 1024
      {"i_structure_UTF-8_BOM_empty_object.json", false},  // byte_order_mark
  };
  return choices;
}

class Conformance : public testing::TestWithParam<jot::kernel> {};

TEST_P(Conformance, AcceptsEveryYFile) {
  std::string dir = jot_test::conformance_dir();
  if (dir.empty()) GTEST_SKIP() << "JSONTestSuite not found beside the shared data";
  jot::parser p({}, GetParam());
  auto files = conformance_paths("y_");
  ASSERT_GT(files.size(), 90u);
  for (const auto& f : files) {
    std::string text;
    ASSERT_TRUE(jot_test::read_file(f.string(), text));
    jot::arena a;
    jot_test::exact_copy input(text);
    auto doc = p.parse(input, a);
    EXPECT_TRUE(doc) << f.filename() << ": " << doc.error().message << " at " << doc.error().offset;
  }
}

TEST_P(Conformance, RejectsEveryNFile) {
  std::string dir = jot_test::conformance_dir();
  if (dir.empty()) GTEST_SKIP() << "JSONTestSuite not found beside the shared data";
  jot::parser p({}, GetParam());
  auto files = conformance_paths("n_");
  ASSERT_GT(files.size(), 180u);
  for (const auto& f : files) {
    std::string text;
    ASSERT_TRUE(jot_test::read_file(f.string(), text));
    jot::arena a;
    jot_test::exact_copy input(text);
    auto doc = p.parse(input, a);
    EXPECT_FALSE(doc) << f.filename() << " was accepted";
    if (!doc) {
      EXPECT_LE(doc.error().offset, text.size()) << f.filename();
      EXPECT_GE(doc.error().line, 1u) << f.filename();
      EXPECT_GE(doc.error().column, 1u) << f.filename();
      EXPECT_NE(doc.error().code, jot::error_code::capacity_exceeded) << f.filename();
    }
  }
}

TEST_P(Conformance, FollowsTheDocumentedChoiceForEveryIFile) {
  std::string dir = jot_test::conformance_dir();
  if (dir.empty()) GTEST_SKIP() << "JSONTestSuite not found beside the shared data";
  jot::parser p({}, GetParam());
  auto files = conformance_paths("i_");
  for (const auto& f : files) {
    auto it = implementation_choices().find(f.filename().string());
    ASSERT_NE(it, implementation_choices().end()) << "undocumented i_ file " << f.filename();
    std::string text;
    ASSERT_TRUE(jot_test::read_file(f.string(), text));
    jot::arena a;
    jot_test::exact_copy input(text);
    auto doc = p.parse(input, a);
    EXPECT_EQ(static_cast<bool>(doc), it->second) << f.filename();
  }
}

// Non-default options run a separately compiled instantiation of the parser;
// with options that accept the same documents it must build the same DOM.
TEST_P(Conformance, GenericInstantiationAgreesOnEveryYFile) {
  std::string dir = jot_test::conformance_dir();
  if (dir.empty()) GTEST_SKIP() << "JSONTestSuite not found beside the shared data";
  jot::parse_options comments, raw;
  comments.syntax.allow_comments = true;
  comments.syntax.allow_trailing_commas = true;
  raw.keep_number_text = true;
  jot::parser strict({}, GetParam());
  for (const auto& f : conformance_paths("y_")) {
    std::string text;
    ASSERT_TRUE(jot_test::read_file(f.string(), text));
    jot_test::exact_copy input(text);
    jot::arena a, b, c;
    auto ref = strict.parse(input, a);
    auto with_comments = jot::parser(comments, GetParam()).parse(input, b);
    auto with_raw = jot::parser(raw, GetParam()).parse(input, c);
    ASSERT_TRUE(ref && with_comments && with_raw) << f.filename();
    EXPECT_TRUE(ref->root() == with_comments->root()) << f.filename();
    EXPECT_TRUE(ref->root() == with_raw->root()) << f.filename();
  }
}

JOT_INSTANTIATE_FOR_KERNELS(Conformance);

}  // namespace
