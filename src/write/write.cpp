// src/write/write.cpp - printing a document tape as JSON text.
//
// One loop walks the tape in document order (no recursion) and writes through
// a sink (src/write/write_sinks.h: an output_buffer, a caller buffer, a jot::sink).
// Every token reserves its worst-case size once (room) and then writes
// without further checks. written_size() is a fixed_sink of capacity 0.
// Reservations never exceed scratch_size: long strings and raw numbers are
// written in chunks.
//
// The typed encoder (jot/detail/typed/typed_write.h) writes through the same sinks
// and calls the writer's string, indentation and number code through the
// functions declared in jot/detail/write/write_primitives.h, defined in
// write_primitives.inl, which this unit includes at its end.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "jot/detail/write/write_primitives.h"
#include "jot/write.h"
#include "dom/open_stack.h"
#include "write_number.h"
#include "write_sinks.h"
#include "write_string.h"

namespace jot {

namespace {

using detail::buffer_sink;
using detail::copy_short;
using detail::fixed_sink;
using detail::node;
using detail::open_stack;
using detail::out_range;
using detail::scratch_size;
using detail::stream_sink;
using detail::target_sink;
// Input bytes escaped per reservation: the worst case must fit the scratch.
constexpr std::size_t escape_chunk_bytes = 512;
constexpr std::size_t escape_reserve =
    detail::escape_expansion * (escape_chunk_bytes + detail::escape_overrun) +
    detail::escape_store_slack;
// Verbatim bytes (plain strings, raw numbers) and indentation per reservation.
constexpr std::size_t copy_chunk_bytes = 2048;
constexpr std::size_t indent_chunk_bytes = 1024;
// Room reserved with every token for the quotes, ':' or ", " and the store
// slack of the copy routines, so that short tokens need one reservation.
constexpr std::size_t token_slack = 32;
static_assert(escape_reserve + token_slack <= scratch_size);
static_assert(copy_chunk_bytes + token_slack <= scratch_size);
static_assert(indent_chunk_bytes + token_slack <= scratch_size);
static_assert(detail::max_number_chars <= scratch_size);

// The string-value copy of the writer loop, kept out of line while the key
// copies are inlined: GCC otherwise decides per call site, and its choice
// moves with unrelated edits (one turned the key after a comma into a call,
// and writing twitter slowed markedly).
JOT_WRITE_NOINLINE void copy_value(char* dst, const char* src, std::size_t n) noexcept {
  detail::copy_short_inline(dst, src, n);
}

// ---- the writer ----------------------------------------------------------------

// Escape options as template arguments of escape_chunk, chosen per string.
enum escape_mode : unsigned {
  escape_none = 0,
  escape_slash = detail::escape_slash_bit,
  escape_non_ascii = detail::escape_non_ascii_bit,
};

unsigned escape_mode_of(const write_options& options) noexcept {
  return (options.escape_slash ? escape_slash : 0u) |
         (options.escape_non_ascii ? escape_non_ascii : 0u);
}

// f(slash, non_ascii) with the mode's flags as compile-time constants.
template <class F>
auto with_escape_mode(unsigned mode, F&& f) noexcept {
  using yes = std::true_type;
  using no = std::false_type;
  switch (mode) {
    case escape_none: return f(no{}, no{});
    case escape_slash: return f(yes{}, no{});
    case escape_non_ascii: return f(no{}, yes{});
    default: return f(yes{}, yes{});
  }
}

// Room quote_short needs for n bytes.
constexpr std::size_t quoted_reserve(std::size_t n) noexcept {
  return detail::escape_expansion * n + detail::escape_store_slack + token_slack;
}

// '"', [s, s + n) escaped per mode, '"' at out; n <= escape_chunk_bytes and
// quoted_reserve(n) bytes of room. Returns the end.
inline char* quote_short(char* out, const char* s, std::size_t n, unsigned mode) noexcept {
  *out++ = '"';
  const char* in = s;
  out = with_escape_mode(mode, [&](auto slash, auto non_ascii) {
    return detail::escape_chunk<slash(), non_ascii()>(out, in, s + n, s + n);
  });
  *out++ = '"';
  return out;
}

// The output range lives in locals and is threaded through the helpers
// (range in, range out) so that cur and lim stay in registers; slow paths are
// out of line and return the new range.
template <class Sink, bool Pretty>
class tape_writer {
 public:
  // base_depth: the nesting level of the root in the output (a DOM value
  // inside a typed one), for indentation.
  tape_writer(Sink& sink, unsigned mode, std::uint32_t indent, bool tabs,
              std::uint64_t base_depth = 0) noexcept
      : sink_(sink), mode_(mode), indent_(indent), pad_(tabs ? tabs16 : spaces16),
        base_depth_(base_depth) {}

