// jot/detail/write/write_primitives.h - what the typed encoder (typed_write.h) may
// call of the writer in src/: escaping, numbers, indentation, the DOM writer
// and the two output sinks, as a few out-of-line functions, so that the
// header holds no copy of them and the output is the DOM writer's byte for
// byte (the one inline shortcut, doubles with few fraction digits in
// short_double.h, is tested against print_double). Not API.
//
// An encoder writes into a range [cur, lim) that it asks write_target for:
// room() returns a range with at least n bytes (n <= max_reserve); scalars
// reserve their worst case once and then write without checks.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>

#include "jot/error.h"
#include "jot/options.h"
#include "jot/detail/engine/engine_choice.h"
#include "jot/detail/write/short_double.h"
#include "jot/detail/scan/utf8.h"

namespace jot {
class output_buffer;  // jot/write.h
struct sink;          // jot/sink.h
}

namespace jot::detail {

struct node;

// The writable range [cur, lim). Passed and returned by value so that both
// pointers live in registers.
struct out_range {
  char* cur;
  char* lim;
};

// Keeps a range's two pointers in two registers here. GCC 12 at -O3 otherwise
// may give a range that a function also passes to an out-of-line call a stack
// slot, store its two pointers there and read them back as one 16-byte
// vector: a load that store forwarding cannot serve, so it waits for both
// stores to retire (~15 cycles on Intel) at every struct member or element.
// Clang does not build such ranges.
#if defined(__GNUC__) && !defined(__clang__)
#define JOT_SCALAR_RANGE(o) __asm__("" : "+r"((o).cur), "+r"((o).lim))
#else
#define JOT_SCALAR_RANGE(o) static_cast<void>(0)
#endif

// The largest single reservation (the sinks' scratch block holds one).
inline constexpr std::size_t max_reserve = 4096;
// Bytes any number printer below may write, scratch bytes included.
inline constexpr std::size_t max_number_chars = 48;

// write_target::escape bits: the write_options that change how strings look.
inline constexpr unsigned escape_slash_bit = 1;
inline constexpr unsigned escape_non_ascii_bit = 2;

// The output of one write call, seen from an encoder. Filled in by
// write_typed (below); refill hands out the next range when the current one
// is short (it never fails: a failing sink carries on and reports at the end).
struct write_target {
  out_range (*refill)(void* sink, char* cur, std::size_t need) noexcept;
  void* sink;
  unsigned escape;       // escape_*_bit
  std::uint32_t indent;  // write_options::indent
  bool use_tabs;         // write_options::use_tabs
  jot::error failure;    // the first value that could not be written, else ok
  scan_engine engine = scan_engine::baseline;  // write_checked's engine (chosen once per writer)
  bool skip_null_members = false;  // write_options::skip_null_members
};

// A range with at least n (<= max_reserve) writable bytes at its cur.
inline out_range room(write_target& t, out_range o, std::size_t n) noexcept {
  if (static_cast<std::size_t>(o.lim - o.cur) >= n) [[likely]] return o;
  return t.refill(t.sink, o.cur, n);
}

// Records the first failure; the encoder then carries on and its output is
// discarded.
inline void fail(write_target& t, error_code code, const char* message) noexcept {
  if (t.failure.ok()) {
    t.failure = make_error(code);
    t.failure.message = message;
  }
}

// s as a JSON string (quoted, escaped per t.escape), like the DOM writer.
out_range write_string(write_target& t, out_range o, const char* s, std::size_t n) noexcept;
// The same followed by ':' (compact) or ": " (t.indent != 0): an object key.
out_range write_key(write_target& t, out_range o, const char* s, std::size_t n) noexcept;
// The longest string write_checked takes (its worst case fits one reservation).
inline constexpr std::size_t max_checked_string = 512;
// s as write_string writes it with t.escape == 0 (followed by ':' or ": "
// when key, as write_key), checking in the same pass that s is UTF-8; n <=
// max_checked_string. When s is not UTF-8, records invalid_utf8 in
// t.failure and returns the range with nothing written (the bytes after its
// cur are then scratch).
out_range write_checked(write_target& t, out_range o, const char* s, std::size_t n,
                        bool key) noexcept;
// s as it is.
out_range write_verbatim(write_target& t, out_range o, const char* s, std::size_t n) noexcept;
// '\n' and depth * t.indent spaces (tabs with t.use_tabs).
out_range write_newline(write_target& t, out_range o, std::uint64_t depth) noexcept;
// The DOM value at root, as write(value) writes it, nested depth levels deep.
out_range write_dom(write_target& t, out_range o, const node* root, std::uint64_t depth) noexcept;

// Decimal integers and shortest doubles (".0" kept on whole numbers) at out,
// which needs max_number_chars bytes; return the end of the text. d must be
// finite.
char* print_uint64(char* out, std::uint64_t v) noexcept;
char* print_int64(char* out, std::int64_t v) noexcept;
char* print_double(char* out, double d) noexcept;

// True when [s, s + n) is UTF-8 (RFC 3629: no overlong forms, no surrogates,
// nothing above U+10FFFF), checked on engine (select_scan_engine's choice,
// made once per writer or mutable document, never per string).
bool valid_utf8(const char* s, std::size_t n, scan_engine engine) noexcept;

// ---- keys known at compile time (struct members, "name"_key) ----

// Key bytes that make a key's run-time escaping necessary whatever the options.
inline constexpr unsigned escape_always = 4;
// Longer keys are escaped at run time (a reservation must stay small).
inline constexpr std::size_t max_constant_key = 1024;

// The escape_*_bit options under which key's bytes change, or escape_always.
consteval unsigned key_escapes(std::string_view key) {
  unsigned mask = key.size() > max_constant_key ? escape_always : 0u;
  for (char c : key) {
    const auto u = static_cast<unsigned char>(c);
    if (u == '"' || u == '\\' || u < 0x20) mask |= escape_always;
    if (u == '/') mask |= escape_slash_bit;
    if (u >= 0x80) mask |= escape_non_ascii_bit;
  }
  return mask;
}

// Whether s is UTF-8, at compile time (the scanners' rules).
consteval bool valid_utf8_constant(std::string_view s) {
  for (std::size_t i = 0; i < s.size();) {
    if (static_cast<unsigned char>(s[i]) < 0x80) {
      ++i;
      continue;
    }
    const int len = utf8_sequence_length_of([&s, i](int k) { return s[i + static_cast<std::size_t>(k)]; },
                                            static_cast<std::ptrdiff_t>(s.size() - i));
    if (len == 0) return false;
    i += static_cast<std::size_t>(len);
  }
  return true;
}

// ---- small tokens, inline: what every encoder writes most ----

// n bytes of constant text (n <= 8), such as "null", given padded to 8 bytes.
inline out_range put_text(write_target& t, out_range o, const char* text, std::size_t n) noexcept {
  o = room(t, o, 8);
  std::memcpy(o.cur, text, 8);  // one fixed-size move
  o.cur += n;
  return o;
}
inline out_range put_null(write_target& t, out_range o) noexcept {
  return put_text(t, o, "null\0\0\0", 4);
}
inline out_range put_char(write_target& t, out_range o, char c) noexcept {
  o = room(t, o, 1);
  *o.cur++ = c;
  return o;
}

inline out_range put_integer(write_target& t, out_range o, std::uint64_t v) noexcept {
  o = room(t, o, max_number_chars);
  o.cur = print_uint64(o.cur, v);
  return o;
}
inline out_range put_integer(write_target& t, out_range o, std::int64_t v) noexcept {
  o = room(t, o, max_number_chars);
  o.cur = print_int64(o.cur, v);
  return o;
}

// A double (a float converts to one exactly, and its shortest double form
// reads back to the same float); NaN and infinities fail with invalid_number.
// One whose shortest decimal has few fraction digits is found here
// (short_double.h); the rest by print_double.
// put_double_in_room needs max_number_chars bytes of room at o.
inline out_range put_double_in_room(write_target& t, out_range o, double d) noexcept {
  if ((std::bit_cast<std::uint64_t>(d) >> 52 & 0x7ff) == 0x7ff) {
    fail(t, error_code::invalid_number, "NaN and infinities have no JSON form");
    return o;
  }
  char* shortcut = print_short_double(o.cur, d);
  o.cur = shortcut != nullptr ? shortcut : print_double(o.cur, d);
  return o;
}
inline out_range put_double(write_target& t, out_range o, double d) noexcept {
  return put_double_in_room(t, room(t, o, max_number_chars), d);
}

// The encoder of one type: writes value (a const T*) at o, returns the end.
using encode_fn = out_range (*)(write_target& t, out_range o, const void* value);

// Runs encode into out (appending), into [buffer, buffer + capacity) or into
// a sink, with the DOM writer's sinks and failure rules (jot/write.h); an
// encoder's failure wins over buffer_too_small, out_of_memory and io_error.
// Any walk that writes through a write_target (the typed encoder, a mutable
// document) gets all three destinations from these.
result<std::string_view> write_typed(output_buffer& out, const write_options& options,
                                     encode_fn encode, const void* value) noexcept;
result<std::size_t> write_typed(char* buffer, std::size_t capacity, const write_options& options,
                                encode_fn encode, const void* value) noexcept;
result<std::size_t> write_typed(sink out, const write_options& options, encode_fn encode,
                                const void* value) noexcept;

}  // namespace jot::detail
