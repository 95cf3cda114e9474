// jot/pmr.h - a std::pmr::memory_resource over a jot::arena, so that standard
// pmr containers (std::pmr::vector, std::pmr::string, std::pmr::map) take
// their memory from the caller's arena: the typed reader then fills them
// without touching the heap.
//
//   char buf[16384];
//   jot::arena a(buf, sizeof buf);
//   jot::arena_resource memory(a);
//   std::pmr::vector<std::pmr::string> tags(&memory);
//   jot::read(json, tags, a);        // no heap allocation; a full arena is
//                                    // capacity_exceeded, tags left valid
//
// jot::read (and read_ndjson) given the arena that an arena_resource
// without upstream draws on makes room in the arena before it grows a
// container over that resource, and fails with capacity_exceeded, the
// container as it was before that step, when the arena cannot hold the
// growth: an upper bound of what libstdc++ and libc++ ask for
// (jot/detail/typed/typed_pmr.h), so a read may stop with some bytes unused.
// docs/typed.md ("std::pmr containers over the arena") has the rules, which
// elements get the resource, and the cost against jot's own span and
// string_view members.
//
// Deallocation is a no-op: memory returns to the arena on arena::reset(), so
// a container that grows leaves its old blocks behind until then, as a
// std::span read from JSON does; after the reset the containers must not be
// used.
#pragma once

#include <cstddef>
#include <memory_resource>

#include "jot/arena.h"

namespace jot {

class arena_resource final : public std::pmr::memory_resource {
 public:
  // Allocates from a; when a is exhausted, from upstream. Without an upstream
  // (the null resource, the default) a request the arena cannot meet fails as
  // the standard says, with std::bad_alloc (fatal through the noexcept
  // jot::read, std::abort without exceptions): jot::read given a foresees
  // that and stops first. a must outlive the resource.
  explicit arena_resource(arena& a JOT_LIFETIMEBOUND,
                          std::pmr::memory_resource* upstream = std::pmr::null_memory_resource()) noexcept
      : arena_(a), upstream_(upstream) {
    link_.resource = static_cast<const std::pmr::memory_resource*>(this);
    link_.arena_only = upstream == std::pmr::null_memory_resource();
    detail::arena_resources::link(a, link_);
  }
  ~arena_resource() override { detail::arena_resources::unlink(arena_, link_); }
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
  detail::resource_link link_;  // in arena_'s list of resources
};

}  // namespace jot
