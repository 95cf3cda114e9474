// tests/typed/typed_parallel_stream_test.cpp - NDJSON from a stream into the
// caller's types on many threads (jot::parallel_ndjson_stream,
// jot::read_ndjson_parallel over a source; jot/typed_parallel.h). For every
// window, read split, thread count and chunk size it hands over exactly the
// values read_ndjson reads from the whole text, in order, and fails with
// read_ndjson's error located in the stream; beyond that, lines larger than
// the window, read failures, the callback stopping, helpers that come late,
// and no heap allocation with the caller's threads and buffers.
#include <gtest/gtest.h>

#include <atomic>
#include <memory>
#include <random>
#include <span>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "jot/typed.h"
#include "jot/typed_parallel.h"
#include "support/alloc_counter.h"
#include "support/string_source.h"
#include "support/typed_ndjson_cases.h"

namespace {

using jot::error_code;
using jot_test::string_source;
using row = jot_test::ndjson_row;
using view_row = jot_test::ndjson_view_row;

const auto describe = jot_test::describe_read;

// What a stream read handed over: the values in order, and the result.
struct outcome {
  std::vector<row> values;
  std::string result;
};

// read_ndjson over the whole text, as a stream read reports it: the values
// before the failing document, and the error.
outcome reference(std::string_view text) {
  std::vector<row> out;
  jot::arena a;
  const jot::read_result r = jot::read_ndjson(text, out, a);
  if (!r) out.pop_back();  // the failing document is not handed over
  return {out, describe(r, out.size())};
}

// The stream read through an exact-size heap window (ASan catches a read
// past it), checking that calls never overlap and come in order.
outcome streamed(std::string_view text, std::size_t window, std::size_t read_size, std::size_t threads,
                 std::size_t chunk) {
  std::unique_ptr<char[]> w(new char[window]);
  string_source src{text, read_size};
  std::vector<jot::arena> arenas(threads);
  std::vector<row> block(3);  // reused and replaced
  outcome o;
  std::atomic<int> inside{0};
  const jot::read_result r = jot::read_ndjson_parallel(
      jot::source::of(src), {w.get(), window}, block, arenas, {.chunk_size = chunk},
      [&](std::size_t index, row& value) {
        EXPECT_EQ(inside.fetch_add(1), 0) << "on_value ran concurrently";
        EXPECT_EQ(index, o.values.size()) << "out of order";
        o.values.push_back(value);
        inside.fetch_sub(1);
      });
  o.result = describe(r, o.values.size());
  return o;
}

// The longest line of text, its LF included.
std::size_t longest_line(std::string_view text) {
  std::size_t longest = 0;
  for (std::size_t at = 0; at < text.size();) {
    std::size_t end = text.find('\n', at);
    end = end == std::string_view::npos ? text.size() : end + 1;
    longest = std::max(longest, end - at);
    at = end;
  }
  return longest;
}

void expect_same(std::string_view text) {
  const outcome want = reference(text);
  const std::size_t least = longest_line(text) + 1;
  for (std::size_t window : {least, least + 37, 4 * least, std::size_t{65536}})
    for (std::size_t read_size : {std::size_t{1}, std::size_t{7}, std::size_t{1000000}})
      for (std::size_t threads : {1u, 2u, 3u})
        for (std::size_t chunk : {1u, 16u, 0u}) {
          SCOPED_TRACE(testing::Message() << "text '" << std::string(text.substr(0, 300)) << "', window " << window
                                          << ", reads of " << read_size << ", " << threads << " threads, chunks of "
                                          << chunk);
          const outcome got = streamed(text, window, read_size, threads, chunk);
          EXPECT_EQ(got.result, want.result);
          EXPECT_TRUE(got.values == want.values) << got.values.size() << " values, want " << want.values.size();
        }
}

std::string rows_text(int n) {
  std::string text;
  for (int i = 0; i < n; ++i) {
    text += "{\"id\":" + std::to_string(i) + ",\"name\":\"n" + std::to_string(i) + "\",\"tags\":[" +
            std::to_string(i % 7) + "]}";
    text += i % 9 == 0 ? "\r\n\n" : "\n";
  }
  return text;
}

TEST(TypedParallelStream, SameValuesAsReadNdjson) {
  expect_same(rows_text(60));
  expect_same(rows_text(60).substr(0, rows_text(60).size() - 1));  // no LF at the end
  expect_same("");
  expect_same("\n\n  \r\n");
  expect_same("{\"id\":1,\"name\":\"\\u00e9\\\"\",\"score\":2.5,\"tags\":[1,2]}");
}

TEST(TypedParallelStream, SameErrorsAsReadNdjson) {
  const std::string good = rows_text(30);
  const char* bad[] = {
      "{\"id\":\"x\",\"name\":\"b\",\"tags\":[]}\n",  // a type error: its path names the member
      "{\"id\":1,\"name\":\"a\",\"tags\":[\n1]}\n",   // a document spanning lines
      "{\"id\":1,\"name\":\"a\",\"tags\":[]} {\"id\":2,\"name\":\"b\",\"tags\":[]}\n",  // two on a line
      "{\"id\":1,\"name\":\"a\xff\",\"tags\":[]}\n",  // bad UTF-8
      "{\"id\":1,\"tags\":[]}\n",                     // a missing member
      "\xef\xbb\xbf{\"id\":1,\"name\":\"a\",\"tags\":[]}\n",  // a byte order mark: read_ndjson rejects it
  };
  for (const char* b : bad) {
    expect_same(b + good);
    expect_same(good + b + good);
    expect_same(good + b);
  }
}

// Random texts of rows, now and then bad in every way an NDJSON reader must report.
TEST(TypedParallelStream, RandomTextsAsReadNdjson) {
  std::mt19937 rng(20261128);
  for (int i = 0; i < 40; ++i) expect_same(jot_test::mutated_ndjson(rng, 12));
}

// With allow_missing_members a member absent from its document keeps the
// element's value: each value handed over starts value-initialized, as
// read_ndjson's into an empty vector, never with what a document of an
// earlier window left in the reused element.
TEST(TypedParallelStream, MissingMembersNeverComeFromAnEarlierDocument) {
  std::string text;
  for (int i = 0; i < 40; ++i)
    text += i % 3 == 0 ? "{\"id\":" + std::to_string(i) + ",\"name\":\"named\",\"tags\":[1]}\n"
                       : "{\"id\":" + std::to_string(i) + "}\n";
  const jot::read_options options{.allow_missing_members = true};
  std::vector<row> want;
  jot::arena a;
  ASSERT_TRUE(jot::read_ndjson(text, want, a, options));
  for (std::size_t threads : {1u, 2u}) {
    char window[100];
    string_source src{text, 9};
    std::vector<jot::arena> arenas(threads);
    std::vector<row> block;
    std::vector<row> got;
    const jot::read_result r =
        jot::read_ndjson_parallel(jot::source::of(src), {window, sizeof window}, block, arenas,
                                  {.read = options}, [&](std::size_t, row& value) { got.push_back(value); });
    ASSERT_TRUE(r) << describe(r, got.size());
    ASSERT_EQ(got.size(), 40u);
    EXPECT_EQ(got[1], (row{1, "", std::nullopt, {}}));
    EXPECT_TRUE(got == want);
  }
}

TEST(TypedParallelStream, LineLargerThanTheWindow) {
  const std::string good = rows_text(5);
  const std::string big = "{\"id\":9,\"name\":\"" + std::string(200, 'z') + "\",\"tags\":[]}";
  const std::string text = good + big + "\n" + good;
  for (std::size_t threads : {1u, 2u}) {
    char window[64];
    string_source src{text, 7};
    std::vector<jot::arena> arenas(threads);
    std::vector<row> block;
    std::vector<std::int64_t> ids;
    const jot::read_result r =
        jot::read_ndjson_parallel(jot::source::of(src), {window, sizeof window}, block, arenas, {},
                                  [&](std::size_t, row& value) { ids.push_back(value.id); });
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().code, error_code::capacity_exceeded);
    EXPECT_EQ(r.error().offset, good.size());
    EXPECT_EQ(r.error().line, 7u);  // rows_text(5): five lines and one blank
    EXPECT_EQ(r.error().column, 1u);
    EXPECT_EQ(r.error().needed, big.size());
    EXPECT_EQ(r.error().path(), "/5");
    EXPECT_EQ(ids, (std::vector<std::int64_t>{0, 1, 2, 3, 4}));
  }
  // A window that may grow reads it as read_ndjson does.
  for (std::size_t threads : {1u, 2u}) {
    string_source src{text, 7};
    std::vector<jot::arena> arenas(threads);
    std::vector<row> block;
    std::vector<row> got;
    const jot::read_result r = jot::read_ndjson_parallel(
        jot::source::of(src), {nullptr, 64, jot::malloc_allocator(), 1024}, block, arenas, {},
        [&](std::size_t, row& value) { got.push_back(value); });
    ASSERT_TRUE(r) << describe(r, got.size());
    EXPECT_TRUE(got == reference(text).values);
  }
}

