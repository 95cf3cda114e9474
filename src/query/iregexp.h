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
// A pattern compiled once for many strings also gets a DFA over byte
// classes, built with the pattern within a fixed budget: one table lookup
// per ASCII byte, states that loop on most bytes skipped 8 bytes at a time,
// and whatever the budget left out computed on the NFA, so that the bound
// above holds whatever the pattern and the input.
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

// What a compiled pattern will run for: a pattern compiled once and run on
// many strings (a literal of the query) gets a DFA for its one use.
enum class regex_use : std::uint8_t { once, match, search };

// Compiles pattern (UTF-8) into a; on ok, *out is the automaton, with a DFA
// for use (none for regex_use::once).
regex_status compile_regex(std::string_view pattern, arena& a, std::uint32_t max_size, const regex** out,
                           regex_use use = regex_use::once) noexcept;

enum class regex_outcome : std::uint8_t { no, yes, no_memory };

// Whether r matches all of input (whole) or some substring of it (search),
// on r's DFA when it was built for that use, else on the NFA. Takes any
// scratch memory from a (the caller may rewind a afterwards). Invalid UTF-8
// in input is read as U+FFFD, one per byte that starts no valid sequence.
regex_outcome run_regex(const regex& r, std::string_view input, bool whole, arena& a) noexcept;

// The same on the NFA alone, a state set per code point: the reference the
// DFA is tested against.
regex_outcome run_regex_nfa(const regex& r, std::string_view input, bool whole, arena& a) noexcept;

}  // namespace jot::detail::query
