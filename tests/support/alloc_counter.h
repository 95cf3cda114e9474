// tests/support/alloc_counter.h - counts calls to operator new and malloc made by the
// test binary (every thread), so tests can assert "no allocation at all".
#pragma once

#include <atomic>
#include <cstddef>
#include <thread>
#include <vector>

// Skips the calling test where malloc is not counted: there a check that
// nothing was allocated would pass whatever jot allocated. Every test that
// asserts zero allocations starts with it (GTEST_SKIP returns from the test).
#define JOT_REQUIRE_COUNTED_MALLOC()                                                     \
  do {                                                                                   \
    if (!jot_test::malloc_is_counted())                                                  \
      GTEST_SKIP() << "malloc is not counted in this build (tests/support/alloc_counter.h), so " \
                      "a zero-allocation check could not fail";                          \
  } while (0)

namespace jot_test {

// Allocations (operator new, and malloc where it can be hooked) so far.
std::size_t allocation_count() noexcept;
// True when malloc itself is counted: with glibc, which lets a program replace
// malloc, and under AddressSanitizer or ThreadSanitizer, which own malloc and
// call the counter as a hook. jot allocates with malloc (malloc_allocator).
bool malloc_is_counted() noexcept;

// The allocations this thread makes in job.work(0) while workers 1 to
// workers - 1 run job.work(w) on threads started (and allocated) before
// counting begins: a parallel job run on the caller's threads.
// Counting waits until every worker runs its own code: a thread's start
// may allocate (under ASan, pthread_getattr_np for the new stack's bounds).
template <class Job>
std::size_t allocations_in_work(Job& job, std::size_t workers) {
  std::atomic<bool> go{false};
  std::atomic<std::size_t> started{0};
  std::vector<std::thread> pool;
  for (std::size_t w = 1; w < workers; ++w)
    pool.emplace_back([&job, &go, &started, w] {
      started.fetch_add(1);
      while (!go.load()) std::this_thread::yield();
      job.work(w);
    });
  while (started.load() != pool.size()) std::this_thread::yield();
  const std::size_t before = allocation_count();
  go.store(true);
  job.work(0);
  const std::size_t made = allocation_count() - before;
  for (std::thread& t : pool) t.join();
  return made;
}

}  // namespace jot_test
