// Many documents in one buffer (jot/documents.h): NDJSON, concatenated JSON
// and RFC 7464 sequences; errors, recovery, arenas, every kernel, the corpus.
#include <gtest/gtest.h>
#include <jot/documents.h>
#include <jot/jot.h>
#include <jot/visit.h>

#include <memory>
#include <string>
#include <vector>

#include "support/alloc_counter.h"
#include "support/document_step.h"
#include "support/must.h"
#include "support/test_data.h"
#include "support/test_kernels.h"

namespace {

using jot::document_format;
using jot::error_code;
using jot_test::must;

using jot_test::step;

class Documents : public testing::TestWithParam<jot::kernel> {
 protected:
  // Every step over an exact-size copy of text (ASan catches any overread).
  std::vector<step> read(std::string_view text, jot::documents_options d,
                         jot::parse_options o = {}) {
    jot_test::exact_copy input(text);
    jot::parser p(o, GetParam());
    jot::documents docs(p, input, arena_, d);
    std::vector<step> out;
    while (docs.next()) {
      out.push_back(jot_test::copy_out(docs.index(), docs.current(), docs.source()));
    }
    EXPECT_EQ(docs.count(), out.size());
    EXPECT_FALSE(docs.next()) << "a finished iteration stays finished";
    return out;
  }
  // The steps with parse = false, each source() then checked by jot::visit
  // and its error located by the iteration: they must be read()'s steps. A
  // delimited format without continue_after_error stops at the first bad
  // document, as the parsing iteration does.
  std::vector<step> read_unparsed(std::string_view text, jot::documents_options d,
                                  jot::parse_options o = {}) {
    jot_test::exact_copy input(text);
    jot::parser p(o, GetParam());
    d.parse = false;
    jot::arena none(nullptr, 0);  // no memory: building a document would fail
    jot::documents docs(p, input, none, d);
    jot::visit_options vo;
    vo.kernel = GetParam();
    vo.max_depth = o.syntax.max_depth;
    const bool stops = !d.continue_after_error && d.format != document_format::concatenated;
    std::vector<step> out;
    while (docs.next()) {
      step s;
      s.index = docs.index();
      s.source = std::string(docs.source());
      if (!docs.current()) {
        s.error = docs.current().error();
      } else {
        EXPECT_FALSE(docs.current()->root().exists());
        jot::visitor nothing;
        const jot::result<void> r = jot::visit(docs.source(), nothing, vo);
        if (r) {
          jot::arena a;
          const jot::document doc = must(p.parse(docs.source(), a));
          jot::output_buffer buf;
          s.ok = true;
          s.json = std::string(must(jot::write(doc.root(), buf)));
        } else {
          s.error = docs.locate(r.error());
        }
      }
      out.push_back(s);
      if (!s.ok && stops) break;
    }
    return out;
  }
  static jot::documents_options format(document_format f, bool go_on = false) {
    return {f, go_on};
  }
  // The compact texts of the good documents.
  static std::vector<std::string> good(const std::vector<step>& steps) {
    std::vector<std::string> out;
    for (const step& s : steps)
      if (s.ok) out.push_back(s.json);
    return out;
  }
  static void expect_error(const step& s, std::size_t index, error_code code, std::size_t offset,
                           std::uint64_t line, std::uint64_t column) {
    EXPECT_FALSE(s.ok);
    EXPECT_EQ(s.index, index);
    EXPECT_EQ(s.error.code, code) << jot::error_code_name(s.error.code) << ": " << s.error.message;
    EXPECT_EQ(s.error.offset, offset);
    EXPECT_EQ(s.error.line, line);
    EXPECT_EQ(s.error.column, column);
  }
  jot::arena arena_;
};

using strings = std::vector<std::string>;

TEST_P(Documents, NdjsonOneDocumentPerLine) {
  auto steps = read("[1]\n{\"a\":2}\n\"x\"\n", format(document_format::ndjson));
  ASSERT_EQ(steps.size(), 3u);
  EXPECT_EQ(good(steps), (strings{"[1]", "{\"a\":2}", "\"x\""}));
  EXPECT_EQ(steps[1].index, 1u);
  EXPECT_EQ(steps[1].source, "{\"a\":2}");
  // The last line needs no LF.
  EXPECT_EQ(good(read("1\n2", format(document_format::ndjson))), (strings{"1", "2"}));
  EXPECT_TRUE(read("", format(document_format::ndjson)).empty());
  EXPECT_TRUE(read("\n \n\t\r\n", format(document_format::ndjson)).empty());
}

// Numbers at a line's end may be read with loads past the line (the next
// line is there); each document must still be exactly its line: the same
// values, errors and error columns as parsing the line alone.
TEST_P(Documents, NdjsonNumbersAtLineEndsAreTheirLinesAlone) {
  const strings lines = {
      "7",        "-0",      "12345678",      "123456789012345678", "12345678901234567890",
      "1.5",      "-3.25",   "0.1234567890123", "1e5",              "[1,22,333]",
      "{\"a\":4}", "1.",     "-",             "01",                 "2.5e",
      "9999999999999999999", "18446744073709551616", "-9223372036854775809", "0.5", "42"};
  std::string text;
  for (const std::string& l : lines) text += l + "\n";
  text.pop_back();  // the last line ends the buffer
  const auto steps = read(text, format(document_format::ndjson, true));
  ASSERT_EQ(steps.size(), lines.size());
  jot::parser alone({}, GetParam());
  for (std::size_t i = 0; i < lines.size(); ++i) {
    jot::arena a;
    jot_test::exact_copy line(lines[i]);
    const auto d = alone.parse(line, a);
    ASSERT_EQ(steps[i].ok, d.ok()) << lines[i];
    if (d) {
      jot::output_buffer buf;
      EXPECT_EQ(steps[i].json, must(jot::write(d->root(), buf))) << lines[i];
    } else {
      EXPECT_EQ(steps[i].error.code, d.error().code) << lines[i];
      EXPECT_EQ(steps[i].error.column, d.error().column) << lines[i];
      EXPECT_EQ(steps[i].error.line, i + 1) << lines[i];
    }
  }
}

// A line's strings are scanned with vector loads that may read into the next
// lines (the LF stops them); each verdict must still be the line's own.
TEST_P(Documents, NdjsonStringsAtLineEndsAreTheirLinesAlone) {
  strings lines;
  for (std::size_t n : {0, 1, 7, 15, 16, 17, 31, 32, 33, 63, 64, 65, 100}) {
    const std::string body(n, 'x');
    lines.push_back("[\"" + body + "\"]");
    lines.push_back("[\"" + body);                // unterminated at the LF
    lines.push_back("\"" + body);                 // the same, as the whole line
    lines.push_back("[\"" + body + "\\");         // a backslash at the LF
    lines.push_back("[\"" + body + "\xC3");       // a UTF-8 sequence cut by the LF
    lines.push_back("[\"" + body + "\xC3\xA9\"]");
    lines.push_back("{\"" + body + "\":\"" + body + "\\u00e9\"}");
    lines.push_back("[\"" + body + "\t\"]");      // a raw control character
  }
  std::string text;
  for (const std::string& l : lines) text += l + "\n\"next line\" \"quotes\"\n";
  text.pop_back();
  const auto steps = read(text, format(document_format::ndjson, true));
  ASSERT_EQ(steps.size(), 2 * lines.size());
  jot::parser alone({}, GetParam());
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const step& s = steps[2 * i];
    jot::arena a;
    jot_test::exact_copy line(lines[i]);
    const auto d = alone.parse(line, a);
    ASSERT_EQ(s.ok, d.ok()) << lines[i];
    if (d) {
      jot::output_buffer buf;
      EXPECT_EQ(s.json, must(jot::write(d->root(), buf))) << lines[i];
    } else {
      EXPECT_EQ(s.error.code, d.error().code) << lines[i];
      EXPECT_EQ(s.error.column, d.error().column) << lines[i];
      EXPECT_EQ(s.error.line, 2 * i + 1) << lines[i];
    }
    EXPECT_FALSE(steps[2 * i + 1].ok) << "two strings on a line";
  }
}

