// tests/typed/typed_ndjson_test.cpp - jot::read_ndjson and jot::write_ndjson
// (jot/typed.h). read_ndjson must give exactly what jot::documents (parse =
// false) + jot::read per line gives: the same values, and for bad input the
// same error (code, offset, line, column) with the document's index before
// its path. Checked on hand-written cases, on random mutations of valid text
// (line feeds inside documents, two documents on a line, blank lines, CRLF,
// deleted and inserted bytes), on every engine, and on the corpus file.
#include <gtest/gtest.h>

#include <cstdint>
#include <deque>
#include <limits>
#include <list>
#include <memory_resource>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "jot/jot.h"
#include "jot/typed.h"
#include "support/typed_ndjson_cases.h"
#include "support/test_data.h"
#include "support/test_engines.h"

namespace {

using jot::error_code;

using row = jot_test::ndjson_row;
using view_row = jot_test::ndjson_view_row;

// What a read gave: the values, or the error as the caller sees it.
template <class T>
struct outcome {
  bool ok = false;
  error_code code = error_code::ok;
  std::size_t offset = 0, line = 0, column = 0;
  std::string path;
  std::vector<T> values;
};

template <class T>
std::string describe(const outcome<T>& o) {
  if (o.ok) return "ok, " + std::to_string(o.values.size()) + " values";
  return std::string(jot::error_code_name(o.code)) + " at " + std::to_string(o.offset) + " (" +
         std::to_string(o.line) + ":" + std::to_string(o.column) + ") path '" + o.path + "'";
}

// The reference: jot::documents splits the lines, jot::read decodes each.
template <class T>
outcome<T> by_lines(std::string_view text, jot::kernel k) {
  outcome<T> o;
  jot::arena none(nullptr, 0);
  jot::parser p({}, k);
  jot::documents docs(p, text, none, {.format = jot::document_format::ndjson, .parse = false});
  static char buf[1 << 16];
  jot::arena a(buf, sizeof buf);
  jot::read_options ro;
  ro.kernel = k;
  while (docs.next()) {
    if (!docs.current()) {
      const jot::error& e = docs.current().error();
      o.code = e.code, o.offset = e.offset, o.line = e.line, o.column = e.column;
      o.path = "/" + std::to_string(docs.index());
      return o;
    }
    T v{};
    const jot::read_result r = jot::read(docs.source(), v, a, ro);
    if (!r) {
      const jot::error e = docs.locate(r.error());
      o.code = e.code, o.offset = e.offset, o.line = e.line, o.column = e.column;
      o.path = "/" + std::to_string(docs.index()) + std::string(r.error().path());
      return o;
    }
    o.values.push_back(std::move(v));
  }
  o.ok = true;
  return o;
}

template <class T, class Sequence = std::vector<T>>
outcome<T> by_read_ndjson(std::string_view text, jot::kernel k, Sequence out = {}) {
  outcome<T> o;
  static char buf[1 << 16];
  jot::arena a(buf, sizeof buf);
  jot::read_options ro;
  ro.kernel = k;
  const jot::read_result r = jot::read_ndjson(text, out, a, ro);
  if (!r) {
    o.code = r.error().code, o.offset = r.error().offset, o.line = r.error().line, o.column = r.error().column;
    o.path = std::string(r.error().path());
    return o;
  }
  o.ok = true;
  o.values.assign(out.begin(), out.end());
  return o;
}

template <class T>
void expect_same(std::string_view text, jot::kernel k) {
  const outcome<T> want = by_lines<T>(text, k);
  const outcome<T> got = by_read_ndjson<T>(text, k);
  SCOPED_TRACE(::testing::Message() << "text: '" << std::string(text) << "'");
  EXPECT_EQ(describe(got), describe(want));
  if (want.ok && got.ok) {
    EXPECT_TRUE(got.values == want.values);
  }
}

class TypedNdjson : public ::testing::TestWithParam<jot::kernel> {};

TEST_P(TypedNdjson, ReadsEachLine) {
  const std::string text =
      "{\"id\":1,\"name\":\"a\",\"score\":0.5,\"tags\":[1,2]}\n"
      "\n"
      "  {\"id\":2,\"name\":\"b\\u00e9\",\"score\":null,\"tags\":[]}  \r\n"
      "{\"tags\":[3],\"name\":\"c\",\"id\":-3}";  // no final LF
  std::vector<row> out;
  const jot::read_result r = jot::read_ndjson(text, out, {.kernel = GetParam()});
  ASSERT_TRUE(r) << r.error().message;
  ASSERT_EQ(out.size(), 3u);
  EXPECT_EQ(out[0], (row{1, "a", 0.5, {1, 2}}));
  EXPECT_EQ(out[1], (row{2, "b\xC3\xA9", std::nullopt, {}}));
  EXPECT_EQ(out[2], (row{-3, "c", std::nullopt, {3}}));
  expect_same<row>(text, GetParam());
}

TEST_P(TypedNdjson, EmptyAndBlankTextHoldNoDocument) {
  for (std::string_view text : {"", "\n", "\n\n  \r\n\t\n", "   "}) {
    std::vector<row> out(3);  // replaced: the surplus is erased
    const jot::read_result r = jot::read_ndjson(text, out, {.kernel = GetParam()});
    ASSERT_TRUE(r) << r.error().message;
    EXPECT_TRUE(out.empty());
  }
}

// Each bad text: the error that documents + read gives, named by the
// document's index.
TEST_P(TypedNdjson, ErrorsAreTheLineReadersErrors) {
  const char* cases[] = {
      "{\"id\":1,\"name\":\"a\",\"tags\":[]}\n{\"id\":\"x\",\"name\":\"b\",\"tags\":[]}\n",  // a type error, document 1
      "{\"id\":1,\"name\":\"a\",\"tags\":[\n1]}\n",        // a document spanning lines
      "{\"id\":1,\"name\":\"a\",\"tags\":[1]\n}\n",        // its '}' on the next line
      "{\"id\":1,\"name\":\"a\",\"tags\":[]} {\"id\":2,\"name\":\"b\",\"tags\":[]}\n",  // two on a line
      "{\"id\":1,\"name\":\"a\",\"tags\":[]}\n{\"id\":2,\"name\":\"b\",\"tags\":[]}x\n",
      "{\"id\":1,\"name\":\"a\",\"tags\":[]}\n]\n",
      "{\"id\":1,\"name\":\"a\",\"tags\":[]}\n{\"id\":2,\"name\":\"b\",\"tags\":[2,]}\n",
      "{\"id\":1,\n\"name\":\"a\",\"tags\":[]}\n{\"id\":2,\"name\":\"b\",\"tags\":[x]}\n",  // both kinds: the first wins
      ("{\"id\":1,\"name\":\"a\",\"tags\":[]}\n{\"id\":2,\"name\":\"b\",\"tags\":[]}\n{\"id\":3,\"name\":\"c\",\n"
       "\"tags\":[]}\n"),  // the last one spans lines
      "{\"id\":1,\"name\":\"a\",\"tags\":[]}\n{\"id\":2}\n",  // missing members
      "{\"id\":1,\"name\":\"a\",\"tags\":[]}\n{\"id\":2,\"name\":\"b\",\"tags\":[]} // c\n",
      "\xEF\xBB\xBF{\"id\":1,\"name\":\"a\",\"tags\":[]}\n",  // a byte order mark
      "{\"id\":1,\"name\":\"a\",\"tags\":[]}\n\xEF\xBB\xBF{\"id\":1,\"name\":\"a\",\"tags\":[]}\n",  // on line 2
      "{\"id\":1,\"name\":\"a\",\"tags\":[]}\n \xEF\xBB\xBF{\"id\":1,\"name\":\"a\",\"tags\":[]}\n",  // not first
      "{\"id\":1,\"name\":\"a\",\"tags\":[]}\n{\"id\":1,\"name\":\"a\",\"tags\":[]\n",  // cut at the end
      "{\"id\":1,\"name\":\"a\",\"tags\":[]}\n{\"id\":1,\"name\":\"a\xFF\",\"tags\":[]}\n",  // bad UTF-8
      "{\"id\":1,\"name\":\"a\",\"tags\":[]}\r\n\r\n  {\"id\":2,\"name\":\"b\",\"tags\":[]}\r\n1\n",  // not an object
  };
  for (const char* c : cases) {
    const outcome<row> want = by_lines<row>(c, GetParam());
    ASSERT_FALSE(want.ok) << c;
    expect_same<row>(c, GetParam());
  }
  // The path names the document and the member.
  std::vector<row> out;
  const jot::read_result r = jot::read_ndjson(cases[0], out, {.kernel = GetParam()});
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, error_code::type_mismatch);
  EXPECT_EQ(r.error().path(), "/1/id");
  EXPECT_EQ(r.error().line, 2u);
  EXPECT_EQ(r.error().column, 7u);
  // out ends with the failing document.
  EXPECT_EQ(out.size(), 2u);
  const jot::read_result s = jot::read_ndjson(cases[1], out, {.kernel = GetParam()});
  ASSERT_FALSE(s);
  EXPECT_EQ(s.error().code, error_code::unexpected_end);  // at the line's LF
  EXPECT_EQ(s.error().offset, std::string_view(cases[1]).find('\n'));
  EXPECT_EQ(s.error().path(), "/0/tags");
}

