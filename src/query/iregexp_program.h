// src/query/iregexp_program.h - the compiled form of an I-Regexp pattern,
// shared by its compiler (iregexp.cpp), the reference simulation
// (iregexp_nfa.cpp) and the DFA (iregexp_dfa.cpp). Not API.
#pragma once

#include <algorithm>
#include <cstdint>

#include "iregexp.h"
#include "unicode_categories.h"

namespace jot::detail::query {

enum op : std::uint8_t { op_char, op_any, op_class, op_split, op_jmp, op_match };

// One instruction of the Thompson NFA. op_char, op_any and op_class consume
// a code point and go on at the next instruction; split and jmp consume
// nothing; match accepts.
struct inst {
  std::uint8_t code = op_match;
  bool negated = false;  // op_class: [^...]
  std::uint32_t x = 0;   // op_char: the code point; op_class: first item; split, jmp: a target
  std::uint32_t y = 0;   // op_class: items; op_split: the other target
};

// A class item: a range of code points, or (categories != 0) the general
// categories of a \p{..}, complemented for \P{..}.
struct class_item {
  std::uint32_t lo = 0, hi = 0;
  std::uint32_t categories = 0;
  bool complement = false;
};

struct dfa;  // iregexp_dfa.cpp

// A pattern [.*]LIT[.*], LIT code points other than \n, \r and U+FFFD: it
// holds exactly where a search of LIT's bytes (and of line ends) says so.
struct literal_form {
  const char* text = nullptr;  // LIT in UTF-8; null: the pattern is not of this form
  std::uint32_t size = 0;
  bool lead_any = false;  // starts with .*
  bool trail_any = false; // ends with .*
};

struct regex {
  const inst* code;
  std::uint32_t size;
  const class_item* items;
  const dfa* automaton;  // null: only the NFA runs this pattern
  literal_form literal;  // when text is set, neither automaton runs
};

// Bits of the 30 general categories (unicode_categories.h's order).
constexpr std::uint32_t category_bit(int c) { return std::uint32_t{1} << c; }

// The general category of code point cp, as an index of unicode_categories.h.
constexpr int category_search(std::uint32_t cp) noexcept {
  const std::uint32_t* runs = unicode_category_runs;
  const std::size_t n = sizeof unicode_category_runs / sizeof unicode_category_runs[0];
  // The last run starting at or before cp.
  const std::uint32_t* it = std::upper_bound(runs, runs + n, (cp << 5) | 31u);
  return static_cast<int>(it[-1] & 31u);
}

// The categories of the ASCII code points, the ones most strings are made
// of, looked up without a search.
struct ascii_category_table {
  std::uint8_t of[128];
};
inline constexpr ascii_category_table ascii_categories = [] {
  ascii_category_table t{};
  for (std::uint32_t cp = 0; cp < 128; ++cp) t.of[cp] = static_cast<std::uint8_t>(category_search(cp));
  return t;
}();

inline int category_of(std::uint32_t cp) noexcept {
  return cp < 128 ? ascii_categories.of[cp] : category_search(cp);
}

// Whether class instruction in (op_class) accepts cp.
inline bool class_matches(const regex& r, const inst& in, std::uint32_t cp) noexcept {
  bool hit = false;
  for (std::uint32_t k = 0; k < in.y && !hit; ++k) {
    const class_item& item = r.items[in.x + k];
    if (item.categories != 0)
      hit = ((item.categories & category_bit(category_of(cp))) != 0) != item.complement;
    else
      hit = cp >= item.lo && cp <= item.hi;
  }
  return hit != in.negated;
}

// Whether in consumes cp (false for the instructions that consume nothing).
inline bool step_matches(const regex& r, const inst& in, std::uint32_t cp) noexcept {
  switch (in.code) {
    case op_char: return in.x == cp;
    case op_any: return cp != '\n' && cp != '\r';
    case op_class: return class_matches(r, in, cp);
    default: return false;
  }
}

// r's literal form, its text in a; text null when r has none (or a no room).
literal_form find_literal(const regex& r, arena& a) noexcept;

// run_regex for a pattern of literal form l.
regex_outcome run_literal(const literal_form& l, std::string_view input, bool whole) noexcept;

// Builds r's DFA for match() (whole) or search() in a, as far as its budget
// of states, table bytes and work allows (a partial DFA is still exact: what
// it lacks, run_regex computes on the NFA). Null when a has no room at all.
const dfa* build_dfa(const regex& r, bool whole, arena& a) noexcept;

// The states r's DFA has (0 without one).
std::uint32_t dfa_states(const regex& r) noexcept;

}  // namespace jot::detail::query
