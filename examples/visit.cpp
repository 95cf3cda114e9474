// Inspecting a message with jot::visit: every key and string in document
// order, no DOM, no memory, the whole text still validated. A packet
// inspector looks for a pattern in the values and stops at the first hit.
// Built and run by the tests.
#include <jot/visit.h>

#include <cstdio>
#include <string_view>

struct pattern_finder : jot::visitor {
  std::string_view needle;
  int depth = 0;
  int strings = 0;

  bool begin_object() noexcept { return ++depth, true; }
  bool end_object() noexcept { return --depth, true; }
  bool string(jot::json_string s) noexcept {
    ++strings;
    char buffer[256];  // decoding never lengthens: raw().size() bytes are enough
    if (s.raw().size() > sizeof buffer) return true;
    // "\u003cscript" is "<script" too: look at the decoded value.
    return s.value(buffer).find(needle) == std::string_view::npos;  // false stops
  }
};

int main() {
  const std::string_view clean = R"({"user": {"name": "Zoë"}, "tags": ["a", "b"]})";
  const std::string_view hostile = R"({"user": {"name": "\u003cscript>"}, "tags": ["a"]})";
  const std::string_view broken = R"({"user": {"name": "x"}, "tags": ["a",]})";

  pattern_finder f;
  f.needle = "<script";
  if (!jot::visit(clean, f)) return 1;
  std::printf("clean: valid, %d strings, no hit\n", f.strings);

  pattern_finder g;
  g.needle = "<script";
  jot::result<void> r = jot::visit(hostile, g);  // stops at the hit: the rest is not scanned
  if (r.error().code != jot::error_code::cancelled) return 1;
  std::printf("hostile: hit at line %zu column %zu, depth %d\n", r.error().line, r.error().column, g.depth);

  pattern_finder h;
  h.needle = "<script";
  r = jot::visit(broken, h);  // invalid JSON fails as jot::parse would say
  if (r.error().code != jot::error_code::trailing_comma) return 1;
  std::printf("broken: %s at offset %zu\n", jot::error_code_name(r.error().code), r.error().offset);
  return 0;
}
