// tests/typed/typed_parallel_test.cpp - jot::read_ndjson_parallel and
// jot::parallel_ndjson_reader (jot/typed_parallel.h). Their result must be
// read_ndjson's (itself checked against documents + read per line in
// typed_ndjson_test.cpp): the same values in the same order, and for bad
// input the same error (code, offset, line, column, path) with out ending at
// the failing document, whatever the chunk size, the worker count, and
// whether the workers run concurrently or one after another.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <deque>
#include <list>
#include <memory_resource>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <thread>
#include <tuple>
#include <vector>

#include "jot/typed.h"
#include "jot/typed_parallel.h"
#include "support/alloc_counter.h"
#include "support/typed_ndjson_cases.h"
#include "support/test_data.h"
#include "support/test_engines.h"

namespace {

using jot::error_code;

using row = jot_test::ndjson_row;
using view_row = jot_test::ndjson_view_row;

const auto describe = jot_test::describe_read;

// How the parallel read is run.
enum class run_mode { threads, one_after_another, reversed };

template <class Sequence>
jot::read_result read_parallel(std::string_view text, Sequence& out, std::size_t workers, std::size_t chunk_size,
                               run_mode mode, jot::kernel k) {
  std::vector<jot::arena> arenas(workers);
  const jot::parallel_read_options options{.read = {.kernel = k}, .chunk_size = chunk_size};
  if (mode == run_mode::threads) return jot::read_ndjson_parallel(text, out, arenas, options);
  jot::parallel_ndjson_reader<Sequence> job(text, out, arenas, options);
  for (std::size_t i = 0; i < workers; ++i) job.work(mode == run_mode::reversed ? workers - 1 - i : i);
  return job.finish();
}

// The parallel read of text agrees with read_ndjson for every way of running it.
template <class T>
void expect_same(std::string_view text, jot::kernel k, std::size_t chunk_size) {
  std::vector<T> want;
  jot::arena a;
  const jot::read_result w = jot::read_ndjson(text, want, a, {.kernel = k});
  for (std::size_t workers : {1, 2, 3}) {
    for (run_mode mode : {run_mode::threads, run_mode::one_after_another, run_mode::reversed}) {
      std::vector<T> got(2);  // reused and replaced
      const jot::read_result g = read_parallel(text, got, workers, chunk_size, mode, k);
      SCOPED_TRACE(::testing::Message() << "text: '" << std::string(text) << "' workers " << workers << " chunk "
                                        << chunk_size << " mode " << static_cast<int>(mode));
      EXPECT_EQ(describe(g, got.size()), describe(w, want.size()));
      EXPECT_EQ(got.size(), want.size());
      if (w && g) EXPECT_TRUE(got == want);
    }
  }
}

class TypedParallel : public ::testing::TestWithParam<jot::kernel> {};

TEST_P(TypedParallel, ReadsEveryChunkInOrder) {
  std::string text;
  for (int i = 0; i < 200; ++i) {
    text += "{\"id\":" + std::to_string(i) + ",\"name\":\"n" + std::to_string(i) + "\",\"tags\":[" +
            std::to_string(i % 7) + "]}";
    text += i % 9 == 0 ? "\r\n\n" : "\n";
  }
  for (std::size_t chunk : {1, 7, 64, 1000, 0}) {
    std::vector<row> out;
    std::vector<jot::arena> arenas(2);
    const jot::read_result r =
        jot::read_ndjson_parallel(text, out, arenas, {.read = {.kernel = GetParam()}, .chunk_size = chunk});
    ASSERT_TRUE(r) << describe(r, out.size());
    ASSERT_EQ(out.size(), 200u);
    for (int i = 0; i < 200; ++i) {
      EXPECT_EQ(out[static_cast<std::size_t>(i)], (row{i, "n" + std::to_string(i), std::nullopt, {i % 7}}));
    }
    expect_same<row>(text, GetParam(), chunk);
  }
}

TEST_P(TypedParallel, EmptyAndBlankText) {
  for (std::string_view text : {"", "\n", "\n\n  \r\n\t\n", "   "}) {
    for (std::size_t chunk : {1, 2, 0}) {
      std::vector<row> out(3);
      std::vector<jot::arena> arenas(2);
      const jot::read_result r =
          jot::read_ndjson_parallel(text, out, arenas, {.read = {.kernel = GetParam()}, .chunk_size = chunk});
      ASSERT_TRUE(r) << describe(r, out.size());
      EXPECT_TRUE(out.empty());
    }
  }
}

// The first failing document in document order wins, wherever the chunks fall.
TEST_P(TypedParallel, ErrorsAreReadNdjsonsErrors) {
  const std::string good = "{\"id\":1,\"name\":\"a\",\"tags\":[]}\n";
  const char* bad[] = {
      "{\"id\":\"x\",\"name\":\"b\",\"tags\":[]}\n",   // a type error
      "{\"id\":1,\"name\":\"a\",\"tags\":[\n1]}\n",    // a document spanning lines
      "{\"id\":1,\"name\":\"a\",\"tags\":[]} {\"id\":2,\"name\":\"b\",\"tags\":[]}\n",  // two on a line
      "{\"id\":2}\n",                                  // missing members
      "\xEF\xBB\xBF{\"id\":1,\"name\":\"a\",\"tags\":[]}\n",  // a byte order mark at a line's start
      "{\"id\":1,\"name\":\"a\xFF\",\"tags\":[]}\n",   // bad UTF-8
      "{\"id\":1,\"name\":\"a\",\"tags\":[]\n",        // cut short
  };
  for (const char* b : bad) {
    for (int before : {0, 1, 5}) {
      for (int after : {0, 3}) {
        std::string text;
        for (int i = 0; i < before; ++i) text += good;
        text += b;
        for (int i = 0; i < after; ++i) text += i == 1 ? std::string(bad[0]) : good;  // a later error loses
        for (std::size_t chunk : {1, 30, 100, 0}) expect_same<row>(text, GetParam(), chunk);
        if (HasFailure()) return;
      }
    }
  }
  // Named by its index in the whole text, located in the whole text.
  std::string text;
  for (int i = 0; i < 41; ++i) text += good;
  text += bad[0];
  std::vector<row> out;
  std::vector<jot::arena> arenas(2);
  const jot::read_result r =
      jot::read_ndjson_parallel(text, out, arenas, {.read = {.kernel = GetParam()}, .chunk_size = 64});
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, error_code::type_mismatch);
  EXPECT_EQ(r.error().path(), "/41/id");
  EXPECT_EQ(r.error().line, 42u);
  EXPECT_EQ(r.error().column, 7u);
  EXPECT_EQ(r.error().offset, 41 * good.size() + 6);
  EXPECT_EQ(out.size(), 42u);  // out ends with the failing document
}

