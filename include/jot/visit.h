// jot/visit.h - a JSON text as events to the caller's visitor: every token in
// document order, validated as strictly as jot::parse, with nothing built and
// no memory used (no arena, no allocation).
//
//   struct string_counter : jot::visitor {   // every event defaults to "go on"
//     int strings = 0;
//     bool string(jot::json_string) { ++strings; return true; }
//   };
//   string_counter c;
//   auto r = jot::visit(text, c);           // r.ok(), or r.error(): code, offset, line, column
//
// For a scan of every string or key of a message (a packet inspector), a
// validation pass, or a consumer that builds its own structure. The scan is
// the typed reader's validating skip (one engine, chosen once per document),
// so a visit costs about what jot::read into an empty struct does.
//
// Events come as the scan passes the tokens, before the rest of the text is
// checked: an error after them still fails the visit, so what the events
// produced is only good once visit returns ok. Opt-in: not in jot/jot.h.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "jot/detail/core/config.h"
#include "jot/detail/engine/skip_engines.h"
#include "jot/error.h"
#include "jot/kernel.h"
#include "jot/parse.h"

namespace jot {

// A string as written in the input, between its quotes: a view of the input,
// valid as long as the input. jot::visit has validated it (escapes, UTF-8)
// before its event.
class json_string {
 public:
  json_string() noexcept = default;
  // raw: the bytes between the quotes; escaped: whether they hold a '\\'.
  json_string(std::string_view raw, bool escaped) noexcept : raw_(raw), escaped_(escaped) {}
  explicit json_string(std::string_view raw) noexcept
      : raw_(raw), escaped_(raw.find('\\') != std::string_view::npos) {}

  // The bytes between the quotes, escapes as written (`caf\u00e9`).
  std::string_view raw() const noexcept { return raw_; }
  // True when raw() holds an escape, so that the string's value differs from
  // raw(). O(1): the scan noted it.
  bool has_escapes() const noexcept { return escaped_; }
  // Writes the string's value to dst, which needs room for raw().size() bytes
  // (decoding never lengthens), and returns its size. Only for strings that
  // jot::visit reported: others are not checked.
  std::size_t decode(char* dst) const noexcept;
  // The string's value: raw() when it has no escapes, else decoded into buf
  // (room for raw().size() bytes).
  std::string_view value(char* buf) const noexcept {
    return has_escapes() ? std::string_view(buf, decode(buf)) : raw_;
  }

 private:
  std::string_view raw_;
  bool escaped_ = false;
};

// The events of jot::visit, one member function each, every one returning
// true to go on; false stops the visit, which then fails with
// error_code::cancelled at that token. Derive from it and declare the events
// you want (same name and parameters); the others go on. Events must not
// throw: the scan is noexcept.
struct visitor {
  bool begin_object() noexcept { return true; }
  bool end_object() noexcept { return true; }
  bool begin_array() noexcept { return true; }
  bool end_array() noexcept { return true; }
  // An object's key, just before the events of its value.
  bool key(json_string) noexcept { return true; }
  bool string(json_string) noexcept { return true; }
  // A number as written ("-1.5e3"): its grammar checked, and within double's
  // range (1e309 is number_out_of_range, as jot::parse says).
  bool number(std::string_view) noexcept { return true; }
  bool boolean(bool) noexcept { return true; }
  bool null() noexcept { return true; }
};

// How jot::visit scans.
struct visit_options {
  bool validate_utf8 = true;               // false skips UTF-8 checks in strings (unsafe for
                                           // untrusted input)
  std::uint32_t max_depth = 1024;          // deepest nesting of arrays and objects accepted;
                                           // at most 4096 (one bit each, no recursion)
  jot::kernel kernel = kernel::automatic;  // the scanning kernel (jot/kernel.h)
};

// Scans the one JSON text json (RFC 8259, strict: no comments, no trailing
// commas), reporting its tokens to v in document order. Returns ok, or the
// first error (code, message, offset, line, column) as jot::parse reports it,
// or error_code::cancelled at the token whose event returned false.
template <class Visitor>
[[nodiscard]] result<void> visit(std::string_view json, Visitor& v,
                                 const visit_options& options = {}) noexcept;

}  // namespace jot

namespace jot::detail {

// The engine's events (scan/skip.inl) as the visitor's.
template <class Visitor>
struct visit_events {
  Visitor& v;
  bool begin(bool object) noexcept { return object ? v.begin_object() : v.begin_array(); }
  bool end(bool object) noexcept { return object ? v.end_object() : v.end_array(); }
  bool key(const unsigned char* raw, const unsigned char* close, bool escaped) noexcept {
    return v.key(string_at(raw, close, escaped));
  }
  bool string(const unsigned char* raw, const unsigned char* close, bool escaped) noexcept {
    return v.string(string_at(raw, close, escaped));
  }
  bool number(const unsigned char* first, const unsigned char* stop) noexcept {
    return v.number(std::string_view(reinterpret_cast<const char*>(first), static_cast<std::size_t>(stop - first)));
  }
  bool literal(unsigned char first) noexcept { return first == 'n' ? v.null() : v.boolean(first == 't'); }

  static json_string string_at(const unsigned char* raw, const unsigned char* close, bool escaped) noexcept {
    return json_string(std::string_view(reinterpret_cast<const char*>(raw), static_cast<std::size_t>(close - raw)),
                       escaped);
  }
};

}  // namespace jot::detail

#define JOT_ENGINE_FILE "jot/detail/visit/visit.inl"
#include "jot/detail/engine/each_engine.inl"

namespace jot {

template <class Visitor>
result<void> visit(std::string_view json, Visitor& v, const visit_options& options) noexcept {
  detail::visit_events<Visitor> events{v};
  error e;
  detail::with_engine(options.kernel, [&](auto engine) {
    visit_document(engine, json, events, options.max_depth, options.validate_utf8, e);
  });
  return e;
}

}  // namespace jot
