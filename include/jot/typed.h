// jot/typed.h - JSON straight into C++ types and back: jot::read, jot::write.
//
//   struct user { std::uint64_t id; std::string_view name; std::optional<int> age; };
//
//   jot::arena a(buf, sizeof buf);
//   jot::result<user, jot::read_error> u = jot::read<user>(json, a);
//   if (!u) report(u.error());    // u.error().path(): "/age"; describe(): "/age: expected an
//                                 // integer, got string (1:31)"
//   jot::output_buffer out;
//   auto text = jot::write(*u, out);                    // {"id":1,"name":"ada","age":36}
//
// Types are mapped by reflection (jot/reflect.h): plain aggregates need no
// annotation; jot::meta<T> renames, skips, lists members of other classes, or
// maps a type through a proxy type (below). docs/typed.md has every rule.
//
// WHAT MAPS TO WHAT
//   bool                         true / false
//   integers (every width)       numbers judged exactly from their text: a whole
//                                value in range converts (7, 1e2, 100.0), one
//                                that is not whole is type_mismatch whatever its
//                                digits (1.5, 0.99999999999999999999), a whole
//                                one out of range number_out_of_range (300 into
//                                a uint8_t)
//   float, double                any JSON number (float: rounded from the double;
//                                beyond float's range is number_out_of_range)
//   std::string                  a string, unescaped
//   std::string_view             a string: a view of the input when it has no
//                                escapes, else of arena memory
//   std::optional<T>             null or T; written as null when empty (left out of
//                                a struct with write_options::skip_null_members)
//   std::unique_ptr<T>           null or T (allocated with new); written as null when empty
//   std::vector<T>, std::deque<T>, std::list<T>, std::array<T, N>, T[N]
//                                arrays (std::array/T[N]: exactly N elements)
//   std::set<T>, std::unordered_set<T>   arrays of distinct elements (a repeated
//                                one is duplicate_key unless allowed)
//   std::span<T>                 an array whose elements live in arena memory
//   std::tuple<A...>, std::pair<A, B>   arrays of exactly their size, element i
//                                of their i-th type
//   std::map / std::unordered_map   objects; keys: strings, std::string_view,
//                                integers (decimal text as jot writes it: "7",
//                                "-12"; "07" is invalid_value) or enums (names,
//                                or integers with as_integer)
//   std::variant<A...>           the first alternative that takes the JSON type (below),
//                                or, tagged, the alternative a member names (below)
//   enums                        the enumerator's name (jot/reflect.h), or its
//                                integer with jot::meta<E>::as_integer
//   aggregates, jot::meta types  objects, members by key
//   jot::value                   any value, kept as parsed (a DOM in the arena)
//   jot::raw_json                any value, kept as its exact text (a view of the input)
//
// VARIANTS: reading picks the first alternative, in declaration order, that
// takes the value's JSON type, then reads it: null: std::monostate, optional,
// unique_ptr (which also take what their value type takes); boolean: bool;
// a number with no fraction or exponent: the first integer alternative (or
// enum read as_integer), wherever it is listed, any other number the first
// floating one, and either the other kind when the variant has none of its
// own; string: strings, string_view, enums by name; array: vectors, deques,
// lists, sets, arrays, spans, tuples (the first listed, whatever the
// length); object: structs, maps, tagged variants; a proxy type as its
// proxy. jot::value and jot::raw_json take anything; no alternative taking
// the value is type_mismatch. Writing writes the held alternative;
// std::monostate is null.
//
// TAGGED VARIANTS: a variant of structs whose jot::meta names a tag member and
// an id per alternative is an object whose tag member names the alternative:
//
//   template <> struct jot::meta<shape> {        // std::variant<circle, rect>
//     static constexpr std::string_view tag = "type";
//     static constexpr std::string_view ids[] = {"circle", "rect"};
//   };                                           // {"type":"circle","r":2.0}
//
// The tag may stand anywhere in the object (it is found first, what precedes
// it validated); it is a member for the key policies (a second tag is
// duplicate_key). No tag is missing_member, an unknown id invalid_value.
// Written with the tag first.
//
// Lifetimes: views (string_view, span, raw_json, jot::value) point into the
// input and the arena, which must outlive them.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "jot/arena.h"
#include "jot/error.h"
#include "jot/kernel.h"
#include "jot/options.h"
#include "jot/reflect.h"
#include "jot/value.h"
#include "jot/mutable.h"
#include "jot/write.h"

