// src/dom/equal.h - comparing single nodes, for the mutable document's equality.
#pragma once

#include "jot/detail/dom/node.h"

namespace jot::detail {

// True when a and b hold the same scalar (numbers by value, strings by bytes,
// either string kind), or are containers of the same kind and length.
bool nodes_match(const node* a, const node* b) noexcept;

}  // namespace jot::detail
