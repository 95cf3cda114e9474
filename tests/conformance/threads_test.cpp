// tests/conformance/threads_test.cpp - parsing and writing on many threads at once.
//
// jot has no globals, no thread_local and no shared mutable state, so threads
// that each own an arena must never disturb each other. 2 * hardware
// threads parse and write the shared data files for several rounds and every
// result is checked against a single-threaded reference. `make test-tsan`
// runs this file under ThreadSanitizer.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cstring>
#include <filesystem>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "jot/jot.h"
#include "jot/parallel.h"
#include "jot/typed.h"
#include "support/same_tape.h"
#include "support/test_data.h"
#include "support/test_kernels.h"

namespace {

constexpr int rounds = 3;

using jot_test::same_tape;

// One input and what a single thread made of it.
struct reference {
  std::string name;
  std::string json;
  std::unique_ptr<jot::arena> arena;  // declared before doc: outlives it
  jot::result<jot::document> doc = jot::make_error(jot::error_code::empty_input);
  std::string compact;
  std::string pretty;
};

std::string write_text(jot::value v, jot::output_buffer& out, std::uint32_t indent) {
  out.clear();
  jot::write_options w;
  w.indent = indent;
  auto r = jot::write(v, out, w);
  return r ? std::string(*r) : std::string("<write failed>");
}

std::vector<std::unique_ptr<reference>> load_references(const std::string& dir) {
  std::vector<std::unique_ptr<reference>> refs;
  for (const char* sub : {"/corpus", "/packets", "/openrtb", "/rpc"}) {
    std::vector<std::filesystem::path> paths;
    for (const auto& e : std::filesystem::directory_iterator(dir + sub)) paths.push_back(e.path());
    std::sort(paths.begin(), paths.end());
    for (const auto& p : paths) {
      auto r = std::make_unique<reference>();
      r->name = p.filename().string();
      if (!jot_test::read_file(p.string(), r->json)) continue;
      if (p.extension() == ".ndjson") r->json = r->json.substr(0, r->json.find('\n'));
      r->arena = std::make_unique<jot::arena>();
      r->doc = jot::parse(r->json, *r->arena);
      if (r->doc) {
        jot::output_buffer out;
        r->compact = write_text(r->doc->root(), out, 0);
        r->pretty = write_text(r->doc->root(), out, 2);
      }
      refs.push_back(std::move(r));
    }
  }
  return refs;
}

// What one thread does: every file, every round, starting at a different file
// so threads work on different inputs at the same moment. Returns the first
// mismatch, or "".
std::string work(const std::vector<std::unique_ptr<reference>>& refs, const jot::parser& p,
                 std::size_t start, std::atomic<bool>& go) {
  while (!go.load(std::memory_order_acquire)) std::this_thread::yield();
  jot::arena a;  // reused across inputs: reset() keeps the memory, the steady state
  jot::output_buffer out;
  for (int round = 0; round < rounds; ++round) {
    for (std::size_t i = 0; i < refs.size(); ++i) {
      const reference& r = *refs[(start + i) % refs.size()];
      a.reset();
      auto doc = p.parse(r.json, a);
      if (doc.ok() != r.doc.ok()) return r.name + ": success differs";
      if (!doc) {
        if (doc.error().code != r.doc.error().code || doc.error().offset != r.doc.error().offset)
          return r.name + ": error differs";
        continue;
      }
      if (!same_tape(*doc, *r.doc)) return r.name + ": tape differs";
      if (!(doc->root() == r.doc->root())) return r.name + ": operator== says unequal";
      if (write_text(doc->root(), out, 0) != r.compact) return r.name + ": compact text differs";
      if (write_text(doc->root(), out, 2) != r.pretty) return r.name + ": pretty text differs";
    }
  }
  return "";
}

void run_threads(bool share_one_parser) {
  JOT_REQUIRE_DATA(dir);
  const auto refs = load_references(dir);
  ASSERT_FALSE(refs.empty());
  std::vector<jot::kernel> kernels = jot_test::supported_kernels();
  kernels.insert(kernels.begin(), jot::kernel::automatic);

  const unsigned n = 2 * std::max(1u, std::thread::hardware_concurrency());
  const jot::parser shared;
  std::vector<jot::parser> own;
  for (unsigned t = 0; t < n; ++t) own.emplace_back(jot::parse_options{}, kernels[t % kernels.size()]);
  std::vector<std::string> failures(n);
  std::atomic<bool> go{false};
  std::vector<std::thread> threads;
  for (unsigned t = 0; t < n; ++t) {
    const jot::parser& p = share_one_parser ? shared : own[t];
    threads.emplace_back([&, t, &p = p] { failures[t] = work(refs, p, t * 7, go); });
  }
  go.store(true, std::memory_order_release);
  for (auto& th : threads) th.join();
  for (unsigned t = 0; t < n; ++t) EXPECT_EQ(failures[t], "") << "thread " << t;
}

TEST(Threads, EachThreadWithItsOwnParserMatchesTheReference) { run_threads(false); }

TEST(Threads, OneParserSharedByAllThreadsMatchesTheReference) { run_threads(true); }

// Caller buffers on each thread's stack: no allocation at all, still correct.
TEST(Threads, FixedBuffersPerThread) {
  JOT_REQUIRE_DATA(dir);
  const auto refs = load_references(dir);
  const unsigned n = 2 * std::max(1u, std::thread::hardware_concurrency());
  std::vector<std::string> failures(n);
  std::vector<std::thread> threads;
  for (unsigned t = 0; t < n; ++t) {
    threads.emplace_back([&, t] {
      constexpr std::size_t size = 64 * 1024;
      std::unique_ptr<unsigned char[]> buf(new unsigned char[size]);
      for (int round = 0; round < rounds; ++round) {
        for (const auto& r : refs) {
          if (r->json.size() > 4096 || !r->doc) continue;  // the small messages
          jot::arena a(buf.get(), size);
          auto doc = jot::parse(r->json, a);
          if (!doc || !same_tape(*doc, *r->doc)) failures[t] = r->name;
        }
      }
    });
  }
  for (auto& th : threads) th.join();
  for (unsigned t = 0; t < n; ++t) EXPECT_EQ(failures[t], "") << "thread " << t;
}

// Typed reading keeps no state between calls either: every thread decodes
// the RPC sample into its own struct and arena, on every kernel.
struct rpc_limits_t {
  std::uint32_t max_outputs = 0, max_inputs = 0;
  std::uint64_t dust_threshold = 0;
  bool allow_partial = false;
};
struct rpc_t {
  std::string_view method;
  std::uint64_t request_id = 0;
  std::int32_t priority = 0;
  double fee_rate = 0;
  std::span<std::string_view> tags;
  rpc_limits_t limits;
};

TEST(Threads, TypedReadsPerThread) {
  JOT_REQUIRE_DATA(dir);
  std::string json;
  ASSERT_TRUE(jot_test::read_file(dir + "/rpc/sample.json", json));
  const unsigned n = 2 * std::max(1u, std::thread::hardware_concurrency());
  std::vector<std::string> failures(n);
  std::vector<std::thread> threads;
  for (unsigned t = 0; t < n; ++t) {
    threads.emplace_back([&, t] {
      char buf[4096];
      jot::arena a(buf, sizeof buf);
      jot::read_options o;
      o.kernel = jot_test::supported_kernels()[t % jot_test::supported_kernels().size()];
      for (int round = 0; round < rounds * 20; ++round) {
        a.reset();
        rpc_t r;
        if (!jot::read(json, r, a, o) || r.request_id != 1849302211u || r.priority != -3 ||
            r.tags.size() != 3 || r.limits.max_inputs != 128)
          failures[t] = "decode";
      }
    });
  }
  for (auto& th : threads) th.join();
  for (unsigned t = 0; t < n; ++t) EXPECT_EQ(failures[t], "") << "thread " << t;
}

// NDJSON parsed by many workers (jot/parallel.h): the callback runs on
// whichever worker delivers, one call at a time, so the results it writes
// without a lock must be ordered by the turn handed from worker to worker.
// Tiny chunks put a handover after nearly every line.
TEST(Threads, ParallelDocumentsDeliverInOrder) {
  std::string text;
  for (int i = 0; i < 300; ++i)
    text += i % 37 == 5 ? "[1,,2]\n" : i % 11 == 3 ? "\n" : "{\"i\":" + std::to_string(i) + ",\"s\":\"\\u00e9\"}\n";
  for (bool go_on : {true, false}) {
    std::vector<std::string> want;
    jot::arena a;
    jot::documents docs(text, a, {.format = jot::document_format::ndjson, .continue_after_error = go_on});
    for (jot::result<jot::document>& d : docs) {
      jot::output_buffer out;
      want.push_back(d ? write_text(d->root(), out, 0)
                       : std::to_string(d.error().line) + ":" + std::to_string(d.error().column));
    }
    const unsigned n = 2 * std::max(1u, std::thread::hardware_concurrency());
    for (int round = 0; round < rounds; ++round)
      for (std::size_t chunk : {1u, 7u, 64u}) {
        std::vector<jot::arena> arenas(n);
        std::vector<std::string> got;  // written by whichever worker delivers
        jot::output_buffer out;
        const jot::parallel_summary s = jot::parse_parallel(
            jot::parser(), text, arenas, {.continue_after_error = go_on, .chunk_size = chunk},
            [&](std::size_t, jot::result<jot::document>& d, std::string_view) {
              got.push_back(d ? write_text(d->root(), out, 0)
                              : std::to_string(d.error().line) + ":" + std::to_string(d.error().column));
            });
        EXPECT_EQ(got, want) << "chunks of " << chunk;
        EXPECT_EQ(s.count, want.size());
      }
  }
  // A callback that stops: the other workers see it and drop their chunks.
  const unsigned n = 2 * std::max(1u, std::thread::hardware_concurrency());
  for (int round = 0; round < rounds; ++round) {
    std::vector<jot::arena> arenas(n);
    std::size_t calls = 0;
    const jot::parallel_summary s = jot::parse_parallel(
        jot::parser(), text, arenas, {.continue_after_error = true, .chunk_size = 3},
        [&](std::size_t index, jot::result<jot::document>&, std::string_view) {
          ++calls;
          return index != 99;
        });
    EXPECT_EQ(calls, 100u);
    EXPECT_EQ(s.count, 100u);
  }
}

}  // namespace
