// A stream on many threads (jot::parallel_stream, jot/parallel.h): for every
// window, read split, thread count and chunk size it delivers exactly what a
// stream_reader over the same window yields, errors located in the stream;
// documents larger than the window; read failures; the callback stopping;
// helpers that run late; no heap allocation with the caller's threads and
// buffers on a stream many windows long.
#include <gtest/gtest.h>
#include <jot/jot.h>
#include <jot/parallel.h>
#include <jot/stream.h>

#include <algorithm>
#include <atomic>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "support/alloc_counter.h"
#include "support/document_step.h"
#include "support/document_texts.h"
#include "support/string_source.h"

namespace {

using jot::document_format;
using jot::error_code;
using jot_test::copy_out;
using jot_test::step;
using jot_test::string_source;

// What a stream_reader yields through a window of this size (the reference).
std::vector<step> sequential(std::string_view text, std::size_t window, document_format format, bool go_on) {
  std::unique_ptr<char[]> w(new char[window]);
  string_source src{text};
  jot::arena a;
  jot::stream_reader r(jot::parser(), jot::source::of(src), {w.get(), window}, a,
                       {.format = format, .continue_after_error = go_on});
  std::vector<step> out;
  while (r.next()) out.push_back(copy_out(r.index(), r.current(), r.source()));
  return out;
}

// What parse_parallel over a source delivers, through an exact-size heap
// window (ASan catches a read past it), checking that calls never overlap
// and come in order.
std::vector<step> parallel(std::string_view text, std::size_t window, std::size_t read_size, std::size_t threads,
                           std::size_t chunk, document_format format, bool go_on) {
  std::unique_ptr<char[]> w(new char[window]);
  string_source src{text, read_size};
  std::vector<jot::arena> arenas(threads);
  std::vector<step> out;
  std::atomic<int> inside{0};
  const jot::parallel_summary s = jot::parse_parallel(
      jot::parser(), jot::source::of(src), {w.get(), window}, arenas,
      {.continue_after_error = go_on, .chunk_size = chunk, .format = format},
      [&](std::size_t index, jot::result<jot::document>& d, std::string_view source) {
        EXPECT_EQ(inside.fetch_add(1), 0) << "the callback ran concurrently";
        EXPECT_EQ(index, out.size()) << "out of order";
        out.push_back(copy_out(index, d, source));
        inside.fetch_sub(1);
      });
  EXPECT_EQ(s.count, out.size());
  std::size_t errors = 0;
  for (const step& x : out) errors += !x.ok;
  EXPECT_EQ(s.error_count, errors);
  return out;
}

void expect_same(std::string_view text, document_format format, bool go_on) {
  for (std::size_t window : {64u, 100u, 257u, 4096u}) {
    const std::vector<step> want = sequential(text, window, format, go_on);
    for (std::size_t read_size : {1u, 7u, 1000000u})
      for (std::size_t threads : {1u, 2u, 3u})
        for (std::size_t chunk : {1u, 16u, 65536u}) {
          SCOPED_TRACE(testing::Message() << "window " << window << ", reads of " << read_size << ", " << threads
                                          << " threads, chunks of " << chunk);
          EXPECT_EQ(parallel(text, window, read_size, threads, chunk, format, go_on), want);
        }
  }
}

TEST(ParallelStream, NdjsonSameAsStreamReader) {
  const std::string text = jot_test::mixed_text();
  const std::vector<step> whole = sequential(text, 1 << 16, document_format::ndjson, true);
  ASSERT_GT(whole.size(), 20u);
  // A 64-byte window cuts the long lines: they fail as too large.
  const std::vector<step> small = sequential(text, 64, document_format::ndjson, true);
  ASSERT_TRUE(std::any_of(small.begin(), small.end(),
                          [](const step& x) { return !x.ok && x.error.code == error_code::capacity_exceeded; }));
  expect_same(text, document_format::ndjson, true);
  expect_same(text, document_format::ndjson, false);
}

TEST(ParallelStream, JsonSequencesSameAsStreamReader) {
  for (bool junk : {false, true}) {
    SCOPED_TRACE(junk ? "junk before the first RS" : "RS first");
    const std::string text = jot_test::mixed_records(junk);
    ASSERT_GT(sequential(text, 1 << 16, document_format::json_seq, true).size(), 25u);
    expect_same(text, document_format::json_seq, true);
    expect_same(text, document_format::json_seq, false);
  }
}

TEST(ParallelStream, ConcatenatedSameAsStreamReader) {
  const std::string text = "{\"a\":1} [2]\n\"s\"  3 true {\"b\":\n[null]} [1,]";
  ASSERT_EQ(sequential(text, 64, document_format::concatenated, false).size(), 7u);
  expect_same(text, document_format::concatenated, false);
}

// Errors many windows into the stream keep their offset, line and column.
TEST(ParallelStream, ErrorsLocatedInTheStream) {
  std::string text;
  for (int i = 0; i < 300; ++i) text += i % 37 == 5 ? "  {\"a\" 1}\n" : "[" + std::to_string(i) + "]\n";
  const std::vector<step> got = parallel(text, 256, 13, 2, 32, document_format::ndjson, true);
  ASSERT_EQ(got.size(), 300u);
  std::size_t bad = 0;
  for (const step& x : got) {
    if (x.ok) continue;
    ++bad;
    EXPECT_EQ(x.error.code, error_code::unexpected_character);
    EXPECT_EQ(x.error.line, x.index + 1);
    EXPECT_EQ(x.error.column, 8u);
  }
  EXPECT_EQ(bad, 8u);
  jot::arena a;
  jot::documents docs(text, a, {.continue_after_error = true});
  std::size_t i = 0;
  while (docs.next()) EXPECT_EQ(got[i++], copy_out(docs.index(), docs.current(), docs.source()));
  EXPECT_EQ(i, got.size());
}

// A window that grows from upstream takes documents longer than its first size.
TEST(ParallelStream, GrowingWindow) {
  std::string text;
  for (int i = 0; i < 50; ++i) text += "[\"" + std::string(static_cast<std::size_t>(i * 13), 'x') + "\"]\n";
  string_source src{text, 100};
  std::vector<jot::arena> arenas(2);
  std::vector<step> got;
  jot::parse_parallel(jot::parser(), jot::source::of(src), {nullptr, 64, jot::malloc_allocator(), 4096}, arenas,
                      {.chunk_size = 128},
                      [&](std::size_t index, jot::result<jot::document>& d, std::string_view source) {
                        got.push_back(copy_out(index, d, source));
                      });
  ASSERT_EQ(got.size(), 50u);
  for (std::size_t i = 0; i < got.size(); ++i) {
    ASSERT_TRUE(got[i].ok) << got[i];
    EXPECT_EQ(got[i].json.size(), 4 + i * 13);
  }
}

// A read error is delivered after every document before it, and ends the stream.
TEST(ParallelStream, ReadFailure) {
  const std::string text = "[1]\n[2]\n[3]\n[4";
  for (std::size_t threads : {1u, 2u}) {
    string_source src{text, 5};
    src.fail_at_end = true;
    std::vector<jot::arena> arenas(threads);
    std::vector<step> got;
    const jot::parallel_summary s = jot::parse_parallel(
        jot::parser(), jot::source::of(src), {nullptr, 64, jot::malloc_allocator()}, arenas,
        {.continue_after_error = true},
        [&](std::size_t index, jot::result<jot::document>& d, std::string_view source) {
          got.push_back(copy_out(index, d, source));
        });
    ASSERT_EQ(got.size(), 4u) << threads << " threads";
    EXPECT_TRUE(got[2].ok);
    EXPECT_FALSE(got[3].ok);
    EXPECT_EQ(got[3].error.code, error_code::io_error);
    EXPECT_EQ(s.error_count, 1u);
  }
}

// A callback returning false stops the stream: no call follows it.
TEST(ParallelStream, CallbackStops) {
  std::string text;
  for (int i = 0; i < 500; ++i) text += "[" + std::to_string(i) + "]\n";
  for (std::size_t threads : {1u, 2u, 4u}) {
    string_source src{text, 333};
    std::vector<jot::arena> arenas(threads);
    std::size_t calls = 0;
    const jot::parallel_summary s = jot::parse_parallel(
        jot::parser(), jot::source::of(src), {nullptr, 512, jot::malloc_allocator()}, arenas, {.chunk_size = 64},
        [&](std::size_t index, jot::result<jot::document>& d, std::string_view) {
          ++calls;
          EXPECT_TRUE(d.ok());
          return index < 321;
        });
    EXPECT_EQ(calls, 322u) << threads << " threads";
    EXPECT_EQ(s.count, 322u);
  }
}

// Helpers speed a stream up only while worker 0 runs: one called after it
// returns at once, one called before it finishes its part too.
TEST(ParallelStream, HelpersThatRunLate) {
  const std::string text = jot_test::mixed_text();
  const std::vector<step> want = sequential(text, 128, document_format::ndjson, true);
  std::vector<jot::arena> arenas(3);
  std::unique_ptr<char[]> w(new char[128]);
  string_source src{text, 50};
  std::vector<step> got;
  auto on_document = [&](std::size_t index, jot::result<jot::document>& d, std::string_view source) {
    got.push_back(copy_out(index, d, source));
  };
  jot::parallel_stream job(jot::parser(), jot::source::of(src), {w.get(), 128}, arenas,
                           {.continue_after_error = true, .chunk_size = 16}, on_document);
  std::thread early([&] { job.work(1); });  // may start before, during or after work(0)
  job.work(0);
  job.work(2);  // after the end: returns at once
  early.join();
  EXPECT_EQ(got, want);
  EXPECT_EQ(job.summary().count, want.size());
}

// The caller's threads, window and arena buffers: a stream of many windows
// allocates nothing.
TEST(ParallelStream, CallerThreadsAndBuffersAllocateNothing) {
  JOT_REQUIRE_COUNTED_MALLOC();
  const std::string text = jot_test::id_lines(20000);
  constexpr std::size_t threads = 3;
  constexpr std::size_t size = 64 * 1024;
  alignas(16) static char buffers[threads][size];
  static char window[32 * 1024];
  jot::arena arenas[threads] = {{buffers[0], size}, {buffers[1], size}, {buffers[2], size}};
  string_source src{text, 4096};
  std::size_t count = 0;
  std::uint64_t sum = 0;
  auto on_document = [&](std::size_t, jot::result<jot::document>& d, std::string_view) {
    ++count;
    if (d) sum += (*d)["id"].get_uint64().value_or(0);
  };
  jot::parallel_stream job(jot::parser(), jot::source::of(src), {window, sizeof window}, arenas,
                           {.chunk_size = 4096}, on_document);
  EXPECT_EQ(jot_test::allocations_in_work(job, threads), 0u);
  EXPECT_GT(text.size(), 20 * sizeof window);
  EXPECT_EQ(count, 20000u);
  EXPECT_EQ(sum, 19999u * 20000u / 2);
  EXPECT_EQ(job.summary().error_count, 0u);
}

}  // namespace
