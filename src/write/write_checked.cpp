// src/write/write_checked.cpp - the streaming writer's strings: quoted, escaped and
// checked for UTF-8 in one pass (write_checked.inl), compiled once per
// engine over the parser's scanning core; and the same UTF-8 check alone
// (valid_utf8), for the writer's long strings and the mutable document. The
// engine is chosen once per writer (write_target::engine) or mutable
// document, by the kernel table as for the typed reader
// (jot/detail/engine/engine_choice.h), and with_engine calls its copy.
#include <cstddef>
#include <cstring>
#include <type_traits>

#include "jot/detail/engine/skip_engines.h"
#include "jot/detail/write/write_primitives.h"
#include "write_string.h"

namespace jot::detail {
// Bytes quote_checked may store past the end of what it writes (it copies
// whole registers of up to 32 bytes).
inline constexpr std::size_t checked_overrun = 32;
static_assert(escape_expansion * max_checked_string + 4 + checked_overrun <= max_reserve,
              "write_checked reserves its worst case at once");
}  // namespace jot::detail

#define JOT_ENGINE_FILE "write/write_checked.inl"
#include "jot/detail/engine/each_engine.inl"

namespace jot::detail {

bool valid_utf8(const char* s, std::size_t n, scan_engine engine) noexcept {
  bool valid = false;
  with_engine(engine, [&](auto tag) { valid = all_utf8_here(tag, s, n); });
  return valid;
}

out_range write_checked(write_target& t, out_range o, const char* s, std::size_t n,
                        bool key) noexcept {
  // The quoted string, then ": " of which a compact key keeps ':'.
  o = room(t, o, escape_expansion * n + 4 + checked_overrun);
  char* end = nullptr;
  with_engine(t.engine, [&](auto tag) { end = quote_checked_here(tag, o.cur, s, n); });
  if (end == nullptr) [[unlikely]] {
    // o stays the range room() returned (it may be a new block), its cur
    // where the string would have started.
    fail(t, error_code::invalid_utf8, key ? "key is not valid UTF-8" : "string is not valid UTF-8");
    return o;
  }
  if (key) {
    std::memcpy(end, ": ", 2);
    end += t.indent != 0 ? 2 : 1;
  }
  o.cur = end;
  return o;
}

}  // namespace jot::detail