// Strict options parse a line without finding its LF first, and parse it
// again on its own after anything but a clean success: the errors below are
// those of the line alone (a literal cut by the LF is unexpected_end there).
TEST_P(Documents, NdjsonErrorsAtTheLineFeedAreTheLinesOwn) {
  const strings lines = {"tru", "[true", "nul", "{\"a\":fals", "[1,", "{\"a\"", "{\"a\":", "[\"\\u00",
                         "\"\\", "-", "[1] x", "  ", "[1] \r", "{} [", "\xEF\xBB\xBF[1]", "[1]"};
  std::string text;
  for (const std::string& l : lines) text += l + "\n";
  const auto steps = read(text, format(document_format::ndjson, true));
  jot::parser alone({}, GetParam());
  std::size_t i = 0;
  for (std::size_t n = 0; n < lines.size(); ++n) {
    jot::arena a;
    jot_test::exact_copy line(lines[n]);
    const auto d = alone.parse(line, a);
    if (!d && d.error().code == error_code::empty_input) continue;  // a blank line
    ASSERT_LT(i, steps.size());
    const step& s = steps[i++];
    ASSERT_EQ(s.ok, d.ok()) << lines[n];
    EXPECT_EQ(s.source, lines[n]);
    if (!d) {
      EXPECT_EQ(s.error.code, d.error().code) << lines[n];
      EXPECT_EQ(s.error.line, n + 1) << lines[n];
      EXPECT_EQ(s.error.column, d.error().column) << lines[n];
    }
  }
  EXPECT_EQ(i, steps.size());
}