// Random edits of valid NDJSON, cut into chunks of every small size.
TEST_P(TypedParallel, AgreesWithReadNdjsonOnMutations) {
  std::mt19937 rng(20261128);
  for (int round = 0; round < 300; ++round) {
    const std::string text = jot_test::mutated_ndjson(rng, 7);
    expect_same<row>(text, GetParam(), 1 + rng() % 80);
    if (HasFailure()) return;
  }
}

TEST_P(TypedParallel, EveryKindOfSequence) {
  std::string text;
  for (int i = 0; i < 50; ++i) text += "{\"id\":" + std::to_string(i) + ",\"name\":\"v\",\"tags\":[]}\n";
  const auto check = [&](auto& out) {
    const jot::read_result r = read_parallel(text, out, 3, 40, run_mode::threads, GetParam());
    ASSERT_TRUE(r) << describe(r, out.size());
    ASSERT_EQ(out.size(), 50u);
    std::int64_t i = 0;
    for (const row& e : out) EXPECT_EQ(e.id, i++);
  };
  std::vector<row> v(60);
  check(v);
  std::deque<row> d(1);
  check(d);
  std::list<row> l(3);
  check(l);
  // pmr: out's resource is not thread-safe (a monotonic buffer), so only
  // out's own chunk may use it while workers run (a first version gave every
  // chunk out's allocator, and this check failed now and then: a race).
  char buf[1 << 16];
  std::pmr::monotonic_buffer_resource pool(buf, sizeof buf);
  std::pmr::vector<row> p(&pool);
  check(p);
  EXPECT_EQ(p.get_allocator().resource(), &pool);
  std::pmr::list<row> pl(&pool);  // other resources: moved in, not spliced
  check(pl);
  for (int i = 0; i < 20 && !HasFailure(); ++i) {
    std::pmr::vector<row> again(&pool);
    check(again);
  }
}

