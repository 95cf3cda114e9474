// tests/typed/typed_stream_test.cpp - jot::typed_stream_reader (jot/typed_stream.h).
// Its reference is the loop docs/streams.md shows: a stream_reader with
// parse = false through the same window, and jot::read of each source(). The
// two agree step for step (values; errors' code, offset, line, column, path)
// wherever an element has no type error before a syntax error (the loop's
// scan reports the syntax error first, the one-pass read the type error):
// decoded into a jot::value, which takes any JSON, they agree on every text.
#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "jot/jot.h"
#include "jot/typed.h"
#include "jot/typed_stream.h"
#include "support/string_source.h"
#include "support/typed_ndjson_cases.h"

namespace {

using jot::document_format;
using jot::error_code;
using jot_test::string_source;

struct item {
  std::int64_t id = 0;
  std::string name;
  std::optional<double> score;
  bool operator==(const item&) const = default;
};

// One step, comparable: the value written compact (or compared as a T), or the error.
template <class T>
struct typed_step {
  std::size_t index = 0;
  bool ok = false;
  T value{};
  std::string value_json;  // T = jot::value: its text, since the value dies with the step
  std::string error;       // code, offset, line:column, path
  bool operator==(const typed_step&) const = default;
};

template <class T>
typed_step<T> copy_step(std::size_t index, const jot::read_result& r, T& value) {
  typed_step<T> s;
  s.index = index;
  s.ok = r.ok();
  if (!r.ok()) {
    s.error = jot_test::describe_read(r, 0);
  } else if constexpr (std::is_same_v<T, jot::value>) {
    jot::output_buffer out;
    s.value_json = std::string(*jot::write(value, out));
  } else {
    s.value = value;
  }
  return s;
}

template <class T>
std::ostream& operator<<(std::ostream& os, const typed_step<T>& s) {
  return os << "#" << s.index << (s.ok ? " ok " + s.value_json : " " + s.error);
}

// The reference: stream_reader (parse = false) and jot::read of each source().
template <class T>
std::vector<typed_step<T>> two_pass(std::string_view text, std::size_t window, const jot::stream_options& options,
                                    const jot::read_options& read) {
  std::unique_ptr<char[]> w(new char[window]);
  string_source src{text};
  jot::arena none(nullptr, 0), a;
  jot::stream_options o = options;
  o.parse = false;
  jot::stream_reader r(jot::parser({}, read.kernel), jot::source::of(src), {w.get(), window}, none, o);
  std::vector<typed_step<T>> out;
  while (r.next()) {
    T value{};
    if (!r.current()) {
      // The reader's own error, with the step's index for a path.
      typed_step<T> s;
      s.index = r.index();
      s.error = jot_test::describe_error(r.current().error(), "/" + std::to_string(r.index()));
      out.push_back(s);
      continue;
    }
    a.reset();
    const jot::read_result res = jot::read(r.source(), value, a, read);
    if (!res) {
      typed_step<T> s;
      s.index = r.index();
      s.error = jot_test::describe_error(r.locate(res.error()), "/" + std::to_string(r.index()) + std::string(res.error().path()));
      out.push_back(s);
      // A bad document ends the loop unless the format finds the next one and we go on.
      const bool resyncs = !o.array_elements && o.format != document_format::concatenated;
      if (!o.continue_after_error || !resyncs) break;
      continue;
    }
    out.push_back(copy_step(r.index(), res, value));
  }
  return out;
}

template <class T>
std::vector<typed_step<T>> one_pass(std::string_view text, std::size_t window, std::size_t read_size,
                                    const jot::stream_options& options, const jot::read_options& read) {
  std::unique_ptr<char[]> w(new char[window]);  // exact size: ASan catches a read past it
  string_source src{text, read_size};
  jot::arena a;
  jot::typed_stream_reader<T> r(jot::source::of(src), {w.get(), window}, a, options, read);
  std::vector<typed_step<T>> out;
  while (r.next()) out.push_back(copy_step(r.index(), r.result(), r.value()));
  return out;
}

// Compares the two for several windows and read sizes; returns the
// reference's steps through the largest window (good ones, bad ones).
template <class T>
std::pair<std::size_t, std::size_t> expect_same(std::string_view text, const jot::stream_options& options,
                                                const jot::read_options& read = {}) {
  std::pair<std::size_t, std::size_t> steps;
  for (std::size_t window : {24u, 61u, 256u, 65536u}) {
    const auto want = two_pass<T>(text, window, options, read);
    steps = {0, 0};
    for (const auto& s : want) ++(s.ok ? steps.first : steps.second);
    for (std::size_t read_size : {1u, 5u, 1000000u}) {
      SCOPED_TRACE(testing::Message() << "text '" << std::string(text.substr(0, 200)) << "', window " << window
                                      << ", reads of " << read_size);
      EXPECT_EQ(one_pass<T>(text, window, read_size, options, read), want);
    }
  }
  return steps;
}

const jot::stream_options array{.array_elements = true};

std::string items(int n) {
  std::string text = "[";
  for (int i = 0; i < n; ++i) {
    text += i == 0 ? "\n" : ",\n";
    text += "{\"id\":" + std::to_string(i) + ",\"name\":\"n" + std::to_string(i) + "\"" +
            (i % 3 == 0 ? ",\"score\":" + std::to_string(i) + ".5" : std::string()) + "}";
  }
  return text + "\n]\n";
}

TEST(TypedStream, ArrayElementsAsTheTwoPassLoop) {
  EXPECT_EQ(expect_same<item>(items(40), array), std::make_pair(std::size_t{40}, std::size_t{0}));
  expect_same<item>("[]", array);
  expect_same<item>("  [ ]  ", array);
  expect_same<item>("[{\"id\":1,\"name\":\"\\u00e9\\\"\"}]", array);
}

TEST(TypedStream, TypeErrorsAsTheTwoPassLoop) {
  const std::string good = items(12);
  const std::string bad_id = good.substr(0, good.size() - 3) + ",{\"id\":\"7\",\"name\":\"x\"}\n]\n";
  const std::string missing = good.substr(0, good.size() - 3) + ",{\"id\":7}\n]\n";
  const std::string unknown = good.substr(0, good.size() - 3) + ",{\"id\":7,\"name\":\"x\",\"extra\":[1,{}]}\n]\n";
  EXPECT_EQ(expect_same<item>(bad_id, array), std::make_pair(std::size_t{12}, std::size_t{1}));
  expect_same<item>(missing, array);
  expect_same<item>(unknown, array);
  expect_same<item>(unknown, array, {.reject_unknown_keys = true});
  expect_same<item>(missing, array, {.allow_missing_members = true});
  expect_same<item>(bad_id, {.array_elements = true, .continue_after_error = true});
}

// Into a jot::value every element decodes unless its JSON is bad, so the
// one-pass read and the loop agree on every text: random arrays, edited.
TEST(TypedStream, RandomTextsAsTheTwoPassLoop) {
  std::mt19937 rng(1128);
  std::pair<std::size_t, std::size_t> steps;
  for (int i = 0; i < 60; ++i) {
    std::string text = jot_test::mutated_ndjson(rng, 6);
    // The NDJSON rows as one array: LFs become ",\n" (edits included).
    std::string as_array = "[";
    for (char c : text) as_array += c == '\n' ? std::string(",\n") : std::string(1, c);
    as_array += "{}]";
    for (const auto& [good, bad] : {expect_same<jot::value>(as_array, array),
                                    expect_same<jot::value>(text, {.format = document_format::concatenated}),
                                    expect_same<jot::value>(text, {.format = document_format::ndjson,
                                                                   .continue_after_error = true})}) {
      steps.first += good;
      steps.second += bad;
    }
  }
  EXPECT_GT(steps.first, 300u);  // the texts are mostly good,
  EXPECT_GT(steps.second, 30u);  // and now and then bad
}

TEST(TypedStream, ConcatenatedAndNdjson) {
  const std::string docs = "{\"id\":1,\"name\":\"a\"} {\"id\":2,\"name\":\"b\",\"score\":1e3}\n\n{\"id\":3,\"name\":\"c\"}";
  expect_same<item>(docs, {.format = document_format::concatenated});
  expect_same<item>(docs, {.format = document_format::ndjson});
  // A bad line ends the read unless continue_after_error.
  const std::string bad_line = "{\"id\":1,\"name\":\"a\"}\n{\"id\":\"2\",\"name\":\"b\"}\n{\"id\":3,\"name\":\"c\"}\n";
  EXPECT_EQ(expect_same<item>(bad_line, {.format = document_format::ndjson}),
            std::make_pair(std::size_t{1}, std::size_t{1}));
  EXPECT_EQ(expect_same<item>(bad_line, {.format = document_format::json_seq}),
            std::make_pair(std::size_t{0}, std::size_t{1}));
  expect_same<item>("{\"id\":1,\"name\":\"a\"}\n{\"id\":\"2\",\"name\":\"b\"}\n{\"id\":3,\"name\":\"c\"}\n",
                    {.format = document_format::ndjson, .continue_after_error = true});
}

// The one-pass read reports an element's first error in document order: a
// type error before a later syntax error (where the loop's scan reports the
// syntax error).
TEST(TypedStream, TheFirstErrorOfAnElementInOrder) {
  const std::string text = "[{\"id\":1,\"name\":\"a\"},\n{\"id\":\"x\",\"name\":tru}]";
  char window[64];
  string_source src{text, 3};
  jot::arena a;
  jot::typed_stream_reader<item> r(jot::source::of(src), {window, sizeof window}, a, array);
  ASSERT_TRUE(r.next());
  ASSERT_TRUE(r.result());
  EXPECT_EQ(r.value(), (item{1, "a", std::nullopt}));
  ASSERT_TRUE(r.next());
  ASSERT_FALSE(r.result());
  EXPECT_EQ(r.result().error().code, error_code::type_mismatch);
  EXPECT_EQ(r.result().error().offset, text.find("\"x\""));
  EXPECT_EQ(r.result().error().line, 2u);
  EXPECT_EQ(r.result().error().column, 7u);
  EXPECT_EQ(r.result().error().path(), "/1/id");
  EXPECT_FALSE(r.next());
}

// An element larger than the window fails as stream_reader's does; with a
// window that may grow it is read.
TEST(TypedStream, ElementLargerThanTheWindow) {
  const std::string big = "{\"id\":5,\"name\":\"" + std::string(300, 'q') + "\"}";
  const std::string text = "[{\"id\":1,\"name\":\"a\"}," + big + ",{\"id\":2,\"name\":\"b\"}]";
  expect_same<item>(text, array);
  string_source src{text, 17};
  jot::arena a;
  jot::typed_stream_reader<item> r(jot::source::of(src), {nullptr, 32, jot::malloc_allocator(), 1024}, a, array);
  std::vector<item> got;
  while (r.next()) {
    ASSERT_TRUE(r.result()) << jot_test::describe_read(r.result(), got.size());
    got.push_back(r.value());
  }
  ASSERT_EQ(got.size(), 3u);
  EXPECT_EQ(got[1].name, std::string(300, 'q'));
}

// Views point into the window or, for escaped strings, the arena; a small
// arena that the element's escapes overflow fails with capacity_exceeded,
// located at the string in the stream.
TEST(TypedStream, ViewsAndASmallArena) {
  struct view_item {
    std::string_view name;
    std::int32_t n = 0;
  };
  const std::string text = "[{\"name\":\"plain\",\"n\":1},{\"name\":\"esc\\u0061ped\",\"n\":2},{\"name\":\"" +
                           std::string(100, 'e') + "\\n\",\"n\":3}]";
  char window[256];
  alignas(16) char memory[64];
  jot::arena a(memory, sizeof memory);
  string_source src{text, 9};
  jot::typed_stream_reader<view_item> r(jot::source::of(src), {window, sizeof window}, a, array);
  ASSERT_TRUE(r.next());
  ASSERT_TRUE(r.result());
  EXPECT_EQ(r.value().name, "plain");
  ASSERT_TRUE(r.next());
  ASSERT_TRUE(r.result());
  EXPECT_EQ(r.value().name, "escaped");
  ASSERT_TRUE(r.next());
  ASSERT_FALSE(r.result());
  EXPECT_EQ(r.result().error().code, error_code::capacity_exceeded);
  EXPECT_EQ(r.result().error().offset, text.find("\"eee"));
  EXPECT_EQ(r.result().error().path(), "/2/name");
  EXPECT_FALSE(r.next());
}

}  // namespace
