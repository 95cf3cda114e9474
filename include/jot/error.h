// jot/error.h - error codes, error values and result<T, E>.
//
// jot never throws. Every fallible call returns an error value or a result<T>
// that is truthy only on success. Error codes are stable: their numeric values
// never change once released, new codes are only appended.
#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <utility>

#include "jot/detail/core/config.h"

namespace jot {

// Stable error codes. The comment gives the default message.
enum class error_code : std::uint8_t {
  ok = 0,                       // "ok"
  empty_input = 1,              // "empty input"
  unexpected_end = 2,           // "unexpected end of input"
  unexpected_character = 3,     // "unexpected character"
  trailing_content = 4,         // "unexpected content after the document"
  unterminated_string = 5,      // "unterminated string"
  control_character = 6,        // "control character in string"
  invalid_escape = 7,           // "invalid escape sequence"
  invalid_unicode_escape = 8,   // "invalid \\u escape"
  lone_surrogate = 9,           // "lone UTF-16 surrogate in \\u escape"
  invalid_utf8 = 10,            // "invalid UTF-8"
  invalid_number = 11,          // "invalid number"
  number_out_of_range = 12,     // "number out of range"
  invalid_literal = 13,         // "invalid literal"
  trailing_comma = 14,          // "trailing comma"
  comment_not_allowed = 15,     // "comment not allowed"
  unterminated_comment = 16,    // "unterminated comment"
  depth_exceeded = 17,          // "nesting too deep"
  capacity_exceeded = 18,       // "arena exhausted" (error::needed says how much)
  input_too_large = 19,         // "input too large"
  byte_order_mark = 20,         // "byte order mark not allowed"
  type_mismatch = 21,           // "value has another type"
  not_found = 22,               // "no such member or element"
  invalid_pointer = 23,         // "invalid JSON Pointer"
  buffer_too_small = 24,        // "output buffer too small" (error::needed is exact)
  out_of_memory = 25,           // "allocation failed"
  unknown_key = 26,             // "unknown key" (typed reading with reject_unknown_keys)
  missing_member = 27,          // "missing member" (typed reading)
  duplicate_key = 28,           // "duplicate key" (typed reading)
  wrong_length = 29,            // "wrong number of elements" (typed reading: std::array, T[N])
  invalid_value = 30,           // "value not accepted" (typed reading: an enum name, a proxy)
  invalid_writer_call = 31,     // "writer call out of order" (streaming writer: a key outside an
                                // object, an unclosed container, a second root...)
  io_error = 32,                // "input/output error" (a file, descriptor, FILE* or callback failed)
  patch_test_failed = 33,       // "JSON Patch test failed" (a "test" operation did not match)
  invalid_patch = 34,           // "invalid JSON Patch" (a malformed operation)
  cancelled = 35,               // "stopped by the visitor" (jot::visit: an event returned false)
  query_syntax = 36,            // "invalid JSONPath query" (jot/query.h: offset names the byte)
  query_type = 37,              // "ill-typed JSONPath filter" (jot/query.h: RFC 9535 section 2.4.3)
  query_limit = 38,             // "JSONPath query limit exceeded" (jot/query.h: path::options)
  query_not_streamable = 39,    // "JSONPath query not decidable in one pass" (jot/query.h:
                                // evaluate_stream; offset names the segment or selector)
};

// Returns the default message of a code: a static string, never null.
constexpr const char* default_message(error_code code) noexcept {
  switch (code) {
    case error_code::ok: return "ok";
    case error_code::empty_input: return "empty input";
    case error_code::unexpected_end: return "unexpected end of input";
    case error_code::unexpected_character: return "unexpected character";
    case error_code::trailing_content: return "unexpected content after the document";
    case error_code::unterminated_string: return "unterminated string";
    case error_code::control_character: return "control character in string";
    case error_code::invalid_escape: return "invalid escape sequence";
    case error_code::invalid_unicode_escape: return "invalid \\u escape";
    case error_code::lone_surrogate: return "lone UTF-16 surrogate in \\u escape";
    case error_code::invalid_utf8: return "invalid UTF-8";
    case error_code::invalid_number: return "invalid number";
    case error_code::number_out_of_range: return "number out of range";
    case error_code::invalid_literal: return "invalid literal";
    case error_code::trailing_comma: return "trailing comma";
    case error_code::comment_not_allowed: return "comment not allowed";
    case error_code::unterminated_comment: return "unterminated comment";
    case error_code::depth_exceeded: return "nesting too deep";
    case error_code::capacity_exceeded: return "arena exhausted";
    case error_code::input_too_large: return "input too large";
    case error_code::byte_order_mark: return "byte order mark not allowed";
    case error_code::type_mismatch: return "value has another type";
    case error_code::not_found: return "no such member or element";
    case error_code::invalid_pointer: return "invalid JSON Pointer";
    case error_code::buffer_too_small: return "output buffer too small";
    case error_code::out_of_memory: return "allocation failed";
    case error_code::unknown_key: return "unknown key";
    case error_code::missing_member: return "missing member";
    case error_code::duplicate_key: return "duplicate key";
    case error_code::wrong_length: return "wrong number of elements";
    case error_code::invalid_value: return "value not accepted";
    case error_code::invalid_writer_call: return "writer call out of order";
    case error_code::io_error: return "input/output error";
    case error_code::patch_test_failed: return "JSON Patch test failed";
    case error_code::invalid_patch: return "invalid JSON Patch";
    case error_code::cancelled: return "stopped by the visitor";
    case error_code::query_syntax: return "invalid JSONPath query";
    case error_code::query_type: return "ill-typed JSONPath filter";
    case error_code::query_limit: return "JSONPath query limit exceeded";
    case error_code::query_not_streamable: return "JSONPath query not decidable in one pass";
  }
  return "unknown error";
}

// Returns the stable name of a code, e.g. "unterminated_string".
const char* error_code_name(error_code code) noexcept;

// What went wrong and where. For parse errors, offset/line/column locate the
// first offending byte; for DOM access errors they are 0 (no position).
struct error {
  error_code code = error_code::ok;  // what went wrong; ok means no error
  const char* message = "ok";        // static text, never null; may be more specific than the code
  std::size_t offset = 0;            // byte offset into the input (0-based)
  std::uint64_t line = 0;            // 1-based line of offset (0 when no position); 64 bits
  std::uint64_t column = 0;          // 1-based column of offset, counted in bytes; 64 bits,
                                     // so a line longer than 4 GiB does not wrap
  std::size_t needed = 0;            // capacity_exceeded: an upper bound on the bytes
                                     // the arena must hold; buffer_too_small: exact size