// Views point into the text, escaped strings into the arena of the worker
// that read them; without an arena, an escaped string is capacity_exceeded.
TEST_P(TypedParallel, ViewsLiveInTheWorkersArenas) {
  std::string text;
  for (int i = 0; i < 40; ++i) text += "{\"name\":\"" + std::string(i % 2 ? "esc\\n" : "plain") + "\",\"n\":1}\n";
  alignas(16) static char bufs[3][4096];
  jot::arena arenas[3] = {{bufs[0], sizeof bufs[0]}, {bufs[1], sizeof bufs[1]}, {bufs[2], sizeof bufs[2]}};
  std::vector<view_row> out;
  const jot::read_result r =
      jot::read_ndjson_parallel(text, out, arenas, {.read = {.kernel = GetParam()}, .chunk_size = 50});
  ASSERT_TRUE(r) << describe(r, out.size());
  ASSERT_EQ(out.size(), 40u);
  for (std::size_t i = 0; i < 40; ++i) {
    const char* p = out[i].name.data();
    if (i % 2 == 0) {
      EXPECT_EQ(out[i].name, "plain");
      EXPECT_TRUE(p >= text.data() && p < text.data() + text.size());
    } else {
      EXPECT_EQ(out[i].name, "esc\n");
      EXPECT_TRUE(p >= &bufs[0][0] && p < &bufs[0][0] + sizeof bufs);
    }
  }
  std::vector<view_row> none;
  const jot::read_result n =
      jot::read_ndjson_parallel(text, none, std::span<jot::arena>(), {.read = {.kernel = GetParam()}});
  ASSERT_FALSE(n);
  EXPECT_EQ(n.error().code, error_code::capacity_exceeded);
  EXPECT_EQ(n.error().path(), "/1/name");
}

// finish() reads what no worker read: a reader whose work() never ran still
// gives the whole result.
TEST_P(TypedParallel, FinishReadsWhatIsLeft) {
  std::string text;
  for (int i = 0; i < 30; ++i) text += "{\"id\":" + std::to_string(i) + ",\"name\":\"w\",\"tags\":[1]}\n";
  std::vector<jot::arena> arenas(2);
  std::vector<row> out;
  jot::parallel_ndjson_reader<std::vector<row>> job(text, out, arenas, {.read = {.kernel = GetParam()},
                                                                        .chunk_size = 100});
  const jot::read_result r = job.finish();
  ASSERT_TRUE(r) << describe(r, out.size());
  ASSERT_EQ(out.size(), 30u);
  EXPECT_EQ(out[29].id, 29);
}

// With arenas over buffers and the caller's own threads (here: one, calling
// each worker in turn), a read into a warm vector of views allocates nothing:
// the reader's table comes from arena 0.
TEST_P(TypedParallel, AllocatesNothingWithArenasOverBuffers) {
  JOT_REQUIRE_COUNTED_MALLOC();
  std::string text;
  for (int i = 0; i < 100; ++i)
    text += "{\"name\":\"" + std::string(i % 3 ? "v" : "e\\t") + "\",\"n\":" + std::to_string(i) + "}\n";
  alignas(16) static char bufs[2][16384];
  jot::arena arenas[2] = {{bufs[0], sizeof bufs[0]}, {bufs[1], sizeof bufs[1]}};
  std::vector<view_row> out;
  out.reserve(100);
  for (int round = 0; round < 2; ++round) {
    for (jot::arena& a : arenas) a.reset();
    const std::size_t before = jot_test::allocation_count();
    jot::parallel_ndjson_reader<std::vector<view_row>> job(text, out, arenas,
                                                           {.read = {.kernel = GetParam()}, .chunk_size = 300});
    job.work(0);
    job.work(1);
    const jot::read_result r = job.finish();
    EXPECT_EQ(jot_test::allocation_count() - before, 0u);
    ASSERT_TRUE(r) << describe(r, out.size());
    ASSERT_EQ(out.size(), 100u);
    EXPECT_EQ(out[99].n, 99);
    EXPECT_EQ(out[0].name, "e\t");
  }
}

JOT_INSTANTIATE_FOR_ENGINES(TypedParallel);

