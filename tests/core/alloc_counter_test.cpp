// The counting hooks behind tests/support/alloc_counter.h, and a test that they count.
#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>
#include <new>

#include <jot/arena.h>

#include "support/alloc_counter.h"

namespace {
std::atomic<std::size_t> g_allocations{0};  // test-only instrumentation
}

// Under AddressSanitizer or ThreadSanitizer the sanitizer owns malloc, so
// malloc cannot be replaced; it calls hooks instead (JOT_TEST_SANITIZER_HOOKS).
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define JOT_TEST_SANITIZER_HOOKS 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define JOT_TEST_SANITIZER_HOOKS 1
#endif
#endif
#ifndef JOT_TEST_SANITIZER_HOOKS
#define JOT_TEST_SANITIZER_HOOKS 0
#endif
#if JOT_TEST_SANITIZER_HOOKS
#define JOT_TEST_HOOK_MALLOC 0
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

#if JOT_TEST_SANITIZER_HOOKS
// The sanitizers' allocator calls these on every malloc, calloc, realloc,
// aligned allocation and operator new of the program, whichever thread makes
// it (compiler-rt's sanitizer/allocator_interface.h; declared here because
// GCC does not install that header).
extern "C" int __sanitizer_install_malloc_and_free_hooks(void (*malloc_hook)(const volatile void*, std::size_t),
                                                        void (*free_hook)(const volatile void*));
namespace {
void count_malloc(const volatile void*, std::size_t) { g_allocations.fetch_add(1, std::memory_order_relaxed); }
void ignore_free(const volatile void*) {}
// Installed during static initialisation, before any test runs.
const bool g_sanitizer_counts = __sanitizer_install_malloc_and_free_hooks(count_malloc, ignore_free) != 0;
}  // namespace
#else
namespace {
constexpr bool g_sanitizer_counts = false;
}  // namespace
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

// operator new counts itself unless the sanitizer's hook counts the malloc
// it makes.
void* operator new(std::size_t n) {
  if (!g_sanitizer_counts) g_allocations.fetch_add(1, std::memory_order_relaxed);
  void* p = raw_malloc(n ? n : 1);
  if (!p) std::abort();
  return p;
}
void* operator new[](std::size_t n) { return operator new(n); }
void* operator new(std::size_t n, const std::nothrow_t&) noexcept {
  if (!g_sanitizer_counts) g_allocations.fetch_add(1, std::memory_order_relaxed);
  return raw_malloc(n ? n : 1);
}
void* operator new[](std::size_t n, const std::nothrow_t& t) noexcept { return operator new(n, t); }
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }

namespace jot_test {
std::size_t allocation_count() noexcept { return g_allocations.load(std::memory_order_relaxed); }
bool malloc_is_counted() noexcept { return JOT_TEST_HOOK_MALLOC || g_sanitizer_counts; }
}  // namespace jot_test

TEST(AllocCounter, CountsNewAndMalloc) {
  // Direct calls: new-expressions and malloc/free pairs may be elided.
  std::size_t before = jot_test::allocation_count();
  void* p = ::operator new(16);
  std::size_t after_new = jot_test::allocation_count();
  ::operator delete(p);
  EXPECT_EQ(after_new, before + 1);
  JOT_REQUIRE_COUNTED_MALLOC();
  void* volatile m = std::malloc(10);
  std::size_t after_malloc = jot_test::allocation_count();
  std::free(m);
  EXPECT_EQ(after_malloc, after_new + 1);
}

// What jot's arenas and output buffers allocate with by default.
TEST(AllocCounter, CountsJotsDefaultAllocator) {
  JOT_REQUIRE_COUNTED_MALLOC();
  const jot::allocator a = jot::malloc_allocator();
  const std::size_t before = jot_test::allocation_count();
  void* p = a.allocate(a.context, 64, 8);
  const std::size_t after = jot_test::allocation_count();
  a.deallocate(a.context, p, 64, 8);
  EXPECT_EQ(after, before + 1);
}

// The builds this project runs count malloc (glibc's replaceable malloc, or
// the sanitizers' hooks); elsewhere the zero-allocation tests skip, saying so.
TEST(AllocCounter, MallocIsCountedOnGlibcAndUnderSanitizers) {
#if defined(__GLIBC__) || JOT_TEST_SANITIZER_HOOKS
  EXPECT_TRUE(jot_test::malloc_is_counted());
#else
  GTEST_SKIP() << "neither glibc nor a sanitizer: malloc is not counted here";
#endif
}