// Random edits of valid NDJSON: both readers agree on every one.
TEST_P(TypedNdjson, AgreesWithTheLineReaderOnMutations) {
  std::mt19937 rng(20261127);
  for (int round = 0; round < 1500; ++round) {
    const std::string text = jot_test::mutated_ndjson(rng, 5);
    expect_same<row>(text, GetParam());
    if (HasFailure()) return;
  }
}

TEST_P(TypedNdjson, ReusesElementsInEveryKindOfSequence) {
  const std::string text = "{\"id\":1,\"name\":\"a\",\"tags\":[1]}\n{\"id\":2,\"name\":\"b\",\"tags\":[]}\n";
  std::vector<row> v(5, row{9, std::string(100, 'z'), 1.0, {7, 7}});
  const char* kept = v[0].name.data();
  ASSERT_TRUE(jot::read_ndjson(text, v, {.kernel = GetParam()}));
  ASSERT_EQ(v.size(), 2u);
  EXPECT_EQ(v[0].name.data(), kept);  // the string kept its buffer
  EXPECT_EQ(v[1], (row{2, "b", std::nullopt, {}}));
  std::deque<row> d(1);
  ASSERT_TRUE(jot::read_ndjson(text, d, {.kernel = GetParam()}));
  ASSERT_EQ(d.size(), 2u);
  EXPECT_EQ(d[0], (row{1, "a", std::nullopt, {1}}));
  std::list<row> l(4);
  ASSERT_TRUE(jot::read_ndjson(text, l, {.kernel = GetParam()}));
  ASSERT_EQ(l.size(), 2u);
  EXPECT_EQ(l.back(), (row{2, "b", std::nullopt, {}}));
  // A failure in document 1 leaves two elements: document 0 and what document 1 got.
  std::list<row> l2(4);
  ASSERT_FALSE(jot::read_ndjson("{\"id\":1,\"name\":\"a\",\"tags\":[]}\n{\"id\":2,\"name\":3}\n", l2,
                                {.kernel = GetParam()}));
  EXPECT_EQ(l2.size(), 2u);
}