namespace jot {

namespace detail {
template <class>
struct read_access;  // jot/detail/typed/typed_read.h
}

// A value kept as its exact JSON text: reading validates it and stores a view
// of the input; writing copies the text verbatim (it must be valid JSON).
struct raw_json {
  std::string_view text;
  friend bool operator==(const raw_json&, const raw_json&) = default;
};

namespace detail::typed {
// What jot::defaulted makes: keys of a struct's members.
template <std::size_t N>
struct key_list {
  std::string_view keys[N];
};
}  // namespace detail::typed

// The members of T that may be absent from its object, by key, for
// jot::meta<T>:
//
//   template <> struct jot::meta<config> {
//     static constexpr auto defaulted = jot::defaulted({"timeout", "retries"});
//   };
//
// An absent one keeps the value it had (its default member initializer, in a
// struct made for the read), as every member does under
// read_options::allow_missing_members; the others must be present unless
// optional. Naming a key that T has no member with does not compile.
template <std::size_t N>
consteval detail::typed::key_list<N> defaulted(const std::string_view (&keys)[N]) {
  detail::typed::key_list<N> list{};
  for (std::size_t i = 0; i < N; ++i) list.keys[i] = keys[i];
  return list;
}

// How jot::read decodes. The defaults validate everything and accept nothing
// a struct cannot hold.
struct read_options {
  syntax_options syntax{};             // what text is accepted, as for jot::parse (read_ndjson
                                       // and the typed streams read strict JSON: they ignore
                                       // allow_comments, allow_trailing_commas, allow_bom and
                                       // allow_trailing_content)
  bool reject_unknown_keys = false;    // an object key that names no member is an error
                                       // (by default it is skipped, its value still validated)
  bool allow_missing_members = false;  // a member absent from its object keeps its value
                                       // (by default only optional members, and those
                                       // jot::meta<T>::defaulted names, may be absent)
  bool allow_duplicate_keys = false;   // a key repeated in one object overwrites the earlier
                                       // value, an element repeated in a set is dropped
                                       // (by default both are duplicate_key)
  jot::kernel kernel = kernel::automatic;  // the scanning kernel (jot/kernel.h)
};

// A typed reading error: the jot::error (code, message, byte offset, line and
// column, 1-based), with the JSON Pointer of the value where decoding stopped
// and the JSON type found there.
class read_error : public jot::error {
 public:
  // The longest path() kept; a longer one keeps its last max_path bytes.
  static constexpr std::size_t max_path = 200;

  // No error. User-provided so that value-initialising one (as every
  // successful result does) leaves path_, which path_size_ guards, unwritten.
  read_error() noexcept {}  // NOLINT(modernize-use-equals-default)
  // The JSON Pointer of the value in error ("/imp/0/banner/w"; "" for the root).
  std::string_view path() const noexcept JOT_LIFETIMEBOUND {
    return {path_ + (max_path - path_size_), path_size_};
  }
  // True when path() lost its beginning (it holds the last max_path bytes).
  bool path_truncated() const noexcept { return path_cut_; }
  // The JSON type found where another was expected (type_mismatch), else absent.
  jot::type found() const noexcept { return found_; }
  // Writes "path: message, got string (line:column)" into buf (no "path: "
  // for the root; ", got TYPE" only with found(); "ok" on success;
  // NUL-terminated when capacity > 0) and returns the full length, like snprintf.
  std::size_t describe(char* buf, std::size_t capacity) const noexcept;

