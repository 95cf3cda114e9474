// tests/support/typed_text.h - the texts a typed-writing test compares: a value
// written by jot::write, and a text written again by the DOM writer.
#pragma once

#include <string>
#include <string_view>

#include "jot/jot.h"
#include "jot/typed.h"

namespace jot_test {

// The text jot::write gives for v, or "<failed>".
template <class T>
std::string written(const T& v, const jot::write_options& o = {}) {
  jot::output_buffer out;
  auto w = jot::write(v, out, o);
  return w ? std::string(*w) : std::string("<failed>");
}

// text parsed and written again by the DOM writer, or "<not JSON>" / "<failed>".
inline std::string through_dom(std::string_view text, const jot::write_options& o = {}) {
  auto doc = jot::parse(text);
  if (!doc) return "<not JSON>";
  jot::output_buffer out;
  auto w = jot::write(doc->root(), out, o);
  return w ? std::string(*w) : std::string("<failed>");
}

}  // namespace jot_test
