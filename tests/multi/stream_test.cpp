// Streams through a window (jot/stream.h): every window size and read split
// agrees with documents over the whole buffer; array elements; oversize
// documents; read failures; memory bounded by the window and the largest
// document on a generated 64 MB stream.
#include <gtest/gtest.h>
#include <jot/jot.h>
#include <jot/stream.h>
#include <jot/typed.h>
#include <jot/visit.h>

#include <algorithm>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "support/document_step.h"
#include "support/must.h"
#include "support/string_source.h"
#include "support/test_data.h"

namespace {

using jot::document_format;
using jot::error_code;
using jot_test::must;

using jot_test::step;
using jot_test::string_source;

template <class Reader>
step take(Reader& r) {
  return jot_test::copy_out(r.index(), r.current(), r.source());
}

std::vector<step> by_documents(std::string_view text, jot::documents_options d,
                               const jot::parse_options& o = {}) {
  jot::arena a;
  jot::parser p(o);
  jot::documents docs(p, text, a, d);
  std::vector<step> out;
  while (docs.next()) out.push_back(take(docs));
  return out;
}

std::vector<step> by_stream(string_source src, std::size_t window, jot::stream_options s,
                            const jot::parse_options& o = {}) {
  // An exact-size heap window: ASan catches a read past it.
  std::unique_ptr<char[]> w(new char[window]);
  jot::arena a;
  jot::parser p(o);
  jot::stream_reader r(p, jot::source::of(src), {w.get(), window}, a, s);
  std::vector<step> out;
  while (r.next()) out.push_back(take(r));
  EXPECT_EQ(r.count(), out.size());
  EXPECT_FALSE(r.next()) << "a finished iteration stays finished";
  return out;
}

struct format_case {
  document_format format;
  bool go_on;
  const char* text;
};

const format_case cases[] = {
    {document_format::ndjson, false, "{\"a\":1}\n[1,2,3]\n\n\"str\\n\"\r\n  42  \nnull"},
    {document_format::ndjson, true, "1\n[1,\n2]\n{\"k\":\"v\"}\n  \nfalse x\n\"\\ud83d\\ude00\"\n"},
    {document_format::ndjson, true, "\xEF\xBB\xBF[1]\n[\"\xC3\xA9\xF0\x9F\x98\x80\"]\n{\"a\":[{}]}\n"},
    {document_format::ndjson, false, "[1]\n{\"a\" 1}\n[2]\n"},
    {document_format::ndjson, true, "\xEF\xBB\xBF[1,]\n[2]\n{\"a\":\n"},
    // Lines whose one-pass parse fails at the LF (a cut literal, string or
    // escape) and lines followed by content: each is judged on its own.
    {document_format::ndjson, true, "tru\n[true\n\"ab\n[\"\\u00\n[1] x\n{\"a\":fals\n[2] \r\n3"},
    {document_format::concatenated, false, "{\"a\":1} [1,2]\n\n\"s\"123 4.5e10 true null{}[]"},
    {document_format::concatenated, false, "  [1]\n\n[2,\n3] 12345678 \"abc\\u00e9def\" 1x"},
    {document_format::concatenated, false, "[1] [2] truefalse [3]"},
    {document_format::concatenated, false, "[1]\n[2, 3\n"},
    {document_format::json_seq, false, "\x1E{\"a\":1}\n\x1E[1]\n\x1E\x1E\"s\"\n\x1E" "12\n"},
    {document_format::json_seq, true, "junk\x1E[1]\n\x1E" "123\x1E[2,\n\x1E{}\n\x1E" "5"},
};

// The largest source among the documents: windows at least this large (plus
// the distance at which a cut is told from an error) must agree.
std::size_t largest(const std::vector<step>& steps) {
  std::size_t n = 0;
  for (const step& s : steps) n = std::max(n, s.source.size());
  return n;
}

TEST(Stream, EveryWindowAndSplitAgreesWithDocuments) {
  jot::parse_options o;
  o.syntax.allow_bom = true;
  for (const format_case& c : cases) {
    SCOPED_TRACE(c.text);
    const std::string_view text = c.text;
    const std::vector<step> expected = by_documents(text, {c.format, c.go_on}, o);
    ASSERT_FALSE(expected.empty());
    const jot::stream_options s{c.format, false, c.go_on};
    const std::size_t min_window = largest(expected) + 16;
    for (std::size_t w = min_window; w <= text.size() + 2; ++w) {
      for (std::size_t chunk : {std::size_t{1}, std::size_t{3}, text.size()}) {
        SCOPED_TRACE("window " + std::to_string(w) + ", chunk " + std::to_string(chunk));
        EXPECT_EQ(by_stream({text, chunk}, w, s, o), expected);
      }
    }
    for (std::size_t split = 1; split <= text.size(); ++split) {
      SCOPED_TRACE("split " + std::to_string(split));
      string_source src{text};
      src.first = split;
      EXPECT_EQ(by_stream(src, text.size() + 1, s, o), expected);
    }
  }
}

TEST(Stream, CorpusNdjsonAgreesWithDocuments) {
  JOT_REQUIRE_DATA(dir);
  std::string text;
  if (!jot_test::read_file(dir + "/corpus/amazon_cellphones.ndjson", text))
    GTEST_SKIP() << "corpus/amazon_cellphones.ndjson not in " << dir;
  const std::vector<step> expected = by_documents(text, {document_format::ndjson});
  ASSERT_EQ(expected.size(), 793u);
  const std::size_t w = largest(expected) + 1;  // as small as the largest line and its LF
  EXPECT_EQ(by_stream({text, 4096}, w, {}), expected);
  EXPECT_EQ(by_stream({text}, w * 3 + 17, {}), expected);
  EXPECT_EQ(by_stream({text}, w, {document_format::concatenated}),
            by_documents(text, {document_format::concatenated}));
}

TEST(Stream, LineTooLongForTheWindow) {
  const std::string text = "[1]\n[\"" + std::string(100, 'x') + "\"]\n[2]\n";
  for (std::size_t chunk : {std::size_t{1}, std::size_t{7}, text.size()}) {
    const auto steps = by_stream({text, chunk}, 32, {document_format::ndjson, false, true});
    ASSERT_EQ(steps.size(), 3u);
    EXPECT_TRUE(steps[0].ok);
    ASSERT_FALSE(steps[1].ok);
    EXPECT_EQ(steps[1].error.code, error_code::capacity_exceeded);
    EXPECT_EQ(steps[1].error.needed, 104u) << "the line's size, without its LF";
    EXPECT_EQ(steps[1].error.offset, 4u);
    EXPECT_EQ(steps[1].error.line, 2u);
    EXPECT_EQ(steps[1].error.column, 1u);
    ASSERT_TRUE(steps[2].ok) << steps[2];
    EXPECT_EQ(steps[2].json, "[2]");
    EXPECT_EQ(steps[2].index, 2u);
  }
  // Without continue_after_error the oversize line ends the iteration.
  EXPECT_EQ(by_stream({text}, 32, {}).size(), 2u);
  // A blank line is no document, however long.
  const std::string blank = "[1]\n" + std::string(100, ' ') + "\r\n[2]\n" + std::string(50, '\t');
  EXPECT_EQ(by_stream({blank, 5}, 32, {}), by_documents(blank, {}));
  // The oversize line has no source, even right after a blank line (whose
  // source it once reported).
  const std::string after_blank = "[1]\n  \n[\"" + std::string(100, 'x') + "\"]\n";
  const auto steps = by_stream({after_blank, 4}, 32, {document_format::ndjson, false, true});
  ASSERT_EQ(steps.size(), 2u);
  ASSERT_FALSE(steps[1].ok);
  EXPECT_EQ(steps[1].error.code, error_code::capacity_exceeded);
  EXPECT_EQ(steps[1].source, "");
}

TEST(Stream, CommentCutByTheWindow) {
  jot::parse_options o;
  o.syntax.allow_comments = true;
  const std::string_view text = "1\r\n/*x*/\"s\" 2 // c\n3";
  const auto expected = by_documents(text, {document_format::concatenated}, o);
  for (std::size_t chunk = 1; chunk <= text.size(); ++chunk)
    EXPECT_EQ(by_stream({text, chunk}, 40, {document_format::concatenated}, o), expected);
  // A block comment after a document that the bytes read so far cut more
  // than max_cut_distance from its start: more bytes end it (fuzz/stream_fuzzer
  // found the stream reporting unterminated_comment instead of reading on).
  const std::string long_comment = "1\r\n/*" + std::string(40, 'x') + "*/,2 /* " + std::string(30, '*') + " */ 3";
  const auto with_long = by_documents(long_comment, {document_format::concatenated, true}, o);
  ASSERT_GE(with_long.size(), 2u);
  for (std::size_t chunk : {std::size_t{1}, std::size_t{5}, std::size_t{45}, long_comment.size()})
    EXPECT_EQ(by_stream({long_comment, chunk}, long_comment.size() + 20,
                        {document_format::concatenated, false, true}, o),
              with_long)
        << "chunk " << chunk;
  // Comments longer than the window are too large, never misread: the
  // window may end inside one ("c" below is not a document).
  const std::string_view comments = "//c\n//c\n  \n  \n//c\n/*x*/ 1";
  const auto steps = by_stream({comments, 2}, 16, {document_format::concatenated}, o);
  ASSERT_EQ(steps.size(), 1u);
  EXPECT_EQ(steps[0].error.code, error_code::capacity_exceeded);
  // Whitespace longer than the window is dropped.
  const std::string spaces = std::string(100, ' ') + "[1] " + std::string(100, '\n') + "2";
  EXPECT_EQ(by_stream({spaces, 7}, 16, {document_format::concatenated}).size(), 2u);
}

// A full window that may end inside a line comment after a document is too
// small: the documents before it are read, then capacity_exceeded; never a
// document or an error that the whole text does not have (the stream once
// took the window's end for the comment's and read the rest of it as JSON).
TEST(Stream, AWindowThatCutsALineCommentIsTooSmall) {
  jot::parse_options o;
  o.syntax.allow_comments = true;
  const std::string_view texts[] = {"1 //x\n2", "[1] //]\n[2]", "\"a\" //\"\n\"b\"", "{} /*c*/ //}\n{}",
                                    "12 // a b c d\n34 // e\n"};
  for (const std::string_view text : texts) {
    const auto want = by_documents(text, {document_format::concatenated}, o);
    for (std::size_t window = 1; window <= text.size() + 4; ++window) {
      for (std::size_t chunk : {std::size_t{1}, std::size_t{4}, text.size()}) {
        SCOPED_TRACE(std::string(text) + ", window " + std::to_string(window) + ", chunk " + std::to_string(chunk));
        const auto got = by_stream({text, chunk}, window, {document_format::concatenated}, o);
        ASSERT_FALSE(got.empty());
        if (got.back().ok || got.back().error.code != error_code::capacity_exceeded) {
          EXPECT_EQ(got, want);
          continue;
        }
        ASSERT_LE(got.size(), want.size());
        // The documents before it, whose source() may end where the window did.
        for (std::size_t i = 0; i + 1 < got.size(); ++i) {
          EXPECT_TRUE(got[i].ok) << "document " << i;
          EXPECT_EQ(got[i].json, want[i].json) << "document " << i;
        }
      }
    }
  }
}

// A source that hands out one message per read, as a pipe does while its
// writer waits for an answer: before each message after the first, the
// reader must have given every document the messages so far completed
// (counted by the caller), or it would wait on a pipe that stays silent.
struct messages_source {
  std::vector<std::string_view> messages;
  std::vector<std::size_t> complete_after;  // documents whole after messages[i]
  const std::size_t* given = nullptr;        // documents the reader has given
  std::size_t next = 0;
  std::size_t at = 0;      // bytes of messages[next] already handed out
  std::size_t early = 0;   // reads that came before the documents due