// The first attempt at a line may fill the arena; the exact parse after it
// must not pay for that attempt (a 4 KB arena holds the line once, not twice).
TEST_P(Documents, NdjsonSecondParseOfALineStartsFromAnEmptyArena) {
  std::string line = "[";
  for (int k = 0; k < 150; ++k) line += "1,";
  line += "1] x";
  const std::string text = line + "\n[2]\n";
  alignas(16) char buffer[4096];
  jot::arena small(buffer, sizeof buffer);
  jot_test::exact_copy input(text);
  jot::parser p({}, GetParam());
  jot::documents docs(p, input, small, {document_format::ndjson, true});
  ASSERT_TRUE(docs.next());
  ASSERT_FALSE(docs.current().ok());
  EXPECT_EQ(docs.current().error().code, error_code::trailing_content);
  EXPECT_EQ(docs.current().error().column, line.size());
  ASSERT_TRUE(docs.next());
  ASSERT_TRUE(docs.current().ok());
  EXPECT_EQ(docs.current()->root().size(), 1u);
  EXPECT_FALSE(docs.next());
}

TEST_P(Documents, NdjsonBlankLinesAndCrlf) {
  auto steps = read("\r\n[1]\r\n\n  \t\n {} \r\n\n", format(document_format::ndjson));
  ASSERT_EQ(steps.size(), 2u);
  EXPECT_EQ(good(steps), (strings{"[1]", "{}"}));
  EXPECT_EQ(steps[0].index, 0u);  // blank lines are not documents
  EXPECT_EQ(steps[1].index, 1u);
  EXPECT_EQ(steps[1].source, " {} \r");
  // A CR alone is whitespace too, not a line break: two documents on a line.
  auto cr = read("[1]\r[2]\n", format(document_format::ndjson));
  ASSERT_EQ(cr.size(), 1u);
  expect_error(cr[0], 0, error_code::trailing_content, 4, 1, 5);
}

TEST_P(Documents, NdjsonErrorsNameIndexLineColumnOffset) {
  const char* text = "[1]\n\n[2,]\n{\"a\" 1}\n[4] x\n[5]\n";
  auto steps = read(text, format(document_format::ndjson, true));
  ASSERT_EQ(steps.size(), 5u);
  EXPECT_TRUE(steps[0].ok);
  expect_error(steps[1], 1, error_code::trailing_comma, 7, 3, 3);
  expect_error(steps[2], 2, error_code::unexpected_character, 15, 4, 6);
  expect_error(steps[3], 3, error_code::trailing_content, 22, 5, 5);
  EXPECT_EQ(steps[3].source, "[4] x");
  EXPECT_TRUE(steps[4].ok);
  EXPECT_EQ(steps[4].index, 4u);
  EXPECT_EQ(steps[4].json, "[5]");
  // Without continue_after_error the first error ends the iteration.
  auto stopped = read(text, format(document_format::ndjson));
  ASSERT_EQ(stopped.size(), 2u);
  expect_error(stopped[1], 1, error_code::trailing_comma, 7, 3, 3);
}

