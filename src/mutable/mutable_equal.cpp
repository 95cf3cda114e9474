// src/mutable/mutable_equal.cpp - deep equality of mutable values, with each
// other and with parsed values (jot/mutable.h), and node_matches, the one-node
// test JSON Patch's "test" shares (mutable_internal.h).
//
// A walk over parent links (mutable_access.h's next_in_order), never
// recursion, so depth costs no stack.
#include "jot/mutable.h"

#include "dom/equal.h"
#include "jot/value.h"
#include "mutable/mutable_access.h"
#include "mutable_internal.h"

namespace jot {

using detail::as_node;
using detail::mut_node;
using detail::next_in_order;

// Two trees are equal iff their pre-order node sequences match pairwise by
// this test, containers by kind and length: the lengths fix the shape.
bool detail::node_matches(const mut_node* a, const detail::node* b) noexcept {
  const detail::node t = as_node(a);
  detail::node u = *b;
  if (b->is_container()) u.u = 0;
  return detail::nodes_match(&t, &u);
}

bool operator==(mut_value a, mut_value b) noexcept {
  if (!a.exists() || !b.exists()) return a.exists() == b.exists();
  const mut_node* x = a.node();
  const mut_node* y = b.node();
  while (x != nullptr && y != nullptr) {
    const detail::node t = as_node(y);
    if (!detail::node_matches(x, &t)) return false;
    x = next_in_order(x, a.node());
    y = next_in_order(y, b.node());
  }
  return x == y;
}

bool operator==(mut_value a, jot::value b) noexcept {
  if (!a.exists() || !b.exists()) return a.exists() == b.exists();
  const mut_node* x = a.node();
  const detail::node* y = b.node();
  const detail::node* const end = y->next();
  for (; x != nullptr && y != end; ++y) {
    if (!detail::node_matches(x, y)) return false;
    x = next_in_order(x, a.node());
  }
  return x == nullptr && y == end;
}

}  // namespace jot