  jot::result<std::size_t> read(char* buffer, std::size_t size) noexcept {
    if (next == messages.size()) return std::size_t{0};
    if (at == 0 && next > 0 && *given < complete_after[next - 1]) ++early;
    const std::size_t n = std::min(size, messages[next].size() - at);
    std::memcpy(buffer, messages[next].data() + at, n);
    at += n;
    if (at == messages[next].size()) ++next, at = 0;
    return n;
  }
};

// A document whole in the bytes read so far is given before the next read,
// so that a stream over a pipe answers each message as it comes; a document
// cut by a message is parsed again when the rest comes, not only once the
// window is full.
TEST(Stream, AWholeDocumentIsGivenBeforeTheNextRead) {
  struct scenario {
    jot::stream_options options;
    std::vector<std::string_view> messages;
    std::vector<std::size_t> complete_after;
    std::size_t total;
  };
  const scenario scenarios[] = {
      {{.format = document_format::ndjson},
       {"{\"a\":1}\n", "{\"b\":", "[2,3]}\n", "4\n5", "\n", "[6]\n"},
       {1, 1, 2, 3, 4, 5},
       5},
      {{.array_elements = true}, {"[{\"a\":1},", "{\"b\":", "2},", "3,4,", "[5]]"}, {1, 1, 2, 4, 5}, 5},
      // A record is whole once the next one's RS comes (or the end).
      {{.format = document_format::json_seq},
       {"\x1e{\"a\":1}\n", "\x1e[2", ",3]\n", "\x1e\"x\"\n"},
       {0, 1, 1, 2},
       3},
  };
  for (const scenario& sc : scenarios) {
    for (const std::size_t window : {std::size_t{64}, std::size_t{1} << 20}) {
      for (const bool parse : {true, false}) {
        std::size_t given = 0;
        messages_source src{sc.messages, sc.complete_after, &given};
        std::unique_ptr<char[]> w(new char[window]);
        jot::arena a;
        jot::stream_options so = sc.options;
        so.parse = parse;
        jot::stream_reader r(jot::source::of(src), {w.get(), window}, a, so);
        while (r.next()) {
          ASSERT_TRUE(r.current().ok()) << jot::error_code_name(r.current().error().code);
          ++given;
        }
        EXPECT_EQ(given, sc.total) << sc.messages[0] << ", window " << window;
        EXPECT_EQ(src.early, 0u) << "reads before the documents due: " << sc.messages[0] << ", window "
                                 << window << ", parse " << parse;
      }
    }
  }
}

TEST(Stream, DocumentTooLargeForTheWindow) {
  const std::string text = "[1] [\"" + std::string(100, 'x') + "\"] [2]";
  const auto steps = by_stream({text}, 32, {document_format::concatenated});
  ASSERT_EQ(steps.size(), 2u);
  ASSERT_FALSE(steps[1].ok);
  EXPECT_EQ(steps[1].error.code, error_code::capacity_exceeded);
  EXPECT_GT(steps[1].error.needed, 32u);
  EXPECT_EQ(steps[1].error.offset, 4u);
  EXPECT_EQ(steps[1].error.column, 5u);
}

TEST(Stream, WindowGrowsUpToItsMaximum) {
  const std::string text = "[1]\n[\"" + std::string(1000, 'x') + "\"]\n[2]\n";
  for (bool array : {false, true}) {
    const std::string input = array ? "[[1],[\"" + std::string(1000, 'x') + "\"],[2]]" : text;
    string_source src{input, 5};
    jot::arena a;
    jot::stream_reader r(jot::source::of(src), {nullptr, 16, jot::malloc_allocator(), 4096}, a,
                         {document_format::ndjson, array});
    std::vector<std::string> seen;
    while (r.next()) {
      ASSERT_TRUE(r.current().ok()) << jot::error_code_name(r.current().error().code);
      jot::output_buffer out;
      seen.emplace_back(must(jot::write(r.current()->root(), out)));
    }
    ASSERT_EQ(seen.size(), 3u);
    EXPECT_EQ(seen[1].size(), 1004u);
    EXPECT_GE(r.window_size(), 1004u);
    EXPECT_LE(r.window_size(), 4096u);
    // The same with a maximum too small: capacity_exceeded.
    string_source again{input, 5};
    jot::stream_reader small(jot::source::of(again), {nullptr, 16, jot::malloc_allocator(), 512},
                             a, {document_format::ndjson, array});
    ASSERT_TRUE(small.next());
    ASSERT_TRUE(small.next());
    ASSERT_FALSE(small.current().ok());
    EXPECT_EQ(small.current().error().code, error_code::capacity_exceeded);
  }
}

// A document that overflows a fixed arena fails with capacity_exceeded where
// documents says, also after earlier documents in the window (the offset of
// a prefix parse's error is relative to the document; the window's own
// capacity error once had another convention, which mislocated this one).
TEST(Stream, ArenaFullIsLocatedAsDocumentsSays) {
  const std::string big = "[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30]";
  const std::string concatenated = "[1,2] \n " + big;
  const std::string array = "[[1,2],\n" + big + "]";
  alignas(16) static char memory[256];
  jot::error want;
  {
    jot::arena a(memory, sizeof memory);
    jot::documents d(concatenated, a, {.format = document_format::concatenated});
    ASSERT_TRUE(d.next());
    ASSERT_TRUE(d.current());
    ASSERT_TRUE(d.next());
    ASSERT_FALSE(d.current());
    want = d.current().error();
    ASSERT_EQ(want.code, error_code::capacity_exceeded);
  }
  for (bool elements : {false, true}) {
    const std::string& text = elements ? array : concatenated;
    jot::arena a(memory, sizeof memory);
    char window[512];
    string_source src{text, 5};
    jot::stream_reader r(jot::source::of(src), {window, sizeof window}, a,
                         {.format = document_format::concatenated, .array_elements = elements});
    ASSERT_TRUE(r.next());
    ASSERT_TRUE(r.current());
    ASSERT_TRUE(r.next());
    ASSERT_FALSE(r.current());
    const jot::error& e = r.current().error();
    EXPECT_EQ(e.code, error_code::capacity_exceeded);
    // The same place in the big document, which starts at byte 8 of both
    // texts; its line starts one byte later in the array.
    ASSERT_EQ(text.find(big), concatenated.find(big));
    EXPECT_EQ(e.offset, want.offset);
    EXPECT_EQ(e.line, 2u);
    EXPECT_EQ(e.column, want.column - (elements ? 1 : 0));
  }
}

TEST(Stream, EmptyWindowFails) {
  for (bool array : {false, true}) {
    string_source src{"[1]\n"};
    jot::arena a;
    jot::stream_reader r(jot::source::of(src), {nullptr, 0}, a, {document_format::ndjson, array});
    ASSERT_TRUE(r.next());
    ASSERT_FALSE(r.current().ok());
    EXPECT_EQ(r.current().error().code, error_code::capacity_exceeded);
    EXPECT_FALSE(r.next());
  }
}

TEST(Stream, ReadFailureIsAnIoError) {
  for (document_format f : {document_format::ndjson, document_format::concatenated}) {
    string_source src{"[1]\n[2]\n[3", 4};
    src.fail_at_end = true;
    const auto steps = by_stream(src, 64, {f, false, true});
    ASSERT_EQ(steps.size(), 3u);
    EXPECT_TRUE(steps[1].ok);
    ASSERT_FALSE(steps[2].ok);
    EXPECT_EQ(steps[2].error.code, error_code::io_error);
    EXPECT_EQ(steps[2].error.offset, 10u) << "where the stream stopped";
    EXPECT_EQ(steps[2].error.line, 3u);
  }
}

// Array elements: the elements of one top-level array.
std::vector<step> elements(std::string_view text, std::size_t window, std::size_t chunk,
                           const jot::parse_options& o = {}) {
  return by_stream({text, chunk}, window, {document_format::ndjson, true}, o);
}

TEST(Stream, ArrayElementsMatchTheWholeArray) {
  const char* texts[] = {
      "[]", "  [ ]  ", "[1]", "[1,2,3]", " [ {\"a\":[1,{}]} ,\n\"s\" , [[]], 12345, -0.5e3 ,true,null ]\n",
      "[\"\\ud83d\\ude00\xC3\xA9\",{\"k\":\"\\n\"}]"};
  for (const char* t : texts) {
    SCOPED_TRACE(t);
    const std::string_view text = t;
    jot::arena whole_arena;
    const jot::document whole = must(jot::parse(text, whole_arena));
    std::vector<std::string> expected;
    for (const jot::value v : must(whole.root().get_array())) {
      jot::output_buffer out;
      expected.emplace_back(must(jot::write(v, out)));
    }
    for (std::size_t w = 24; w <= text.size() + 2; ++w) {
      for (std::size_t chunk : {std::size_t{1}, std::size_t{4}, text.size()}) {
        const auto steps = elements(text, w, chunk);
        ASSERT_EQ(steps.size(), expected.size()) << "window " << w << ", chunk " << chunk;
        for (std::size_t i = 0; i < steps.size(); ++i) {
          ASSERT_TRUE(steps[i].ok) << steps[i];
          EXPECT_EQ(steps[i].json, expected[i]);
          EXPECT_EQ(steps[i].index, i);
        }
      }
    }
  }
}

// An element's source() is the text between its separators: after ',' with
// the whitespace on both sides (the first: from its first byte after '['),
// whatever the window and the reads.
TEST(Stream, ArrayElementSourcesAreTheTextBetweenTheCommas) {
  const std::string_view text =
      " [ {\"a\":[1,{}]} ,\n\"s,]\" , [[]],12345, -0.5e3 ,true,\n\n  null ,\"\\\"\" ]\n";
  std::vector<std::string> expected;
  {
    // Split at the array's own commas: depth 1, outside strings.
    int depth = 0;
    bool in_string = false;
    std::string piece;
    for (std::size_t i = 0; i < text.size(); ++i) {
      const char c = text[i];
      if (in_string) {
        piece += c;
        if (c == '\\') piece += text[++i];
        else if (c == '"') in_string = false;
        continue;
      }
      if (c == '"') in_string = true;
      if (c == '[' || c == '{') ++depth;
      if (c == ']' || c == '}') --depth;
      if (depth == 0 && c == ']') break;
      if (depth == 1 && (c == ',' || c == '[')) {
        if (c == ',') expected.push_back(piece);
        piece.clear();
        continue;
      }
      if (depth >= 1) piece += c;
    }
    expected.push_back(piece);
    expected[0].erase(0, expected[0].find_first_not_of(" \n"));
  }
  ASSERT_EQ(expected.size(), 8u);
  for (std::size_t w = 24; w <= text.size() + 2; ++w) {
    for (std::size_t chunk : {std::size_t{1}, std::size_t{7}, text.size()}) {
      const auto steps = elements(text, w, chunk);
      ASSERT_EQ(steps.size(), expected.size()) << "window " << w << ", chunk " << chunk;
      for (std::size_t i = 0; i < steps.size(); ++i) {
        ASSERT_TRUE(steps[i].ok) << steps[i];
        EXPECT_EQ(steps[i].source, expected[i]) << "window " << w << ", chunk " << chunk;
      }
    }
  }
}

TEST(Stream, ArrayElementsErrors) {
  struct bad {
    const char* text;
    error_code code;
    std::size_t offset;
    std::size_t good;  // elements before the error
  };
  const bad cases_[] = {
      {"", error_code::empty_input, 0, 0},
      {"  {\"a\":1}", error_code::unexpected_character, 2, 0},
      {"[1,2", error_code::unexpected_end, 4, 2},
      {"[1,2,", error_code::unexpected_end, 5, 2},
      {"[", error_code::unexpected_end, 1, 0},
      {"[1 2]", error_code::unexpected_character, 3, 1},
      {"[1;2]", error_code::unexpected_character, 2, 1},
      {"[1,2] x", error_code::trailing_content, 6, 2},
      {"[1,2]]", error_code::trailing_content, 5, 2},
      {"[1,]", error_code::trailing_comma, 2, 1},
      {"[,1]", error_code::unexpected_character, 1, 0},
      {"[1,{\"a\" 1}]", error_code::unexpected_character, 8, 1},
      {"[1,\n  [2,\n   x]]", error_code::unexpected_character, 13, 1},
  };
  for (const bad& c : cases_) {
    SCOPED_TRACE(c.text);
    const std::string_view text = c.text;
    jot::arena a;
    for (std::size_t w = 24; w <= text.size() + 24; ++w) {
      for (std::size_t chunk : {std::size_t{1}, std::size_t{2}, text.size() + 1}) {
        const auto steps = elements(text, w, chunk);
        ASSERT_EQ(steps.size(), c.good + 1) << "window " << w << ", chunk " << chunk;
        for (std::size_t i = 0; i < c.good; ++i) EXPECT_TRUE(steps[i].ok) << steps[i];
        const step& last = steps.back();
        ASSERT_FALSE(last.ok) << last;
        EXPECT_EQ(last.error.code, c.code) << last;
        EXPECT_EQ(last.error.offset, c.offset) << last;
        EXPECT_EQ(last.index, c.good);
        jot::error located = last.error;
        jot::locate(located, text);
        EXPECT_EQ(last.error.line, located.line);
        EXPECT_EQ(last.error.column, located.column);
      }
    }
    // The whole array parsed at once fails too (where its parser says).
    if (text.find('[') != std::string_view::npos) EXPECT_FALSE(jot::parse(text, a).ok());
  }
  // Trailing commas, where the parser allows them.
  jot::parse_options o;
  o.syntax.allow_trailing_commas = true;
  const auto steps = elements("[1,2,]", 32, 1, o);
  ASSERT_EQ(steps.size(), 2u);
  EXPECT_TRUE(steps[1].ok);
}

// The steps of a reader with parse = false, each source() then checked by
// jot::visit and its error located by the reader: they must be the parsing
// reader's steps, whatever the window and the reads. A delimited format
// without continue_after_error stops at the first bad document, as the
// parsing reader does (the finding reader cannot know it is bad).
std::vector<step> by_stream_unparsed(string_source src, std::size_t window, jot::stream_options s,
                                     const jot::parse_options& o = {}) {
  std::unique_ptr<char[]> w(new char[window]);
  jot::arena a(nullptr, 0);  // no memory at all: building a document would fail
  jot::parser p(o);
  s.parse = false;
  jot::stream_reader r(p, jot::source::of(src), {w.get(), window}, a, s);
  const bool delimited = !s.array_elements && s.format != document_format::concatenated;
  std::vector<step> out;
  while (r.next()) {
    step st;
    st.index = r.index();
    st.source = std::string(r.source());
    if (!r.current()) {
      st.error = r.current().error();
    } else {
      EXPECT_FALSE(r.current()->root().exists());
      jot::visitor nothing;
      const jot::result<void> visited = jot::visit(r.source(), nothing);
      if (visited) {
        jot::arena doc_arena;
        const jot::document d = must(jot::parse(r.source(), doc_arena));
        jot::output_buffer buf;
        st.ok = true;
        st.json = std::string(must(jot::write(d.root(), buf)));
      } else {
        st.error = r.locate(visited.error());
      }
    }
    out.push_back(st);
    if (!st.ok && delimited && !s.continue_after_error) break;
  }
  return out;
}

TEST(Stream, UnparsedStepsAreTheParsedOnesOnceChecked) {
  for (const format_case& c : cases) {
    SCOPED_TRACE(c.text);
    const std::string_view text = c.text;
    jot::parse_options o;
    o.syntax.allow_bom = true;
    const jot::stream_options s{c.format, false, c.go_on};
    const std::vector<step> expected = by_stream({text, text.size()}, text.size() + 16, s, o);
    const std::size_t min_window = largest(expected) + 16;
    for (std::size_t w = min_window; w <= text.size() + 2; ++w) {
      for (std::size_t chunk : {std::size_t{1}, std::size_t{3}, text.size()}) {
        SCOPED_TRACE("window " + std::to_string(w) + ", chunk " + std::to_string(chunk));
        EXPECT_EQ(by_stream_unparsed({text, chunk}, w, s, o), expected);
      }
    }
  }
  const char* arrays[] = {
      " [ {\"a\":[1,{}]} ,\n\"s\" , [[]], 12345, -0.5e3 ,true,null ]\n",
      "[1,\n  [2,\n   x]]", "[1,2] x", "[1,{\"a\" 1}]", "[1,2", "[\"\\ud83d\\ude00\xC3\xA9\",{\"k\":\"\\n\"}]",
      "[1,\n\"a\nb\"]", "[{\"k\":[1,2,]}]",
  };
  for (const char* t : arrays) {
    SCOPED_TRACE(t);
    const std::string_view text = t;
    const jot::stream_options s{document_format::ndjson, true};
    for (std::size_t w = 24; w <= text.size() + 2; ++w) {
      for (std::size_t chunk : {std::size_t{1}, std::size_t{4}, text.size()}) {
        SCOPED_TRACE("window " + std::to_string(w) + ", chunk " + std::to_string(chunk));
        EXPECT_EQ(by_stream_unparsed({text, chunk}, w, s), by_stream({text, chunk}, w, s));
      }
    }
  }
}

// Lenient options: concatenated documents are then parsed to find their end
// (the finding scan is strict), and still yield what a parse yields.
TEST(Stream, UnparsedWithCommentsStillParses) {
  const std::string_view text = "[1, /* c */ 2] // x\n{\"a\":1,}";
  jot::parse_options o;
  o.syntax.allow_comments = true;
  o.syntax.allow_trailing_commas = true;
  jot::stream_options s{document_format::concatenated};
  s.parse = false;
  char window[64];
  jot::arena a;
  jot::parser p(o);
  string_source src{text};
  jot::stream_reader r(p, jot::source::of(src), {window, sizeof window}, a, s);
  std::vector<std::string> roots;
  while (r.next()) {
    ASSERT_TRUE(r.current().ok()) << r.current().error().message;
    jot::output_buffer buf;
    roots.emplace_back(must(jot::write(r.current()->root(), buf)));
  }
  EXPECT_EQ(roots, (std::vector<std::string>{"[1,2]", "{\"a\":1}"}));
}

struct point {
  int x = 0;
  int y = 0;
  std::string_view name;
};

TEST(Stream, TypedElements) {
  std::string text = "[";
  for (int i = 0; i < 200; ++i) {
    if (i != 0) text += ",\n";
    text += "{\"x\":" + std::to_string(i) + ",\"y\":" + std::to_string(-i) + ",\"name\":\"p" +
            std::to_string(i) + "\"}";
  }
  text += "]";
  string_source src{text, 100};
  char window[128];
  jot::arena dom;
  jot::stream_reader r(jot::source::of(src), {window, sizeof window}, dom,
                       {document_format::ndjson, true});
  int i = 0;
  jot::arena typed;
  while (r.next()) {
    ASSERT_TRUE(r.current().ok());
    point p;
    typed.reset();
    ASSERT_TRUE(jot::read(r.source(), p, typed).ok()) << r.source();
    EXPECT_EQ(p.x, i);
    EXPECT_EQ(p.y, -i);
    EXPECT_EQ(p.name, "p" + std::to_string(i));
    ++i;
  }
  EXPECT_EQ(i, 200);
}

// parse = false: each line decoded by jot::read only, and its error located
// in the stream by the reader.
TEST(Stream, TypedLinesWithoutDocuments) {
  const std::string_view text =
      "{\"x\":1,\"y\":2,\"name\":\"a\"}\n\n{\"x\":3,\"y\":4,\"name\":\"b\"}\r\n{\"x\":5,\"y\":\"six\",\"name\":\"c\"}\n";
  string_source src{text, 5};
  char window[48];
  jot::arena none(nullptr, 0);
  jot::stream_options so{document_format::ndjson};
  so.parse = false;
  jot::stream_reader r(jot::source::of(src), {window, sizeof window}, none, so);
  std::vector<std::pair<int, std::string>> got;  // copies: views die at the next step
  jot::read_result last = std::size_t{0};
  while (r.next()) {
    ASSERT_TRUE(r.current().ok());
    point p;
    last = jot::read(r.source(), p);
    if (!last) break;
    got.emplace_back(p.x, std::string(p.name));
  }
  ASSERT_EQ(got.size(), 2u);
  EXPECT_EQ(got[1], (std::pair<int, std::string>(3, "b")));
  ASSERT_FALSE(last.ok());
  EXPECT_EQ(last.error().path(), "/y");
  const jot::error e = r.locate(last.error());
  const std::size_t at = text.find("\"six\"");
  EXPECT_EQ(e.code, last.error().code);
  EXPECT_EQ(e.offset, at);
  EXPECT_EQ(e.line, 4u);
  EXPECT_EQ(e.column, at - text.rfind('\n', at));
}

// A source that generates `total` bytes of NDJSON or of one array, on the
// fly: the stream is never in memory.
struct generator {
  std::uint64_t total;
  bool array;
  std::uint64_t made = 0;
  std::uint64_t items = 0;
  std::string pending;