TEST_P(Documents, NdjsonDocumentsDoNotSpanLines) {
  auto steps = read("[1,\n2]\n[3]", format(document_format::ndjson, true));
  ASSERT_EQ(steps.size(), 3u);
  expect_error(steps[0], 0, error_code::unexpected_end, 3, 1, 4);  // at the LF
  expect_error(steps[1], 1, error_code::trailing_content, 5, 2, 2);
  EXPECT_EQ(steps[2].json, "[3]");
  // A string cannot hold a raw LF anyway.
  auto str = read("\"a\nb\"\n", format(document_format::ndjson));
  ASSERT_EQ(str.size(), 1u);
  expect_error(str[0], 0, error_code::unterminated_string, 2, 1, 3);
}

TEST_P(Documents, NdjsonCountsErrors) {
  jot_test::exact_copy input("1\nx\n2\n[\n3\n");
  jot::parser p({}, GetParam());
  jot::documents docs(p, input, arena_, {.format = document_format::ndjson, .continue_after_error = true});
  std::size_t ok = 0;
  for (jot::result<jot::document>& d : docs) ok += d.ok();
  EXPECT_EQ(ok, 3u);
  EXPECT_EQ(docs.count(), 5u);
  EXPECT_EQ(docs.error_count(), 2u);
}

TEST_P(Documents, ParseOptionsApplyToEveryDocument) {
  jot::parse_options o;
  o.syntax.allow_comments = true;
  o.syntax.allow_trailing_commas = true;
  // A line holding only a comment is blank.
  auto steps = read("[1,] // one\n// nothing\n/* two */ {\"a\":2,}\n", format(document_format::ndjson), o);
  EXPECT_EQ(good(steps), (strings{"[1]", "{\"a\":2}"}));
  EXPECT_EQ(good(read("1 /* c */ 2 // d\n3", format(document_format::concatenated), o)),
            (strings{"1", "2", "3"}));
  o.syntax.max_depth = 2;
  auto deep = read("[[1]]\n[[[1]]]\n", format(document_format::ndjson, true), o);
  ASSERT_EQ(deep.size(), 2u);
  EXPECT_TRUE(deep[0].ok);
  expect_error(deep[1], 1, error_code::depth_exceeded, 8, 2, 3);
}

TEST_P(Documents, ByteOrderMarkOnlyAtTheStart) {
  const std::string bom = "\xEF\xBB\xBF";
  jot::parse_options o;
  o.syntax.allow_bom = true;
  EXPECT_EQ(good(read(bom + "[1]\n[2]", format(document_format::ndjson), o)), (strings{"[1]", "[2]"}));
  EXPECT_EQ(good(read(bom + "[1] [2]", format(document_format::concatenated), o)), (strings{"[1]", "[2]"}));
  // Positions count the mark, as parse() does: the byte after it is column 4.
  auto first = read(bom + "[1,]", format(document_format::ndjson), o);
  ASSERT_EQ(first.size(), 1u);
  expect_error(first[0], 0, error_code::trailing_comma, 5, 1, 6);
  auto seq = read(bom + "[1,]", format(document_format::concatenated), o);
  ASSERT_EQ(seq.size(), 1u);
  expect_error(seq[0], 0, error_code::trailing_comma, 5, 1, 6);
  auto mid = read(bom + "[1]\n" + bom + "[2]", format(document_format::ndjson, true), o);
  ASSERT_EQ(mid.size(), 2u);
  expect_error(mid[1], 1, error_code::byte_order_mark, 7, 2, 1);
  auto refused = read(bom + "[1]", format(document_format::ndjson));
  ASSERT_EQ(refused.size(), 1u);
  expect_error(refused[0], 0, error_code::byte_order_mark, 0, 1, 1);
}

TEST_P(Documents, Concatenated) {
  auto steps = read(" 1 2\n[3]{\"a\":4}\"s\"true\tnull \n", format(document_format::concatenated));
  EXPECT_EQ(good(steps), (strings{"1", "2", "[3]", "{\"a\":4}", "\"s\"", "true", "null"}));
  ASSERT_EQ(steps.size(), 7u);
  EXPECT_EQ(steps[0].source, " 1 ");  // leading whitespace of the text belongs to the first
  EXPECT_EQ(steps[2].source, "[3]");
  EXPECT_EQ(steps[6].source, "null \n");
  // A document may span lines.
  EXPECT_EQ(good(read("{\n \"a\": [1,\n 2]\n}\n{}", format(document_format::concatenated))),
            (strings{"{\"a\":[1,2]}", "{}"}));
  EXPECT_TRUE(read("", format(document_format::concatenated)).empty());
  EXPECT_TRUE(read(" \n\t", format(document_format::concatenated)).empty());
}