// Views point into the text, escaped strings into the arena.
TEST_P(TypedNdjson, ViewsAndArenas) {
  const std::string text = "{\"name\":\"plain\",\"n\":1}\n{\"name\":\"esc\\n\",\"n\":2}\n";
  std::vector<view_row> out;
  char buf[4096];
  jot::arena a(buf, sizeof buf);
  ASSERT_TRUE(jot::read_ndjson(text, out, a, {.kernel = GetParam()}));
  ASSERT_EQ(out.size(), 2u);
  EXPECT_EQ(out[0].name, "plain");
  EXPECT_GE(out[0].name.data(), text.data());
  EXPECT_LT(out[0].name.data(), text.data() + text.size());
  EXPECT_EQ(out[1].name, "esc\n");
  EXPECT_GE(out[1].name.data(), buf);
  EXPECT_LT(out[1].name.data(), buf + sizeof buf);
  // Without an arena the escaped one cannot be a view.
  std::vector<view_row> none;
  const jot::read_result r = jot::read_ndjson(text, none, {.kernel = GetParam()});
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, error_code::capacity_exceeded);
  EXPECT_EQ(r.error().path(), "/1/name");
}

// When the fast path must hand over (here: the last document spans lines,
// so everything is read again), the arena memory of the first attempt is
// handed back: a fixed arena that the line reader does not exhaust is not
// exhausted by read_ndjson, and both leave the same memory free.
TEST_P(TypedNdjson, ReadingAgainCostsNoArenaMemory) {
  const std::string text =
      "{\"name\":\"esc\\n0123456789012345678901234567890123456789\",\"n\":1}\n"
      "{\"name\":\"esc\\t0123456789012345678901234567890123456789\",\"n\":2}\n"
      "{\"name\":\"esc\\r0123456789\",\"n\":\n3}\n";
  for (std::size_t size : {std::size_t{128}, std::size_t{4096}}) {
    alignas(16) char line_buf[4096], fast_buf[4096];
    jot::arena line_arena(line_buf, size), fast_arena(fast_buf, size);
    jot::arena none(nullptr, 0);
    jot::documents docs(text, none, {.format = jot::document_format::ndjson, .parse = false});
    jot::read_result want = std::size_t{0};
    std::size_t index = 0;
    while (docs.next()) {
      view_row v;
      want = jot::read(docs.source(), v, line_arena, {.kernel = GetParam()});
      if (!want) break;
      ++index;
    }
    ASSERT_FALSE(want);
    std::vector<view_row> out;
    const jot::read_result got = jot::read_ndjson(text, out, fast_arena, {.kernel = GetParam()});
    ASSERT_FALSE(got);
    EXPECT_EQ(got.error().code, want.error().code) << size;
    EXPECT_EQ(got.error().path(), "/" + std::to_string(index) + std::string(want.error().path()));
    EXPECT_EQ(fast_arena.available(), line_arena.available()) << size;
    if (size == 4096) {
      EXPECT_EQ(got.error().code, error_code::unexpected_end);
      ASSERT_EQ(out.size(), 3u);
      EXPECT_EQ(out[1].name.substr(0, 4), "esc\t");
      EXPECT_EQ(out[1].n, 2);
    }
  }
}