  jot::result<std::size_t> read(char* buffer, std::size_t size) noexcept {
    std::size_t n = 0;
    while (n < size) {
      if (pending.empty()) {
        if (made >= total) break;
        std::string item = "{\"id\":" + std::to_string(items) +
                           ",\"name\":\"item\",\"tags\":[\"a\",\"b\"],\"v\":" +
                           std::to_string(items * 0.5) + "}";
        if (array) pending = (items == 0 ? "[" : ",\n") + item;
        else pending = item + "\n";
        ++items;
        made += pending.size();
        if (array && made >= total) pending += "]";
      }
      const std::size_t k = std::min(size - n, pending.size());
      std::memcpy(buffer + n, pending.data(), k);
      pending.erase(0, k);
      n += k;
    }
    return n;
  }
};

// Counts the bytes an arena and a window take from upstream.
struct counting_upstream {
  std::size_t live = 0;
  std::size_t peak = 0;
  void* allocate(std::size_t n, std::size_t align) {
    live += n;
    peak = std::max(peak, live);
    return ::operator new(n, std::align_val_t(align));
  }
  void deallocate(void* p, std::size_t n, std::size_t align) {
    live -= n;
    ::operator delete(p, std::align_val_t(align));
  }
};

TEST(Stream, MemoryStaysBoundedOn64MegabyteStreams) {
  for (bool array : {false, true}) {
    counting_upstream counter;
    generator gen{64u << 20, array};
    const std::size_t window = 64 * 1024;
    std::uint64_t count = 0;
    {
      // An arena that starts in a small buffer: the parser sizes its first
      // upstream block from the bytes left to parse, which for a prefix parse
      // (array elements) is the rest of the window, not the element.
      alignas(16) char dom[8192];
      jot::arena a(dom, sizeof dom, jot::allocator::of(counter));
      jot::stream_reader r(jot::source::of(gen), {nullptr, window, jot::allocator::of(counter)}, a,
                           {document_format::ndjson, array});
      while (r.next()) {
        ASSERT_TRUE(r.current().ok()) << jot::error_code_name(r.current().error().code);
        ++count;
      }
      EXPECT_EQ(r.bytes_read(), gen.made + (array ? 1 : 0));
    }
    EXPECT_EQ(count, gen.items);
    EXPECT_GT(gen.made, 64u << 20);
    // The window alone: each ~70-byte element's DOM fits in the arena's buffer.
    EXPECT_LE(counter.peak, window) << "peak upstream bytes";
    EXPECT_EQ(counter.live, 0u);
  }
}

}  // namespace
