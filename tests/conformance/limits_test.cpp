// tests/conformance/limits_test.cpp - hostile input: nesting depth, invalid UTF-8, number
// edges, exhausted arenas and failing allocators, oversized input. The rules
// enforced here are the ones docs/limits.md documents.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cerrno>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <memory>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include "jot/jot.h"
#include "support/must.h"
#include "support/same_tape.h"
#include "support/test_data.h"

#if __has_include(<sys/mman.h>)
#include <sys/mman.h>
#define JOT_TEST_HAVE_MMAP 1
#endif
// Sanitizers check every byte memchr reads: scanning 4 GiB would take minutes.
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define JOT_TEST_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) || __has_feature(memory_sanitizer)
#define JOT_TEST_SANITIZED 1
#endif
#endif

namespace {

// ---------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------

using jot_test::must;
using jot_test::same_tape;

std::string repeat(std::string_view s, std::size_t n) {
  std::string out;
  out.reserve(s.size() * n);
  for (std::size_t i = 0; i < n; ++i) out += s;
  return out;
}

std::uint64_t bits(double d) { return std::bit_cast<std::uint64_t>(d); }

std::string write_compact(jot::value v) {
  jot::output_buffer out;
  auto w = jot::write(v, out);
  EXPECT_TRUE(w.ok()) << jot::error_code_name(w.error().code);
  return w ? std::string(*w) : std::string();
}

jot::error parse_error(std::string_view json, const jot::parse_options& o = {}) {
  jot::arena a;
  auto doc = jot::parse(json, a, o);
  return doc ? jot::error{} : doc.error();
}

// ---------------------------------------------------------------------------
// Nesting depth
// ---------------------------------------------------------------------------

constexpr std::size_t deep = 100000;

// Each shape: the text that opens one level, the text that closes it, and a
// leaf to put at the bottom.
struct shape {
  const char* name;
  std::string open;
  std::string close;
};

std::vector<shape> shapes() {
  return {{"arrays", "[", "]"}, {"objects", "{\"k\":", "}"}, {"mixed", "[{\"\":", "}]"}};
}

std::string nested(const shape& s, std::size_t levels, bool closed) {
  std::string json = repeat(s.open, levels);
  json += "0";
  if (closed) json += repeat(s.close, levels);
  return json;
}

// Offset of the bracket that opens level depth+1 (levels count from 1).
std::size_t opening_offset(const shape& s, std::size_t level) {
  if (s.name == std::string("mixed")) {
    // "[{\"\":" opens two levels in 5 bytes: '[' at 5k, '{' at 5k+1.
    std::size_t pair = (level - 1) / 2;
    return pair * s.open.size() + ((level - 1) % 2);
  }
  return (level - 1) * s.open.size();
}

TEST(Limits, DeepNestingFailsCleanlyAtDefaultDepth) {
  for (const shape& s : shapes()) {
    for (bool closed : {false, true}) {
      std::string json = nested(s, deep, closed);
      jot::error e = parse_error(json);
      EXPECT_EQ(e.code, jot::error_code::depth_exceeded) << s.name;
      EXPECT_EQ(e.offset, opening_offset(s, 1025)) << s.name;
      EXPECT_EQ(e.line, 1u) << s.name;
      EXPECT_EQ(e.column, opening_offset(s, 1025) + 1) << s.name;
    }
  }
}

TEST(Limits, DeepNestingWithRaisedLimitDoesNotUseTheStack) {
  jot::parse_options o;
  o.syntax.max_depth = 200000;
  for (const shape& s : shapes()) {
    std::string json = nested(s, deep, true);
    jot::arena a;
    auto doc = jot::parse(json, a, o);
    ASSERT_TRUE(doc.ok()) << s.name << ": " << jot::error_code_name(doc.error().code);
    // Walk down to the leaf without recursion.
    jot::value v = doc->root();
    std::size_t levels = 0;
    while (v.is_array() || v.is_object()) {
      EXPECT_EQ(v.size(), 1u);
      v = v.is_array() ? v[std::size_t{0}] : jot::value(v.node() + 2);
      ++levels;
    }
    EXPECT_EQ(levels, s.name == std::string("mixed") ? 2 * deep : deep) << s.name;
    EXPECT_EQ(v.get_uint64().value_or(1), 0u);

    // Twice the nesting fails at the first level beyond the limit.
    std::string deeper = nested(s, 2 * deep + 2, false);
    jot::error e = parse_error(deeper, o);
    EXPECT_EQ(e.code, jot::error_code::depth_exceeded) << s.name;
    EXPECT_EQ(e.offset, opening_offset(s, 200001)) << s.name;
  }
}

TEST(Limits, DeepDocumentsCompareAndWriteWithoutRecursionLimits) {
  // operator== and write() on a 100,000-deep document must not exhaust the
  // stack either: the parser accepted it, so the rest of the API must cope.
  jot::parse_options o;
  o.syntax.max_depth = 200000;
  std::string json = nested(shapes()[2], deep, true);
  jot::arena a, b;
  auto x = jot::parse(json, a, o);
  auto y = jot::parse(json, b, o);
  ASSERT_TRUE(x.ok() && y.ok());
  EXPECT_TRUE(x->root() == y->root());
  EXPECT_EQ(write_compact(x->root()), json);
  EXPECT_EQ(jot::written_size(x->root()), json.size());
}

TEST(Limits, MaxDepthIsExact) {
  for (std::uint32_t depth : {1u, 2u, 3u, 64u, 1024u, 5000u}) {
    jot::parse_options o;
    o.syntax.max_depth = depth;
    for (const shape& s : shapes()) {
      const bool mixed = s.name == std::string("mixed");
      if (mixed && depth % 2 == 1) continue;  // mixed opens levels in pairs
      const std::size_t levels = mixed ? depth / 2 : depth;  // repetitions of s.open
      jot::arena a;
      std::string ok = nested(s, levels, true);
      EXPECT_TRUE(jot::parse(ok, a, o).ok()) << s.name << " depth " << depth;
      std::string over = nested(s, levels + 1, true);
      jot::error e = parse_error(over, o);
      EXPECT_EQ(e.code, jot::error_code::depth_exceeded) << s.name << " depth " << depth;
      EXPECT_EQ(e.offset, opening_offset(s, depth + 1)) << s.name << " depth " << depth;
    }
  }
  // Scalars need no depth at all; the first bracket is level 1.
  jot::parse_options one;
  one.syntax.max_depth = 1;
  EXPECT_TRUE(parse_error("[1,2,{}]", one).code == jot::error_code::depth_exceeded);
  EXPECT_TRUE(parse_error("[1,2,3]", one).ok());
  EXPECT_TRUE(parse_error("\"x\"", one).ok());
}

TEST(Limits, FiveHundredNestedArraysAreAccepted) {
  std::string dir = jot_test::conformance_dir();
  if (dir.empty()) GTEST_SKIP() << "JSONTestSuite not found (set JOT_DATA_DIR)";
  std::string json;
  ASSERT_TRUE(jot_test::read_file(dir + "/i_structure_500_nested_arrays.json", json));
  EXPECT_TRUE(parse_error(json).ok());
}

// ---------------------------------------------------------------------------
// UTF-8
// ---------------------------------------------------------------------------

struct utf8_case {
  const char* what;
  std::string bytes;
};

std::vector<utf8_case> invalid_utf8() {
  return {
      {"overlong 2-byte C0", "\xC0\xAF"},
      {"overlong 2-byte C1", "\xC1\xBF"},
      {"overlong 3-byte", "\xE0\x80\xAF"},
      {"overlong 3-byte max", "\xE0\x9F\xBF"},
      {"overlong 4-byte", "\xF0\x80\x80\xAF"},
      {"overlong 4-byte max", "\xF0\x8F\xBF\xBF"},
      {"surrogate D800", "\xED\xA0\x80"},
      {"surrogate DFFF", "\xED\xBF\xBF"},
      {"CESU-8 pair", "\xED\xA0\xBD\xED\xB8\x80"},
      {"above U+10FFFF", "\xF4\x90\x80\x80"},
      {"lead F5", "\xF5\x80\x80\x80"},
      {"lead F7", "\xF7\xBF\xBF\xBF"},
      {"5-byte form", "\xF8\x88\x80\x80\x80"},
      {"6-byte form", "\xFC\x84\x80\x80\x80\x80"},
      {"byte FE", "\xFE"},
      {"byte FF", "\xFF"},
      {"stray continuation 80", "\x80"},
      {"stray continuation BF", "\xBF"},
      {"truncated 2-byte", "\xC3"},
      {"truncated 3-byte", "\xE2\x82"},
      {"truncated 4-byte", "\xF0\x9F\x98"},
      {"truncated then ASCII", "\xE2\x82" "c"},
      {"lead then lead", "\xC3\xC3\xA9"},
      {"latin-1", "\xE9t\xE9"},
  };
}

TEST(Limits, InvalidUtf8IsRejectedAtItsFirstByte) {
  for (const utf8_case& c : invalid_utf8()) {
    // In a string value, in a key, and after a valid multi-byte character.
    struct placement {
      std::string json;
      std::size_t offset;
    };
    std::vector<placement> places = {
        {"\"ab" + c.bytes + "cd\"", 3},
        {"{\"" + c.bytes + "\":1}", 2},
        {"[\n  \"\xC3\xA9\xE2\x82\xAC" + c.bytes + "\"]", 10},
    };
    for (const placement& p : places) {
      jot::error e = parse_error(p.json);
      EXPECT_EQ(e.code, jot::error_code::invalid_utf8) << c.what << " in " << p.json;
      EXPECT_EQ(e.offset, p.offset) << c.what;
    }
    jot::error e = parse_error(places[2].json);
    EXPECT_EQ(e.line, 2u) << c.what;
    EXPECT_EQ(e.column, 9u) << c.what;  // bytes, not characters
  }
}

TEST(Limits, InvalidUtf8PassesVerbatimWithoutValidation) {
  jot::parse_options o;
  o.syntax.validate_utf8 = false;
  for (const utf8_case& c : invalid_utf8()) {
    std::string json = "[\"ab" + c.bytes + "cd\"]";
    jot::arena a;
    auto doc = jot::parse(json, a, o);
    ASSERT_TRUE(doc.ok()) << c.what << ": " << jot::error_code_name(doc.error().code);
    EXPECT_EQ(doc->root()[std::size_t{0}].get_string().value_or(""), "ab" + c.bytes + "cd") << c.what;
  }
}

TEST(Limits, ValidUtf8BoundariesAreAccepted) {
  for (std::string ch : {"\xC2\x80", "\xDF\xBF", "\xE0\xA0\x80", "\xED\x9F\xBF", "\xEE\x80\x80",
                         "\xEF\xBF\xBF", "\xF0\x90\x80\x80", "\xF4\x8F\xBF\xBF"}) {
    std::string json = "\"" + ch + "\"";
    jot::arena a;
    auto doc = jot::parse(json, a);
    ASSERT_TRUE(doc.ok()) << json;
    EXPECT_EQ(doc->root().get_string().value_or(""), ch);
  }
}

TEST(Limits, ByteOrderMarksAndUtf16AreRejected) {
  jot::error bom = parse_error("\xEF\xBB\xBF{}");
  EXPECT_EQ(bom.code, jot::error_code::byte_order_mark);
  EXPECT_EQ(bom.offset, 0u);
  using namespace std::string_literals;
  for (std::string utf16 : {"\xFF\xFE[\0]\0"s, "\xFE\xFF\0[\0]"s, "[\0\"\0\xE9\0\"\0]\0"s,
                            "\0[\0\"\0\xE9\0\"\0]"s}) {
    EXPECT_FALSE(parse_error(utf16).ok());
  }
}

TEST(Limits, SurrogateEscapes) {
  struct escape_case {
    const char* json;
    const char* expect;  // nullptr: rejected with lone_surrogate
  };
  const escape_case cases[] = {
      {R"("\uD834\uDD1E")", "\xF0\x9D\x84\x9E"},
      {R"("\uDBFF\uDFFF")", "\xF4\x8F\xBF\xBF"},
      {R"("\uD7FF\uE000")", "\xED\x9F\xBF\xEE\x80\x80"},
      {R"("\uD800")", nullptr},
      {R"("\uDBFF")", nullptr},
      {R"("\uDC00")", nullptr},
      {R"("\uDFFF")", nullptr},
      {R"("\uD800x")", nullptr},
      {R"("\uD800\n")", nullptr},
      {R"("\uD800\u0041")", nullptr},
      {R"("\uD800\uD800")", nullptr},
      {R"("\uDD1E\uD834")", nullptr},
      {R"({"\uDFAA":0})", nullptr},
  };
  for (const escape_case& c : cases) {
    jot::arena a;
    auto doc = jot::parse(c.json, a);
    if (c.expect) {
      ASSERT_TRUE(doc.ok()) << c.json;
      EXPECT_EQ(doc->root().get_string().value_or(""), c.expect) << c.json;
    } else {
      ASSERT_FALSE(doc.ok()) << c.json;
      EXPECT_EQ(doc.error().code, jot::error_code::lone_surrogate) << c.json;
      // Somewhere inside the offending escape(s), never past them.
      std::size_t start = std::string_view(c.json).find('\\');
      EXPECT_GE(doc.error().offset, start) << c.json;
      EXPECT_LE(doc.error().offset, start + 12) << c.json;
    }
  }
}

// ---------------------------------------------------------------------------
// Numbers
// ---------------------------------------------------------------------------

enum class num { uint, sint, dbl };

struct number_case {
  const char* text;
  num kind;
  std::uint64_t u;  // uint value, int value as two's complement, or double bits
};

std::vector<number_case> number_cases() {
  auto d = [](double x) { return bits(x); };
  return {
      {"0", num::uint, 0},
      {"-0", num::dbl, d(-0.0)},
      {"-0.0", num::dbl, d(-0.0)},
      {"0.0", num::dbl, d(0.0)},
      {"0e400", num::dbl, d(0.0)},  // zero stays zero whatever the exponent
      {"5e-324", num::dbl, 1},
      {"4.9406564584124654e-324", num::dbl, 1},
      {"2.4703282292062328e-324", num::dbl, 1},  // just above half the smallest denormal
      {"2.4703282292062327e-324", num::dbl, 0},  // just below: rounds to zero
      {"2.2250738585072011e-308", num::dbl, 0x000FFFFFFFFFFFFFull},
      {"2.2250738585072014e-308", num::dbl, 0x0010000000000000ull},
      {"1e-324", num::dbl, d(0.0)},
      {"-1e-324", num::dbl, d(-0.0)},
      {"1e-400", num::dbl, d(0.0)},
      {"-123.456e-789", num::dbl, d(-0.0)},
      {"1e308", num::dbl, d(1e308)},
      {"1.7976931348623157e308", num::dbl, d(1.7976931348623157e308)},
      {"1.7976931348623158e308", num::dbl, d(1.7976931348623157e308)},  // below the halfway point
      {"0.1", num::dbl, d(0.1)},
      {"1.0", num::dbl, d(1.0)},
      {"9007199254740993", num::uint, 9007199254740993ull},
      {"9007199254740993.0", num::dbl, d(9007199254740992.0)},  // ties to even
      {"9223372036854775807", num::uint, 9223372036854775807ull},
      {"9223372036854775808", num::uint, 9223372036854775808ull},
      {"-9223372036854775808", num::sint, 0x8000000000000000ull},
      {"-9223372036854775809", num::dbl, d(-9223372036854775808.0)},
      {"-1", num::sint, static_cast<std::uint64_t>(-1)},
      {"10000000000000000000", num::uint, 10000000000000000000ull},
      {"18446744073709551615", num::uint, 18446744073709551615ull},
      {"18446744073709551616", num::dbl, d(18446744073709551616.0)},
      {"99999999999999999999", num::dbl, d(1e20)},
      {"-99999999999999999999", num::dbl, d(-1e20)},
      {"123456789012345678901234567890", num::dbl, d(123456789012345678901234567890.0)},
      {"100000000000000000000000000000000000000000000000000e-50", num::dbl, d(1.0)},
  };
}

TEST(Limits, NumbersParseToTheDocumentedKindAndBits) {
  for (const number_case& c : number_cases()) {
    jot::arena a;
    auto doc = jot::parse(c.text, a);
    ASSERT_TRUE(doc.ok()) << c.text << ": " << jot::error_code_name(doc.error().code);
    const jot::detail::node* n = doc->root().node();
    switch (c.kind) {
      case num::uint: EXPECT_EQ(n->kind(), jot::detail::kind_uint) << c.text; break;
      case num::sint: EXPECT_EQ(n->kind(), jot::detail::kind_int) << c.text; break;
      case num::dbl: EXPECT_EQ(n->kind(), jot::detail::kind_double) << c.text; break;
    }
    EXPECT_EQ(n->u, c.u) << c.text << " gave " << n->d;

    // Written back and read again: the same kind and bits.
    std::string text = write_compact(doc->root());
    jot::arena b;
    auto again = jot::parse(text, b);
    ASSERT_TRUE(again.ok()) << c.text << " written as " << text;
    EXPECT_TRUE(same_tape(*doc, *again)) << c.text << " written as " << text;
  }
  auto negative_zero = jot::parse("-0");
  ASSERT_TRUE(negative_zero);
  EXPECT_EQ(write_compact(negative_zero->root()), "-0.0");
}

TEST(Limits, KeptNumberTextDecodesLikeTheParser) {
  jot::parse_options keep;
  keep.keep_number_text = true;
  for (const number_case& c : number_cases()) {
    jot::arena a, b;
    auto raw = jot::parse(c.text, a, keep);
    auto parsed = jot::parse(c.text, b);
    ASSERT_TRUE(raw.ok() && parsed.ok()) << c.text;
    EXPECT_EQ(raw->root().number_text(), c.text);
    EXPECT_EQ(write_compact(raw->root()), c.text);  // raw text is written as is
    auto d = raw->root().get_double();
    ASSERT_TRUE(d.ok()) << c.text;
    EXPECT_EQ(bits(*d), bits(must(parsed->root().get_double()))) << c.text;
  }
}

TEST(Limits, OverflowingNumbersAreOutOfRange) {
  const char* overflow[] = {"1e309", "1e400", "-1e400", "1.7976931348623159e308",
                            "-1.7976931348623159e308", "123123e100000", "1.5e999999999999999999",
                            "[1, 2, 1e400]", "{\"a\":-1E+400}", "1e99999999999999999999999999"};
  for (const char* text : overflow) {
    jot::error e = parse_error(text);
    EXPECT_EQ(e.code, jot::error_code::number_out_of_range) << text;
    std::size_t start = std::string_view(text).find_first_of("-0123456789", 0);
    if (text[0] == '[') start = 7;
    if (text[0] == '{') start = 5;
    EXPECT_EQ(e.offset, start) << text;

    // Kept as text the document parses, and reading the number fails.
    jot::parse_options keep;
    keep.keep_number_text = true;
    jot::arena a;
    auto doc = jot::parse(text, a, keep);
    ASSERT_TRUE(doc.ok()) << text;
    jot::value v = doc->root();
    while (v.is_array() || v.is_object()) v = v.is_array() ? v[v.size() - 1] : jot::value(v.node() + 2);
    EXPECT_EQ(v.get_double().error().code, jot::error_code::number_out_of_range) << text;
  }
}

// Each i_ file and what jot does with it (docs/limits.md lists the same).
struct implementation_choice {
  const char* file;
  jot::error_code code;  // ok: accepted
  bool exact = true;     // false: rejected, with whichever code the first bad byte gives
};

const implementation_choice choices[] = {
    {"i_number_double_huge_neg_exp", jot::error_code::ok},
    {"i_number_huge_exp", jot::error_code::number_out_of_range},
    {"i_number_neg_int_huge_exp", jot::error_code::number_out_of_range},
    {"i_number_pos_double_huge_exp", jot::error_code::number_out_of_range},
    {"i_number_real_neg_overflow", jot::error_code::number_out_of_range},
    {"i_number_real_pos_overflow", jot::error_code::number_out_of_range},
    {"i_number_real_underflow", jot::error_code::ok},
    {"i_number_too_big_neg_int", jot::error_code::ok},
    {"i_number_too_big_pos_int", jot::error_code::ok},
    {"i_number_very_big_negative_int", jot::error_code::ok},
    {"i_object_key_lone_2nd_surrogate", jot::error_code::lone_surrogate},
    {"i_string_1st_surrogate_but_2nd_missing", jot::error_code::lone_surrogate},
    {"i_string_1st_valid_surrogate_2nd_invalid", jot::error_code::lone_surrogate},
    {"i_string_UTF-16LE_with_BOM", jot::error_code::unexpected_character, false},
    {"i_string_UTF-8_invalid_sequence", jot::error_code::invalid_utf8},
    {"i_string_UTF8_surrogate_U+D800", jot::error_code::invalid_utf8},
    {"i_string_incomplete_surrogate_and_escape_valid", jot::error_code::lone_surrogate},
    {"i_string_incomplete_surrogate_pair", jot::error_code::lone_surrogate},
    {"i_string_incomplete_surrogates_escape_valid", jot::error_code::lone_surrogate},
    {"i_string_invalid_lonely_surrogate", jot::error_code::lone_surrogate},
    {"i_string_invalid_surrogate", jot::error_code::lone_surrogate},
    {"i_string_invalid_utf-8", jot::error_code::invalid_utf8},
    {"i_string_inverted_surrogates_U+1D11E", jot::error_code::lone_surrogate},
    {"i_string_iso_latin_1", jot::error_code::invalid_utf8},
    {"i_string_lone_second_surrogate", jot::error_code::lone_surrogate},
    {"i_string_lone_utf8_continuation_byte", jot::error_code::invalid_utf8},
    {"i_string_not_in_unicode_range", jot::error_code::invalid_utf8},
    {"i_string_overlong_sequence_2_bytes", jot::error_code::invalid_utf8},
    {"i_string_overlong_sequence_6_bytes", jot::error_code::invalid_utf8},
    {"i_string_overlong_sequence_6_bytes_null", jot::error_code::invalid_utf8},
    {"i_string_truncated-utf-8", jot::error_code::invalid_utf8},
    {"i_string_utf16BE_no_BOM", jot::error_code::unexpected_character, false},
    {"i_string_utf16LE_no_BOM", jot::error_code::unexpected_character, false},
    {"i_structure_500_nested_arrays", jot::error_code::ok},
    {"i_structure_UTF-8_BOM_empty_object", jot::error_code::byte_order_mark},
};

TEST(Limits, EveryImplementationChoiceIsAsDocumented) {
  std::string dir = jot_test::conformance_dir();
  if (dir.empty()) GTEST_SKIP() << "JSONTestSuite not found (set JOT_DATA_DIR)";
  for (const implementation_choice& c : choices) {
    std::string json;
    ASSERT_TRUE(jot_test::read_file(dir + "/" + c.file + ".json", json)) << c.file;
    jot::error e = parse_error(json);
    if (c.exact)
      EXPECT_EQ(e.code, c.code) << c.file << ": got " << jot::error_code_name(e.code);
    else
      EXPECT_FALSE(e.ok()) << c.file;
  }
}

// ---------------------------------------------------------------------------
// Exhausted arenas and failing allocators
// ---------------------------------------------------------------------------

struct named_json {
  std::string name;
  std::string json;
};

std::vector<named_json> small_documents(const std::string& dir) {
  std::vector<named_json> out;
  for (const char* f : {"/packets/valid.json", "/packets/invalid.json", "/packets/malicious.json",
                        "/openrtb/banner.json", "/openrtb/video_app.json", "/rpc/sample.json"}) {
    std::string json;
    if (jot_test::read_file(dir + f, json)) out.push_back({f, json});
  }
  return out;
}

TEST(Limits, ArenaExhaustedAtEverySize) {
  JOT_REQUIRE_DATA(dir);
  for (const jot::parse_options& o : {jot::parse_options{}, [] {
         jot::parse_options k;
         k.keep_number_text = true;
         return k;
       }()}) {
    for (const auto& [name, json] : small_documents(dir)) {
      SCOPED_TRACE(name);
      jot::arena big;
      auto reference = jot::parse(json, big, o);
      // What a successful parse really takes from a buffer of the same
      // alignment; an invalid document is tried at every size up to the bound.
      std::size_t bound = jot::dom_size_bound(json.size());
      std::unique_ptr<unsigned char[]> roomy(new unsigned char[bound]);
      jot::arena measured(roomy.get(), bound);
      auto fits = jot::parse(json, measured, o);
      ASSERT_EQ(fits.ok(), reference.ok());
      const std::size_t used = reference ? bound - measured.available() : bound;

      for (std::size_t size = 0; size <= std::min(used + 64, bound); ++size) {
        // Exactly size bytes on the heap, so ASan sees a write past the end.
        std::unique_ptr<unsigned char[]> buf(new unsigned char[size]);
        jot::arena a(buf.get(), size);
        auto doc = jot::parse(json, a, o);
        if (doc) {
          ASSERT_TRUE(reference.ok()) << "size " << size;
          ASSERT_TRUE(same_tape(*doc, *reference)) << "partial document at size " << size;
        } else if (doc.error().code == jot::error_code::capacity_exceeded) {
          const std::size_t needed = doc.error().needed;
          if (reference) {
            ASSERT_LT(size, used) << "failed although " << used << " bytes suffice";
            ASSERT_GE(needed, used) << "size " << size;
          }
          ASSERT_LE(needed, bound) << "size " << size;
          // `needed` bytes really are enough: the parse then ends as with a big arena.
          std::unique_ptr<unsigned char[]> enough(new unsigned char[needed]);
          jot::arena e(enough.get(), needed);
          auto retry = jot::parse(json, e, o);
          ASSERT_EQ(retry.ok(), reference.ok()) << "size " << size << ", needed " << needed;
          if (reference) ASSERT_TRUE(same_tape(*retry, *reference));
          else ASSERT_EQ(retry.error().code, reference.error().code) << "needed " << needed;
        } else {
          ASSERT_FALSE(reference.ok()) << "size " << size << ": " << jot::error_code_name(doc.error().code);
          ASSERT_EQ(doc.error().code, reference.error().code) << "size " << size;
          ASSERT_EQ(doc.error().offset, reference.error().offset) << "size " << size;
        }
      }
    }
  }
}

// parse.h: "a buffer of dom_size_bound(size) bytes never fails with
// capacity_exceeded, for any input and any options". Inputs that are mostly
// opening brackets cost a 16-byte node per input byte before the parser can
// tell they are invalid, the worst case for the bound.
TEST(Limits, DomSizeBoundSufficesForAnyInput) {
  std::vector<std::string> inputs = {
      std::string(1000, '['),                 // unclosed: unexpected_end
      std::string(1000, '[') + "0",           // unclosed with a leaf
      std::string(1000, '{').replace(0, 1, "["),
      repeat("[{\"\":", 200),                 // unclosed objects and keys
      std::string(500, '[') + std::string(500, ']'),  // valid, 8 bytes of tape per byte
      "[" + repeat("0,", 499) + "0]",          // valid scalars
      "[" + repeat("\"\",", 499) + "\"\"]",    // valid empty strings
  };
  for (const std::string& json : inputs) {
    const std::size_t bound = jot::dom_size_bound(json.size());
    std::unique_ptr<unsigned char[]> buf(new unsigned char[bound]);
    jot::arena a(buf.get(), bound);
    auto doc = jot::parse(json, a);
    jot::error reference = parse_error(json);
    if (reference.ok()) {
      EXPECT_TRUE(doc.ok()) << json.substr(0, 20) << "... (" << json.size() << " bytes)";
      // parse.h: a valid document needs at most 9 * size + 64 bytes.
      const std::size_t valid_bound = 9 * json.size() + 64;
      std::unique_ptr<unsigned char[]> small(new unsigned char[valid_bound]);
      jot::arena b(small.get(), valid_bound);
      EXPECT_TRUE(jot::parse(json, b).ok()) << json.substr(0, 20) << "... in " << valid_bound << " bytes";
    } else {
      EXPECT_EQ(doc.error().code, reference.code)
          << json.substr(0, 20) << "... (" << json.size() << " bytes): got "
          << jot::error_code_name(doc.error().code) << " with a " << bound << "-byte buffer";
    }
  }
}

// An upstream allocator that fails from the k-th allocation on and checks
// that every block comes back with the size and alignment it went out with.
struct failing_allocator {
  explicit failing_allocator(std::size_t k) : allowed(k) {}
  std::size_t allowed;
  std::size_t calls = 0;
  std::size_t outstanding = 0;
  std::vector<std::pair<void*, std::pair<std::size_t, std::size_t>>> live;
  bool mismatch = false;

