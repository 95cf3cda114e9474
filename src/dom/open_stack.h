// src/dom/open_stack.h - the open containers of a walk over a document tape, in
// fixed memory at any depth. Shared by the writer (write.cpp) and by JSON
// Patch's comparisons (json_patch.cpp) and Merge Patch (merge_patch.cpp),
// which walk a parsed patch.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "jot/detail/core/config.h"
#include "jot/detail/dom/node.h"

namespace jot::detail {

// The containers enclosing the current position, innermost last, each as its
// end node with bit 0 set for objects (nodes are 8-aligned). It holds the
// innermost `window` levels: deeper nesting (possible when parsed with a
// larger max_depth) drops the outer half, and popping back into it recomputes
// that half by descending from the root. Each recompute costs at most one walk
// over the root's descendants and happens at most once per window/2 pops, so
// memory stays fixed and documents within the default max_depth never pay.
class open_stack {
 public:
  static constexpr std::size_t window = 1024;
  static constexpr std::size_t half = window / 2;

  explicit open_stack(const node* root) noexcept : root_(root) {}

  // Invariant: top_ == 0 implies base_ == 0.
  bool empty() const noexcept { return top_ == 0; }
  std::uint64_t depth() const noexcept { return base_ + top_; }
  const node* end() const noexcept {
    return reinterpret_cast<const node*>(slots_[top_ - 1] & ~std::uintptr_t{1});
  }
  bool in_object() const noexcept { return (slots_[top_ - 1] & 1) != 0; }

  void push(const node* container) noexcept {
    if (top_ == window) drop_outer_half();
    slots_[top_++] = encode(container);
  }
  // Pops the innermost container; at is the node just past it.
  void pop(const node* at) noexcept {
    if (--top_ == 0 && base_ != 0) restore_outer_half(at);
  }

 private:
  static std::uintptr_t encode(const node* c) noexcept {
    return reinterpret_cast<std::uintptr_t>(c + c->span) |
           (c->kind() == detail::kind_object ? 1u : 0u);
  }
  JOT_NOINLINE void drop_outer_half() noexcept {
    std::memmove(slots_, slots_ + half, half * sizeof slots_[0]);
    top_ = half;
    base_ += half;
  }
  // Refills levels [base_ - half, base_): the containers enclosing at - 1,
  // the last node of the container just popped.
  JOT_NOINLINE void restore_outer_half(const node* at) noexcept {
    const node* target = at - 1;
    const node* c = root_;
    const std::uint64_t first = base_ - half;
    for (std::uint64_t level = 0; level < base_; ++level) {
      if (level >= first) slots_[level - first] = encode(c);
      const node* child = c + 1;
      while (child->next() <= target) child = child->next();
      c = child;
    }
    base_ = first;
    top_ = half;
  }

  const node* root_;
  std::uint64_t base_ = 0;  // nesting level of slots_[0]
  std::size_t top_ = 0;
  std::uintptr_t slots_[window];
};

}  // namespace jot::detail