  // Writes the value at root and everything under it at o; returns the range after it.
  out_range run(out_range o, const node* root) noexcept {
    open_stack open(root);
    const node* p = root;
    const node* close_at = nullptr;  // end of the innermost open container
    bool in_object = false;          // whether that container is an object
    for (;;) {
      const std::uint8_t k = p->kind();
      if (k >= detail::kind_array) {
        const bool object = k == detail::kind_object;
        if (p->length() == 0) {
          o = room(o, 2);
          o.cur[0] = object ? '{' : '[';
          o.cur[1] = object ? '}' : ']';
          o.cur += 2;
          ++p;
        } else {
          open.push(p);
          close_at = p + p->span;
          in_object = object;
          o = room(o, 1);
          *o.cur++ = object ? '{' : '[';
          ++p;
          if constexpr (Pretty) o = newline(o, open.depth());
          if (object) {
            o = key(o, p, false);
            ++p;
          }
          continue;
        }
      } else {
        o = scalar(o, p);
        ++p;
      }
      // p is past a complete value: close every container that ends here.
      while (p == close_at) {
        if constexpr (Pretty) o = newline(o, open.depth() - 1);
        o = room(o, 1);
        *o.cur++ = in_object ? '}' : ']';
        open.pop(p);
        if (open.empty()) return o;
        close_at = open.end();
        in_object = open.in_object();
      }
      if (close_at == nullptr) return o;  // the root was a scalar
      if constexpr (Pretty) {
        o = room(o, 1);
        *o.cur++ = ',';
        o = newline(o, open.depth());
        if (in_object) {
          o = key(o, p, false);
          ++p;
        }
      } else {
        if (in_object) {
          o = key(o, p, true);
          ++p;
        } else {
          o = room(o, 1);
          *o.cur++ = ',';
        }
      }
    }
  }

  // '\n' and (base depth + depth) * indent spaces or tabs. (That cannot
  // overflow for any tape that fits in memory, or any typed value on a stack.)
  out_range newline(out_range o, std::uint64_t depth) noexcept {
    std::uint64_t spaces = (base_depth_ + depth) * indent_;
    if (JOT_WRITE_LIKELY(spaces <= indent_chunk_bytes)) {
      o = room(o, 1 + spaces + 16);
      *o.cur++ = '\n';
      // Whole 16-byte stores: spaces is usually tiny and a memset call costs more.
      for (std::size_t i = 0; i < spaces; i += 16) std::memcpy(o.cur + i, pad_, 16);
      o.cur += spaces;
      return o;
    }
    o = room(o, 1);
    *o.cur++ = '\n';
    while (spaces != 0) {
      const std::size_t n = spaces < indent_chunk_bytes ? spaces : indent_chunk_bytes;
      o = room(o, n + 16);
      std::memset(o.cur, pad_[0], n);
      o.cur += n;
      spaces -= n;
    }
    return o;
  }