 private:
  template <class>
  friend struct detail::read_access;
  jot::type found_ = jot::type::absent;
  bool path_cut_ = false;
  std::uint16_t path_size_ = 0;
  char path_[max_path];  // the path ends at path_ + max_path (built back to front)
};

// What the out-parameter forms of jot::read and read_ndjson return: on
// success the input bytes decoded (the whole input, except with
// read_options::syntax.allow_trailing_content, where it ends after the document and
// the whitespace that follows it), else the read_error.
using read_result = result<std::size_t, read_error>;

// Decodes json into a T and returns it, taking memory for views and spans
// from a (as the out-parameter form below). On failure the result holds the
// error, and the value decoded so far is dropped.
template <class T>
result<T, read_error> read(std::string_view json JOT_LIFETIMEBOUND, arena& a JOT_LIFETIMEBOUND,
                           const read_options& options = {}) noexcept;

// Decodes json into a T without arena memory: strings with escapes (as
// string_view), spans and jot::value members fail with capacity_exceeded.
template <class T>
result<T, read_error> read(std::string_view json JOT_LIFETIMEBOUND, const read_options& options = {}) noexcept;

// Decodes json into out. Strings with escapes (as string_view), spans and
// jot::value members need arena memory; without an arena they fail with
// capacity_exceeded. On failure out holds what was decoded before the error.
// Reusing out (its strings, vectors and maps keep their memory) is the fastest
// way to decode many documents.
template <class T>
read_result read(std::string_view json JOT_LIFETIMEBOUND, T& out,
                 const read_options& options = {}) noexcept;

// Decodes json into out, taking memory for views and spans from a. std::pmr
// containers over a jot::arena_resource on a with no upstream (jot/pmr.h)
// grow only when a holds the growth, else capacity_exceeded. Text that uses
// what allow_comments, allow_trailing_commas or allow_bom accept is read from
// a copy in a with those bytes blanked (views then point into the copy), after
// jot::parse has checked it with the same options in a's memory (released
// again): its syntax errors are jot::parse's, with an empty path.
template <class T>
read_result read(std::string_view json JOT_LIFETIMEBOUND, T& out, arena& a JOT_LIFETIMEBOUND,
                 const read_options& options = {}) noexcept;

// ---- NDJSON: one document per line (docs/streams.md) ----

// Decodes NDJSON text into out (a std::vector, std::deque or std::list of a
// mapped type), one element per document, in order. jot::documents' rules:
// lines end with LF, a CR before it is whitespace, blank lines hold no
// document, a document may not span lines. Elements already in out are reused
// and the surplus erased. An error is located in text (offset, line, column)
// and its error().path() starts with the document's index ("/41/price"); on failure
// out ends with the failing document, as far as it was decoded. Faster than
// jot::documents + jot::read per line: one engine choice and no line split.
template <class Sequence>
read_result read_ndjson(std::string_view text JOT_LIFETIMEBOUND, Sequence& out, arena& a JOT_LIFETIMEBOUND,
                        const read_options& options = {}) noexcept;

// read_ndjson without arena memory (views of escaped strings, spans and
// jot::value members fail with capacity_exceeded).
template <class Sequence>
read_result read_ndjson(std::string_view text JOT_LIFETIMEBOUND, Sequence& out,
                        const read_options& options = {}) noexcept;

// ---- writing (jot/detail/typed/typed_write.h) ----

// Appends value as JSON to out, members in declaration order; the output is
// byte-identical to jot's DOM writer for the same data (write_options apply
// as there). Returns the appended text. Fails, leaving out as it was, with
// out_of_memory when out cannot grow, or when value has no JSON form:
// invalid_number (NaN, infinity), type_mismatch (an enum value without a
// name, a valueless variant), not_found (an absent jot::value), empty_input
// (a raw_json with empty text). A jot::document writes its root.
template <class T>
result<std::string_view> write(const T& value, output_buffer& out JOT_LIFETIMEBOUND,
                               const write_options& options = {}) noexcept;

// Writes value into [buffer, buffer + capacity), never past it; returns the
// bytes written. Fails with buffer_too_small (error::needed exact) when it
// does not fit, or as above when value has no JSON form (that failure wins).
template <class T>
result<std::size_t> write(const T& value, char* buffer, std::size_t capacity,
                          const write_options& options = {}) noexcept;

// Writes value to out in bounded memory (jot/sink.h); returns the bytes
// written. Fails with io_error when out fails, or as above when value has no
// JSON form (that failure wins, and then nothing more reaches out).
template <class T>
result<std::size_t> write(const T& value, sink out, const write_options& options = {}) noexcept;

// Appends each element of values (any range of a mapped type) as compact
// JSON and a line feed: NDJSON (options.indent is ignored, a document may not
// span lines). Returns the appended text. Fails as write() does, leaving out
// as it was.
template <class Range>
result<std::string_view> write_ndjson(const Range& values, output_buffer& out JOT_LIFETIMEBOUND,
                                      const write_options& options = {}) noexcept;

// write_ndjson to out in bounded memory: lines gather in a block of
// sink_block_size bytes on the stack and reach out a block at a time (a line
// longer than the block goes through write() to a sink). Returns the bytes
// written. Fails with io_error when out fails, or as write() does at an
// element with no JSON form; out then holds the lines before that element.
template <class Range>
result<std::size_t> write_ndjson(const Range& values, sink out, const write_options& options = {}) noexcept;

// ---- end of writing ----

// ---- into a mutable document (jot/mutable.h) ----

// value as a new detached value of doc (insert it, or make it the root with
// doc.set_root(jot::moved(v))). It goes through JSON text: written with
// jot::write, parsed, and copied, all in doc's arena, so it needs the text
// and its tape there too until the arena is reset. Fails like jot::write
// when value has no JSON form, or with capacity_exceeded.
template <class T>
result<mut_value> to_mutable(const T& value, mutable_document& doc) noexcept;

}  // namespace jot