TEST(TypedParallelStream, ReadFailureAfterTheCompleteDocuments) {
  const std::string text = rows_text(20) + "{\"id\":20,";  // the source fails mid-document
  for (std::size_t threads : {1u, 2u}) {
    char window[256];
    string_source src{text, 13};
    src.fail_at_end = true;
    std::vector<jot::arena> arenas(threads);
    std::vector<row> block;
    std::size_t count = 0;
    const jot::read_result r = jot::read_ndjson_parallel(jot::source::of(src), {window, sizeof window}, block,
                                                         arenas, {}, [&](std::size_t, row&) { ++count; });
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().code, error_code::io_error);
    EXPECT_EQ(r.error().offset, text.size());
    EXPECT_EQ(r.error().path(), "/20");
    EXPECT_EQ(count, 20u);
  }
}

TEST(TypedParallelStream, OnValueStops) {
  const std::string text = rows_text(100);
  for (std::size_t threads : {1u, 2u}) {
    char window[512];
    string_source src{text};
    std::vector<jot::arena> arenas(threads);
    std::vector<row> block;
    std::vector<std::size_t> seen;
    auto on_value = [&](std::size_t index, row&) {
      seen.push_back(index);
      return index < 41;
    };
    jot::parallel_ndjson_stream job(jot::source::of(src), {window, sizeof window}, block, arenas, {}, on_value);
    std::thread helper;
    if (threads == 2) helper = std::thread([&] { job.work(1); });
    job.work(0);
    if (helper.joinable()) helper.join();
    ASSERT_TRUE(job.result()) << describe(job.result(), seen.size());
    EXPECT_EQ(seen.size(), 42u);
    EXPECT_EQ(seen.back(), 41u);
    EXPECT_EQ(job.count(), 42u);
  }
}

