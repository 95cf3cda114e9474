// Many documents on many threads (jot/parallel.h): for NDJSON, JSON text
// sequences and concatenated JSON, every thread count and chunk size delivers
// exactly what jot::documents yields, in the same order, errors included; the
// first error stops; arenas too small to hold a chunk; no heap allocation
// when the caller brings threads and arenas.
#include <gtest/gtest.h>
#include <jot/documents.h>
#include <jot/jot.h>
#include <jot/parallel.h>

#include <atomic>
#include <chrono>
#include <string>
#include <thread>
#include <vector>

#include "support/alloc_counter.h"
#include "support/document_step.h"
#include "support/document_texts.h"
#include "support/must.h"
#include "support/test_data.h"

namespace {

using jot::document_format;
using jot::error_code;
using jot_test::must;

using jot_test::copy_out;
using jot_test::mixed_records;
using jot_test::mixed_text;
using jot_test::step;

// What jot::documents yields (the reference).
std::vector<step> sequential(std::string_view text, bool go_on, const jot::parser& p = jot::parser(),
                             jot::arena* a = nullptr, document_format format = document_format::ndjson) {
  jot::arena own;
  jot::documents docs(p, text, a != nullptr ? *a : own, {.format = format, .continue_after_error = go_on});
  std::vector<step> out;
  while (docs.next()) out.push_back(copy_out(docs.index(), docs.current(), docs.source()));
  return out;
}

// What parse_parallel delivers, checking that calls never overlap and that
// indexes come in order.
std::vector<step> parallel(std::string_view text, std::size_t threads, std::size_t chunk, bool go_on,
                           const jot::parser& p = jot::parser(), document_format format = document_format::ndjson) {
  std::vector<jot::arena> arenas(threads);
  std::vector<step> out;
  std::atomic<int> inside{0};
  jot::parallel_summary s = jot::parse_parallel(
      p, text, arenas, {.continue_after_error = go_on, .chunk_size = chunk, .format = format},
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

void expect_same(std::string_view text, bool go_on, const jot::parser& p = jot::parser(),
                 document_format format = document_format::ndjson) {
  const std::vector<step> want = sequential(text, go_on, p, nullptr, format);
  for (std::size_t threads = 1; threads <= 8; ++threads)
    for (std::size_t chunk : {1u, 2u, 3u, 5u, 16u, 64u, 1000u, 65536u}) {
      SCOPED_TRACE(testing::Message() << threads << " threads, chunks of " << chunk);
      EXPECT_EQ(parallel(text, threads, chunk, go_on, p, format), want);
    }
}

TEST(Parallel, SameAsDocumentsForEveryThreadCountAndChunkSize) {
  const std::string text = mixed_text();
  ASSERT_GT(sequential(text, true).size(), 20u);
  expect_same(text, true);
  expect_same(text, false);
}

TEST(Parallel, JsonSequencesSameAsDocuments) {
  for (bool junk : {false, true}) {
    SCOPED_TRACE(junk ? "junk before the first RS" : "RS first");
    const std::string text = mixed_records(junk);
    const std::vector<step> want = sequential(text, true, jot::parser(), nullptr, document_format::json_seq);
    ASSERT_GT(want.size(), 25u);
    std::size_t bad = 0, good = 0;
    for (const step& x : want) (x.ok ? good : bad) += 1;
    ASSERT_GT(bad, 10u);
    ASSERT_GT(good, 10u);
    expect_same(text, true, jot::parser(), document_format::json_seq);
    expect_same(text, false, jot::parser(), document_format::json_seq);
  }
}

// An error in a record located in the whole text: its line counts the LFs
// of every record before it, and its column the bytes of its line before
// the record's RS.
TEST(Parallel, JsonSequenceErrorsNameLineAndColumn) {
  std::string text;
  for (int i = 0; i < 50; ++i) text += "\x1e{\"n\":\n" + std::to_string(i) + "}\n";
  text += "\x1e[1]   \x1e{\"a\":\n [1, x]}\n\x1e[2]\n";
  const std::size_t x = text.find(", x") + 2;
  for (std::size_t threads : {1u, 2u, 4u})
    for (std::size_t chunk : {1u, 7u, 64u, 4096u}) {
      SCOPED_TRACE(testing::Message() << threads << " threads, chunks of " << chunk);
      const std::vector<step> got = parallel(text, threads, chunk, true, jot::parser(), document_format::json_seq);
      ASSERT_EQ(got.size(), 53u);
      ASSERT_FALSE(got[51].ok);
      EXPECT_EQ(got[51].error.code, error_code::unexpected_character);
      EXPECT_EQ(got[51].error.offset, x);
      EXPECT_EQ(got[51].error.line, 102u);
      EXPECT_EQ(got[51].error.column, 6u);
      ASSERT_TRUE(got[52].ok);
      EXPECT_EQ(got[52].json, "[2]");
    }
}

// Concatenated JSON has nothing to cut at: one worker parses it all, exactly
// as documents does.
TEST(Parallel, ConcatenatedRunsAsOneChunk) {
  const std::string text = "{\"a\":1} [2]\n\"s\"  3 true {\"b\":\n[null]} [1,]";
  const std::vector<step> want = sequential(text, false, jot::parser(), nullptr, document_format::concatenated);
  ASSERT_EQ(want.size(), 7u);
  EXPECT_FALSE(want.back().ok);
  EXPECT_EQ(want.back().error.line, 3u);
  expect_same(text, false, jot::parser(), document_format::concatenated);
  expect_same(text, true, jot::parser(), document_format::concatenated);
  expect_same("", false, jot::parser(), document_format::concatenated);
}

TEST(Parallel, GoodLinesOnly) {
  std::string text;
  for (int i = 0; i < 100; ++i) text += "{\"n\":" + std::to_string(i) + "}\n";
  const std::vector<step> got = parallel(text, 4, 7, false);
  ASSERT_EQ(got.size(), 100u);
  for (std::size_t i = 0; i < got.size(); ++i) {
    ASSERT_TRUE(got[i].ok);
    EXPECT_EQ(got[i].json, "{\"n\":" + std::to_string(i) + "}");
  }
  expect_same(text, false);
}

TEST(Parallel, EmptyAndBlankInput) {
  for (const char* text : {"", "\n", "\n\n \r\n\t\n", "   "}) {
    SCOPED_TRACE(testing::Message() << '"' << text << '"');
    EXPECT_TRUE(parallel(text, 3, 1, false).empty());
    expect_same(text, false);
  }
}

TEST(Parallel, FinalLineWithoutLf) {
  const std::string text = "[1]\n[2]\n{\"last\":true}";
  const std::vector<step> got = parallel(text, 2, 4, false);
  ASSERT_EQ(got.size(), 3u);
  ASSERT_TRUE(got[2].ok);
  EXPECT_EQ(got[2].json, "{\"last\":true}");
  expect_same(text, false);
  expect_same("[1]\n[2", true);  // and a bad one
}

TEST(Parallel, ErrorsNameIndexLineColumnOffset) {
  const std::string text = "[1]\n\n[2]\n  {\"a\" 1}\n[3]\n";
  const std::vector<step> got = parallel(text, 2, 3, true);
  ASSERT_EQ(got.size(), 4u);
  ASSERT_FALSE(got[2].ok);
  EXPECT_EQ(got[2].index, 2u);
  EXPECT_EQ(got[2].error.code, error_code::unexpected_character);
  EXPECT_EQ(got[2].error.line, 4u);
  EXPECT_EQ(got[2].error.column, 8u);
  EXPECT_EQ(got[2].error.offset, text.find("1}"));
  expect_same(text, true);
}

// Every line bad: each chunk holds an error. With recovery all are delivered;
// without, only the first (and no other callback runs).
TEST(Parallel, AnErrorInEveryChunk) {
  std::string text;
  for (int i = 0; i < 64; ++i) text += "[" + std::to_string(i) + ",]\n";
  const std::vector<step> all = parallel(text, 4, 6, true);
  ASSERT_EQ(all.size(), 64u);
  for (const step& s : all) {
    EXPECT_FALSE(s.ok);
    EXPECT_EQ(s.error.line, s.index + 1);
  }
  for (std::size_t threads : {1u, 2u, 4u, 8u}) {
    const std::vector<step> first = parallel(text, threads, 6, false);
    ASSERT_EQ(first.size(), 1u);
    EXPECT_EQ(first[0].error.line, 1u);
  }
  expect_same(text, true);
  expect_same(text, false);
}

// A callback returning false stops the parse: no call follows it.
TEST(Parallel, CallbackStops) {
  std::string text;
  for (int i = 0; i < 500; ++i) text += "[" + std::to_string(i) + "]\n";
  for (std::size_t threads : {1u, 2u, 5u, 8u})
    for (std::size_t chunk : {1u, 16u, 4096u}) {
      std::vector<jot::arena> arenas(threads);
      std::size_t calls = 0;
      const jot::parallel_summary s = jot::parse_parallel(
          jot::parser(), text, arenas, {.chunk_size = chunk},
          [&](std::size_t index, jot::result<jot::document>& d, std::string_view) {
            ++calls;
            EXPECT_TRUE(d.ok());
            return index < 123;
          });
      EXPECT_EQ(calls, 124u) << threads << " threads, chunks of " << chunk;
      EXPECT_EQ(s.count, 124u);
    }
}

// The first error stops delivery: every document before it, none after.
TEST(Parallel, FirstErrorStops) {
  std::string text;
  for (int i = 0; i < 200; ++i) text += i == 137 ? "{oops}\n" : "[" + std::to_string(i) + "]\n";
  for (std::size_t threads : {2u, 8u}) {
    const std::vector<step> got = parallel(text, threads, 16, false);
    ASSERT_EQ(got.size(), 138u);
    EXPECT_FALSE(got.back().ok);
    EXPECT_EQ(got.back().error.line, 138u);
  }
}

TEST(Parallel, ParseOptionsAndByteOrderMark) {
  jot::parse_options o;
  o.syntax.allow_bom = true;
  o.syntax.allow_comments = true;
  const jot::parser p(o);
  const std::string text = "\xEF\xBB\xBF[1] // one\n/* c */ [2]\n\xEF\xBB\xBF[3]\n";
  const std::vector<step> want = sequential(text, true, p);
  ASSERT_EQ(want.size(), 3u);
  EXPECT_TRUE(want[0].ok);
  EXPECT_FALSE(want[2].ok) << "a BOM is skipped at the start of text only";
  expect_same(text, true, p);
}

// Arenas that hold about one document: a worker whose chunk does not fit
// waits for its turn and delivers as it parses; a document too large for an
// empty arena fails alone, as with documents.
TEST(Parallel, ArenasTooSmallForAChunk) {
  std::string big = "[";
  for (int i = 0; i < 200; ++i) big += std::to_string(i) + ",";
  big += "0]";
  for (document_format format : {document_format::ndjson, document_format::json_seq}) {
    SCOPED_TRACE(format == document_format::ndjson ? "ndjson" : "json_seq");
    const char* const rs = format == document_format::json_seq ? "\x1e" : "";
    std::string text;
    for (int i = 0; i < 30; ++i) text += rs + (i == 11 ? big + "\n" : "[" + std::to_string(i) + ",\"abcdefgh\"]\n");
    constexpr std::size_t size = 512;
    alignas(16) static char reference_buffer[size];
    jot::arena reference(reference_buffer, size);
    const std::vector<step> want = sequential(text, true, jot::parser(), &reference, format);
    ASSERT_EQ(want.size(), 30u);
    ASSERT_FALSE(want[11].ok);
    EXPECT_EQ(want[11].error.code, error_code::capacity_exceeded);
    for (std::size_t threads : {1u, 2u, 3u}) {
      alignas(16) static char buffers[3][size];
      jot::arena arenas[3] = {{buffers[0], size}, {buffers[1], size}, {buffers[2], size}};
      std::vector<step> got;
      const jot::parallel_summary s = jot::parse_parallel(
          jot::parser(), text, std::span(arenas).first(threads),
          {.continue_after_error = true, .chunk_size = 256, .format = format},
          [&](std::size_t index, jot::result<jot::document>& d, std::string_view source) {
            got.push_back(copy_out(index, d, source));
          });
      EXPECT_EQ(s.count, 30u);
      EXPECT_EQ(got, want) << threads << " threads";
    }
  }
}

// A worker whose chunk's documents fill its arena before its turn parses the
// document that did not fit again once it delivers (documents::rewind): the
// first document's callback holds the turn until the other worker is there.
TEST(Parallel, AWorkerWhoseArenaFillsParsesAgainInItsTurn) {
  for (document_format format : {document_format::ndjson, document_format::json_seq}) {
    SCOPED_TRACE(format == document_format::ndjson ? "ndjson" : "json_seq");
    const char* const rs = format == document_format::json_seq ? "\x1e" : "";
    std::string text;
    for (int i = 0; i < 24; ++i) {
      text += rs;
      text += "[" + std::to_string(i);
      for (int k = 0; k < 12; ++k) text += ",\"s" + std::to_string(k) + "\"";
      text += "]\n";
    }
    const std::vector<step> want = sequential(text, false, jot::parser(), nullptr, format);
    ASSERT_EQ(want.size(), 24u);
    constexpr std::size_t size = 1024;  // two or three documents
    alignas(16) static char buffers[2][size];
    jot::arena arenas[2] = {{buffers[0], size}, {buffers[1], size}};
    std::vector<step> got;
    auto on_document = [&](std::size_t index, jot::result<jot::document>& d, std::string_view source) {
      if (index == 0) std::this_thread::sleep_for(std::chrono::milliseconds(50));
      got.push_back(copy_out(index, d, source));
    };
    jot::parallel_documents job(jot::parser(), text, arenas, {.chunk_size = 1000, .format = format}, on_document);
    std::thread other([&] { job.work(1); });
    job.work(0);
    other.join();
    EXPECT_EQ(got, want);
    EXPECT_EQ(job.summary().count, 24u);
    EXPECT_EQ(job.summary().error_count, 0u);
  }
}

// work() may run on the caller's threads, and even one after another on one.
TEST(Parallel, WorkersRunOneAfterAnother) {
  const std::string text = mixed_text();
  const std::vector<step> want = sequential(text, true);
  std::vector<jot::arena> arenas(4);
  std::vector<step> got;
  auto on_document = [&](std::size_t index, jot::result<jot::document>& d, std::string_view source) {
    got.push_back(copy_out(index, d, source));
  };
  jot::parallel_documents job(jot::parser(), text, arenas, {.continue_after_error = true, .chunk_size = 8},
                              on_document);
  for (std::size_t w = 4; w-- > 0;) job.work(w);
  EXPECT_EQ(got, want);
  EXPECT_EQ(job.summary().count, want.size());
}

// Caller threads and caller buffers: the parse allocates nothing.
TEST(Parallel, CallerThreadsAndBuffersAllocateNothing) {
  JOT_REQUIRE_COUNTED_MALLOC();
  const std::string text = jot_test::id_lines(500);
  constexpr std::size_t threads = 4;
  constexpr std::size_t size = 16 * 1024;
  alignas(16) static char buffers[threads][size];
  jot::arena arenas[threads] = {
      {buffers[0], size}, {buffers[1], size}, {buffers[2], size}, {buffers[3], size}};
  std::size_t count = 0;
  std::uint64_t sum = 0;
  auto on_document = [&](std::size_t, jot::result<jot::document>& d, std::string_view) {
    ++count;
    if (d) sum += (*d)["id"].get_uint64().value_or(0);
  };
  jot::parallel_documents job(jot::parser(), text, arenas, {.chunk_size = 1024}, on_document);
  EXPECT_EQ(jot_test::allocations_in_work(job, threads), 0u);
  EXPECT_EQ(count, 500u);
  EXPECT_EQ(sum, 499u * 500u / 2);
  EXPECT_EQ(job.summary().error_count, 0u);
}

TEST(Parallel, AmazonCorpus) {
  JOT_REQUIRE_DATA(dir);
  std::string text;
  if (!jot_test::read_file(dir + "/corpus/amazon_cellphones.ndjson", text))
    GTEST_SKIP() << "corpus/amazon_cellphones.ndjson not in " << dir;
  const std::vector<step> want = sequential(text, false);
  ASSERT_GT(want.size(), 700u);
  for (std::size_t threads : {1u, 2u, 5u})
    for (std::size_t chunk : {4096u, 65536u}) EXPECT_EQ(parallel(text, threads, chunk, false), want);
}

}  // namespace