 private:
  // Whether the plain string [s, s + n) (no '"', '\\' or control) is written
  // as it is under the options: always without escape options; with
  // escape_slash alone, when it has no '/' (a memchr); with escape_non_ascii,
  // when it is short and has no byte above 0x7F (nor '/' with escape_slash).
  // Sending every string through string_slow and escape_chunk made
  // escape_slash far slower on twitter and citm; most keys are short ASCII.
  bool copies_plain(const char* s, std::size_t n) const noexcept {
    if (mode_ == escape_none) return true;
    if (mode_ == escape_slash) return std::memchr(s, '/', n) == nullptr;
    if (n > 64) return false;  // long strings: escape_chunk copies clean blocks whole
    const bool slash = (mode_ & escape_slash) != 0;
    for (std::size_t i = 0; i < n; ++i) {
      const auto c = static_cast<unsigned char>(s[i]);
      if (c >= 0x80 || (slash && c == '/')) return false;
    }
    return true;
  }

  // Returns a range with at least n writable bytes at cur.
  out_range room(out_range o, std::size_t n) noexcept {
    if (JOT_WRITE_LIKELY(static_cast<std::size_t>(o.lim - o.cur) >= n)) return o;
    return sink_.refill(o.cur, n);
  }

  out_range scalar(out_range o, const node* p) noexcept {
    switch (p->kind()) {
      case detail::kind_string_plain:
        if (JOT_WRITE_LIKELY(p->length() <= copy_chunk_bytes && copies_plain(p->str, p->length()))) {
          const std::size_t n = p->length();
          o = room(o, n + token_slack);
          *o.cur++ = '"';
          copy_value(o.cur, p->str, n);
          o.cur[n] = '"';
          o.cur += n + 1;
          return o;
        }
        return string_slow(o, p->str, p->length(), true, nullptr, 0);
      case detail::kind_string:
        return string_slow(o, p->str, p->length(), false, nullptr, 0);
      case detail::kind_null:
        o = room(o, 8);
        std::memcpy(o.cur, "null", 4);
        o.cur += 4;
        return o;
      case detail::kind_false:
        o = room(o, 8);
        std::memcpy(o.cur, "false", 5);
        o.cur += 5;
        return o;
      case detail::kind_true:
        o = room(o, 8);
        std::memcpy(o.cur, "true", 4);
        o.cur += 4;
        return o;
      case detail::kind_uint:
        o = room(o, detail::max_number_chars);
        o.cur = detail::write_uint64(o.cur, p->u);
        return o;
      case detail::kind_int:
        o = room(o, detail::max_number_chars);
        o.cur = detail::write_int64(o.cur, p->i);
        return o;
      case detail::kind_double:
        o = room(o, detail::max_number_chars);
        o.cur = detail::write_double(o.cur, p->d);
        return o;
      default:  // kind_raw_number (the tape holds nothing else)
        return verbatim(o, p->str, p->length());
    }
  }

  // Writes [','] '"' key '"' ':' [' ']. Always inline: Clang kept it out of
  // line (three callers), and the call with its spills put its writer's
  // instructions on twitter well above GCC's.
  JOT_ALWAYS_INLINE out_range key(out_range o, const node* p, bool comma) noexcept {
    constexpr std::size_t suffix_size = Pretty ? 2 : 1;
    const std::size_t n = p->length();
    if (JOT_WRITE_LIKELY(p->kind() == detail::kind_string_plain && n <= copy_chunk_bytes &&
                         copies_plain(p->str, n))) {
      o = room(o, n + token_slack);
      *o.cur = ',';
      o.cur += comma ? 1 : 0;
      *o.cur++ = '"';
      detail::copy_short_inline(o.cur, p->str, n);
      o.cur += n;
      std::memcpy(o.cur, "\": ", 4);  // token_slack covers the unused bytes
      o.cur += 1 + suffix_size;
      return o;
    }
    if (comma) {
      o = room(o, 1);
      *o.cur++ = ',';
    }
    return string_slow(o, p->str, n, p->kind() == detail::kind_string_plain,
                       Pretty ? ": " : ":", suffix_size);
  }

 public:

