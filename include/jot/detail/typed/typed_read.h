// jot/detail/typed/typed_read.h - jot::read: the typed reader's engines and the one
// dispatch per document. Not API (jot/typed.h declares what is).
//
// The reader (typed_read.inl) is written once and compiled here once per
// engine, inside that engine's namespace and target region, over the same
// scanning core as the DOM parser (jot/detail/scan/): the code of the types
// read in the user's translation unit, the parts that do not depend on them
// (the member loop, the validating skip, escapes, errors) in the library
// (src/kernels/engines.cpp), compiled there once per engine. Engines in a user's
// translation unit: on x86-64 with GCC or Clang, AVX2 (chosen when the CPU
// has it, for the avx2 and avx512 kernels) and SSE2 (every other kernel);
// elsewhere the portable one. jot::read asks the library once per document
// which kernel the options select (the same rule as jot::parser), then runs
// the whole document in that engine: there is no dispatch per value.
#pragma once

#include <bit>
#include <charconv>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <iterator>
#include <limits>
#include <memory>
#include <new>
#include <span>
#include <string_view>
#include <type_traits>
#include <utility>
#include <variant>

#include "jot/detail/number/number.h"
#include "jot/detail/scan/prelude.h"
#include "jot/detail/engine/skip_engines.h"
#include "jot/detail/typed/typed_pmr.h"
#include "jot/detail/typed/typed_traits.h"
#include "jot/parse.h"
#include "jot/reflect.h"

namespace jot::detail {

// Builds a read_error: the error, and its path back to front as the error
// unwinds from the value that failed to the root.
template <>
struct read_access<void> {
  static void fail(read_error& r, error_code code, const char* message, std::size_t offset,
                   jot::type found) noexcept {
    r.code = code;
    r.message = message ? message : default_message(code);
    r.offset = offset;
    r.found_ = found;
  }
  static void set_needed(read_error& r, std::size_t needed) noexcept { r.needed = needed; }
  static jot::error& error_of(read_error& r) noexcept { return r; }
  // Prepends bytes to the path; keeps the last max_path bytes.
  static void prepend_raw(read_error& r, const char* s, std::size_t n) noexcept {
    while (n != 0) {
      if (r.path_size_ == read_error::max_path) {
        r.path_cut_ = true;
        return;
      }
      r.path_[read_error::max_path - 1 - r.path_size_] = s[--n];
      ++r.path_size_;
    }
  }
  // Prepends "/" and the key, with '~' as "~0" and '/' as "~1" (RFC 6901).
  static void prepend_key(read_error& r, std::string_view key) noexcept {
    for (std::size_t i = key.size(); i-- != 0;) {
      const char c = key[i];
      if (c == '~') prepend_raw(r, "~0", 2);
      else if (c == '/') prepend_raw(r, "~1", 2);
      else prepend_raw(r, &c, 1);
    }
    prepend_raw(r, "/", 1);
  }
  static void prepend_index(read_error& r, std::size_t index) noexcept {
    char digits[24];
    std::size_t n = 0;
    do {
      digits[sizeof digits - 1 - n++] = static_cast<char>('0' + index % 10);
      index /= 10;
    } while (index != 0);
    prepend_raw(r, digits + sizeof digits - n, n);
    prepend_raw(r, "/", 1);
  }
};

// For a read whose options accept more than strict JSON, once the strict read
// has failed: checks json with jot::parse and those options (in a's memory,
// released again), then copies it into a with its comments, trailing commas
// and byte order mark (up to where the parse stopped) turned into spaces,
// every other byte, line break and offset kept. Returns the parse's error or
// capacity_exceeded; else ok, with copy the blanked text, or empty when json
// holds nothing to blank (the strict read's error then stands). In
// src/typed/typed.cpp.
jot::error relaxed_copy(std::string_view json, arena& a, const read_options& options,
                        std::string_view& copy) noexcept;

// True when options accept more than strict JSON.
constexpr bool relaxed(const read_options& o) noexcept {
  return o.syntax.allow_comments || o.syntax.allow_trailing_commas || o.syntax.allow_bom;
}

// The JSON type of the value starting with byte c; absent when c cannot start one.
constexpr jot::type json_type_of(unsigned char c) noexcept {
  switch (c) {
    case '{': return jot::type::object;
    case '[': return jot::type::array;
    case '"': return jot::type::string;
    case 't': case 'f': return jot::type::boolean;
    case 'n': return jot::type::null;
    case '-': case '0': case '1': case '2': case '3': case '4':
    case '5': case '6': case '7': case '8': case '9': return jot::type::number;
    default: return jot::type::absent;
  }
}

}  // namespace jot::detail

