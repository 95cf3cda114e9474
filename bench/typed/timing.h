// bench/typed/timing.h - what the standalone typed benchmarks time with.
#pragma once

#include <chrono>

namespace jot_bench {

// Nanoseconds per call of f, over iterations calls.
template <class F>
double ns_per_call(F&& f, int iterations) {
  const auto start = std::chrono::steady_clock::now();
  for (int i = 0; i < iterations; ++i) f();
  const std::chrono::duration<double, std::nano> spent = std::chrono::steady_clock::now() - start;
  return spent.count() / iterations;
}

}  // namespace jot_bench
