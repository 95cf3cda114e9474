// src/query/iregexp_nfa.cpp - the Thompson NFA simulated one state set per
// input code point (a Pike VM without captures): time linear in the input
// times the pattern's size, memory linear in the pattern's size. The
// reference the DFA (iregexp_dfa.cpp) is tested against, and what runs a
// pattern compiled for one call.
#include <algorithm>

#include "iregexp_program.h"
#include "lexer.h"

namespace jot::detail::query {

namespace {

// A set of instruction indexes with O(1) insert, test and clear.
struct state_set {
  std::uint32_t* dense;
  std::uint32_t* sparse;
  std::uint32_t size = 0;
  bool has(std::uint32_t pc) const noexcept { return sparse[pc] < size && dense[sparse[pc]] == pc; }
  void insert(std::uint32_t pc) noexcept {
    sparse[pc] = size;
    dense[size++] = pc;
  }
};

// Adds pc and every instruction reachable from it without input (the
// epsilon closure), with an explicit stack: no recursion on the pattern.
void add_closure(const regex& r, state_set& s, std::uint32_t pc, std::uint32_t* stack) noexcept {
  std::uint32_t top = 0;
  stack[top++] = pc;
  while (top != 0) {
    const std::uint32_t at = stack[--top];
    if (s.has(at)) continue;
    s.insert(at);
    const inst& in = r.code[at];
    if (in.code == op_jmp) {
      stack[top++] = in.x;
    } else if (in.code == op_split) {
      stack[top++] = in.y;
      stack[top++] = in.x;
    }
  }
}

bool accepts(const regex& r, const state_set& s) noexcept {
  for (std::uint32_t k = 0; k < s.size; ++k)
    if (r.code[s.dense[k]].code == op_match) return true;
  return false;
}

}  // namespace

regex_outcome run_regex_nfa(const regex& r, std::string_view input, bool whole, arena& a) noexcept {
  const std::uint32_t n = r.size;
  // Each closure pushes at most two entries per instruction it inserts.
  auto* words = static_cast<std::uint32_t*>(a.allocate(sizeof(std::uint32_t) * (6 * std::size_t{n} + 2),
                                                       alignof(std::uint32_t)));
  if (words == nullptr) return regex_outcome::no_memory;
  // Sparse arrays may hold anything: has() checks against dense. Zeroed
  // anyway, so that no uninitialised read happens (sanitizers, valgrind).
  std::fill(words, words + 6 * std::size_t{n} + 2, 0u);
  state_set current{words, words + n};
  state_set next{words + 2 * std::size_t{n}, words + 3 * std::size_t{n}};
  std::uint32_t* stack = words + 4 * std::size_t{n};
  add_closure(r, current, 0, stack);
  const char* p = input.data();
  const char* end = p + input.size();
  while (p != end) {
    if (!whole && accepts(r, current)) return regex_outcome::yes;
    std::uint32_t cp;
    if (!decode_utf8(p, end, cp)) cp = 0xFFFD;
    next.size = 0;
    for (std::uint32_t k = 0; k < current.size; ++k) {
      const std::uint32_t pc = current.dense[k];
      if (step_matches(r, r.code[pc], cp)) add_closure(r, next, pc + 1, stack);
    }
    if (!whole) add_closure(r, next, 0, stack);
    std::swap(current, next);
    if (whole && current.size == 0) return regex_outcome::no;
  }
  return accepts(r, current) ? regex_outcome::yes : regex_outcome::no;
}

}  // namespace jot::detail::query