// A helper that comes after worker 0 has read the whole stream returns at
// once; one that comes before any block waits for them.
TEST(TypedParallelStream, HelpersEarlyAndLate) {
  const std::string text = rows_text(300);
  const outcome want = reference(text);
  for (bool late : {false, true}) {
    char window[1024];
    string_source src{text, 100};
    std::vector<jot::arena> arenas(2);
    std::vector<row> block;
    std::vector<row> got;
    auto on_value = [&](std::size_t, row& value) { got.push_back(value); };
    jot::parallel_ndjson_stream job(jot::source::of(src), {window, sizeof window}, block, arenas,
                                    {.chunk_size = 64}, on_value);
    std::thread helper;
    if (!late) helper = std::thread([&] { job.work(1); });
    job.work(0);
    if (late) job.work(1);
    if (helper.joinable()) helper.join();
    ASSERT_TRUE(job.result());
    EXPECT_TRUE(got == want.values);
  }
}

// With no arena the stream is read on the calling thread without arena
// memory: values that need none decode, an escaped string read as a view
// fails (capacity_exceeded, as read_ndjson without an arena says).
TEST(TypedParallelStream, NoArena) {
  const std::string text = rows_text(50);
  char window[300];
  string_source src{text, 11};
  std::vector<row> block;
  std::vector<row> got;
  const jot::read_result r =
      jot::read_ndjson_parallel(jot::source::of(src), {window, sizeof window}, block, std::span<jot::arena>(), {},
                                [&](std::size_t, row& value) { got.push_back(value); });
  ASSERT_TRUE(r) << describe(r, got.size());
  EXPECT_TRUE(got == reference(text).values);

  const std::string escaped = "{\"name\":\"a\",\"n\":1}\n{\"name\":\"\\u0062\",\"n\":2}\n";
  string_source src2{escaped, 5};
  std::vector<view_row> views;
  std::size_t count = 0;
  const jot::read_result v =
      jot::read_ndjson_parallel(jot::source::of(src2), {window, sizeof window}, views, std::span<jot::arena>(), {},
                                [&](std::size_t, view_row&) { ++count; });
  std::vector<view_row> want;
  const jot::read_result w = jot::read_ndjson(escaped, want);
  ASSERT_FALSE(w);
  EXPECT_EQ(describe(v, count), describe(w, want.size() - 1));
  EXPECT_EQ(v.error().code, error_code::capacity_exceeded);
  EXPECT_EQ(v.error().path(), "/1/name");
  EXPECT_EQ(count, 1u);
}

// With the caller's threads, window and arena buffers, and a warm block of
// views, a stream many windows long allocates nothing.
TEST(TypedParallelStream, NoAllocationWithTheCallersMemory) {
  JOT_REQUIRE_COUNTED_MALLOC();
  std::string text;
  for (int i = 0; i < 20000; ++i) text += "{\"name\":\"n" + std::to_string(i) + "\",\"n\":" + std::to_string(i) + "}\n";
  for (std::size_t threads : {1u, 2u}) {
    static char window[8192];
    alignas(16) static char memory[2][16384];
    jot::arena buffers[2] = {{memory[0], sizeof memory[0]}, {memory[1], sizeof memory[1]}};
    const std::span<jot::arena> arenas(buffers, threads);
    std::vector<view_row> block;
    block.reserve(sizeof window);  // more than a window's lines
    std::size_t count = 0;
    std::int64_t sum = 0;
    auto on_value = [&](std::size_t index, view_row& value) {
      ++count;
      sum += value.n;
      EXPECT_EQ(value.name, "n" + std::to_string(index));
    };
    string_source src{text, 3000};
    jot::parallel_ndjson_stream job(jot::source::of(src), {window, sizeof window}, block, arenas,
                                    {.chunk_size = 1024}, on_value);
    EXPECT_EQ(jot_test::allocations_in_work(job, threads), 0u);
    ASSERT_TRUE(job.result()) << describe(job.result(), count);
    EXPECT_GT(text.size(), 20 * sizeof window);
    EXPECT_EQ(count, 20000u);
    EXPECT_EQ(sum, 19999 * 20000 / 2);
  }
}

}  // namespace
