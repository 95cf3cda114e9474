// fuzz/visit_fuzzer.cpp - jot::visit over arbitrary bytes.
//
// Input: one option byte (bit 0 skip UTF-8 validation, bits 1-2 a small
// max_depth, bits 3-7 stop at that event when nonzero), one kernel byte
// (kernel_from), then the JSON. Checks that
//   - visit accepts exactly what jot::parse (strict) accepts, and fails with
//     the parser's code, offset, line and column;
//   - on success the events are the document's, in order (against a walk of
//     the DOM), every reported string decodes to the DOM's string and lies
//     inside the input;
//   - an event that returns false stops the scan there: cancelled, at an
//     offset inside the input, and no event after it.
#include <cstring>
#include <string>
#include <vector>

#include "fuzz_check.h"
#include "jot/visit.h"

namespace {

struct recorder : jot::visitor {
  std::string_view input;
  std::vector<std::string> log;
  std::size_t stop_at = 0;  // 1-based event that returns false; 0: none
  bool stopped = false;
  std::string scratch;

  bool add(std::string line) {
    FUZZ_CHECK(!stopped);  // nothing after a refusal
    log.push_back(std::move(line));
    if (log.size() == stop_at) stopped = true;
    return !stopped;
  }
  std::string text(jot::json_string s) {
    const std::string_view raw = s.raw();
    FUZZ_CHECK(raw.data() >= input.data() && raw.data() + raw.size() <= input.data() + input.size());
    FUZZ_CHECK(s.has_escapes() == (raw.find('\\') != std::string_view::npos));
    scratch.resize(raw.size());
    const std::string_view v = s.value(scratch.data());
    FUZZ_CHECK(v.size() <= raw.size());
    return std::string(v);
  }
  bool begin_object() { return add("{"); }
  bool end_object() { return add("}"); }
  bool begin_array() { return add("["); }
  bool end_array() { return add("]"); }
  bool key(jot::json_string s) { return add("k" + text(s)); }
  bool string(jot::json_string s) { return add("s" + text(s)); }
  bool number(std::string_view t) {
    FUZZ_CHECK(t.data() >= input.data() && t.data() + t.size() <= input.data() + input.size());
    return add("n" + std::string(t));
  }
  bool boolean(bool b) { return add(b ? "t" : "f"); }
  bool null() { return add("z"); }
};

void dom_log(jot::value v, std::vector<std::string>& log) {
  switch (v.type()) {
    case jot::type::object:
      log.push_back("{");
      for (jot::member m : *v.get_object()) {
        log.push_back("k" + std::string(m.key));
        dom_log(m.value, log);
      }
      log.push_back("}");
      break;
    case jot::type::array:
      log.push_back("[");
      for (jot::value e : *v.get_array()) dom_log(e, log);
      log.push_back("]");
      break;
    case jot::type::string: log.push_back("s" + std::string(*v.get_string())); break;
    case jot::type::number: log.push_back("n" + std::string(v.number_text())); break;
    case jot::type::boolean: log.push_back(*v.get_bool() ? "t" : "f"); break;
    case jot::type::null: log.push_back("z"); break;
    case jot::type::absent: FUZZ_CHECK(false); break;
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 2) return 0;
  const std::uint8_t flags = data[0];
  const std::string_view json(reinterpret_cast<const char*>(data + 2), size - 2);

  jot::visit_options vo;
  vo.validate_utf8 = (flags & 1) == 0;
  static constexpr std::uint32_t depths[4] = {1024, 1, 2, 8};
  vo.max_depth = depths[(flags >> 1) & 3];
  vo.kernel = jot_fuzz::kernel_from(data[1]);
  recorder r;
  r.input = json;
  r.stop_at = flags >> 3;
  const jot::error e = jot::visit(json, r, vo).error();

  // The verdict is the strict parser's; keep_number_text (for the events'
  // number text below) would defer the range check to the getters.
  jot::parse_options po;
  po.syntax.validate_utf8 = vo.validate_utf8;
  po.syntax.max_depth = vo.max_depth;
  jot::arena a;
  const jot::parser parser(po, vo.kernel);
  const auto d = parser.parse(json, a);

  if (e.code == jot::error_code::cancelled) {
    FUZZ_CHECK(r.stopped && r.log.size() == r.stop_at);
    FUZZ_CHECK(e.offset < json.size());
    jot::error located = e;
    jot::locate(located, json);
    FUZZ_CHECK(located.line == e.line && located.column == e.column);
    return 0;
  }
  FUZZ_CHECK(!r.stopped);
  FUZZ_CHECK(e.ok() == bool(d));
  if (!d) {
    FUZZ_CHECK(e.code == d.error().code);
    FUZZ_CHECK(e.offset == d.error().offset);
    FUZZ_CHECK(e.line == d.error().line && e.column == d.error().column);
    FUZZ_CHECK(std::strcmp(e.message, d.error().message) == 0);
    return 0;
  }
  po.keep_number_text = true;
  jot::arena text_arena;
  const auto texts = jot::parser(po, vo.kernel).parse(json, text_arena);
  FUZZ_CHECK(bool(texts));
  std::vector<std::string> want;
  dom_log(texts->root(), want);
  FUZZ_CHECK(r.log == want);
  return 0;
}