  JOT_WRITE_NOINLINE out_range verbatim(out_range o, const char* s, std::size_t n) noexcept {
    while (n != 0) {
      const std::size_t m = n < copy_chunk_bytes ? n : copy_chunk_bytes;
      o = room(o, m + token_slack);
      copy_short(o.cur, s, m);
      o.cur += m;
      s += m;
      n -= m;
    }
    return o;
  }

  // Any string: quoted, escaped as the options ask, followed by suffix.
  // plain: s has no byte that must be escaped (kind_string_plain).
  JOT_WRITE_NOINLINE out_range string_slow(out_range o, const char* s, std::size_t n, bool plain,
                                           const char* suffix, std::size_t suffix_size) noexcept {
    o = room(o, 1);
    *o.cur++ = '"';
    if (plain && mode_ == escape_none) {
      o = verbatim(o, s, n);
    } else {
      o = with_escape_mode(mode_, [&](auto slash, auto non_ascii) {
        return escape<slash(), non_ascii()>(o, s, n);
      });
    }
    o = room(o, token_slack);
    *o.cur++ = '"';
    for (std::size_t i = 0; i < suffix_size; ++i) *o.cur++ = suffix[i];
    return o;
  }

 private:
  template <bool Slash, bool NonAscii>
  out_range escape(out_range o, const char* s, std::size_t n) noexcept {
    const char* const end = s + n;
    if (n <= escape_chunk_bytes) {
      // The whole string is one chunk: no overrun past its end is possible.
      o = room(o, detail::escape_expansion * n + detail::escape_store_slack);
      o.cur = detail::escape_chunk<Slash, NonAscii>(o.cur, s, end, end);
      return o;
    }
    while (s < end) {
      const auto left = static_cast<std::size_t>(end - s);
      const char* chunk_end = s + (left < escape_chunk_bytes ? left : escape_chunk_bytes);
      o = room(o, escape_reserve);
      o.cur = detail::escape_chunk<Slash, NonAscii>(o.cur, s, chunk_end, end);
    }
    return o;
  }

  static constexpr char spaces16[] = "                ";
  static constexpr char tabs16[] = "\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t";

  Sink& sink_;
  unsigned mode_;
  std::uint32_t indent_;
  const char* pad_;  // 16 indentation characters
  std::uint64_t base_depth_;
};

// Runs the right writer instantiation; returns the cursor past the text.
template <class Sink>
char* write_with(Sink& sink, const node* root, const write_options& options) noexcept {
  const unsigned mode = escape_mode_of(options);
  if (options.indent != 0)
    return tape_writer<Sink, true>(sink, mode, options.indent, options.use_tabs)
        .run(sink.start(), root)
        .cur;
  return tape_writer<Sink, false>(sink, mode, 0, false).run(sink.start(), root).cur;
}

}  // namespace

// ---- public entry points ---------------------------------------------------------

result<std::size_t> write(value v, char* buffer, std::size_t capacity,
                          const write_options& options) noexcept {
  if (!v.exists()) return make_error(error_code::not_found);
  return detail::run_fixed(buffer, capacity, [&](fixed_sink& sink, error&) {
    return write_with(sink, v.node(), options);
  });
}

result<std::string_view> write(value v, output_buffer& out, const write_options& options) noexcept {
  if (!v.exists()) return make_error(error_code::not_found);
  return detail::run_buffer(out, [&](buffer_sink& sink, error&) {
    return write_with(sink, v.node(), options);
  });
}

result<std::size_t> write(value v, sink out, const write_options& options) noexcept {
  if (!v.exists()) return make_error(error_code::not_found);
  return detail::run_stream(out, [&](stream_sink& sink, error&) {
    return write_with(sink, v.node(), options);
  });
}

std::size_t written_size(value v, const write_options& options) noexcept {
  if (!v.exists()) return 0;
  fixed_sink sink(nullptr, 0);
  return sink.finish(write_with(sink, v.node(), options));
}

// ---- what the typed encoder calls (jot/detail/write/write_primitives.h) ----------------

#include "write_primitives.inl"

}  // namespace jot
