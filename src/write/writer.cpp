// src/write/writer.cpp - the out-of-line half of jot::writer (jot/writer.h): the
// destinations, finish(), errors, raw JSON, DOM values and UTF-8 checks.
// The calls themselves are inline (jot/detail/write/writer_inl.h).
#include "jot/writer.h"

#include <new>
#include <type_traits>

#include "jot/typed.h"
#include "write_sinks.h"

namespace jot {

namespace {

using detail::buffer_sink;
using detail::fixed_sink;
using detail::stream_sink;

template <class Sink>
constexpr bool fits_in_writer = sizeof(Sink) <= sink_block_size + 64 &&
                                alignof(Sink) <= alignof(std::max_align_t) &&
                                std::is_trivially_destructible_v<Sink>;
static_assert(fits_in_writer<buffer_sink> && fits_in_writer<fixed_sink> &&
              fits_in_writer<stream_sink>);

// The sink built in a writer's storage (its lifetime is the writer's; it
// needs no destructor).
template <class Sink>
Sink& sink_in(unsigned char* storage) noexcept {
  return *std::launder(reinterpret_cast<Sink*>(storage));
}

unsigned escape_bits(const write_options& f) noexcept {
  return (f.escape_slash ? detail::escape_slash_bit : 0u) |
         (f.escape_non_ascii ? detail::escape_non_ascii_bit : 0u);
}

}  // namespace

// ---- destinations ----------------------------------------------------------------

void writer::init(const writer_options& options) noexcept {
  t_.escape = escape_bits(options.style);
  t_.indent = options.style.indent;
  t_.use_tabs = options.style.use_tabs;
  t_.failure = {};
  max_depth_ = options.max_depth;
  validate_utf8_ = options.validate_utf8;
  validate_raw_ = options.validate_raw;
  t_.engine = detail::select_scan_engine(options.kernel);
  if (options.max_depth > depth_cap) fail(error_code::invalid_writer_call,
                                          "writer_options::max_depth is above writer::depth_cap");
}

writer::writer(output_buffer& out, const writer_options& options) noexcept : target_(target::buffer) {
  auto* s = new (sink_) buffer_sink(out);
  t_.refill = &detail::refill_of<buffer_sink>;
  t_.sink = s;
  o_ = s->start();
  old_size_ = out.size();
  init(options);
}

writer::writer(char* buffer, std::size_t capacity, const writer_options& options) noexcept
    : target_(target::fixed) {
  auto* s = new (sink_) fixed_sink(buffer, capacity);
  t_.refill = &detail::refill_of<fixed_sink>;
  t_.sink = s;
  o_ = s->start();
  init(options);
}

writer::writer(sink out, const writer_options& options) noexcept : target_(target::stream) {
  auto* s = new (sink_) stream_sink(out);
  t_.refill = &detail::refill_of<stream_sink>;
  t_.sink = s;
  o_ = s->start();
  init(options);
}

result<std::size_t> writer::finish() noexcept {
  switch (state_) {
    case st_done: break;
    case st_failed: break;
    case st_root: fail(error_code::invalid_writer_call, "finish() before any value"); break;
    case st_after_key:
      fail(error_code::invalid_writer_call, "finish() after a key, before its value");
      break;
    case st_finished:
      if (!t_.failure.ok()) return t_.failure;
      return total_;
    default: fail(error_code::invalid_writer_call, "finish() with a container still open"); break;
  }
  state_ = st_finished;
  if (sink_done_) return t_.failure;  // a call after finish(): the output stays as reported
  sink_done_ = true;
  result<std::size_t> r = make_error(error_code::ok);
  switch (target_) {
    case target::buffer: {
      const result<std::string_view> text =
          detail::finish_buffer(sink_in<buffer_sink>(sink_), o_.cur, t_.failure, old_size_);
      r = text ? result<std::size_t>(text->size()) : result<std::size_t>(text.error());
      break;
    }
    case target::fixed:
      r = detail::finish_fixed(sink_in<fixed_sink>(sink_), o_.cur, t_.failure);
      break;
    case target::stream:
      r = detail::finish_stream(sink_in<stream_sink>(sink_), o_.cur, t_.failure);
      break;
  }
  // Nothing more is written: a later call finds st_finished and fails.
  o_.cur = o_.lim;
  if (r) {
    total_ = *r;
  } else {
    t_.failure = r.error();
  }
  return r;
}

// ---- errors ------------------------------------------------------------------------

void writer::fail(error_code code, const char* message) noexcept {
  if (t_.failure.ok()) {
    t_.failure = make_error(code);
    t_.failure.message = message;
  }
  state_ = st_failed;
}

// The call (what) does not fit the state: say why in its terms.
void writer::misplaced(const char* what) noexcept {
  const std::string_view w = what;
  const bool is_key = w == "key()";
  const bool is_value = w == "a value";
  const char* m = "writer call out of order";
  switch (state_) {
    case st_failed: return;  // sticky: the first error stands
    case st_finished: m = "writer call after finish()"; break;
    case st_done:
    case st_root:  // (a value is never misplaced at the root)
      if (is_value) m = "a second value at the root (a JSON text holds one value)";
      else if (is_key) m = "key() outside an object";
      else m = w == "end_object()" ? "end_object() with no open object" : "end_array() with no open array";
      break;
    case st_array_first:
    case st_array_next:
      m = is_key ? "key() inside an array" : "end_object() closes an array";
      break;
    case st_object_first:
    case st_object_next:
      m = is_value ? "a value inside an object needs a key() first" : "end_array() closes an object";
      break;
    case st_after_key:
      m = is_key ? "key() after a key: its value is missing"
                 : "end_object() or end_array() after a key, before its value";
      break;
  }
  fail(error_code::invalid_writer_call, m);
}

// ---- values written by other code ------------------------------------------------

writer& writer::raw(std::string_view json) noexcept {
  if (!before_value()) return *this;
  std::string_view text = json;
  if (validate_raw_) {
    raw_json r;
    read_options ro;
    ro.syntax.validate_utf8 = true;
    ro.syntax.max_depth = max_depth_ > depth_ ? max_depth_ - depth_ : 0;
    const read_result rr = jot::read(json, r, ro);
    if (!rr) {
      t_.failure = rr.error();
      state_ = st_failed;
      return *this;
    }
    text = r.text;
  } else if (json.empty()) {
    fail(error_code::empty_input, "raw() with empty text");
    return *this;
  }
  o_ = detail::write_verbatim(t_, o_, text.data(), text.size());
  return *this;
}

writer& writer::value(jot::value v) noexcept {
  if (!before_value()) return *this;
  if (!v.exists()) {
    fail(error_code::not_found, "jot::value is absent (a missing key or index)");
    return *this;
  }
  o_ = detail::write_dom(t_, o_, v.node(), depth_);
  return *this;
}

}  // namespace jot