  // True when this value holds no error.
  constexpr bool ok() const noexcept { return code == error_code::ok; }

  // Writes "message (line:column)" ("message" alone when line is 0; "ok"
  // when ok()) into buf, NUL-terminated when capacity > 0, and returns the
  // full length, like snprintf.
  std::size_t describe(char* buf, std::size_t capacity) const noexcept;
};

// Builds an error with the code's default message and no position.
constexpr error make_error(error_code code, std::size_t needed = 0) noexcept {
  error e;
  e.code = code;
  e.message = default_message(code);
  e.needed = needed;
  return e;
}

// A value of type T or an error of type E: the one shape of every outcome in
// jot's API. Truthy only on success, and [[nodiscard]]: ignoring a returned
// result is a warning. E is jot::error or a type derived from it that also
// says where the failure was: jot::read_error (the JSON Pointer of the member,
// jot/typed.h), jot::patch_error (the operation, jot/patch.h). A call that
// returns nothing else returns result<void> (below). Reading the value
// (value(), *, ->) of a failed result is a contract violation: with
// assertions on (debug builds, or JOT_ENABLE_ASSERTIONS) it prints where and
// aborts; otherwise it is defined and yields the value-initialised T the
// result holds (0, false, an empty view, an absent value, an empty document).
template <class T, class E = jot::error>
class [[nodiscard]] result {
  static_assert(std::is_base_of_v<jot::error, E>, "jot::result: E must be jot::error or derive from it");

 public:
  result(T value) noexcept : value_(std::move(value)) {}  // NOLINT: implicit by design
  result(E err) noexcept : err_(std::move(err)) {}         // NOLINT: implicit by design

  explicit operator bool() const noexcept { return err_.code == error_code::ok; }
  bool ok() const noexcept { return err_.code == error_code::ok; }

  // The error; error().ok() on success.
  const E& error() const noexcept JOT_LIFETIMEBOUND { return err_; }

  // The value; requires ok() (see above). On a temporary result these return
  // the value itself, not a reference into the dying temporary, so that
  // `for (auto v : *x.get_array())` is safe.
  T& value() & noexcept JOT_LIFETIMEBOUND { check(); return value_; }
  const T& value() const& noexcept JOT_LIFETIMEBOUND { check(); return value_; }
  T value() && noexcept { check(); return std::move(value_); }
  T* operator->() noexcept JOT_LIFETIMEBOUND { check(); return &value_; }
  const T* operator->() const noexcept JOT_LIFETIMEBOUND { check(); return &value_; }
  T& operator*() & noexcept JOT_LIFETIMEBOUND { check(); return value_; }
  const T& operator*() const& noexcept JOT_LIFETIMEBOUND { check(); return value_; }
  T operator*() && noexcept { check(); return std::move(value_); }

  // The value on success, else fallback. Never asserts.
  T value_or(T fallback) const noexcept { return ok() ? value_ : fallback; }

 private:
  void check() const noexcept { JOT_ASSERT(ok(), "read the value of a failed jot::result"); }

  T value_{};  // value-initialised unless constructed from a value
  E err_{};
};

// The outcome of a call that returns no value: success, or the error.
// A default-constructed result<void> is a success; one built from an error
// whose code is ok is one too.
template <class E>
class [[nodiscard]] result<void, E> {
  static_assert(std::is_base_of_v<jot::error, E>, "jot::result: E must be jot::error or derive from it");

 public:
  result() noexcept = default;
  result(E err) noexcept : err_(std::move(err)) {}  // NOLINT: implicit by design

  explicit operator bool() const noexcept { return err_.code == error_code::ok; }
  bool ok() const noexcept { return err_.code == error_code::ok; }

  // The error; error().ok() on success.
  const E& error() const noexcept JOT_LIFETIMEBOUND { return err_; }

 private:
  E err_{};
};

}  // namespace jot
