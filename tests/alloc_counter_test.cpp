// The counting hooks behind tests/alloc_counter.h, and a test that they count.
#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>
#include <new>

#include "alloc_counter.h"

namespace {
std::atomic<std::size_t> g_allocations{0};  // test-only instrumentation
}

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define JOT_TEST_HOOK_MALLOC 0
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define JOT_TEST_HOOK_MALLOC 0
#endif
#endif
#ifndef JOT_TEST_HOOK_MALLOC
#if defined(__GLIBC__)
#define JOT_TEST_HOOK_MALLOC 1
#else
#define JOT_TEST_HOOK_MALLOC 0
#endif
#endif

#if JOT_TEST_HOOK_MALLOC
// glibc lets a program replace malloc: count, then forward to glibc's own.
extern "C" void* __libc_malloc(std::size_t);
extern "C" void* __libc_calloc(std::size_t, std::size_t);
extern "C" void* __libc_realloc(void*, std::size_t);
extern "C" void* __libc_memalign(std::size_t, std::size_t);
extern "C" void* malloc(std::size_t n) {
  g_allocations.fetch_add(1, std::memory_order_relaxed);
  return __libc_malloc(n);
}
extern "C" void* calloc(std::size_t n, std::size_t m) {
  g_allocations.fetch_add(1, std::memory_order_relaxed);
  return __libc_calloc(n, m);
}
extern "C" void* realloc(void* p, std::size_t n) {
  g_allocations.fetch_add(1, std::memory_order_relaxed);
  return __libc_realloc(p, n);
}
extern "C" void* aligned_alloc(std::size_t align, std::size_t n) {
  g_allocations.fetch_add(1, std::memory_order_relaxed);
  return __libc_memalign(align, n);
}
#endif

namespace {
// Allocates without being counted a second time by the malloc hook.
void* raw_malloc(std::size_t n) noexcept {
#if JOT_TEST_HOOK_MALLOC
  return __libc_malloc(n);
#else
  return std::malloc(n);
#endif
}
}  // namespace

void* operator new(std::size_t n) {
  g_allocations.fetch_add(1, std::memory_order_relaxed);
  void* p = raw_malloc(n ? n : 1);
  if (!p) std::abort();
  return p;
}
void* operator new[](std::size_t n) { return operator new(n); }
void* operator new(std::size_t n, const std::nothrow_t&) noexcept {
  g_allocations.fetch_add(1, std::memory_order_relaxed);
  return raw_malloc(n ? n : 1);
}
void* operator new[](std::size_t n, const std::nothrow_t& t) noexcept { return operator new(n, t); }
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }

namespace jot_test {
std::size_t allocation_count() noexcept { return g_allocations.load(std::memory_order_relaxed); }
bool malloc_is_counted() noexcept { return JOT_TEST_HOOK_MALLOC; }
}  // namespace jot_test

TEST(AllocCounter, CountsNewAndMalloc) {
  // Direct calls: new-expressions and malloc/free pairs may be elided.
  std::size_t before = jot_test::allocation_count();
  void* p = ::operator new(16);
  std::size_t after_new = jot_test::allocation_count();
  ::operator delete(p);
  EXPECT_EQ(after_new, before + 1);
  if (jot_test::malloc_is_counted()) {
    void* volatile m = std::malloc(10);
    std::size_t after_malloc = jot_test::allocation_count();
    std::free(m);
    EXPECT_EQ(after_malloc, after_new + 1);
  }
}
