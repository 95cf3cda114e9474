// tests/alloc_counter.h - counts calls to operator new and malloc made by this
// thread of the test binary, so tests can assert "no allocation at all".
#pragma once

#include <atomic>
#include <cstddef>
#include <thread>
#include <vector>

namespace jot_test {

// Allocations (operator new, and malloc where it can be hooked) so far.
std::size_t allocation_count() noexcept;
// True when malloc itself is counted (not under sanitizers, which own malloc).
bool malloc_is_counted() noexcept;

// The allocations this thread makes in job.work(0) while workers 1 to
// workers - 1 run job.work(w) on threads started (and allocated) before
// counting begins: a parallel job run on the caller's threads.
template <class Job>
std::size_t allocations_in_work(Job& job, std::size_t workers) {
  std::atomic<bool> go{false};
  std::vector<std::thread> pool;
  for (std::size_t w = 1; w < workers; ++w)
    pool.emplace_back([&job, &go, w] {
      while (!go.load()) std::this_thread::yield();
      job.work(w);
    });
  const std::size_t before = allocation_count();
  go.store(true);
  job.work(0);
  const std::size_t made = allocation_count() - before;
  for (std::thread& t : pool) t.join();
  return made;
}

}  // namespace jot_test
