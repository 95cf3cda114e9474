// src/core/arena.cpp - the monotonic arena behind every jot allocation.
#include "jot/arena.h"

#include <cstdint>
#include <cstdlib>
#include <new>

namespace jot {

namespace {

constexpr std::size_t min_block_size = 4096;

char* align_up(char* p, std::size_t align) noexcept {
  auto v = reinterpret_cast<std::uintptr_t>(p);
  return reinterpret_cast<char*>((v + align - 1) & ~static_cast<std::uintptr_t>(align - 1));
}

void* malloc_allocate(void*, std::size_t size, std::size_t align) noexcept {
  if (align <= alignof(std::max_align_t)) return std::malloc(size);
  std::size_t rounded = (size + align - 1) & ~(align - 1);
  if (rounded < size) return nullptr;
  return std::aligned_alloc(align, rounded);
}

void malloc_deallocate(void*, void* p, std::size_t, std::size_t) noexcept { std::free(p); }

}  // namespace

allocator malloc_allocator() noexcept {
  allocator a;
  a.allocate = malloc_allocate;
  a.deallocate = malloc_deallocate;
  return a;
}

// Every upstream block starts with this header; size counts the whole block.
struct arena::block {
  block* next;
  std::size_t size;
};

arena::arena() noexcept : upstream_(malloc_allocator()) {}

arena::arena(void* buffer, std::size_t size) noexcept
    : lo_(static_cast<char*>(buffer)),
      hi_(static_cast<char*>(buffer) + size),
      buffer_(static_cast<char*>(buffer)),
      buffer_size_(size) {}

arena::arena(void* buffer, std::size_t size, allocator upstream) noexcept
    : lo_(static_cast<char*>(buffer)),
      hi_(static_cast<char*>(buffer) + size),
      buffer_(static_cast<char*>(buffer)),
      buffer_size_(size),
      upstream_(upstream) {}

arena::arena(allocator upstream) noexcept : upstream_(upstream) {}

arena::~arena() { release(); }

void* arena::allocate_slow(std::size_t size, std::size_t align) noexcept {
  if (size > SIZE_MAX / 2 - align || !grow(size + align)) return nullptr;
  char* p = align_up(lo_, align);
  lo_ = p + size;
  return p;
}

bool arena::grow(std::size_t min_size) noexcept {
  if (upstream_.allocate == nullptr) return false;
  constexpr std::size_t overhead = sizeof(block) + alignof(std::max_align_t);
  if (min_size > SIZE_MAX / 4) return false;
  std::size_t want = min_size + overhead;
  if (want < min_block_size) want = min_block_size;
  // Geometric growth keeps the number of blocks logarithmic in the total.
  if (blocks_ != nullptr && want < blocks_->size + blocks_->size / 2) want = blocks_->size + blocks_->size / 2;
  void* memory = upstream_.allocate(upstream_.context, want, alignof(std::max_align_t));
  if (memory == nullptr) {
    // Retry with exactly what is needed before giving up.
    want = min_size + overhead;
    memory = upstream_.allocate(upstream_.context, want, alignof(std::max_align_t));
    if (memory == nullptr) return false;
  }
  block* b = ::new (memory) block{blocks_, want};
  blocks_ = b;
  ++block_count_;
  upstream_bytes_ += want;
  lo_ = align_up(reinterpret_cast<char*>(b + 1), alignof(std::max_align_t));
  hi_ = static_cast<char*>(memory) + want;
  return true;
}

void arena::reset() noexcept {
  if (block_count_ > 1) {
    // Merge: one block as large as all of them, so the same work fits next time.
    std::size_t total = upstream_bytes_;
    release();
    if (total <= SIZE_MAX / 4) grow(total - sizeof(block) - alignof(std::max_align_t));
  }
  if (blocks_ != nullptr &&
      blocks_->size - sizeof(block) - alignof(std::max_align_t) > buffer_size_) {
    lo_ = align_up(reinterpret_cast<char*>(blocks_ + 1), alignof(std::max_align_t));
    hi_ = reinterpret_cast<char*>(blocks_) + blocks_->size;
  } else {
    lo_ = buffer_;
    hi_ = buffer_ + buffer_size_;
  }
}

void arena::release() noexcept {
  while (blocks_ != nullptr) {
    block* next = blocks_->next;
    upstream_.deallocate(upstream_.context, blocks_, blocks_->size, alignof(std::max_align_t));
    blocks_ = next;
  }
  block_count_ = 0;
  upstream_bytes_ = 0;
  lo_ = buffer_;
  hi_ = buffer_ + buffer_size_;
}

}  // namespace jot
