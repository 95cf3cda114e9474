// The elements of a top-level array read by a stream_reader fail where
// jot::parse of the whole array fails, with the same code, offset, line and
// column, and succeed where it succeeds: through every window the elements
// fit in and every read size, parsing, scanning (parse = false) and
// decoding (typed_stream_reader), under the parser's options. Bad input gets
// one error whichever entry point reads it.
#include <gtest/gtest.h>
#include <jot/jot.h>
#include <jot/stream.h>
#include <jot/typed_stream.h>

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "support/must.h"
#include "support/string_source.h"

namespace {

using jot_test::must;
using jot_test::string_source;

// What reading the whole stream gave: the elements written compact, then
// the error of the failed last step (ok when none failed).
struct outcome {
  std::vector<std::string> elements;
  jot::error error;
};

std::string compact(jot::value v) {
  jot::output_buffer out;
  return std::string(must(jot::write(v, out)));
}

enum class reader { parse, scan, typed };

outcome read_stream(reader how, const jot::parse_options& o, std::string_view text, std::size_t window,
                    std::size_t chunk) {
  std::unique_ptr<char[]> w(new char[window]);  // exact size: ASan sees an overread
  string_source src{text, chunk};
  jot::arena a;
  outcome out;
  const auto take = [&](bool ok, const jot::error& e, auto value_of) {
    EXPECT_TRUE(out.error.ok()) << "a step after a failed one";
    if (ok) out.elements.push_back(compact(value_of()));
    else out.error = e;
  };
  if (how == reader::typed) {
    const jot::read_options ro{.syntax = {.validate_utf8 = o.syntax.validate_utf8, .max_depth = o.syntax.max_depth}};
    jot::typed_stream_reader<jot::value> r(jot::source::of(src), {w.get(), window}, a,
                                           {.array_elements = true}, ro);
    while (r.next()) take(r.result().ok(), r.result().error(), [&] { return r.value(); });
    return out;
  }
  jot::parser p(o);
  jot::stream_reader r(p, jot::source::of(src), {w.get(), window}, a,
                       {.array_elements = true, .parse = how == reader::parse});
  jot::arena element_arena;
  while (r.next()) {
    const jot::result<jot::document>& d = r.current();
    if (how == reader::parse || !d) {
      take(d.ok(), d ? jot::error() : d.error(), [&] { return d->root(); });
      continue;
    }
    // parse = false found the element's bytes: parse them to compare.
    element_arena.reset();
    const jot::document e = must(p.parse(r.source(), element_arena));
    take(true, jot::error(), [&] { return e.root(); });
  }
  return out;
}

// The longest run of whitespace in text: with comments allowed, the reader
// cannot drop a window of it after a comma (it might end inside a comment).
std::size_t longest_space_run(std::string_view text) {
  std::size_t best = 0;
  std::size_t run = 0;
  for (const char c : text) {
    run = (c == ' ' || c == '\n' || c == '\t' || c == '\r') ? run + 1 : 0;
    best = std::max(best, run);
  }
  return best;
}

struct option_set {
  const char* name;
  jot::parse_options options;
};

jot::parse_options with(void (*set)(jot::parse_options&)) {
  jot::parse_options o;
  set(o);
  return o;
}

// Every reader, window and read size against the whole parse of text:
// returns at the first difference (one failure per text and option set).
void check_text(const option_set& set, const std::string& text) {
  SCOPED_TRACE(std::string(set.name) + ": '" + text + "'");
  const jot::parse_options& o = set.options;
  jot::arena whole_arena;
  const jot::result<jot::document> whole = jot::parser(o).parse(text, whole_arena);
  outcome want;
  if (whole) {
    ASSERT_TRUE(whole->root().is_array());
    for (const jot::value v : must(whole->root().get_array())) want.elements.push_back(compact(v));
  } else {
    want.error = whole.error();
  }
  // The typed reader's options have no comments, trailing commas or byte order mark.
  const bool typed = !o.syntax.allow_comments && !o.syntax.allow_trailing_commas && !o.syntax.allow_bom;
  const std::size_t smallest = 16 + (o.syntax.allow_comments ? longest_space_run(text) : 0);
  for (reader how : {reader::parse, reader::scan, reader::typed}) {
    if (how == reader::typed && !typed) continue;
    for (std::size_t window = smallest; window <= text.size() + 24; ++window) {
      for (std::size_t chunk : {std::size_t{1}, std::size_t{2}, std::size_t{5}, text.size() + 1}) {
        const outcome got = read_stream(how, o, text, window, chunk);
        const auto where = [&] {
          return "reader " + std::to_string(static_cast<int>(how)) + ", window " + std::to_string(window) +
                 ", chunk " + std::to_string(chunk);
        };
        ASSERT_EQ(got.error.code, want.error.code)
            << where() << ": " << jot::error_code_name(got.error.code) << " at " << got.error.offset
            << ", parse: " << jot::error_code_name(want.error.code) << " at " << want.error.offset;
        ASSERT_EQ(got.error.offset, want.error.offset) << where();
        ASSERT_EQ(got.error.line, want.error.line) << where();
        ASSERT_EQ(got.error.column, want.error.column) << where();
        if (want.error.ok()) ASSERT_EQ(got.elements, want.elements) << where();
      }
    }
  }
}

TEST(StreamElements, VerdictsAreTheParsersVerdicts) {
  const std::string spaces(40, ' ');
  const std::string texts[] = {
      // Trailing commas, at the comma (the bracket may come windows later).
      "[1,2,]", "[1,]", "[1 , \n ]", "[\n1,\n2,\n]", "[1,]x", "[1,\n  ]  ", "[[1,]]",
      "[1," + spaces + "\n" + spaces + "]", "[1,\n" + spaces + "\n  " + spaces + " ]",
      // Brackets and commas.
      "[1 2]", "[,1]", "[1,,2]", "[", "[1,", "]", "[1,2", "[1,2,", "[1;2]", "[1}", "[1 2",
      "[1] x", "[1]]", "[1,2]/", "[1 /", "[1]\n\n x", "[ 1 ,\n , 2]",
      // Errors inside an element.
      "[1,\"ab", "[\"ab\\u12", "[1,{\"a\" 1}]", "[tru]", "[1,-]", "[{\"a\":1,}]", "[1e999]",
      "[1,1e999]", "[1,\"a\x01\"]", "[\"\xC3\"]", "[1,\n  [2,\n   x]]",
      // Comments, allowed or not, before, between and after the elements.
      "[1] //x", "[1 //x\n]", "[1 /*x*/ ]", "[/*x*/1]", "[1,/*x*/2]", "[ /*c*/ ]", "[1, /*c*/ ]",
      "[1] /*c*/", "[1,2 ] /*c", "[1,2 /*c", "/*c*/[1]", "//c\n[1]", "[1]//c", "[1 /*c*/ , 2 ]",
      "[1,2]/*", "[1,2]/*/", "/*c*/ /*d*/\n[ /**/ ]",
      // Byte order marks.
      "\xEF\xBB\xBF[1]", "\xEF\xBB\xBF", "\xEF\xBB\xBF [1,]", "[1,2]\xEF\xBB\xBF", "[\xEF\xBB\xBF" "1]",
      "[1,\xEF\xBB\xBF" "2]", "[1, \xEF\xBB\xBF" "2]",
      // Depth, and valid arrays.
      "[[1]]", "[[[1]]]", "[1,[2,[3]]]", "[{\"a\":[1]}]", "[]", " [ ] ", "[1,2,3]", "",
      "   "};
  const option_set sets[] = {
      {"strict", {}},
      {"comments", with([](jot::parse_options& o) { o.syntax.allow_comments = true; })},
      {"trailing commas", with([](jot::parse_options& o) { o.syntax.allow_trailing_commas = true; })},
      {"comments, trailing commas", with([](jot::parse_options& o) {
         o.syntax.allow_comments = true;
         o.syntax.allow_trailing_commas = true;
       })},
      {"max_depth 0", with([](jot::parse_options& o) { o.syntax.max_depth = 0; })},
      {"max_depth 1", with([](jot::parse_options& o) { o.syntax.max_depth = 1; })},
      {"max_depth 2", with([](jot::parse_options& o) { o.syntax.max_depth = 2; })},
      {"byte order mark", with([](jot::parse_options& o) { o.syntax.allow_bom = true; })},
  };
  for (const option_set& set : sets)
    for (const std::string& text : texts) check_text(set, text);
}

// A window smaller than a byte order mark cannot tell one: too small, as
// for an element that does not fit, never another error.
TEST(StreamElements, WindowSmallerThanAByteOrderMark) {
  for (const bool bom : {false, true}) {
    jot::parse_options o;
    o.syntax.allow_bom = bom;
    for (std::size_t window : {std::size_t{1}, std::size_t{2}}) {
      const outcome got = read_stream(reader::parse, o, "\xEF\xBB\xBF[1]", window, 1);
      EXPECT_EQ(got.error.code, jot::error_code::capacity_exceeded) << "window " << window << ", bom " << bom;
      EXPECT_EQ(got.error.offset, 0u);
    }
    const outcome got = read_stream(reader::parse, o, "\xEF\xBB\xBF[1]", 3, 1);
    EXPECT_EQ(got.error.code, bom ? jot::error_code::ok : jot::error_code::byte_order_mark);
  }
}

// A window too small for an element and the comment after it fails as too
// small, or gives the whole parse's verdict; it never misreads the rest. A
// full window that ends inside a line comment cannot tell where the comment
// ends (it once took the window's end as the comment's and read the rest of
// the comment as JSON).
TEST(StreamElements, AWindowThatCutsACommentIsTooSmallNeverWrong) {
  jot::parse_options o;
  o.syntax.allow_comments = true;
  const std::string texts[] = {"[1 //x\n]", "[1 //x\n,2]", "[1, //x\n2]", "[10 //x\n, 20 //yy\n]",
                               "[{} //}]\n]", "[\"a\" //\"\n]", "[1 /*x*/ //y\n]", "[1 // a b c d e f\n]"};
  for (const std::string& text : texts) {
    jot::arena whole_arena;
    const jot::document whole = must(jot::parser(o).parse(text, whole_arena));
    std::vector<std::string> want;
    for (const jot::value v : must(whole.root().get_array())) want.push_back(compact(v));
    for (reader how : {reader::parse, reader::scan}) {
      for (std::size_t window = 1; window <= text.size() + 4; ++window) {
        for (std::size_t chunk : {std::size_t{1}, std::size_t{3}, text.size() + 1}) {
          SCOPED_TRACE("'" + text + "', reader " + std::to_string(static_cast<int>(how)) + ", window " +
                       std::to_string(window) + ", chunk " + std::to_string(chunk));
          const outcome got = read_stream(how, o, text, window, chunk);
          if (got.error.ok()) {
            EXPECT_EQ(got.elements, want);
            continue;
          }
          EXPECT_EQ(got.error.code, jot::error_code::capacity_exceeded)
              << jot::error_code_name(got.error.code) << " at " << got.error.offset;
          ASSERT_LE(got.elements.size(), want.size());
          EXPECT_TRUE(std::equal(got.elements.begin(), got.elements.end(), want.begin()));
        }
      }
    }
  }
}

}  // namespace
