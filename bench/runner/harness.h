// bench/runner/harness.h - timing and result records.
//
// Method: each case is warmed up, then calibrated to a batch of iterations
// lasting at least config::rep_time; then config::reps batches are run with
// the cases of a group interleaved (rep 1 of every library, rep 2 of every
// library, ...), so slow drifts of a shared machine hit every library alike.
// The median, fastest and slowest batch are reported. Allocations come from an
// extra untimed pass in the steady state; peak heap from one fresh_op run in a
// forked child (so nothing else of the run is counted); peak RSS is the whole
// process's (inputs and every library's state included).
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "bench.h"

namespace jot_bench {

struct config {
  double rep_time = 0.1;  // seconds per batch (quick: 0.02)
  int reps = 5;
  int threads = 1;
  bool quick = false;
};

struct bench_case {
  const library* lib = nullptr;
  std::string variant;  // defaults to lib->variant
  std::string note;
  std::function<std::uint64_t()> op;  // one operation; the result is kept alive
  // The same operation on a state of its own, created and destroyed inside:
  // run once in a forked child to measure the library's peak heap from scratch.
  std::function<std::uint64_t()> fresh_op;
  // The library failed this workload's untimed check (note says how): the case
  // is not timed but still gets a record, with zero figures, so that a peer
  // that fails stays visible in the results instead of silently missing.
  bool failed = false;
};

struct group {
  group(std::string w, std::string d) : workload(std::move(w)), dataset(std::move(d)) {}
  std::string workload;
  std::string dataset;
  bool latency = false;     // ns per item, else MB/s of data_bytes
  double data_bytes = 0;    // bytes per op (throughput); 0 = per-case bytes below
  double docs_per_op = 0;   // > 0 adds a docs/s record
  double per_call = 1;      // items per op (latency is per item)
  std::vector<double> case_bytes;  // per-case output bytes when they differ (serialize)
};

// Appends JSON records to out (one string per record).
void run_group(const config& cfg, const group& g, std::vector<bench_case>& cases,
               std::vector<std::string>& out);

// JSON string literal of s.
std::string json_quote(std::string_view s);

// The compiler and standard library this runner was built with, e.g.
// "GCC 12.2.0 + libstdc++ 12" or "clang 19.1.7 + libc++ 19.1": every record
// carries it, so that the rows of two C++ runners can share one results.json.
std::string toolchain();

// One result record of case c in group g; nums holds the metric, the figures
// and the counts.
std::string record(const group& g, const bench_case& c, const std::string& variant, const std::string& note,
                   const char* nums);

}  // namespace jot_bench
