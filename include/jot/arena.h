// jot/arena.h - where every byte jot allocates comes from.
//
// An arena hands out memory from, in order: a caller buffer (for example 4 KB
// on the stack), then an upstream allocator the caller passes in. An arena
// with a buffer and no upstream never allocates: work that does not fit fails
// with error_code::capacity_exceeded. Memory is released all at once by
// reset() or the destructor. There is no global or thread-local allocator.
#pragma once

#include <cstddef>
#include <cstdint>

#include "jot/detail/core/config.h"

namespace jot {

// A stateful upstream allocator: a context pointer and two functions. The
// context is whatever the caller wants (an object, a pool); jot never keeps
// one globally.
struct allocator {
  void* context = nullptr;  // passed back to both functions
  // Returns size bytes aligned to align, or nullptr on failure.
  void* (*allocate)(void* context, std::size_t size, std::size_t align) = nullptr;
  // Releases memory from allocate with the same size and align.
  void (*deallocate)(void* context, void* ptr, std::size_t size, std::size_t align) = nullptr;

  // Adapts an object with allocate(size, align) and deallocate(ptr, size, align)
  // members; the object must outlive every arena or buffer that uses it.
  template <class A>
  static allocator of(A& object) noexcept {
    allocator a;
    a.context = &object;
    a.allocate = [](void* c, std::size_t n, std::size_t al) -> void* {
      return static_cast<A*>(c)->allocate(n, al);
    };
    a.deallocate = [](void* c, void* p, std::size_t n, std::size_t al) {
      static_cast<A*>(c)->deallocate(p, n, al);
    };
    return a;
  }
};

// An allocator backed by std::malloc / std::free (stateless).
allocator malloc_allocator() noexcept;

class arena;

namespace detail {
struct arena_access;

// An arena's list of the jot::arena_resources over it (jot/pmr.h), and what
// the typed reader asks of it. A std::pmr container over a listed resource
// without upstream takes its memory from the arena alone, so jot::read makes
// room for the container's next growth before it grows it: an arena too
// small is capacity_exceeded rather than an allocation failure inside the
// container. And no memory may be handed out again (arena::rewind) while a
// listed resource has containers that may hold it.
struct resource_link {
  const void* resource = nullptr;  // the std::pmr::memory_resource
  bool arena_only = false;         // no upstream: the arena's exhaustion is the resource's
  resource_link* prev = nullptr;
  resource_link* next = nullptr;
};
struct arena_resources;
}  // namespace detail

// A monotonic arena. Not copyable or movable: documents point into it.
class arena {
 public:
  // Allocates from malloc only when first needed.
  arena() noexcept;
  // Uses buffer only: never allocates; exhaustion is an error.
  arena(void* buffer, std::size_t size) noexcept;
  // Uses buffer first, then upstream.
  arena(void* buffer, std::size_t size, allocator upstream) noexcept;
  // Uses upstream only.
  explicit arena(allocator upstream) noexcept;
  ~arena();

  arena(const arena&) = delete;
  arena& operator=(const arena&) = delete;

  // Returns size bytes aligned to align (a power of two), or nullptr when the
  // buffer is exhausted and upstream is absent or fails.
  void* allocate(std::size_t size, std::size_t align = alignof(std::max_align_t)) noexcept
      JOT_LIFETIMEBOUND {
    // The common case inline (a bump of lo_): the mutable document allocates
    // a node per value, so a call per allocation would cost more than the
    // bump itself.
    const auto at = reinterpret_cast<std::uintptr_t>(lo_);
    const std::uintptr_t p = (at + align - 1) & ~static_cast<std::uintptr_t>(align - 1);
    if (lo_ != nullptr && p >= at && size <= reinterpret_cast<std::uintptr_t>(hi_) - p &&
        p <= reinterpret_cast<std::uintptr_t>(hi_)) {
      lo_ = reinterpret_cast<char*>(p + size);
      return reinterpret_cast<char*>(p);
    }
    return allocate_slow(size, align);
  }

  // Releases everything allocated so far; invalidates every document parsed
  // into this arena. Keeps upstream memory for reuse, merged into one block,
  // so that the same work done again allocates nothing (the steady state).
  void reset() noexcept;

  // Releases upstream memory too; the arena is as newly constructed.
  void release() noexcept;

  // Where allocation stands, for rewind(); valid until the next reset().
  struct savepoint {
    char* lo;            // the free range then (the parser takes memory from both ends)
    char* hi;
    std::size_t blocks;  // upstream blocks held then
  };
  savepoint save() const noexcept { return {lo_, hi_, block_count_}; }
  // Releases what was allocated since s (saved from this arena after its last
  // reset()), to be handed out again: a failed attempt's memory; what was
  // allocated before s stays. When an upstream block was added since s,
  // releases nothing: the free range is the new block's, and reset() frees it.
  void rewind(const savepoint& s) noexcept {
    if (s.blocks != block_count_) return;
    lo_ = s.lo;
    hi_ = s.hi;
  }

  // Bytes still free in the current block.
  std::size_t available() const noexcept { return static_cast<std::size_t>(hi_ - lo_); }
  // Bytes held from upstream (0 for a buffer-only arena).
  std::size_t upstream_bytes() const noexcept { return upstream_bytes_; }
  // Number of upstream blocks held.
  std::size_t upstream_blocks() const noexcept { return block_count_; }
  // True when an upstream allocator is available.
  bool has_upstream() const noexcept { return upstream_.allocate != nullptr; }

 private:
  friend struct detail::arena_access;
  friend struct detail::arena_resources;
  struct block;  // header at the start of every upstream block

  bool grow(std::size_t min_size) noexcept;
  // allocate() when the current block is absent or too small.
  void* allocate_slow(std::size_t size, std::size_t align) noexcept;

  char* lo_ = nullptr;  // free range of the current block: [lo_, hi_)
  char* hi_ = nullptr;
  char* buffer_ = nullptr;  // the caller buffer, if any
  std::size_t buffer_size_ = 0;
  block* blocks_ = nullptr;  // upstream blocks, newest first
  std::size_t block_count_ = 0;
  std::size_t upstream_bytes_ = 0;
  allocator upstream_{};
  detail::resource_link* resources_ = nullptr;  // the arena_resources over this arena
};

namespace detail {

struct arena_resources {
  static void link(arena& a, resource_link& r) noexcept {
    r.prev = nullptr;
    r.next = a.resources_;
    if (r.next != nullptr) r.next->prev = &r;
    a.resources_ = &r;
  }
  static void unlink(arena& a, resource_link& r) noexcept {
    (r.prev != nullptr ? r.prev->next : a.resources_) = r.next;
    if (r.next != nullptr) r.next->prev = r.prev;
  }
  // True when some arena_resource allocates from a.
  static bool any(const arena& a) noexcept { return a.resources_ != nullptr; }
  // True when resource is one of a's arena_resources without upstream.
  static bool arena_only(const arena& a, const void* resource) noexcept {
    for (const resource_link* r = a.resources_; r != nullptr; r = r->next)
      if (r->resource == resource) return r->arena_only;
    return false;
  }
  // Makes the current block hold at least bytes more (growing from
  // upstream if it must), so that allocations totalling bytes, padding
  // included, succeed; false when neither buffer nor upstream can.
  static bool make_room(arena& a, std::size_t bytes) noexcept { return a.available() >= bytes || a.grow(bytes); }
};

}  // namespace detail

}  // namespace jot
