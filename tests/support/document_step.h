// tests/support/document_step.h - one document of a many-document iteration, copied
// out before the next step invalidates it: what the documents, parallel and
// stream tests compare (every iteration must yield the same steps).
#pragma once

#include <cstddef>
#include <ostream>
#include <string>
#include <string_view>

#include "jot/jot.h"
#include "must.h"

namespace jot_test {

struct step {
  std::size_t index = 0;
  bool ok = false;
  std::string json;  // the document, written compact (ok)
  jot::error error;  // (not ok)
  std::string source;

  friend bool operator==(const step& a, const step& b) {
    return a.index == b.index && a.ok == b.ok && a.json == b.json && a.source == b.source &&
           a.error.code == b.error.code && a.error.offset == b.error.offset &&
           a.error.line == b.error.line && a.error.column == b.error.column &&
           a.error.needed == b.error.needed;
  }
};

// The step for document `index`, whose text is source and parse result d.
inline step copy_out(std::size_t index, const jot::result<jot::document>& d, std::string_view source) {
  step s;
  s.index = index;
  s.source = std::string(source);
  s.ok = d.ok();
  if (d) {
    jot::output_buffer buf;
    s.json = std::string(must(jot::write(d->root(), buf)));
  } else {
    s.error = d.error();
  }
  return s;
}

inline std::ostream& operator<<(std::ostream& os, const step& s) {
  os << "#" << s.index << " [" << s.source << "] ";
  if (s.ok) return os << s.json;
  return os << jot::error_code_name(s.error.code) << " at " << s.error.offset << " (" << s.error.line
            << ":" << s.error.column << ") '" << (s.error.message ? s.error.message : "") << "'";
}

}  // namespace jot_test
