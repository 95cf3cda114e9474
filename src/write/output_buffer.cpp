// src/write/output_buffer.cpp - jot::output_buffer (jot/write.h): text that
// grows from an inline buffer into memory from its upstream allocator.
#include <cstdint>
#include <cstring>

#include "jot/write.h"

namespace jot {

output_buffer::output_buffer() noexcept : output_buffer(malloc_allocator()) {}

output_buffer::output_buffer(allocator upstream) noexcept : data_(inline_), upstream_(upstream) {}

output_buffer::~output_buffer() {
  if (data_ != inline_) upstream_.deallocate(upstream_.context, data_, capacity_, 1);
}

bool output_buffer::reserve_more(std::size_t n) noexcept {
  if (capacity_ - size_ >= n) return true;
  if (n > SIZE_MAX - size_ || upstream_.allocate == nullptr) return false;
  // Geometric growth keeps appending amortised O(1) per byte.
  const std::size_t need = size_ + n;
  const std::size_t doubled = capacity_ > SIZE_MAX / 2 ? SIZE_MAX : capacity_ * 2;
  const std::size_t new_capacity = need > doubled ? need : doubled;
  // Text needs no alignment; asking for 1 wastes nothing in arena-like upstreams.
  auto* p = static_cast<char*>(upstream_.allocate(upstream_.context, new_capacity, 1));
  if (p == nullptr) return false;
  if (size_ != 0) std::memcpy(p, data_, size_);
  if (data_ != inline_) upstream_.deallocate(upstream_.context, data_, capacity_, 1);
  data_ = p;
  capacity_ = new_capacity;
  return true;
}

bool output_buffer::append(std::string_view s) noexcept {
  if (!reserve_more(s.size())) return false;
  if (!s.empty()) std::memcpy(data_ + size_, s.data(), s.size());
  size_ += s.size();
  return true;
}

}  // namespace jot
