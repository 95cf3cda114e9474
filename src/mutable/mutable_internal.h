// src/mutable/mutable_internal.h - the mutable document's ring edits, for library code
// that must undo what it did (JSON Patch, Merge Patch: src/patch/). Not API.
//
// Positions are given as `after`: the sibling the run follows, or nullptr when
// the run is (or becomes) the container's first child. Unlinking and linking
// back at the same `after` restores a ring exactly, node for node, which is
// what an undo log needs. None of these allocates or can fail.
#pragma once

#include <string_view>

#include "jot/detail/dom/mut_node.h"
#include "jot/detail/dom/node.h"
#include "jot/mutable.h"

namespace jot::detail {

// Links the detached run first..last (one element, or a key and its value)
// into container c after `after`, and counts it.
void link_run(mut_node* c, mut_node* after, mut_node* first, mut_node* last) noexcept;

// Unlinks the run first..last of container c, which follows `after`, and
// uncounts it; both nodes end detached.
void unlink_run(mut_node* c, mut_node* after, mut_node* first, mut_node* last) noexcept;

// Puts the detached node r where child n of c is (n follows `after`; for an
// object member's value, after is its key); n ends detached.
void replace_child(mut_node* c, mut_node* after, mut_node* n, mut_node* r) noexcept;

// A detached string node holding a copy of key, for a new member; nullptr
// when the arena runs out.
mut_node* new_key(mutable_document& d, std::string_view key) noexcept;

// True when the scalar a equals the parsed scalar b (numbers by value), or a
// and b are containers of the same kind and length (children not compared).
bool node_matches(const mut_node* a, const node* b) noexcept;

}  // namespace jot::detail
