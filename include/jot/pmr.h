// jot/pmr.h - a std::pmr::memory_resource over a jot::arena, so that standard
// pmr containers (std::pmr::vector, std::pmr::string, std::pmr::map) take
// their memory from the caller's arena: the typed reader then fills them
// without touching the heap.
//
//   char buf[16384];
//   jot::arena a(buf, sizeof buf);
//   jot::arena_resource memory(a);
//   std::pmr::vector<std::pmr::string> tags(&memory);
//   jot::read(json, tags, a);        // no heap allocation
//
// Deallocation is a no-op: memory returns to the arena on arena::reset(), so
// containers that grow leave their old blocks behind until then (jot's own
// span and string_view members do not; docs/typed.md compares the two).
#pragma once

#include <cstddef>
#include <memory_resource>

#include "jot/arena.h"

namespace jot {

class arena_resource final : public std::pmr::memory_resource {
 public:
  // Allocates from a; when a is exhausted, from upstream (by default the null
  // resource, which fails as the standard says: std::bad_alloc, or abort in
  // a build without exceptions).
  explicit arena_resource(arena& a JOT_LIFETIMEBOUND,
                          std::pmr::memory_resource* upstream = std::pmr::null_memory_resource()) noexcept
      : arena_(a), upstream_(upstream) {}
  arena_resource(const arena_resource&) = delete;
  arena_resource& operator=(const arena_resource&) = delete;

 private:
  void* do_allocate(std::size_t bytes, std::size_t alignment) override {
    if (void* p = arena_.allocate(bytes, alignment)) return p;
    return upstream_->allocate(bytes, alignment);
  }
  // Arena memory is released by arena::reset(); upstream memory is the
  // upstream's to keep (a monotonic upstream frees it all at once too).
  void do_deallocate(void*, std::size_t, std::size_t) override {}
  bool do_is_equal(const std::pmr::memory_resource& other) const noexcept override { return this == &other; }

  arena& arena_;
  std::pmr::memory_resource* upstream_;
};

}  // namespace jot
