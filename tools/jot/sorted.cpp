// tools/jot/sorted.cpp - --sort-keys: writing a document with every object's
// members in key byte order, through jot::writer.
//
// The DOM writer writes in document order only; sorting needs each object's
// members gathered first. One pool holds the sorted members of every open
// object (a stack: an object's run is dropped when it closes), so memory is
// one member per key on the current path's objects, never a copy of the tree.
#include <algorithm>
#include <vector>

#include "cli.h"

namespace jot_cli {

jot::error write_sorted(jot::value root, jot::sink out, const jot::write_options& options) {
  jot::writer_options wo;
  wo.style = options;
  wo.max_depth = jot::writer::depth_cap;
  wo.validate_utf8 = false;  // the parser has validated every string
  jot::writer w(out, wo);

  struct frame {
    bool object;
    std::size_t begin, next, end;       // object: its run [begin, end) of pool, next to write
    jot::array::iterator it, stop;      // array: the elements left
  };
  std::vector<jot::member> pool;
  std::vector<frame> stack;
  // Opens a container (pushing its frame) or writes a scalar.
  auto enter = [&](jot::value v) {
    if (v.is_object()) {
      w.begin_object();
      const std::size_t begin = pool.size();
      for (jot::member m : *v.get_object()) pool.push_back(m);
      std::stable_sort(pool.begin() + static_cast<std::ptrdiff_t>(begin), pool.end(),
                       [](const jot::member& a, const jot::member& b) { return a.key < b.key; });
      stack.push_back({true, begin, begin, pool.size(), {}, {}});
    } else if (v.is_array()) {
      w.begin_array();
      const jot::array a = *v.get_array();
      stack.push_back({false, 0, 0, 0, a.begin(), a.end()});
    } else {
      w.value(v);
    }
  };

  enter(root);
  while (!stack.empty() && w.error().ok()) {
    frame& f = stack.back();
    if (f.object) {
      if (f.next == f.end) {
        w.end_object();
        pool.resize(f.begin);  // the runs of objects inside it are gone already
        stack.pop_back();
        continue;
      }
      const jot::member m = pool[f.next++];
      w.key(m.key);
      enter(m.value);
    } else {
      if (f.it == f.stop) {
        w.end_array();
        stack.pop_back();
        continue;
      }
      const jot::value e = *f.it;
      ++f.it;
      enter(e);
    }
  }
  return w.finish().error();
}

}  // namespace jot_cli