TEST_P(Documents, ConcatenatedNeedsWhitespaceAfterNumbersAndLiterals) {
  for (const char* text : {"1[2]", "truefalse", "null\"x\"", "-1.5e3{}"}) {
    auto steps = read(text, format(document_format::concatenated, true));
    ASSERT_EQ(steps.size(), 1u) << text;
    EXPECT_EQ(steps[0].error.code, error_code::unexpected_character) << text;
    EXPECT_STREQ(steps[0].error.message, "expected whitespace between documents");
  }
  // A leading zero is the number's own error, not two documents.
  EXPECT_EQ(read("0123", format(document_format::concatenated))[0].error.code, error_code::invalid_number);
  auto steps = read("[1] 22x", format(document_format::concatenated));
  ASSERT_EQ(steps.size(), 3u);
  EXPECT_EQ(steps[1].json, "22");  // x cannot start a document: the next step says so
  expect_error(steps[2], 2, error_code::unexpected_character, 6, 1, 7);
}

TEST_P(Documents, ConcatenatedStopsAtTheFirstError) {
  auto steps = read("[1]\n\n  {\"a\":}\n[3]", format(document_format::concatenated, true));
  ASSERT_EQ(steps.size(), 2u);
  EXPECT_EQ(steps[0].json, "[1]");
  expect_error(steps[1], 1, error_code::unexpected_character, 12, 3, 8);
  EXPECT_EQ(steps[1].source, "{\"a\":");
}

TEST_P(Documents, JsonTextSequences) {
  auto steps = read("\x1e[1]\n\x1e{\"a\":2}\n\x1e\x1e\n\x1e\"x\"\x1e 7\n", format(document_format::json_seq));
  EXPECT_EQ(good(steps), (strings{"[1]", "{\"a\":2}", "\"x\"", "7"}));
  ASSERT_EQ(steps.size(), 4u);
  EXPECT_EQ(steps[3].index, 3u);  // empty records are not documents
  EXPECT_EQ(steps[1].source, "{\"a\":2}\n");
  EXPECT_TRUE(read("", format(document_format::json_seq)).empty());
  EXPECT_TRUE(read("\x1e\x1e", format(document_format::json_seq)).empty());
}

TEST_P(Documents, JsonTextSequenceErrorsAndRecovery) {
  // A number or literal at the end of a record may have been cut short.
  auto cut = read("\x1e" "123\x1e" "true\n\x1e" "45", format(document_format::json_seq, true));
  ASSERT_EQ(cut.size(), 3u);
  expect_error(cut[0], 0, error_code::unexpected_end, 4, 1, 5);
  EXPECT_EQ(cut[1].json, "true");
  expect_error(cut[2], 2, error_code::unexpected_end, 13, 2, 4);
  // Bad records are skipped up to the next RS.
  auto steps = read("\x1e[1,\n\x1e[2]\n\x1e{x}\n", format(document_format::json_seq, true));
  ASSERT_EQ(steps.size(), 3u);
  expect_error(steps[0], 0, error_code::unexpected_end, 5, 2, 1);
  EXPECT_EQ(steps[1].json, "[2]");
  expect_error(steps[2], 2, error_code::unexpected_character, 12, 3, 3);
  // Text before the first RS is a bad document of its own.
  auto junk = read("[0]\n\x1e[1]\n", format(document_format::json_seq, true));
  ASSERT_EQ(junk.size(), 2u);
  expect_error(junk[0], 0, error_code::unexpected_character, 0, 1, 1);
  EXPECT_EQ(junk[1].json, "[1]");
  EXPECT_EQ(read("[0]\n\x1e[1]\n", format(document_format::json_seq)).size(), 1u);
}