#define JOT_ENGINE_FILE "jot/detail/typed/typed_read.inl"
#include "jot/detail/engine/each_engine.inl"
#define JOT_ENGINE_FILE "jot/detail/typed/typed_lines.inl"
#include "jot/detail/engine/each_engine.inl"

namespace jot::detail {

// jot::read's second try, out of line so that the first stays small where it
// is inlined: strict JSON failed (error, or a comment after the document that
// ended at consumed) and the options accept more. Reads again from a copy in
// which what they accept is blank: same offsets, lines and columns.
template <class T>
JOT_NOINLINE read_result read_relaxed(std::string_view json, T& out, arena& a, const read_options& options,
                                      const read_error& error, std::size_t consumed) noexcept {
  std::string_view copy;
  if (const jot::error e = relaxed_copy(json, a, options, copy); !e.ok()) {
    read_error parse_error;
    read_access<void>::error_of(parse_error) = e;
    return parse_error;
  }
  if (copy.data() == nullptr) {
    if (error.ok()) return consumed;
    return error;
  }
  read_error again;
  with_engine(options.kernel, [&](auto engine) { consumed = read_document(engine, copy, out, &a, options, again); });
  if (!again.ok()) return again;
  return consumed;
}

}  // namespace jot::detail

namespace jot {

template <class T>
read_result read(std::string_view json, T& out, arena& a, const read_options& options) noexcept {
  static_assert(detail::typed::shape_v<T> != detail::typed::shape::unsupported,
                "jot::read: this type has no JSON mapping (see jot/typed.h, WHAT MAPS TO WHAT)");
  read_error error;
  std::size_t consumed = 0;
  detail::with_engine(options.kernel,
                      [&](auto engine) { consumed = read_document(engine, json, out, &a, options, error); });
  // A document read off the front stops before a comment the options let
  // the parse skip.
  const bool comment_follows = error.ok() && options.syntax.allow_comments && options.syntax.allow_trailing_content &&
                               consumed < json.size() && json[consumed] == '/';
  if (error.ok() && !comment_follows) return consumed;
  if (!detail::relaxed(options)) return error;
  return detail::read_relaxed(json, out, a, options, error, consumed);
}

template <class T>
read_result read(std::string_view json, T& out, const read_options& options) noexcept {
  arena none(nullptr, 0);  // no memory: whatever needs the arena fails with capacity_exceeded
  return read(json, out, none, options);
}

template <class T>
result<T, read_error> read(std::string_view json, arena& a, const read_options& options) noexcept {
  T out{};
  const read_result r = read(json, out, a, options);
  if (!r) return r.error();
  return out;
}

template <class T>
result<T, read_error> read(std::string_view json, const read_options& options) noexcept {
  arena none(nullptr, 0);
  return read<T>(json, none, options);
}

template <class Sequence>
read_result read_ndjson(std::string_view text, Sequence& out, arena& a, const read_options& options) noexcept {
  static_assert(detail::typed::shape_v<Sequence> == detail::typed::shape::sequence,
                "jot::read_ndjson: out must be a std::vector, std::deque or std::list (pmr ones too)");
  static_assert(!std::is_same_v<typename Sequence::value_type, bool>, "jot::read_ndjson: no std::vector<bool>");
  static_assert(detail::typed::shape_v<typename Sequence::value_type> != detail::typed::shape::unsupported,
                "jot::read_ndjson: this type has no JSON mapping (see jot/typed.h, WHAT MAPS TO WHAT)");
  read_error error;
  detail::with_engine(options.kernel,
                      [&](auto engine) { read_ndjson_document(engine, text, out, &a, options, error); });
  if (!error.ok()) return error;
  return text.size();
}

template <class Sequence>
read_result read_ndjson(std::string_view text, Sequence& out, const read_options& options) noexcept {
  arena none(nullptr, 0);
  return read_ndjson(text, out, none, options);
}

}  // namespace jot