  void* allocate(std::size_t size, std::size_t align) {
    if (calls++ >= allowed) return nullptr;
    void* p = ::operator new(size, std::align_val_t(align));
    live.push_back({p, {size, align}});
    outstanding += size;
    return p;
  }
  void deallocate(void* p, std::size_t size, std::size_t align) {
    for (auto it = live.begin(); it != live.end(); ++it) {
      if (it->first == p) {
        mismatch |= it->second.first != size || it->second.second != align;
        live.erase(it);
        outstanding -= size;
        ::operator delete(p, std::align_val_t(align));
        return;
      }
    }
    mismatch = true;  // never allocated here
  }
};

TEST(Limits, UpstreamFailingAfterEveryCount) {
  JOT_REQUIRE_DATA(dir);
  for (const auto& [name, json] : small_documents(dir)) {
    SCOPED_TRACE(name);
    jot::arena big;
    auto reference = jot::parse(json, big);
    for (std::size_t buffer_size : {std::size_t{0}, std::size_t{256}}) {
      bool succeeded = false;
      for (std::size_t k = 0; k < 64 && !succeeded; ++k) {
        failing_allocator fa(k);
        {
          std::unique_ptr<unsigned char[]> buf(new unsigned char[buffer_size + 1]);
          std::optional<jot::arena> a;  // the arena can be neither copied nor moved
          if (buffer_size) a.emplace(buf.get(), buffer_size, jot::allocator::of(fa));
          else a.emplace(jot::allocator::of(fa));
          auto doc = jot::parse(json, *a);
          if (k == 0 && buffer_size == 0) EXPECT_FALSE(doc.ok()) << "parsed without memory";
          if (doc) {
            ASSERT_TRUE(reference.ok());
            ASSERT_TRUE(same_tape(*doc, *reference)) << "partial document with " << k << " allocations";
            succeeded = true;
          } else if (reference.ok() || doc.error().code != reference.error().code) {
            ASSERT_TRUE(doc.error().code == jot::error_code::capacity_exceeded ||
                        doc.error().code == jot::error_code::out_of_memory)
                << k << " allocations: " << jot::error_code_name(doc.error().code);
          }
        }
        EXPECT_EQ(fa.outstanding, 0u) << "leak with " << k << " allocations";
        EXPECT_FALSE(fa.mismatch) << "bad deallocate with " << k << " allocations";
      }
      EXPECT_TRUE(succeeded || !reference.ok()) << "never succeeded within 64 allocations";
    }
  }
}

// ---------------------------------------------------------------------------
// Input size
// ---------------------------------------------------------------------------

TEST(Limits, InputTooLargeIsCheckedBeforeReading) {
  // Only 2 bytes exist; the parser must refuse on the length alone.
  const char tiny[2] = {'[', ']'};
  for (std::size_t size : {jot::max_input_size + 1, jot::max_input_size * 2, SIZE_MAX}) {
    jot::arena a;
    auto doc = jot::parse(std::string_view(tiny, size), a);
    ASSERT_FALSE(doc.ok());
    EXPECT_EQ(doc.error().code, jot::error_code::input_too_large);
    char buf[64];
    jot::arena fixed(buf, sizeof buf);
    EXPECT_EQ(jot::parse(std::string_view(tiny, size), fixed).error().code,
              jot::error_code::input_too_large);
  }
  EXPECT_TRUE(jot::parse(std::string_view(tiny, 2)).ok());
}

// ---------------------------------------------------------------------------
// Positions past 4 GiB
// ---------------------------------------------------------------------------

static_assert(std::is_same_v<decltype(jot::error::line), std::uint64_t> &&
              std::is_same_v<decltype(jot::error::column), std::uint64_t>);

// locate() on a line longer than 2^32 bytes: the column must not wrap. The
// input is an anonymous mapping whose untouched pages read as zeros without
// costing memory; writing the one line break touches a single page.
TEST(Limits, LineAndColumnPast4GiB) {
#if defined(JOT_TEST_SANITIZED)
  GTEST_SKIP() << "skipped under a sanitizer: it would check all 4 GiB that memchr reads";
#elif !defined(JOT_TEST_HAVE_MMAP)
  GTEST_SKIP() << "skipped: no mmap on this platform";
#else
  if (sizeof(std::size_t) < 8) GTEST_SKIP() << "skipped: a 32-bit size_t cannot hold 4 GiB";
  constexpr std::uint64_t four_gib = std::uint64_t{1} << 32;
  const std::size_t size = static_cast<std::size_t>(four_gib + 4096);
  void* map = mmap(nullptr, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (map == MAP_FAILED) GTEST_SKIP() << "skipped: cannot map 4 GiB of address space: " << std::strerror(errno);
  char* bytes = static_cast<char*>(map);
  const std::string_view json(bytes, size);
  jot::error e = jot::make_error(jot::error_code::unexpected_character);
  e.offset = static_cast<std::size_t>(four_gib + 10);
  jot::locate(e, json);
  EXPECT_EQ(e.line, 1u);
  EXPECT_EQ(e.column, four_gib + 11);
  bytes[3] = '\n';
  jot::locate(e, json);
  EXPECT_EQ(e.line, 2u);
  EXPECT_EQ(e.column, four_gib + 10 - 4 + 1);
  munmap(map, size);
#endif
}

}  // namespace
