// bench/runner/alloc_hook.cpp - counts heap allocations of the whole process.
//
// Defining malloc and friends in the executable interposes them for every
// library, shared ones included (libstdc++'s operator new), so
// no LD_PRELOAD is needed. They forward to glibc's __libc_* entry points. The
// counters are relaxed atomics, touched only while counting is switched on, so
// timed runs pay one predictable branch per allocation. While counting, live
// bytes (malloc_usable_size) and their peak are tracked too.
#include <atomic>
#include <cerrno>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include <malloc.h>

#include "bench.h"

extern "C" {
void* __libc_malloc(std::size_t);
void* __libc_calloc(std::size_t, std::size_t);
void* __libc_realloc(void*, std::size_t);
void* __libc_memalign(std::size_t, std::size_t);
void __libc_free(void*);
}

namespace {
std::atomic<bool> counting{false};
std::atomic<std::uint64_t> n_allocs{0};
std::atomic<std::uint64_t> n_bytes{0};
std::atomic<std::int64_t> live{0};  // usable bytes allocated minus freed while counting
std::atomic<std::int64_t> peak{0};

inline void note(std::size_t n) {
  if (counting.load(std::memory_order_relaxed)) {
    n_allocs.fetch_add(1, std::memory_order_relaxed);
    n_bytes.fetch_add(n, std::memory_order_relaxed);
  }
}
inline void* track(void* p) {
  if (p && counting.load(std::memory_order_relaxed)) {
    auto now = live.fetch_add(static_cast<std::int64_t>(malloc_usable_size(p)), std::memory_order_relaxed) +
               static_cast<std::int64_t>(malloc_usable_size(p));
    auto old = peak.load(std::memory_order_relaxed);
    while (now > old && !peak.compare_exchange_weak(old, now, std::memory_order_relaxed)) {
    }
  }
  return p;
}
inline void untrack(void* p) {
  if (p && counting.load(std::memory_order_relaxed))
    live.fetch_sub(static_cast<std::int64_t>(malloc_usable_size(p)), std::memory_order_relaxed);
}
}  // namespace

extern "C" {
void* malloc(std::size_t n) {
  note(n);
  return track(__libc_malloc(n));
}
void* calloc(std::size_t c, std::size_t n) {
  note(c * n);
  return track(__libc_calloc(c, n));
}
void* realloc(void* p, std::size_t n) {
  note(n);
  untrack(p);
  return track(__libc_realloc(p, n));
}
void free(void* p) {
  untrack(p);
  __libc_free(p);
}
void* memalign(std::size_t a, std::size_t n) {
  note(n);
  return track(__libc_memalign(a, n));
}
void* aligned_alloc(std::size_t a, std::size_t n) {
  note(n);
  return track(__libc_memalign(a, n));
}
int posix_memalign(void** out, std::size_t a, std::size_t n) {
  if (a < sizeof(void*) || (a & (a - 1)) != 0) return EINVAL;
  note(n);
  void* p = track(__libc_memalign(a, n));
  if (!p) return ENOMEM;
  *out = p;
  return 0;
}
}

namespace jot_bench {
void alloc_counting(bool on) { counting.store(on, std::memory_order_relaxed); }
alloc_counts alloc_read() {
  return {n_allocs.load(std::memory_order_relaxed), n_bytes.load(std::memory_order_relaxed)};
}
void alloc_reset() {
  n_allocs.store(0, std::memory_order_relaxed);
  n_bytes.store(0, std::memory_order_relaxed);
  live.store(0, std::memory_order_relaxed);
  peak.store(0, std::memory_order_relaxed);
}
std::int64_t alloc_peak_live() { return peak.load(std::memory_order_relaxed); }
}  // namespace jot_bench
