// jot/writer.h - a streaming writer: JSON built call by call, with no
// document in between.
//
//   jot::output_buffer out;
//   jot::writer w(out);
//   w.begin_object().key("id").number(42).key("tags").begin_array();
//   w.string("a").string("b").end_array().end_object();
//   auto n = w.finish();  // result<size_t>; out.view() == {"id":42,"tags":["a","b"]}
//
// Output follows write_options exactly as jot::write(value) does (same
// escaping, numbers and indentation, byte for byte: the same code writes it).
// It goes to an output_buffer (appended), a caller buffer (never past its
// capacity; buffer_too_small with the exact size, as jot::write), or a
// jot::sink in bounded memory (a block of sink_block_size bytes inside the
// writer, handed to the sink as it fills).
//
// The writer checks the order of calls: a key only directly inside an object
// and before each member's value, a value everywhere else, ends matching
// begins, one value at the root, nothing open at finish(), nesting within
// max_depth. The first mistake is an error (invalid_writer_call, with a
// message naming it); it is sticky: every later call does nothing and
// finish() returns it. Values that have no JSON form fail the same way
// (invalid_number for NaN and infinities, invalid_utf8 for a string that is
// not UTF-8, the parser's error for invalid raw JSON, not_found for an
// absent jot::value). A failed writer never reports success, leaves an
// output_buffer as it was, and hands nothing more to a sink (what the sink
// took before the failure stays written: a sink cannot take bytes back).
//
// Memory: none beyond the writer object (about 9 KB: the block and one bit
// per nesting level for up to depth_cap levels), so it can live on the stack.
// Not copyable or movable (its output range points into itself).
#pragma once

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "jot/detail/write/write_primitives.h"
#include "jot/error.h"
#include "jot/kernel.h"
#include "jot/options.h"
#include "jot/sink.h"
#include "jot/value.h"
#include "jot/write.h"

namespace jot {

class literal_key;

namespace detail {
// A string literal as a template argument (its NUL included).
template <std::size_t N>
struct key_chars {
  char text[N];
  consteval key_chars(const char (&s)[N]) {  // NOLINT: implicit, from the literal
    for (std::size_t i = 0; i < N; ++i) text[i] = s[i];
  }
  constexpr std::string_view view() const { return {text, N - 1}; }
};
// '"' name '"' ':' ' ': what writer::key writes for the literal name.
template <key_chars S>
inline constexpr auto quoted_key = [] {
  constexpr std::size_t n = sizeof(S.text) - 1;
  struct {
    char text[n + 4];
  } q{};
  q.text[0] = '"';
  for (std::size_t i = 0; i < n; ++i) q.text[1 + i] = S.text[i];
  q.text[n + 1] = '"';
  q.text[n + 2] = ':';
  q.text[n + 3] = ' ';
  return q;
}();
}  // namespace detail

namespace literals {
// "name"_key: a member name for writer::key, checked (UTF-8, no '"', '\\' or
// control character, at most 1024 bytes) and quoted by the compiler.
template <detail::key_chars S>
consteval literal_key operator""_key() noexcept;
}  // namespace literals

// A member name known at compile time; made only by "name"_key.
class literal_key {
 private:
  constexpr literal_key(const char* quoted, std::size_t size, unsigned escapes) noexcept
      : quoted_(quoted), size_(size), escapes_(escapes) {}
  template <detail::key_chars S>
  friend consteval literal_key literals::operator""_key() noexcept;
  friend class writer;

  const char* quoted_;  // '"' name '"' ':' ' '
  std::size_t size_;    // of the name
  unsigned escapes_;    // the escape options under which the name changes (detail::key_escapes)
};

template <detail::key_chars S>
consteval literal_key literals::operator""_key() noexcept {
  static_assert(detail::valid_utf8_constant(S.view()), "a \"name\"_key must be UTF-8");
  static_assert((detail::key_escapes(S.view()) & detail::escape_always) == 0,
                "a \"name\"_key must have no '\"', '\\\\' or control character and at most 1024 bytes");
  return literal_key(detail::quoted_key<S>.text, sizeof(S.text) - 1, detail::key_escapes(S.view()));
}

// How a writer writes and what it accepts.
struct writer_options {
  write_options style{};           // indentation and escaping, as for jot::write
  std::uint32_t max_depth = 1024;  // deepest nesting of begin_* calls accepted; at most
                                   // writer::depth_cap (a larger value fails at the first call)
  bool validate_utf8 = true;       // strings and keys must be UTF-8; false skips the check
                                   // (faster, but invalid bytes then pass through unchanged)
  bool validate_raw = true;        // raw() parses its text first; false trusts it (faster,
                                   // but invalid text then makes the output invalid)
  jot::kernel kernel = jot::kernel::automatic;  // the kernel whose engine checks UTF-8 (avx2 and
                                                // avx512: AVX2, others: baseline); one the CPU
                                                // lacks falls back as jot::parser's does; the
                                                // output is the same whatever it is
};

class writer {
 public:
  // The largest writer_options::max_depth: the nesting bits live inside the
  // writer (depth_cap / 8 bytes). jot::value subtrees do not count: the DOM
  // writer writes them at any depth.
  static constexpr std::uint32_t depth_cap = 4096;

