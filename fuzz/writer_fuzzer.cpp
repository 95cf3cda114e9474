// fuzz/writer_fuzzer.cpp - jot::writer driven by a byte-coded sequence of
// calls. A model of the call rules, written apart from the writer, predicts
// whether the sequence is valid. Valid: finish() succeeds, the output parses,
// and writing the parsed document again gives the same bytes. Invalid: it
// fails with the predicted code, and no destination reports success. The same
// calls go to an output_buffer, a caller buffer of fuzzed size and a sink,
// which must agree byte for byte.
//
// Input: one byte of options (bits 0-1 indent 0/1/2/4, bit 2 tabs, bit 3
// escape non-ASCII, bit 4 escape '/', bits 5-6 max_depth 1/2/8/64, bit 7
// unused), one byte of caller-buffer size (x 8), then calls: one byte each
// (its value modulo 13), some followed by operand bytes.
#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include "fuzz_check.h"

namespace {

enum op : std::uint8_t {
  op_begin_object, op_end_object, op_begin_array, op_end_array, op_key, op_null, op_bool,
  op_int, op_uint, op_double, op_string, op_raw, op_value, op_count
};

// The input, read from the front; reads past the end give zeros.
struct input {
  const std::uint8_t* p;
  const std::uint8_t* end;
  std::uint8_t byte() { return p < end ? *p++ : 0; }
  std::string_view bytes(std::size_t n) {
    n = std::min<std::size_t>(n, static_cast<std::size_t>(end - p));
    std::string_view s(reinterpret_cast<const char*>(p), n);
    p += n;
    return s;
  }
  template <class T>
  T word() {
    T v{};
    const std::string_view s = bytes(sizeof v);
    std::memcpy(&v, s.data(), s.size());
    return v;
  }
};

// The rules of jot/writer.h, kept independently of the writer's state machine.
struct model {
  struct level {
    bool object;
    bool expect_key;  // object: the next call is a key (or the end)
  };
  std::vector<level> open;
  std::uint32_t max_depth;
  bool root_done = false;
  jot::error_code first = jot::error_code::ok;
  bool any_code = false;  // the first failure is invalid raw text: the writer's validating
                          // skip may name it differently from the parser ([1,] is
                          // unexpected_character there, trailing_comma here)

  void fail(jot::error_code c) {
    if (first == jot::error_code::ok) first = c;
  }
  // A value (or begin_*) is allowed here; the model moves past it.
  bool value() {
    if (first != jot::error_code::ok) return false;
    if (open.empty()) {
      if (root_done) return fail(jot::error_code::invalid_writer_call), false;
      root_done = true;
      return true;
    }
    level& l = open.back();
    if (l.object) {
      if (l.expect_key) return fail(jot::error_code::invalid_writer_call), false;
      l.expect_key = true;
    }
    return true;
  }
  void begin(bool object) {
    if (!value()) return;
    if (open.size() >= max_depth) return fail(jot::error_code::invalid_writer_call);
    open.push_back({object, true});
  }
  void end(bool object) {
    if (first != jot::error_code::ok) return;
    if (open.empty() || open.back().object != object || (object && !open.back().expect_key))
      return fail(jot::error_code::invalid_writer_call);
    open.pop_back();
  }
  void key() {
    if (first != jot::error_code::ok) return;
    if (open.empty() || !open.back().object || !open.back().expect_key)
      return fail(jot::error_code::invalid_writer_call);
    open.back().expect_key = false;
  }
  void finish() {
    if (first == jot::error_code::ok && (!root_done || !open.empty()))
      fail(jot::error_code::invalid_writer_call);
  }
};

struct collector {
  std::string text;
  bool write(const char* data, std::size_t size) noexcept {
    text.append(data, size);
    return true;
  }
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  input in{data, data + size};
  const std::uint8_t opt = in.byte();
  jot::writer_options o;
  static constexpr std::uint32_t indents[4] = {0, 1, 2, 4};
  static constexpr std::uint32_t depths[4] = {1, 2, 8, 64};
  o.style.indent = indents[opt & 3];
  o.style.use_tabs = (opt & 4) != 0;
  o.style.escape_non_ascii = (opt & 8) != 0;
  o.style.escape_slash = (opt & 16) != 0;
  o.max_depth = depths[(opt >> 5) & 3];
  const std::size_t capacity = std::size_t{in.byte()} * 8;

  jot::output_buffer out;
  std::vector<char> fixed(capacity);
  collector c;
  jot::writer w_out(out, o);
  jot::writer w_fixed(fixed.data(), capacity, o);
  jot::writer w_sink(jot::sink::of(c), o);
  jot::writer* const ws[3] = {&w_out, &w_fixed, &w_sink};
  model m;
  m.max_depth = o.max_depth;
  bool used_raw = false;
  jot::arena a;  // documents for op_value

