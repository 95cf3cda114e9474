// src/query/streamable.h - which segments one pass over a node's children
// can decide, shared by evaluate_stream (stream.cpp) and evaluate_elements
// (elements.cpp), both defined in stream.cpp. Not API.
#pragma once

#include <cstddef>
#include <cstdint>

#include "ast.h"

namespace jot::detail::query {

// query_not_streamable at offset of the query text, saying why.
jot::error refuse(std::size_t offset, const char* message) noexcept;

// Ok when segment s selects children in the order one pass meets them, each
// once: a child segment of one selector (a filter only when filters is set;
// no negative index, bound or step), or of increasing indexes. Else why not.
jot::error check_segment(const segment& s, bool filters) noexcept;

// Whether element i is selected by sel, a selector check_segment accepted
// other than a filter (a name selects no element).
bool index_matches(const selector& sel, std::uint64_t i) noexcept;

}  // namespace jot::detail::query
