// Parsing: values, numbers, strings, options and error positions, per kernel.
#include <gtest/gtest.h>
#include <jot/jot.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include "support/must.h"
#include "support/test_data.h"
#include "support/test_kernels.h"

namespace {

using jot::error_code;
using jot_test::must;

class Parse : public testing::TestWithParam<jot::kernel> {
 protected:
  // Parses an exact-size heap copy of text (ASan catches any overread).
  jot::result<jot::document> parse(std::string_view text, jot::parse_options o = {}) {
    inputs_.emplace_back(std::make_unique<jot_test::exact_copy>(text));
    return jot::parser(o, GetParam()).parse(*inputs_.back(), arena_);
  }
  // Parses text that must fail; returns the error.
  jot::error fail(std::string_view text, jot::parse_options o = {}) {
    auto d = parse(text, o);
    EXPECT_FALSE(d) << "accepted: " << text;
    return d.error();
  }
  // The root of text, which must parse (else a failure at the caller's line
  // and an absent value). The document is kept until the test ends.
  jot::value root(std::string_view text, jot::parse_options o = {},
                  const char* file = __builtin_FILE(), int line = __builtin_LINE()) {
    documents_.push_back(must(parse(text, o), file, line));
    return documents_.back().root();
  }
  std::vector<std::unique_ptr<jot_test::exact_copy>> inputs_;  // outlive the documents
  jot::arena arena_;
  std::vector<jot::document> documents_;
};

TEST_P(Parse, Scalars) {
  EXPECT_TRUE(root("null").is_null());
  EXPECT_EQ(must(root("true").get_bool()), true);
  EXPECT_EQ(must(root(" false ").get_bool()), false);
  EXPECT_EQ(must(root("\"hi\"").get_string()), "hi");
  EXPECT_EQ(must(root("0").get_uint64()), 0u);
  EXPECT_EQ(must(root("-1").get_int64()), -1);
}

TEST_P(Parse, IntegersAreExact) {
  EXPECT_EQ(must(root("18446744073709551615").get_uint64()), UINT64_MAX);
  EXPECT_EQ(must(root("9223372036854775807").get_int64()), INT64_MAX);
  EXPECT_EQ(must(root("-9223372036854775808").get_int64()), INT64_MIN);
  EXPECT_EQ(must(root("9007199254740993").get_uint64()), 9007199254740993u);
  EXPECT_TRUE(root("12345678901234567890").is_integer());
  // Beyond 64 bits: a correctly rounded double.
  jot::value big = root("18446744073709551616");
  EXPECT_TRUE(big.is_double());
  EXPECT_EQ(must(big.get_double()), 18446744073709551616.0);
  jot::value neg = root("-9223372036854775809");
  EXPECT_TRUE(neg.is_double());
  EXPECT_EQ(must(neg.get_double()), -9223372036854775808.0);
  EXPECT_EQ(root("-5").get_uint64().error().code, error_code::number_out_of_range);
  EXPECT_EQ(root("18446744073709551615").get_int64().error().code, error_code::number_out_of_range);
}

// A regression test: whole numbers beyond 64 bits are stored as doubles, and
// the integer getters called them type_mismatch instead of out of range.
TEST_P(Parse, IntegerGettersReportOutOfRangeForWholeDoubles) {
  for (bool raw : {false, true}) {
    jot::parse_options o;
    o.keep_number_text = raw;
    SCOPED_TRACE(raw ? "keep_number_text" : "numbers decoded");
    const auto code = [&](const char* text, bool as_signed) {
      jot::value v = root(text, o);
      return as_signed ? v.get_int64().error().code : v.get_uint64().error().code;
    };
    EXPECT_EQ(code("18446744073709551616", false), error_code::number_out_of_range);
    EXPECT_EQ(code("18446744073709551616", true), error_code::number_out_of_range);
    EXPECT_EQ(code("-9223372036854775809", true), error_code::number_out_of_range);
    EXPECT_EQ(code("-9223372036854775809", false), error_code::number_out_of_range);
    EXPECT_EQ(code("1e300", true), error_code::number_out_of_range);
    EXPECT_EQ(code("-1e300", false), error_code::number_out_of_range);
    EXPECT_EQ(code("-1.0", false), error_code::number_out_of_range);
    // Boundaries as doubles: 2^63 and 2^64 are the first values out of range.
    EXPECT_EQ(code("9223372036854775808.0", true), error_code::number_out_of_range);
    EXPECT_EQ(code("1.8446744073709551616e19", false), error_code::number_out_of_range);
    if (!raw) {
      // 2^64 - 1 rounds to 2^64.
      EXPECT_EQ(code("18446744073709551615.0", false), error_code::number_out_of_range);
      // -2^63 as a double may stand for an integer below INT64_MIN (the one
      // above rounds to it), so it counts as out of range too.
      EXPECT_EQ(code("-9223372036854775808.0", true), error_code::number_out_of_range);
    }
    // With a fraction it is not an integer at all.
    EXPECT_EQ(code("1.5", true), error_code::type_mismatch);
    EXPECT_EQ(code("1.5", false), error_code::type_mismatch);
    EXPECT_EQ(code("-0.5", false), error_code::type_mismatch);
    EXPECT_EQ(code("4503599627370495.5", true), error_code::type_mismatch);  // 2^52 - 0.5
    EXPECT_EQ(code("1e-300", false), error_code::type_mismatch);
  }
}

// Decided in docs/parsing.md: a whole number stored as a double converts exactly.
TEST_P(Parse, IntegerGettersConvertWholeDoubles) {
  for (bool raw : {false, true}) {
    jot::parse_options o;
    o.keep_number_text = raw;
    SCOPED_TRACE(raw ? "keep_number_text" : "numbers decoded");
    EXPECT_EQ(must(root("1e2", o).get_uint64()), 100u);
    EXPECT_EQ(must(root("100.0", o).get_int64()), 100);
    EXPECT_EQ(must(root("-1e2", o).get_int64()), -100);
    EXPECT_EQ(must(root("-0", o).get_int64()), 0);
    EXPECT_EQ(must(root("-0", o).get_uint64()), 0u);
    EXPECT_EQ(must(root("-0.0e5", o).get_uint64()), 0u);
    // 2^63 - 1 as a double is 2^63.
    EXPECT_EQ(must(root("9223372036854775807.0", o).get_uint64()), raw ? 9223372036854775807u : 9223372036854775808u);
    // -2^63 + 1024, 2^63 - 1024 and 2^64 - 2048: the last doubles in range.
    EXPECT_EQ(must(root("-9223372036854774784.0", o).get_int64()), -9223372036854774784);
    EXPECT_EQ(must(root("9223372036854774784.0", o).get_int64()), 9223372036854774784);
    // The double it rounds to, or with the text kept the text's own value.
    EXPECT_EQ(must(root("1.8446744073709550e19", o).get_uint64()), raw ? 18446744073709550000u : 18446744073709549568u);
    EXPECT_EQ(must(root("4503599627370497.0", o).get_int64()), 4503599627370497);  // 2^52 + 1
  }
}

// A regression test: with keep_number_text the integer getters converted the
// text to a double first, so 0.99999999999999999999 read as 1,
// 9007199254740993.0 as 2^53, and 2^64 - 1 written with ".0" was out of range.
// They read the kept text exactly now; a number stored as a double can only
// be judged by that double (docs/parsing.md).
TEST_P(Parse, IntegerGettersReadKeptTextExactly) {
  jot::parse_options keep;
  keep.keep_number_text = true;
  const auto int64 = [&](const char* text) { return root(text, keep).get_int64(); };
  const auto uint64 = [&](const char* text) { return root(text, keep).get_uint64(); };
  EXPECT_EQ(int64("0.99999999999999999999").error().code, error_code::type_mismatch);
  EXPECT_EQ(uint64("0.99999999999999999999").error().code, error_code::type_mismatch);
  EXPECT_EQ(int64("-1.00000000000000000001").error().code, error_code::type_mismatch);
  EXPECT_EQ(int64("1e-400").error().code, error_code::type_mismatch);
  EXPECT_EQ(uint64("-0.5").error().code, error_code::type_mismatch);
  EXPECT_EQ(must(int64("9007199254740993.0")), 9007199254740993);
  EXPECT_EQ(must(uint64("9007199254740993.0")), 9007199254740993u);
  EXPECT_EQ(must(uint64("18446744073709551615.0")), UINT64_MAX);
  EXPECT_EQ(must(uint64("1844674407370955161.5e1")), UINT64_MAX);
  EXPECT_EQ(must(int64("-9223372036854775808.0e0")), INT64_MIN);
  EXPECT_EQ(must(int64("1.5e1")), 15);
  EXPECT_EQ(must(int64("-0.0e99999999999999999999")), 0);
  EXPECT_EQ(uint64("18446744073709551616.0").error().code, error_code::number_out_of_range);
  EXPECT_EQ(int64("-9223372036854775809.0").error().code, error_code::number_out_of_range);
  EXPECT_EQ(int64("1e99999999999999999999").error().code, error_code::number_out_of_range);
  EXPECT_EQ(uint64("-1e0").error().code, error_code::number_out_of_range);
  // get<T> and the mutable document's getters read the same text.
  EXPECT_EQ(root("0.99999999999999999999", keep).get<std::int8_t>().error().code, error_code::type_mismatch);
  EXPECT_EQ(must(root("2.55e2", keep).get<std::uint8_t>()), 255u);
  EXPECT_EQ(root("2.56e2", keep).get<std::uint8_t>().error().code, error_code::number_out_of_range);
  auto kept = parse("[9007199254740993.0]", keep);
  ASSERT_TRUE(kept);
  jot::arena mutable_arena;
  jot::mutable_document m(mutable_arena);
  ASSERT_TRUE(m.set_root(kept->root()).ok());
  EXPECT_EQ(must(m.root()[0].get_int64()), 9007199254740993);
  // Without the text, the double is all there is: the text rounded.
  EXPECT_EQ(must(root("0.99999999999999999999").get_int64()), 1);
  EXPECT_EQ(must(root("9007199254740993.0").get_int64()), 9007199254740992);
}

TEST_P(Parse, DoublesAreCorrectlyRounded) {
  const char* cases[] = {"0.1", "1e23", "2.2250738585072011e-308", "4.9406564584124654e-324",
                         "1.7976931348623157e308", "-65.613616999999977", "3.141592653589793",
                         "123456789012345678901234567890", "0.000001", "1E-2", "1e+2",
                         "9007199254740993.0", "1.00000000000000011102230246251565404236316680908203125"};
  for (const char* c : cases) {
    auto d = parse(c);
    ASSERT_TRUE(d) << c;
    double want = std::strtod(c, nullptr);  // tests may use strtod: the C locale is in force
    double got = must(d->root().get_double());
    EXPECT_EQ(std::memcmp(&want, &got, sizeof got), 0) << c << " got " << got;
  }
  jot::value z = root("-0");
  EXPECT_TRUE(z.is_double());
  EXPECT_TRUE(std::signbit(must(z.get_double())));
  EXPECT_TRUE(std::signbit(must(root("-0.0e5").get_double())));
  // Exactly +0.0 (signbit clear): an unchecked failure would also read as 0.
  const double underflow = must(root("1e-400").get_double());
  EXPECT_EQ(underflow, 0.0);
  EXPECT_FALSE(std::signbit(underflow));
  EXPECT_TRUE(std::signbit(must(root("-1e-400").get_double())));
  EXPECT_EQ(fail("1e400").code, error_code::number_out_of_range);
  EXPECT_EQ(fail("[1, -1e999]").offset, 4u);
}

TEST_P(Parse, NumberGrammar) {
  for (const char* bad : {"01", "-", "1.", ".5", "1e", "1e+", "+1", "0x10", "1.e5", "-a", "--1"})
    EXPECT_FALSE(parse(bad)) << bad;
  EXPECT_EQ(fail("01").code, error_code::invalid_number);
  EXPECT_EQ(fail("01").offset, 1u);
  EXPECT_EQ(fail("[1.]").offset, 3u);
}

TEST_P(Parse, KeepNumberText) {
  jot::parse_options o;
  o.keep_number_text = true;
  auto d = parse("[1.50, 1e400, -0, 18446744073709551616]", o);
  ASSERT_TRUE(d);
  auto r = d->root();
  EXPECT_EQ(r[0].number_text(), "1.50");
  EXPECT_EQ(must(r[0].get_double()), 1.5);
  EXPECT_EQ(r[1].number_text(), "1e400");
  EXPECT_EQ(r[1].get_double().error().code, error_code::number_out_of_range);
  EXPECT_EQ(r[3].get_uint64().error().code, error_code::number_out_of_range);
  EXPECT_TRUE(std::signbit(must(r[2].get_double())));
  EXPECT_TRUE(r[0].is_number());
  EXPECT_FALSE(r[0].is_integer());
}

TEST_P(Parse, StringsAndEscapes) {
  EXPECT_EQ(must(root(R"("a\"b\\c\/d\b\f\n\r\t")").get_string()), "a\"b\\c/d\b\f\n\r\t");
  EXPECT_EQ(must(root(R"("\u00e9\u20AC\ud83d\ude00")").get_string()), "\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80");
  EXPECT_EQ(must(root(R"("a\u0000b")").get_string()), std::string_view("a\0b", 3));
  EXPECT_EQ(must(root("\"\xE6\x97\xA5\xE6\x9C\xAC\"").get_string()), "\xE6\x97\xA5\xE6\x9C\xAC");
  // Long strings cross every kernel's block boundaries.
  for (std::size_t n : {0u, 1u, 7u, 8u, 15u, 16u, 17u, 31u, 32u, 33u, 100u}) {
    std::string body(n, 'x');
    std::string plain = "\"" + body + "\"";
    EXPECT_EQ(must(root(plain).get_string()), body);
    std::string escaped = "\"" + body + "\\n" + body + "\"";
    EXPECT_EQ(must(root(escaped).get_string()), body + "\n" + body);
  }
}

TEST_P(Parse, StringErrorsPointAtTheOffendingByte) {
  EXPECT_EQ(fail(R"("abc)").code, error_code::unterminated_string);
  EXPECT_EQ(fail(R"("abc)").offset, 4u);
  EXPECT_EQ(fail("\"ab\ncd\"").code, error_code::unterminated_string);
  EXPECT_EQ(fail("\"ab\ncd\"").offset, 3u);
  EXPECT_EQ(fail("\"ab\x01\"").code, error_code::control_character);
  EXPECT_EQ(fail(R"("a\x")").code, error_code::invalid_escape);
  EXPECT_EQ(fail(R"("a\x")").offset, 2u);
  EXPECT_EQ(fail(R"("\u12G4")").code, error_code::invalid_unicode_escape);
  EXPECT_EQ(fail(R"("ab\ud800")").code, error_code::lone_surrogate);
  EXPECT_EQ(fail(R"("ab\ud800")").offset, 3u);
  EXPECT_EQ(fail(R"("\udc00\ud800")").code, error_code::lone_surrogate);
  EXPECT_EQ(fail(R"("\ud800\u0041")").code, error_code::lone_surrogate);
  EXPECT_EQ(fail("\"ab\xC3\"").code, error_code::invalid_utf8);
  EXPECT_EQ(fail("\"ab\xC3\"").offset, 3u);
  EXPECT_EQ(fail("\"\\n\xED\xA0\x80\"").offset, 3u);  // encoded surrogate after an escape
  EXPECT_EQ(fail("[\"ok\", \"\xF5\x80\x80\x80\"]").offset, 8u);
}

TEST_P(Parse, ValidateUtf8CanBeTurnedOff) {
  jot::parse_options o;
  o.syntax.validate_utf8 = false;
  auto d = parse("\"a\xFF\xC0z\"", o);
  ASSERT_TRUE(d);
  EXPECT_EQ(must(d->root().get_string()), "a\xFF\xC0z");
}

TEST_P(Parse, StructuralErrors) {
  EXPECT_EQ(fail("").code, error_code::empty_input);
  EXPECT_EQ(fail(" \n ").code, error_code::empty_input);
  EXPECT_EQ(fail("[1,2").code, error_code::unexpected_end);
  EXPECT_EQ(fail("[1,2").offset, 4u);
  EXPECT_EQ(fail("[1 2]").code, error_code::unexpected_character);
  EXPECT_EQ(fail("[1 2]").offset, 3u);
  EXPECT_EQ(fail("{\"a\" 1}").offset, 5u);
  EXPECT_EQ(fail("{1:2}").offset, 1u);
  EXPECT_EQ(fail("[1] x").code, error_code::trailing_content);
  EXPECT_EQ(fail("[1] x").offset, 4u);
  EXPECT_EQ(fail("[1] [2]").code, error_code::trailing_content);
  EXPECT_EQ(fail("tru").code, error_code::unexpected_end);
  EXPECT_EQ(fail("[trUe]").code, error_code::invalid_literal);
  EXPECT_EQ(fail("[trUe]").offset, 3u);
  EXPECT_EQ(fail("nul").code, error_code::unexpected_end);
  EXPECT_EQ(fail("\xEF\xBB\xBF{}").code, error_code::byte_order_mark);
  EXPECT_EQ(fail("[1,]").code, error_code::trailing_comma);
  EXPECT_EQ(fail("[1,]").offset, 2u);
  EXPECT_EQ(fail("{\"a\":1,}").code, error_code::trailing_comma);
  // The error names the comma itself, whatever whitespace follows it (the
  // strict parser finds it again from the bracket).
  EXPECT_EQ(fail("{\"a\":1 ,\n\t }").code, error_code::trailing_comma);
  EXPECT_EQ(fail("{\"a\":1 ,\n\t }").offset, 7u);
  EXPECT_EQ(fail("[[1 , \r\n ],2]").offset, 4u);
  EXPECT_EQ(fail("[\",\", \",\" ,  ]").offset, 10u);
  EXPECT_EQ(fail("[1,,2]").code, error_code::unexpected_character);
  EXPECT_EQ(fail("[1] // c").code, error_code::comment_not_allowed);
  EXPECT_EQ(fail("[/* c */1]").code, error_code::comment_not_allowed);
}

TEST_P(Parse, ControlBytesInsideWhitespaceRunsAreRejectedWhereTheyAre) {
  // Every position in runs long enough for each kernel's vector loop.
  for (std::size_t run : {1u, 2u, 15u, 31u, 32u, 33u, 70u}) {
    for (std::size_t at = 0; at < run; ++at) {
      for (char bad : {'\x01', '\x0b', '\x0c', '\x1f', '\x7f', '\x80', '\xff'}) {
        std::string ws(run, ' ');
        ws[at] = bad;
        if (at % 3 == 1) ws[(at + 1) % run] = '\n';
        std::string text = "[1," + ws + "2]";
        if (bad == '\x7f' || static_cast<unsigned char>(bad) >= 0x80) {
          EXPECT_FALSE(parse(text)) << run << " " << at;
          continue;
        }
        auto e = fail(text);
        EXPECT_EQ(e.code, error_code::unexpected_character) << run << " " << at << " " << int(bad);
        EXPECT_EQ(e.offset, 3 + at) << run << " " << at << " " << int(bad);
      }
    }
  }
}

TEST_P(Parse, LineAndColumn) {
  auto e = fail("{\n  \"a\": 1,\n  \"b\": tru\n}");
  EXPECT_EQ(e.code, error_code::invalid_literal);
  EXPECT_EQ(e.line, 3u);
  EXPECT_EQ(e.column, 11u);
  e = fail("[1,\r\n2,\r\n x]");
  EXPECT_EQ(e.line, 3u);
  EXPECT_EQ(e.column, 2u);
  e = fail("x");
  EXPECT_EQ(e.line, 1u);
  EXPECT_EQ(e.column, 1u);
}

// Line and column against a byte-by-byte count, for errors after lines of
// every length around the counter's 64-byte blocks and after runs of LFs.
TEST_P(Parse, LineAndColumnMatchACountByteByByte) {
  for (std::size_t line_length : {0, 1, 62, 63, 64, 65, 127, 128, 200}) {
    for (std::size_t lines : {0, 1, 2, 70}) {
      for (std::size_t indent : {0, 5, 63, 64, 130}) {
        // A string per line (each ends its line), then an indented bad byte.
        std::string text = "[";
        for (std::size_t i = 0; i < lines; ++i) text += '"' + std::string(line_length, 'a') + "\",\n";
        text += std::string(indent, ' ') + "x]";
        SCOPED_TRACE(text.size());
        const jot::error e = fail(text);
        ASSERT_EQ(e.code, error_code::unexpected_character);
        ASSERT_EQ(e.offset, text.size() - 2);
        std::uint64_t line = 1, column = 1;
        for (std::size_t i = 0; i < e.offset; ++i) {
          if (text[i] == '\n') ++line, column = 1;
          else ++column;
        }
        EXPECT_EQ(e.line, line);
        EXPECT_EQ(e.column, column);
        EXPECT_EQ(line, lines + 1);
      }
    }
  }
}

TEST_P(Parse, CommentsOption) {
  jot::parse_options o;
  o.syntax.allow_comments = true;
  auto d = parse("// head\n[1, /* two */ 2 // tail\n, 3] /* end */", o);
  ASSERT_TRUE(d);
  EXPECT_EQ(d->root().size(), 3u);
  EXPECT_EQ(fail("[1 /* open", o).code, error_code::unterminated_comment);
  EXPECT_EQ(fail("[1 / 2]", o).code, error_code::unexpected_character);
  auto only = fail("// nothing", o);
  EXPECT_EQ(only.code, error_code::empty_input);
}

// Comments beside whitespace runs longer than any vector, and beside none:
// the parser skips the runs as in strict mode and the comments out of line.
TEST_P(Parse, CommentsBesideLongWhitespaceRuns) {
  jot::parse_options o;
  o.syntax.allow_comments = true;
  const std::string pad(40, ' ');
  for (const std::string& gap : {std::string(), pad, "\n" + pad, "\t\r\n" + pad + "\t"}) {
    const std::string block = "/* a */", line = "// b\n";
    const std::string text = gap + block + gap + "[" + gap + "1" + gap + line + gap + "," + block + block + gap +
                             "{" + gap + "\"k\"" + block + ":" + gap + line + "2" + gap + "}" + gap + "]" + gap +
                             line + gap;
    auto d = parse(text, o);
    ASSERT_TRUE(d) << text;
    ASSERT_EQ(d->root().size(), 2u);
    EXPECT_EQ(d->root()[1]["k"].get_int64().value_or(0), 2);
    // The same comments in strict mode: the error is at the first '/'.
    EXPECT_EQ(fail(text).offset, gap.size()) << text;
    // A block comment left open after a long run: reported at its start.
    EXPECT_EQ(fail("[1" + gap + "/* open" + gap, o).offset, 2 + gap.size());
  }
}

TEST_P(Parse, TrailingCommasOption) {
  jot::parse_options o;
  o.syntax.allow_trailing_commas = true;
  auto d = parse("{\"a\": [1, 2,], \"b\": {},}", o);
  ASSERT_TRUE(d);
  EXPECT_EQ((*d)["a"].size(), 2u);
  EXPECT_EQ(d->root().size(), 2u);
  EXPECT_FALSE(parse("[,]", o));
  EXPECT_FALSE(parse("[1,,]", o));
  EXPECT_FALSE(parse("{,}", o));
}

TEST_P(Parse, DepthLimitIsExactAndIterative) {
  jot::parse_options o;
  o.syntax.max_depth = 5;
  EXPECT_TRUE(parse("[[[[[]]]]]", o));
  auto e = fail("[[[[[[]]]]]]", o);
  EXPECT_EQ(e.code, error_code::depth_exceeded);
  EXPECT_EQ(e.offset, 5u);
  EXPECT_EQ(fail("[{\"a\":[{\"b\":[{}]}]}]", o).code, error_code::depth_exceeded);
  // Default 1024; far deeper input fails cleanly without recursion.
  std::string deep(1024, '[');
  deep += std::string(1024, ']');
  EXPECT_TRUE(parse(deep));
  std::string deeper(200000, '[');
  EXPECT_EQ(fail(deeper).code, error_code::depth_exceeded);
  jot::parse_options huge;
  huge.syntax.max_depth = 300000;
  std::string nested = std::string(200000, '[') + std::string(200000, ']');
  auto d = parse(nested, huge);
  ASSERT_TRUE(d);
  EXPECT_EQ(d->node_count(), 200000u);
}

TEST_P(Parse, DuplicateKeysKeptInOrder) {
  auto d = parse(R"({"k": 1, "k": 2, "j": 3})");
  ASSERT_TRUE(d);
  EXPECT_EQ(d->root().size(), 3u);
  EXPECT_EQ(must((*d)["k"].get_uint64()), 1u);  // first wins for lookup
  std::vector<std::uint64_t> seen;
  for (auto m : must(d->root().get_object())) seen.push_back(must(m.value.get_uint64()));
  EXPECT_EQ(seen, (std::vector<std::uint64_t>{1, 2, 3}));
}

TEST_P(Parse, InputIsNotReadPastItsEnd) {
  // A buffer whose valid bytes end exactly at a page-like boundary: parse a
  // prefix of a longer string, so reading past the end would change the result.
  std::string text = "[123]456";
  auto d = parse(std::string_view(text.data(), 4));  // "[123"
  EXPECT_EQ(d.error().code, error_code::unexpected_end);
  auto n = parse(std::string_view(text.data() + 1, 2));  // "12"
  ASSERT_TRUE(n);
  EXPECT_EQ(must(n->root().get_uint64()), 12u);
  auto s = parse(std::string_view("\"abc\"", 4));
  EXPECT_EQ(s.error().code, error_code::unterminated_string);
}

TEST_P(Parse, InputTooLarge) {
  // The size check comes before any read, so a fake length is safe here.
  char tiny[1] = {'1'};
  auto d = jot::parser({}, GetParam()).parse(std::string_view(tiny, jot::max_input_size + 1), arena_);
  EXPECT_EQ(d.error().code, error_code::input_too_large);
}

// allow_trailing_content: the first document, and where it (and the
// whitespace after it) ended; errors inside the document stay errors.
TEST_P(Parse, TrailingContentAllowedReportsConsumed) {
  jot::parse_options o;
  o.syntax.allow_trailing_content = true;
  struct {
    const char* text;
    std::size_t consumed;
  } cases[] = {{"[1, 2] {\"a\": 3}", 7}, {"{}[]", 2}, {"1 2", 2}, {"true\nnull", 5},
               {"\"x\"  \t\r\n", 8}, {" 7", 2}, {"[1]garbage", 3}, {"null", 4}};
  for (const auto& c : cases) {
    auto d = parse(c.text, o);
    ASSERT_TRUE(d) << c.text;
    EXPECT_EQ(d->consumed(), c.consumed) << c.text;
  }
  EXPECT_EQ(must(root("[1, 2] [3]", o)[1].get_uint64()), 2u);
  EXPECT_EQ(fail("[1, 2 [3]", o).code, error_code::unexpected_character);
  EXPECT_EQ(fail("", o).code, error_code::empty_input);
  EXPECT_EQ(fail("{\"a\": }", o).code, error_code::unexpected_character);
  // Comments after the document are skipped when allowed, and an
  // unterminated one is still an error.
  o.syntax.allow_comments = true;
  EXPECT_EQ(must(parse("1 /* c */ // d\n 2", o)).consumed(), 16u);
  EXPECT_EQ(fail("1 /* c", o).code, error_code::unterminated_comment);
  // Without the option the whole input is consumed or the parse fails.
  EXPECT_EQ(must(parse(" [1] ")).consumed(), 5u);
  const jot::error e = fail("[1] [2]");
  EXPECT_EQ(e.code, error_code::trailing_content);
  EXPECT_EQ(e.offset, 4u);
  // A moved document keeps it.
  jot::document moved = must(parse("[true] x", {.syntax = {.allow_trailing_content = true}}));
  jot::document target = std::move(moved);
  EXPECT_EQ(target.consumed(), 7u);
  EXPECT_EQ(moved.consumed(), 0u);
}

JOT_INSTANTIATE_FOR_KERNELS(Parse);

// Parsing an owning temporary would leave the document pointing into freed
// memory; it must not compile, while lvalues, literals and views do.
template <class S>
constexpr bool parses_with_arena = requires(S&& s, jot::arena& a) { jot::parse(std::forward<S>(s), a); };
template <class S>
constexpr bool parses_alone = requires(S&& s) { jot::parse(std::forward<S>(s)); };
template <class S>
constexpr bool parser_parses = requires(S&& s, jot::arena& a, const jot::parser& p) { p.parse(std::forward<S>(s), a); };
static_assert(!parses_with_arena<std::string>);
static_assert(!parses_alone<std::string>);
static_assert(!parser_parses<std::string>);
static_assert(parses_with_arena<std::string&>);
static_assert(parses_with_arena<const std::string&>);
static_assert(parses_with_arena<std::string_view>);
static_assert(parses_with_arena<const char (&)[3]>);
static_assert(parses_with_arena<const char*>);
static_assert(parser_parses<const std::string&>);

// parse_copy copies its input first, so owning temporaries are fine there.
template <class S>
constexpr bool copies_alone = requires(S&& s) { jot::parse_copy(std::forward<S>(s)); };
template <class S>
constexpr bool copies_with_arena = requires(S&& s, jot::arena& a) {
  jot::parse_copy(std::forward<S>(s), a);
};
static_assert(copies_alone<std::string> && copies_with_arena<std::string>);
static_assert(copies_alone<const std::string&> && copies_with_arena<std::string_view>);

TEST(Kernel, AutomaticPicksASupportedKernel) {
  jot::parser p;
  EXPECT_NE(p.kernel(), jot::kernel::automatic);
  EXPECT_TRUE(jot::kernel_supported(p.kernel()));
  EXPECT_STREQ(jot::kernel_name(jot::kernel::portable), "portable");
}

TEST(OneLineParse, OwnsItsMemory) {
  auto d = jot::parse(R"({"a": [1, 2, {"b": "c"}]})");
  ASSERT_TRUE(d);
  jot::document moved = std::move(*d);
  EXPECT_EQ(must(must(moved.at_pointer("/a/2/b")).get_string()), "c");
  auto bad = jot::parse("[1,");
  EXPECT_EQ(bad.error().code, error_code::unexpected_end);
}

// A // comment ends at LF, CR or CRLF; what follows the terminator is parsed.
TEST_P(Parse, LineCommentsEndAtEveryLineTerminator) {
  jot::parse_options o;
  o.syntax.allow_comments = true;
  for (const char* eol : {"\n", "\r", "\r\n"}) {
    const std::string nl = eol;
    auto d = parse("// head" + nl + "[1, // one" + nl + "2 // two" + nl + "] // tail" + nl, o);
    ASSERT_TRUE(d) << jot::error_code_name(d.error().code) << " with terminator " << int(nl[0]);
    EXPECT_EQ(d->root().size(), 2u);
    EXPECT_EQ(*d->root()[1].get_uint64(), 2u);
    // The comment still hides everything up to the terminator.
    d = parse("[1 // ]" + nl + "]", o);
    ASSERT_TRUE(d);
    EXPECT_EQ(d->root().size(), 1u);
  }
  EXPECT_EQ(fail("[1, // \r", o).code, error_code::unexpected_end);
  EXPECT_TRUE(parse("[1] // no terminator at the end", o));
}

// allow_bom skips one leading EF BB BF, in the strict instantiation and the
// lenient one alike; positions still count from the input's first byte.
TEST_P(Parse, ByteOrderMarkOption) {
  const std::string bom = "\xEF\xBB\xBF";
  auto e = fail(bom + "{}");
  EXPECT_EQ(e.code, error_code::byte_order_mark);
  EXPECT_EQ(e.offset, 0u);
  jot::parse_options strict_but_bom;
  strict_but_bom.syntax.allow_bom = true;
  jot::parse_options lenient_and_bom = strict_but_bom;
  lenient_and_bom.syntax.allow_comments = true;
  for (const jot::parse_options& o : {strict_but_bom, lenient_and_bom}) {
    auto d = parse(bom + "{\"a\": [1]}", o);
    ASSERT_TRUE(d) << jot::error_code_name(d.error().code);
    EXPECT_EQ(*d->at_pointer("/a/0")->get_uint64(), 1u);
    EXPECT_TRUE(parse("[1]", o));  // the mark stays optional
    e = fail(bom + "[1,]", o);
    EXPECT_EQ(e.code, error_code::trailing_comma);
    EXPECT_EQ(e.offset, 5u);
    EXPECT_EQ(e.line, 1u);
    EXPECT_EQ(e.column, 6u);
    e = fail(bom, o);
    EXPECT_EQ(e.code, error_code::empty_input);
    EXPECT_EQ(e.offset, 3u);
    // Only one mark, and only at the start.
    EXPECT_EQ(fail(bom + bom + "1", o).offset, 3u);
    EXPECT_EQ(fail(" " + bom + "1", o).offset, 1u);
    EXPECT_EQ(fail("[" + bom + "]", o).offset, 1u);
  }
  EXPECT_TRUE(parse(bom + "// note\n1", lenient_and_bom));
}

// Reads a file into a local string and returns a document parsed from it: the
// string is gone when the caller reads the document.
jot::document load(const std::string& path) {
  std::string text;
  if (!jot_test::read_file(path, text)) {
    ADD_FAILURE() << "cannot read " << path;
    return {};
  }
  return must(jot::parse_copy(text));
}

// True when s lies inside text's bytes.
bool points_into(std::string_view s, const std::string& text) {
  return s.data() >= text.data() && s.data() < text.data() + text.size();
}

TEST(ParseCopy, TheDocumentOwnsEveryByteItPointsTo) {
  const std::string path = testing::TempDir() + "jot_parse_copy_test.json";
  {
    std::ofstream f(path, std::ios::binary);
    f << R"({"name": "plain, so it would point into the input", "list": [1, "two", {"k": "v"}]})";
  }
  const jot::document doc = load(path);
  std::remove(path.c_str());
  // ASan would report a read of the freed string here if the document borrowed it.
  EXPECT_EQ(must(doc["name"].get_string()), "plain, so it would point into the input");
  EXPECT_EQ(must(must(doc.at_pointer("/list/2/k")).get_string()), "v");
  EXPECT_EQ(doc["list"].size(), 3u);
}

TEST(ParseCopy, NeverPointsIntoTheInput) {
  std::string text = R"({"a": "plain", "b": ["also plain"], "n": 12.5})";
  jot::arena arena;
  for (int with_arena = 0; with_arena < 2; ++with_arena) {
    SCOPED_TRACE(with_arena ? "caller arena" : "own arena");
    auto doc = with_arena ? jot::parse_copy(text, arena) : jot::parse_copy(text);
    ASSERT_TRUE(doc);
    const std::string_view a = must((*doc)["a"].get_string());
    const std::string_view b = must((*doc)["b"][0].get_string());
    EXPECT_EQ(a, "plain");
    EXPECT_FALSE(points_into(a, text));
    EXPECT_FALSE(points_into(b, text));
    // Overwriting the input changes nothing in the document.
    std::fill(text.begin(), text.end(), 'x');
    EXPECT_EQ(must((*doc)["b"][0].get_string()), "also plain");
    EXPECT_EQ(must((*doc)["n"].get_double()), 12.5);
    text = R"({"a": "plain", "b": ["also plain"], "n": 12.5})";
  }
  // The plain parse does borrow: that is what parse_copy is for.
  auto borrowed = jot::parse(text, arena);
  ASSERT_TRUE(borrowed);
  EXPECT_TRUE(points_into(must((*borrowed)["a"].get_string()), text));
}

TEST(ParseCopy, AcceptsTemporariesAndReportsErrorsLikeParse) {
  jot::arena arena;
  auto from_temporary = jot::parse_copy(std::string(R"(["made", "here"])"), arena);
  ASSERT_TRUE(from_temporary);
  EXPECT_EQ(must(from_temporary->root()[1].get_string()), "here");
  const std::string bad = "{\n  \"a\": [1,]\n}";
  auto expected = jot::parse(bad, arena);
  for (int with_arena = 0; with_arena < 2; ++with_arena) {
    auto got = with_arena ? jot::parse_copy(bad, arena) : jot::parse_copy(bad);
    ASSERT_FALSE(got);
    EXPECT_EQ(got.error().code, expected.error().code);
    EXPECT_EQ(got.error().offset, expected.error().offset);
    EXPECT_EQ(got.error().line, 2u);
    EXPECT_EQ(got.error().column, expected.error().column);
  }
  EXPECT_EQ(jot::parse_copy("").error().code, error_code::empty_input);
  EXPECT_EQ(jot::parse_copy("", arena).error().code, error_code::empty_input);
}

TEST(ParseCopy, FixedBufferNeedsTheCopyToo) {
  const std::string text = R"({"items": [1, 2, 3, "four", {"five": 5}]})";
  std::vector<char> small(jot::dom_size_bound(text.size()) / 8);
  jot::arena tight(small.data(), small.size());
  auto failed = jot::parse_copy(text, tight);
  ASSERT_FALSE(failed);
  EXPECT_EQ(failed.error().code, error_code::capacity_exceeded);
  EXPECT_EQ(failed.error().needed, jot::dom_size_bound(text.size()) + text.size());
  // Too small even for the copy: the same error, located like the parser's.
  char tiny[8];
  jot::arena none(tiny, sizeof tiny);
  auto no_copy = jot::parse_copy(text, none);
  ASSERT_FALSE(no_copy);
  EXPECT_EQ(no_copy.error().code, error_code::capacity_exceeded);
  EXPECT_EQ(no_copy.error().needed, failed.error().needed);
  EXPECT_EQ(no_copy.error().line, 1u);
  EXPECT_EQ(no_copy.error().column, 1u);
  // The announced size suffices at every buffer alignment.
  std::vector<char> storage(failed.error().needed + 16);
  for (std::size_t shift = 0; shift < 16; ++shift) {
    jot::arena enough(storage.data() + shift, failed.error().needed);
    auto doc = jot::parse_copy(text, enough);
    ASSERT_TRUE(doc) << shift;
    EXPECT_EQ(must((*doc)["items"][4]["five"].get_uint64()), 5u);
  }
}

}  // namespace