  while (in.p < in.end) {
    switch (in.byte() % op_count) {
      case op_begin_object: m.begin(true); for (auto* w : ws) w->begin_object(); break;
      case op_end_object: m.end(true); for (auto* w : ws) w->end_object(); break;
      case op_begin_array: m.begin(false); for (auto* w : ws) w->begin_array(); break;
      case op_end_array: m.end(false); for (auto* w : ws) w->end_array(); break;
      case op_key: {
        const std::string_view k = in.bytes(in.byte() % 24);
        m.key();
        if (!jot_fuzz::valid_utf8(k)) m.fail(jot::error_code::invalid_utf8);
        for (auto* w : ws) w->key(k);
        break;
      }
      case op_null: m.value(); for (auto* w : ws) w->null(); break;
      case op_bool: {
        const bool b = in.byte() & 1;
        m.value();
        for (auto* w : ws) w->boolean(b);
        break;
      }
      case op_int: {
        const auto v = in.word<std::int64_t>();
        m.value();
        for (auto* w : ws) w->number(v);
        break;
      }
      case op_uint: {
        const auto v = in.word<std::uint64_t>();
        m.value();
        for (auto* w : ws) w->number(v);
        break;
      }
      case op_double: {
        const auto v = in.word<double>();
        if (m.value() && !std::isfinite(v)) m.fail(jot::error_code::invalid_number);
        for (auto* w : ws) w->number(v);
        break;
      }
      case op_string: {
        const std::string_view s = in.bytes(in.byte() % 40);
        if (m.value() && !jot_fuzz::valid_utf8(s)) m.fail(jot::error_code::invalid_utf8);
        for (auto* w : ws) w->string(s);
        break;
      }
      case op_raw: {
        const std::string_view s = in.bytes(in.byte() % 40);
        const std::size_t depth = m.open.size();
        if (m.value()) {
          // The writer validates with the nesting it has left, as the parser would.
          jot::parse_options po;
          po.syntax.max_depth = static_cast<std::uint32_t>(o.max_depth - depth);
          jot::arena scratch;
          auto parsed = jot::parse(s, scratch, po);
          if (!parsed) {
            m.fail(parsed.error().code);
            m.any_code = true;
          }
          used_raw = true;
        }
        for (auto* w : ws) w->raw(s);
        break;
      }
      case op_value: {
        const std::string_view s = in.bytes(in.byte() % 40);
        auto doc = jot::parse(s, a);
        const jot::value v = doc ? doc->root() : jot::value();
        if (m.value() && !v.exists()) m.fail(jot::error_code::not_found);
        for (auto* w : ws) w->value(v);
        break;
      }
    }
  }
  m.finish();

  auto r_out = w_out.finish();
  auto r_fixed = w_fixed.finish();
  auto r_sink = w_sink.finish();
  if (m.first != jot::error_code::ok) {
    // Misuse and values without JSON form are errors, the predicted one,
    // in every destination; nothing was appended or handed over.
    FUZZ_CHECK(!r_out && !r_fixed && !r_sink);
    FUZZ_CHECK(r_out.error().code == m.first || m.any_code);
    FUZZ_CHECK(r_fixed.error().code == r_out.error().code);
    FUZZ_CHECK(r_sink.error().code == r_out.error().code);
    FUZZ_CHECK(out.size() == 0);
    return 0;
  }
  FUZZ_CHECK(r_out.ok() && r_sink.ok());
  const std::string_view text = out.view();
  FUZZ_CHECK(*r_out == text.size() && c.text == text);
  if (capacity >= text.size()) {
    FUZZ_CHECK(r_fixed.ok() && *r_fixed == text.size());
    FUZZ_CHECK(std::string_view(fixed.data(), text.size()) == text);
  } else {
    FUZZ_CHECK(!r_fixed && r_fixed.error().code == jot::error_code::buffer_too_small);
    FUZZ_CHECK(r_fixed.error().needed == text.size());
  }

  // The output is JSON, and it is what the DOM writer writes for it.
  jot::parse_options deep;
  deep.syntax.max_depth = 1u << 20;
  jot::arena a2;
  auto doc = jot::parse(text, a2, deep);
  FUZZ_CHECK(doc.ok());
  jot::output_buffer again;
  FUZZ_CHECK(jot::write(doc->root(), again, o.style).ok());
  if (!used_raw) {
    FUZZ_CHECK(again.view() == text);
  } else {
    // Raw text keeps its own spacing and number spelling: compare values.
    jot::arena a3;
    auto doc2 = jot::parse(again.view(), a3, deep);
    FUZZ_CHECK(doc2.ok() && doc2->root() == doc->root());
  }
  return 0;
}