// A fixed buffer with no upstream: a document that does not fit fails with
// capacity_exceeded (and says what would do), and the next one still parses.
TEST_P(Documents, ArenaTooSmallFailsThatDocumentOnly) {
  std::string big = "[";
  for (int i = 0; i < 200; ++i) big += std::to_string(i) + ",";
  big += "0]";
  const std::string text = "[1]\n" + big + "\n{\"a\":\"b\"}\n";
  alignas(16) char buffer[512];
  jot::arena small(buffer, sizeof buffer);
  jot_test::exact_copy input(text);
  jot::parser p({}, GetParam());
  jot::documents docs(p, input, small, {.format = document_format::ndjson, .continue_after_error = true});
  ASSERT_TRUE(docs.next());
  ASSERT_TRUE(docs.current());
  EXPECT_EQ(must(docs.current()->root()[0].get_uint64()), 1u);
  ASSERT_TRUE(docs.next());
  ASSERT_FALSE(docs.current());
  EXPECT_EQ(docs.current().error().code, error_code::capacity_exceeded);
  EXPECT_EQ(docs.current().error().line, 2u);
  EXPECT_GE(docs.current().error().needed, sizeof buffer);
  ASSERT_TRUE(docs.next());
  ASSERT_TRUE(docs.current());
  EXPECT_EQ(must(docs.current()->root()["a"].get_string()), "b");
  EXPECT_FALSE(docs.next());
  EXPECT_EQ(docs.error_count(), 1u);
}

TEST_P(Documents, SteadyStateAllocatesNothing) {
  JOT_REQUIRE_COUNTED_MALLOC();
  std::string text;
  for (int i = 0; i < 50; ++i)
    text += "{\"id\":" + std::to_string(i) + ",\"tags\":[\"a\\n\",\"b\"],\"pad\":\"" +
            std::string(static_cast<std::size_t>(i) * 7, 'x') + "\"}\n";
  jot::parser p({}, GetParam());
  jot::arena a;  // malloc-backed: grows during the first pass only
  auto pass = [&] {
    std::size_t n = 0;
    for (jot::result<jot::document>& d : jot::documents(p, text, a)) {
      if (!d) return std::size_t{0};
      n += (*d)["tags"][0].get_string().value_or("") == "a\n";
    }
    return n;
  };
  ASSERT_EQ(pass(), 50u);
  ASSERT_EQ(pass(), 50u);
  const std::size_t before = jot_test::allocation_count();
  for (int i = 0; i < 5; ++i) ASSERT_EQ(pass(), 50u);
  EXPECT_EQ(jot_test::allocation_count(), before);
  EXPECT_EQ(a.upstream_blocks(), 1u);
}

// parse = false: the same steps as parsing, once each source is visited.
TEST_P(Documents, UnparsedStepsAreTheParsedOnesOnceChecked) {
  struct text_case {
    document_format format;
    bool go_on;
    const char* text;
  };
  const text_case cases[] = {
      {document_format::ndjson, false, "{\"a\":1}\n[1,2,3]\n\n\"str\\n\"\r\n  42  \nnull"},
      {document_format::ndjson, true, "1\n[1,\n2]\n{\"k\":\"v\"}\n  \nfalse x\n\"\\ud83d\\ude00\"\n"},
      {document_format::ndjson, true, "\xEF\xBB\xBF[1,]\n[2]\n{\"a\":\n"},
      {document_format::ndjson, true, "tru\n[true\n\"ab\n[\"\\u00\n[1] x\n{\"a\":fals\n[2] \r\n3"},
      {document_format::concatenated, false, "{\"a\":1} [1,2]\n\n\"s\"123 4.5e10 true null{}[]"},
      {document_format::concatenated, false, "  [1]\n\n[2,\n3] 12345678 \"abc\\u00e9def\" 1x"},
      {document_format::concatenated, false, "[1]\n[2, 3\n"},
      {document_format::json_seq, false, "\x1E{\"a\":1}\n\x1E[1]\n\x1E\x1E\"s\"\n\x1E" "12\n"},
      {document_format::json_seq, true, "junk\x1E[1]\n\x1E" "123\x1E[2,\n\x1E{}\n\x1E" "5\x1E" "12}\x1E" "7"},
  };
  jot::parse_options o;
  o.syntax.allow_bom = true;
  for (const text_case& c : cases) {
    SCOPED_TRACE(c.text);
    EXPECT_EQ(read_unparsed(c.text, {c.format, c.go_on}, o), read(c.text, {c.format, c.go_on}, o));
  }
  // Lenient options: concatenated documents are parsed to find their end.
  jot::parse_options lenient;
  lenient.syntax.allow_comments = true;
  jot::parser p(lenient, GetParam());
  jot::documents_options d{document_format::concatenated};
  d.parse = false;
  const std::string_view text = "[1, /* c */ 2] // x\n{\"a\":1}";
  jot::documents docs(p, text, arena_, d);
  ASSERT_TRUE(docs.next());
  ASSERT_TRUE(docs.current().ok());
  EXPECT_EQ(must(docs.current()->root().get_array()).size(), 2u);
}