JOT_INSTANTIATE_FOR_ENGINES(TypedNdjson);

TEST(TypedNdjsonWrite, WritesOneDocumentPerLine) {
  const std::vector<row> rows = {{1, "a", 0.5, {1, 2}}, {2, "b\n", std::nullopt, {}}};
  jot::output_buffer out;
  ASSERT_TRUE(out.append("head\n"));
  const auto w = jot::write_ndjson(rows, out, {.indent = 2});  // indent ignored
  ASSERT_TRUE(w);
  EXPECT_EQ(*w,
            "{\"id\":1,\"name\":\"a\",\"score\":0.5,\"tags\":[1,2]}\n"
            "{\"id\":2,\"name\":\"b\\n\",\"score\":null,\"tags\":[]}\n");
  EXPECT_EQ(out.view().substr(0, 5), "head\n");
  std::vector<row> back;
  ASSERT_TRUE(jot::read_ndjson(*w, back));
  EXPECT_TRUE(back == rows);
  // A value without a JSON form fails and leaves out as it was.
  const std::vector<double> bad = {1.0, std::numeric_limits<double>::quiet_NaN()};
  const auto f = jot::write_ndjson(bad, out);
  ASSERT_FALSE(f);
  EXPECT_EQ(f.error().code, error_code::invalid_number);
  EXPECT_EQ(out.size(), 5u + w->size());
  const std::vector<int> none;
  const auto e = jot::write_ndjson(none, out);
  ASSERT_TRUE(e);
  EXPECT_TRUE(e->empty());
}