// The engines' count of lines that hold content (read_ndjson_parallel's
// bound on a chunk's documents) against the scalar count, on random texts of
// whitespace, line feeds and content, from every start and at every length.
template <class Scanner>
void expect_content_lines(const char* engine) {
  SCOPED_TRACE(engine);
  std::mt19937 rng(7);
  const char bytes[] = {' ', '\t', '\r', '\n', '\n', 'x', '{', '"'};
  for (int round = 0; round < 400; ++round) {
    std::string text(rng() % 300, ' ');
    const int kinds = 1 + static_cast<int>(rng() % 8);  // some texts are nearly all spaces
    for (char& c : text) c = bytes[rng() % static_cast<unsigned>(kinds)];
    const auto* p = reinterpret_cast<const std::uint8_t*>(text.data());
    for (std::size_t from = 0; from < text.size() && from < 70; from += 1 + rng() % 9) {
      bool at_line_start = true;
      const std::uint64_t want = jot::detail::count_content_lines_scalar(p + from, p + text.size(), at_line_start);
      ASSERT_EQ(Scanner::count_content_lines(p + from, p + text.size()), want) << "text '" << text << "' from " << from;
    }
  }
}

TEST(TypedParallelLines, EveryEngineCountsContentLines) {
#if defined(JOT_HAS_X86_KERNELS)
  expect_content_lines<jot::detail::isa_sse2::scanner>("sse2");
  if (jot::kernel_supported(jot::kernel::avx2))
    expect_content_lines<jot::detail::isa_avx2::scanner>("avx2");
  else
    std::printf("TypedParallelLines: this CPU has no AVX2; its engine skipped\n");
#else
  expect_content_lines<jot::detail::isa_portable::scanner>("portable");
#if defined(JOT_HAS_NEON_KERNEL)
  expect_content_lines<jot::detail::isa_neon::scanner>("neon");
#endif
#endif
  // Blank lines hold no document, whatever whitespace they hold.
  const std::string blank = "\n \n\t\r\n   \n\n";
  const auto* b = reinterpret_cast<const std::uint8_t*>(blank.data());
  bool at_line_start = true;
  EXPECT_EQ(jot::detail::count_content_lines_scalar(b, b + blank.size(), at_line_start), 0u);
}

// A text of blank lines sizes out by its documents, not its lines.
TEST(TypedParallelLines, BlankLinesTakeNoElements) {
  std::string text(200000, '\n');
  text += "{\"id\":7,\"name\":\"x\",\"tags\":[]}\n";
  text += std::string(1000, ' ') + "\n";
  std::vector<row> out;
  std::vector<jot::arena> arenas(2);
  const jot::read_result r = jot::read_ndjson_parallel(text, out, arenas, {.chunk_size = 1000});
  ASSERT_TRUE(r) << describe(r, out.size());
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0].id, 7);
  EXPECT_LT(out.capacity(), 16u);  // never sized to the 200,002 lines
}

// A line much longer than a chunk leaves the chunks it covers empty, each
// found empty within its own bytes: a first version looked for each chunk's
// first line start up to the next LF, once per chunk, and took minutes here
// (the fuzz seeds' 2 MB canada.json, one line, in 1-13 byte chunks).
TEST(TypedParallelLines, LongLinesCostOnePass) {
  std::string text = "[";
  for (int i = 0; i < 300000; ++i) text += "1,";
  text += "2]\n[3]\n";
  std::vector<std::vector<int>> out;
  std::vector<jot::arena> arenas(2);
  const jot::read_result r = jot::read_ndjson_parallel(text, out, arenas, {.chunk_size = 16});
  ASSERT_TRUE(r) << describe(r, out.size());
  ASSERT_EQ(out.size(), 2u);
  EXPECT_EQ(out[0].size(), 300001u);
  EXPECT_EQ(out[1], std::vector<int>{3});
}

// The corpus file on two threads, with chunks small enough to spread it.
TEST(TypedParallelCorpus, AmazonCellphones) {
  JOT_REQUIRE_DATA(dir);
  std::string rows_text;
  if (!jot_test::load_product_rows(dir, rows_text))
    GTEST_SKIP() << "corpus/amazon_cellphones.ndjson not in " << dir;
  using jot_test::product;
  std::vector<product> want;
  ASSERT_TRUE(jot::read_ndjson(rows_text, want));
  ASSERT_EQ(want.size(), 792u);
  for (std::size_t chunk : {std::size_t{4096}, std::size_t{0}}) {
    std::vector<product> got;
    std::vector<jot::arena> arenas(2);
    const jot::read_result r = jot::read_ndjson_parallel(rows_text, got, arenas, {.chunk_size = chunk});
    ASSERT_TRUE(r) << describe(r, got.size());
    EXPECT_TRUE(got == want);
  }
}

}  // namespace