// locate() takes errors in any order, not only the text's.
TEST_P(Documents, LocateInAnyOrder) {
  const std::string_view text = "\x1E[1,\n2]\n\x1E{\"a\":\n [true,\n  x]}\n";
  jot::parser p({}, GetParam());
  jot::documents_options d{document_format::json_seq};
  d.parse = false;
  jot::arena none(nullptr, 0);
  jot::documents docs(p, text, none, d);
  ASSERT_TRUE(docs.next());
  ASSERT_TRUE(docs.next());
  ASSERT_TRUE(docs.current().ok());
  const std::size_t x = docs.source().find('x');
  jot::error late = jot::make_error(error_code::unexpected_character);
  late.offset = x;
  jot::error early = late;
  early.offset = 1;  // the '"' of "a", on line 3
  for (int round = 0; round < 2; ++round) {
    const jot::error l = docs.locate(late);
    EXPECT_EQ(l.offset, text.find('x'));
    EXPECT_EQ(l.line, 5u);
    EXPECT_EQ(l.column, 3u);
    const jot::error e = docs.locate(early);
    EXPECT_EQ(e.offset, text.find('{') + 1);
    EXPECT_EQ(e.line, 3u);
    EXPECT_EQ(e.column, 3u);
  }
}

JOT_INSTANTIATE_FOR_KERNELS(Documents);

TEST(Documents, DefaultParserAndFormat) {
  jot::arena a;
  const std::string text = "{\"a\":1}\n{\"a\":2}\n";
  jot::documents docs(text, a);
  std::uint64_t sum = 0;
  for (auto& d : docs) sum += must((*d)["a"].get_uint64());
  EXPECT_EQ(sum, 3u);
  EXPECT_EQ(docs.count(), 2u);
}

// Every line of the corpus file, read as NDJSON, equals a plain parse of
// that line, and a bad line is reported at its line number.
TEST(Documents, AmazonCorpus) {
  JOT_REQUIRE_DATA(dir);
  std::string text;
  if (!jot_test::read_file(dir + "/corpus/amazon_cellphones.ndjson", text))
    GTEST_SKIP() << "corpus/amazon_cellphones.ndjson not in " << dir;
  for (jot::kernel k : jot_test::supported_kernels()) {
    SCOPED_TRACE(jot::kernel_name(k));
    jot::parser p({}, k);
    jot::arena a, b;
    jot::documents docs(p, text, a);
    std::size_t n = 0;
    std::size_t line_start = 0;
    while (docs.next()) {
      ASSERT_TRUE(docs.current()) << "document " << docs.index();
      const std::size_t nl = text.find('\n', line_start);
      const std::string_view line(text.data() + line_start, (nl == std::string::npos ? text.size() : nl) - line_start);
      EXPECT_EQ(docs.source(), line);
      b.reset();
      auto plain = p.parse(line, b);
      ASSERT_TRUE(plain);
      EXPECT_TRUE(plain->root() == docs.current()->root());
      line_start = nl + 1;
      ++n;
    }
    EXPECT_EQ(n, 793u);
    EXPECT_EQ(docs.error_count(), 0u);
  }
  // Break line 500 (1-based): the error names it, and the rest still parse.
  std::size_t at = 0;
  for (int i = 1; i < 500; ++i) at = text.find('\n', at) + 1;
  text.insert(at + 1, "x");
  jot::arena a;
  jot::documents docs(text, a, {.format = document_format::ndjson, .continue_after_error = true});
  std::size_t ok = 0;
  for (auto& d : docs) {
    if (d) {
      ++ok;
      continue;
    }
    EXPECT_EQ(docs.index(), 499u);
    EXPECT_EQ(d.error().line, 500u);
    EXPECT_EQ(d.error().column, 2u);
    EXPECT_EQ(d.error().offset, at + 1);
  }
  EXPECT_EQ(ok, 792u);
  EXPECT_EQ(docs.error_count(), 1u);
}

}  // namespace