  // Appends to out; on failure out is left as it was before the writer.
  explicit writer(output_buffer& out JOT_LIFETIMEBOUND, const writer_options& options = {}) noexcept;
  // Fills [buffer, buffer + capacity) (no terminating NUL); bytes past the
  // written size may be used as scratch.
  writer(char* buffer JOT_LIFETIMEBOUND, std::size_t capacity,
         const writer_options& options = {}) noexcept;
  // Sends the text to out, a block at a time; finish() sends the last block.
  explicit writer(sink out, const writer_options& options = {}) noexcept;
  writer(const writer&) = delete;
  writer& operator=(const writer&) = delete;

  // Containers. begin_* is a value (it needs a key inside an object); end_*
  // closes the innermost container, which must be of its kind.
  writer& begin_object() noexcept;
  writer& end_object() noexcept;
  writer& begin_array() noexcept;
  writer& end_array() noexcept;

  // A member name; only directly inside an object, before each value.
  writer& key(std::string_view name) noexcept;
  // The same for a name known at compile time (using namespace jot::literals;
  // w.key("id"_key)): no check or escaping left to run, one copy.
  writer& key(literal_key name) noexcept;

  // Values.
  writer& null() noexcept;
  writer& boolean(bool v) noexcept;
  // Any integer type, exactly (characters and bool are not numbers here).
  template <std::integral T>
    requires(!std::same_as<T, bool> && !std::same_as<T, char> && !std::same_as<T, wchar_t> &&
             !std::same_as<T, char8_t> && !std::same_as<T, char16_t> && !std::same_as<T, char32_t>)
  writer& number(T v) noexcept;
  // The shortest text that reads back to v (".0" kept on whole numbers);
  // NaN and infinities fail with invalid_number.
  writer& number(double v) noexcept;
  writer& number(bool) = delete;  // use boolean()
  // s quoted and escaped as write_options ask.
  writer& string(std::string_view s) noexcept;
  // One JSON value given as text, written as it is (without surrounding
  // whitespace; not re-indented). Parsed first unless validate_raw is off;
  // invalid text fails with the parser's error (offset into json).
  writer& raw(std::string_view json) noexcept;
  // A DOM value and everything under it, as jot::write(v) writes it, indented
  // for where it lands. An absent value fails with not_found.
  writer& value(jot::value v) noexcept;

  // Ends the output: flushes a sink, settles a buffer. Returns the bytes
  // written, or the first error: a call out of order or a value without JSON
  // form, else buffer_too_small (error::needed exact), out_of_memory or
  // io_error. Fails with invalid_writer_call unless exactly one complete value
  // was written. Later calls are errors (returned by a later finish()).
  result<std::size_t> finish() noexcept;

  // The first error so far (ok() while none); does not see a failing sink or
  // buffer before finish().
  const jot::error& error() const noexcept JOT_LIFETIMEBOUND { return t_.failure; }
  // Containers open now.
  std::uint32_t depth() const noexcept { return depth_; }

 private:
  // What the next call may be (st_failed: nothing).
  enum state : std::uint8_t {
    st_root,          // nothing written yet: one value
    st_array_first,   // just inside '[': a value or end_array
    st_array_next,    // after an element: a value (',' first) or end_array
    st_object_first,  // just inside '{': a key or end_object
    st_object_next,   // after a member: a key (',' first) or end_object
    st_after_key,     // after a key: a value
    st_done,          // the root value is complete: finish()
    st_finished,      // finish() returned
    st_failed,        // an error was recorded
  };
  enum class target : std::uint8_t { buffer, fixed, stream };

  void init(const writer_options& options) noexcept;
  void reserve(std::size_t n) noexcept;
  bool before_value() noexcept;
  bool before_key() noexcept;
  bool open(char bracket, state inner) noexcept;
  void close(char bracket, state first, state next) noexcept;
  void fail(error_code code, const char* message) noexcept;
  void misplaced(const char* call) noexcept;
  void write_string_checked(std::string_view s, bool is_key) noexcept;
  bool utf8_ok(std::string_view s) noexcept;

  detail::write_target t_;  // refill into the sink below, the format, the first failure
  detail::out_range o_;     // where the next byte goes
  std::uint32_t depth_ = 0;
  std::uint32_t max_depth_ = 0;
  state state_ = st_root;
  target target_;
  bool validate_utf8_ = true;
  bool validate_raw_ = true;
  bool sink_done_ = false;    // finish() has settled the sink: it is not touched again
  std::size_t old_size_ = 0;  // output_buffer: its size before the writer
  std::size_t total_ = 0;     // after finish(): the bytes written
  std::uint64_t objects_[depth_cap / 64] = {};  // bit d set: the container at depth d + 1 is
                                                // an object
  // The sink object of src/write/write_sinks.h (buffer, fixed or stream), built in place.
  alignas(std::max_align_t) unsigned char sink_[sink_block_size + 64];
};

}  // namespace jot

#include "jot/detail/write/writer_inl.h"