#include "jot/detail/typed/typed_read.h"
#include "jot/detail/typed/typed_write.h"

namespace jot {

template <class T>
result<mut_value> to_mutable(const T& value, mutable_document& doc) noexcept {
  // Short values fit the stack; longer ones are written again, exactly sized, in the arena.
  char small[512];
  result<std::size_t> n = write(value, small, sizeof small);
  const char* text = small;
  if (!n && n.error().code == error_code::buffer_too_small) {
    auto* room = static_cast<char*>(doc.memory().allocate(n.error().needed, 1));
    if (room == nullptr) return make_error(error_code::capacity_exceeded, n.error().needed);
    n = write(value, room, n.error().needed);
    text = room;
  }
  if (!n) return n.error();
  result<document> parsed = parse(std::string_view(text, *n), doc.memory());
  if (!parsed) return parsed.error();  // only capacity_exceeded: the text is jot's own
  mut_value v = doc.make(parsed->root());
  if (!v.exists()) return make_error(error_code::capacity_exceeded);
  return v;
}

template <class Range>
result<std::string_view> write_ndjson(const Range& values, output_buffer& out, const write_options& options) noexcept {
  write_options line = options;
  line.indent = 0;
  const std::size_t start = out.size();
  for (const auto& v : values) {
    const result<std::string_view> w = write(v, out, line);
    if (!w || !out.append("\n")) {
      out.truncate(start);
      return w ? make_error(error_code::out_of_memory) : w.error();
    }
  }
  return std::string_view(out.data() + start, out.size() - start);
}

template <class Range>
result<std::size_t> write_ndjson(const Range& values, sink out, const write_options& options) noexcept {
  write_options line = options;
  line.indent = 0;
  char block[sink_block_size];
  std::size_t used = 0;   // bytes of block not yet handed to out
  std::size_t total = 0;  // bytes handed to out
  const auto flush = [&]() noexcept {
    if (used != 0 && !out.write(out.context, block, used)) return false;
    total += used;
    used = 0;
    return true;
  };
  for (const auto& v : values) {
    result<std::size_t> n = write(v, block + used, sizeof block - used, line);
    if (!n && n.error().code == error_code::buffer_too_small) {  // retry in an empty block
      if (!flush()) return make_error(error_code::io_error);
      n = write(v, block, sizeof block, line);
      if (!n && n.error().code == error_code::buffer_too_small) {  // longer than a block
        const result<std::size_t> long_line = write(v, out, line);
        if (!long_line) return long_line.error();
        total += *long_line;
        n = std::size_t{0};
      }
    }
    if (!n) {
      if (!flush()) return make_error(error_code::io_error);
      return n.error();
    }
    used += *n;
    if (used == sizeof block && !flush()) return make_error(error_code::io_error);
    block[used++] = '\n';
  }
  if (!flush()) return make_error(error_code::io_error);
  return total;
}

}  // namespace jot
