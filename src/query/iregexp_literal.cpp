// src/query/iregexp_literal.cpp - the patterns that are a literal, maybe
// after and before .* (".*iPhone.*", "Poly.*", "abc"), answered by byte
// searches: no automaton to build or run.
//
// Exact on any input: LIT is valid UTF-8 and starts with a byte that no
// sequence continues with, so a copy of its bytes in the input is a copy of
// its code points, starting and ending where the input's decoding (invalid
// bytes read one at a time as U+FFFD) does; U+FFFD itself, which an invalid
// byte would equal, is not in LIT. And '.' refuses exactly the bytes \n and
// \r (every other byte, valid or not, decodes to a code point it accepts).
#include <string_view>

#include "iregexp_program.h"
#include "jot/detail/core/bits.h"
#include "jot/detail/scan/utf8.h"

namespace jot::detail::query {

namespace {

// Whether r's instructions from at are .* as the emitter writes it: split
// (at + 1, at + 3), any, jmp at.
bool any_loop(const regex& r, std::uint32_t at) noexcept {
  const inst* c = r.code;
  return at + 3 < r.size && c[at].code == op_split && c[at].x == at + 1 && c[at].y == at + 3 &&
         c[at + 1].code == op_any && c[at + 2].code == op_jmp && c[at + 2].x == at;
}

// Whether s holds a \n or a \r byte: eight bytes a step.
bool has_line_end(std::string_view s) noexcept {
  constexpr std::uint64_t ones = 0x0101010101010101ull, highs = 0x8080808080808080ull;
  const auto* p = reinterpret_cast<const std::uint8_t*>(s.data());
  const auto* end = p + s.size();
  for (; end - p >= 8; p += 8) {
    const std::uint64_t w = load_le64(p);
    const std::uint64_t n = w ^ ('\n' * ones), r = w ^ ('\r' * ones);
    if ((((n - ones) & ~n) | ((r - ones) & ~r)) & highs) return true;
  }
  for (; p != end; ++p)
    if (*p == '\n' || *p == '\r') return true;
  return false;
}

}  // namespace

literal_form find_literal(const regex& r, arena& a) noexcept {
  literal_form l;
  std::uint32_t k = 0;
  l.lead_any = any_loop(r, 0);
  if (l.lead_any) k = 3;
  const std::uint32_t first = k;
  for (; k < r.size && r.code[k].code == op_char; ++k) {
    const std::uint32_t cp = r.code[k].x;
    if (cp == '\n' || cp == '\r' || cp == 0xFFFD) return {};
  }
  const std::uint32_t chars = k - first;
  l.trail_any = any_loop(r, k);
  if (l.trail_any) k += 3;
  if (k + 1 != r.size || r.code[k].code != op_match) return {};
  auto* text = static_cast<char*>(a.allocate(4 * std::size_t{chars} + 1, 1));
  if (text == nullptr) return {};
  char* out = text;
  for (std::uint32_t i = first; i < first + chars; ++i) out += encode_utf8(r.code[i].x, out);
  l.text = text;
  l.size = static_cast<std::uint32_t>(out - text);
  return l;
}

regex_outcome run_literal(const literal_form& l, std::string_view input, bool whole) noexcept {
  const std::string_view lit(l.text, l.size);
  bool yes;
  if (!whole) {
    yes = input.find(lit) != std::string_view::npos;  // a substring matches iff LIT itself is one
  } else if (l.lead_any && l.trail_any) {
    yes = input.find(lit) != std::string_view::npos && !has_line_end(input);
  } else if (l.lead_any) {
    yes = input.ends_with(lit) && !has_line_end(input.substr(0, input.size() - lit.size()));
  } else if (l.trail_any) {
    yes = input.starts_with(lit) && !has_line_end(input.substr(lit.size()));
  } else {
    yes = input == lit;
  }
  return yes ? regex_outcome::yes : regex_outcome::no;
}

}  // namespace jot::detail::query