// A sink that keeps what it gets, and fails from its fail_at-th write on.
struct string_sink {
  std::string text;
  std::size_t writes = 0;
  std::size_t fail_at = static_cast<std::size_t>(-1);
  bool write(const char* data, std::size_t size) noexcept {
    if (writes++ >= fail_at) return false;
    text.append(data, size);
    return true;
  }
};

// To a sink: the same text as into an output_buffer, a block at a time,
// lines longer than the block included.
TEST(TypedNdjsonWrite, ToASinkInBoundedMemory) {
  std::vector<row> rows;
  for (int i = 0; i < 2000; ++i) {
    row r{i, "name " + std::to_string(i), i % 3 == 0 ? std::optional<double>(i * 0.25) : std::nullopt, {i, -i}};
    if (i == 700) r.name = std::string(3 * jot::sink_block_size, 'x');  // longer than a block
    rows.push_back(std::move(r));
  }
  jot::output_buffer want;
  ASSERT_TRUE(jot::write_ndjson(rows, want));
  string_sink s;
  const auto n = jot::write_ndjson(rows, jot::sink::of(s));
  ASSERT_TRUE(n) << n.error().message;
  EXPECT_EQ(*n, want.size());
  EXPECT_EQ(s.text, want.view());
  EXPECT_GT(s.writes, want.size() / jot::sink_block_size);
  EXPECT_LT(s.writes, want.size() / 1000);  // blocks, not lines
  // A failing sink is io_error.
  string_sink broken;
  broken.fail_at = 2;
  const auto f = jot::write_ndjson(rows, jot::sink::of(broken));
  ASSERT_FALSE(f);
  EXPECT_EQ(f.error().code, error_code::io_error);
  // An element without a JSON form: the lines before it reach the sink.
  const std::vector<double> values = {1.5, 2.0, std::numeric_limits<double>::infinity(), 3.0};
  string_sink partial;
  const auto p = jot::write_ndjson(values, jot::sink::of(partial));
  ASSERT_FALSE(p);
  EXPECT_EQ(p.error().code, error_code::invalid_number);
  EXPECT_EQ(partial.text, "1.5\n2.0\n");
  string_sink empty;
  const auto e = jot::write_ndjson(std::vector<int>{}, jot::sink::of(empty));
  ASSERT_TRUE(e);
  EXPECT_EQ(*e, 0u);
  EXPECT_EQ(empty.writes, 0u);
}

// Every line of the corpus file after its header, into rows of a tuple, as
// the benchmark reads it; both readers agree, and a broken line is named.
TEST(TypedNdjsonCorpus, AmazonCellphones) {
  JOT_REQUIRE_DATA(dir);
  std::string rows_text;
  if (!jot_test::load_product_rows(dir, rows_text))
    GTEST_SKIP() << "corpus/amazon_cellphones.ndjson not in " << dir;
  using jot_test::product;
  for (jot::kernel k : jot_test::one_kernel_per_engine()) {
    SCOPED_TRACE(jot_test::engine_name(k));
    const outcome<product> want = by_lines<product>(rows_text, k);
    ASSERT_TRUE(want.ok) << describe(want);
    const outcome<product> got = by_read_ndjson<product>(rows_text, k);
    ASSERT_TRUE(got.ok) << describe(got);
    EXPECT_EQ(got.values.size(), 792u);
    EXPECT_TRUE(got.values == want.values);
  }
  std::string broken(rows_text);
  std::size_t at = 0;
  for (int i = 1; i < 300; ++i) at = broken.find('\n', at) + 1;
  broken[broken.find(',', at)] = '\n';  // line 300 split in two
  std::vector<product> out;
  const jot::read_result r = jot::read_ndjson(broken, out);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().line, 300u);
  EXPECT_EQ(r.error().path().substr(0, 4), "/299");
}

}  // namespace
