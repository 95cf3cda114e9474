// tests/alloc_counter.h - counts calls to operator new and malloc made by this
// thread of the test binary, so tests can assert "no allocation at all".
#pragma once

#include <cstddef>

namespace jot_test {

// Allocations (operator new, and malloc where it can be hooked) so far.
std::size_t allocation_count() noexcept;
// True when malloc itself is counted (not under sanitizers, which own malloc).
bool malloc_is_counted() noexcept;

}  // namespace jot_test
