// src/query/evaluate.h - what the element-at-a-time evaluation
// (elements.cpp) takes from the DOM evaluator (evaluate.cpp). Not API.
#pragma once

#include <cstdint>

#include "ast.h"
#include "jot/query.h"
#include "jot/value.h"

namespace jot::detail::query {

// p's root query from its from-th segment on, evaluated from root (whose
// path is root_path) as evaluate() would: the nodes in out, in arena a. A
// filter's $ is root too: for queries whose filters use only @.
jot::error evaluate_from(const program& p, std::uint32_t from, jot::value root, const step* root_path, arena& a,
                         jot::path::nodelist& out) noexcept;

// Whether filter holds with @ (and $) current; its scratch memory stays in a.
jot::error filter_holds(const program& p, const expr& filter, jot::value current, arena& a, bool& out) noexcept;

}  // namespace jot::detail::query
