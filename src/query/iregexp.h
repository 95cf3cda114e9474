// src/query/iregexp.h - I-Regexp (RFC 9485), the pattern language of
// JSONPath's match() and search(), compiled to an automaton over code points
// in the caller's arena and run without backtracking. Not API.
//
// Why an automaton of our own: std::regex backtracks (exponential time on
// (a*)*b, deep recursion on long inputs) and consults the global locale,
// both unacceptable on patterns that come from documents; RE2 and the like
// are not installable here as a header-only dependency. I-Regexp has no
// backreferences or lookaround, so a Thompson NFA simulated a state set at a
// time (a Pike VM without captures) decides any pattern in time linear in
// input length x pattern size, and in memory linear in the pattern size.
#pragma once

#include <cstdint>
#include <string_view>

#include "jot/arena.h"

namespace jot::detail::query {

struct regex;

enum class regex_status : std::uint8_t {
  ok,
  invalid,    // not I-Regexp syntax
  too_large,  // its automaton would exceed max_size instructions, or its
              // groups nest deeper than the compiler's recursion allows
  no_memory,  // the arena ran out
};

// Compiles pattern (UTF-8) into a; on ok, *out is the automaton.
regex_status compile_regex(std::string_view pattern, arena& a, std::uint32_t max_size,
                           const regex** out) noexcept;

enum class regex_outcome : std::uint8_t { no, yes, no_memory };

// Whether r matches all of input (whole) or some substring of it (search).
// Takes its state sets from a (the caller may rewind a afterwards). Invalid
// UTF-8 in input is read as U+FFFD.
regex_outcome run_regex(const regex& r, std::string_view input, bool whole, arena& a) noexcept;

}  // namespace jot::detail::query
