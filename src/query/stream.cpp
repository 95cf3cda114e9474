// src/query/stream.cpp - a compiled query run over a JSON text in one pass,
// without a DOM: jot::visit's events drive a stack of frames, one per
// segment, and each selected node is handed to the caller as its text.
//
// Which queries: those whose nodelist comes out in the order one pass meets
// the nodes, each node once. A path of child segments with one selector each
// (or increasing indexes, which select elements in their order) does: a node
// is selected exactly when the i-th link of its path matches the i-th
// segment's selector, which the pass knows when it reaches the node (a key,
// or an element's index counted from the start), and nodes at the query's
// depth never contain each other, so their starts are their order in
// evaluate's nodelist. stream_supported names what else cannot be had.
//
// Positions: the events carry the bytes of strings and numbers but not of
// brackets or literals; those are found from the end of the previous token,
// across only blanks, ',' and ':' (what a valid text holds between tokens).
// Everything before jot::visit returns ok is provisional, as its events are.
#include <cstring>

#include "streamable.h"

#include "ast.h"
#include "jot/visit.h"

namespace jot::detail::query {

jot::error refuse(std::size_t offset, const char* message) noexcept {
  jot::error e = make_error(error_code::query_not_streamable);
  e.offset = offset;
  e.message = message;
  return e;
}

jot::error check_segment(const segment& s, bool filters) noexcept {
  if (s.descendant)
    return refuse(s.offset,
                  "a descendant segment lists each node's selected children before its descendants' "
                  "(RFC 9535 section 2.5.2.2), not in the order one pass meets them");
  // Several selectors list nodes selector by selector: document order only
  // for indexes that increase (each element once).
  for (std::uint32_t i = 1; i < s.count; ++i) {
    const selector& a = s.selectors[i - 1];
    const selector& b = s.selectors[i];
    if (a.kind != selector_kind::index || b.kind != selector_kind::index || b.index <= a.index)
      return refuse(b.offset,
                    "a segment of several selectors lists nodes selector by selector, not in document order, "
                    "and may list a node twice (only increasing indexes, [0,2], stream)");
  }
  for (std::uint32_t i = 0; i < s.count; ++i) {
    const selector& sel = s.selectors[i];
    switch (sel.kind) {
      case selector_kind::filter:
        if (!filters)
          return refuse(sel.offset,
                        "a filter may test members that come after the node it selects, or the root's; one pass "
                        "cannot decide it");
        break;
      case selector_kind::index:
        if (sel.index < 0)
          return refuse(sel.offset,
                        "a negative index counts from the array's end, whose length one pass learns only after "
                        "the elements");
        break;
      case selector_kind::slice:
        if ((sel.has_start && sel.index < 0) || (sel.has_end && sel.end < 0))
          return refuse(sel.offset,
                        "a negative slice bound counts from the array's end, whose length one pass learns only "
                        "after the elements");
        if (sel.step < 0)
          return refuse(sel.offset, "a negative step lists elements backwards, against document order");
        break;
      default: break;
    }
  }
  return {};
}

bool index_matches(const selector& sel, std::uint64_t i) noexcept {
  switch (sel.kind) {
    case selector_kind::wildcard: return true;
    case selector_kind::index: return i == static_cast<std::uint64_t>(sel.index);
    case selector_kind::slice: {
      if (sel.step <= 0) return false;  // step 0 selects nothing
      const auto lower = static_cast<std::uint64_t>(sel.has_start ? sel.index : 0);
      if (i < lower || (sel.has_end && i >= static_cast<std::uint64_t>(sel.end))) return false;
      return (i - lower) % static_cast<std::uint64_t>(sel.step) == 0;
    }
    default: return false;
  }
}

namespace {

jot::error check(const path_query& q) noexcept {
  for (std::uint32_t k = 0; k < q.count; ++k)
    if (jot::error e = check_segment(q.segments[k], false); !e.ok()) return e;
  return {};
}

class stream_evaluator : public jot::visitor {
 public:
  // A container open at a depth the query still follows.
  struct frame {
    bool object = false;
    bool key_selected = false;  // object: the member whose value comes next is selected
    bool name_seen = false;     // object: a name selector selected a member (only the first
                                // of duplicate names counts, as evaluate's lookup finds it)
    std::uint64_t next = 0;     // array: the next element's index
    char* names = nullptr;      // decoded escaped keys (wildcard segments)
    std::size_t names_cap = 0;
  };

  stream_evaluator(const program& p, std::string_view json, jot::path::stream_callback f, arena& a, frame* frames,
                   step* steps) noexcept
      : p_(p), q_(p.root), f_(f), a_(a), frames_(frames), steps_(steps),
        last_(reinterpret_cast<const unsigned char*>(json.data())) {}

  bool begin_object() noexcept { return begin(true); }
  bool begin_array() noexcept { return begin(false); }
  bool end_object() noexcept { return end(); }
  bool end_array() noexcept { return end(); }

  bool key(jot::json_string k) noexcept {
    const unsigned char* raw = reinterpret_cast<const unsigned char*>(k.raw().data());
    last_ = raw + k.raw().size() + 1;
    if (skip_ != 0) return true;
    frame& f = frames_[live_ - 1];
    const selector& sel = q_.segments[live_ - 1].selectors[0];
    step& s = steps_[live_ - 1];
    f.key_selected = false;
    if (sel.kind == selector_kind::name) {
      if (f.name_seen) return true;
      if (!k.has_escapes()) {
        f.key_selected = k.raw() == sel.name;
      } else {
        if (!room(f, k.raw().size())) return false;
        f.key_selected = k.value(f.names) == sel.name;
      }
      if (f.key_selected) {
        f.name_seen = true;
        s.name = sel.name;
      }
    } else if (sel.kind == selector_kind::wildcard) {
      f.key_selected = true;
      if (!k.has_escapes()) {
        s.name = k.raw();
      } else {
        if (!room(f, k.raw().size())) return false;
        s.name = k.value(f.names);
      }
    }
    s.is_index = false;
    return true;
  }

  bool string(jot::json_string v) noexcept {
    const char* raw = v.raw().data();
    last_ = reinterpret_cast<const unsigned char*>(raw + v.raw().size() + 1);
    return scalar(raw - 1, raw + v.raw().size() + 1);
  }
  bool number(std::string_view n) noexcept {
    last_ = reinterpret_cast<const unsigned char*>(n.data() + n.size());
    return scalar(n.data(), n.data() + n.size());
  }
  bool boolean(bool b) noexcept { return literal(b ? 4 : 5); }
  bool null() noexcept { return literal(4); }

  const jot::error& failure() const noexcept { return err_; }

 private:
  // The next token's first byte: past blanks, ',' and ':' from the previous token's end.
  const char* next_token() noexcept {
    const unsigned char* p = last_;
    while (*p == ' ' || *p == '\n' || *p == '\r' || *p == '\t' || *p == ',' || *p == ':') ++p;
    last_ = p;
    return reinterpret_cast<const char*>(p);
  }

  bool literal(std::size_t length) noexcept {
    const char* p = next_token();
    last_ += length;
    return scalar(p, p + length);
  }

  bool fail(error_code code, const char* message) noexcept {
    err_ = make_error(code);
    err_.message = message;
    return false;
  }

  // Room in f.names for a key of raw size n (decoding never lengthens).
  bool room(frame& f, std::size_t n) noexcept {
    if (n <= f.names_cap) return true;
    const std::size_t cap = n > 2 * f.names_cap ? n : 2 * f.names_cap;
    auto* b = static_cast<char*>(a_.allocate(cap, 1));
    if (b == nullptr) return fail(error_code::capacity_exceeded, "arena exhausted by a key's name");
    f.names = b;
    f.names_cap = cap;
    return true;
  }

  // Whether the value starting now is selected by the segments so far, its
  // path link set; depth() is then its depth.
  bool selected() noexcept {
    if (!root_seen_) {
      root_seen_ = true;
      return true;
    }
    frame& f = frames_[live_ - 1];
    if (f.object) return f.key_selected;
    const std::uint64_t i = f.next++;
    const segment& s = q_.segments[live_ - 1];
    bool match = false;
    for (std::uint32_t k = 0; k < s.count && !match; ++k) match = index_matches(s.selectors[k], i);
    if (!match) return false;
    steps_[live_ - 1].is_index = true;
    steps_[live_ - 1].index = i;
    return true;
  }

  bool scalar(const char* first, const char* stop) noexcept {
    if (skip_ != 0 || !selected() || live_ != q_.count) return true;
    return report(first, stop);
  }

  bool begin(bool object) noexcept {
    const char* p = next_token();
    ++last_;
    if (skip_ != 0) {
      ++skip_;
      return true;
    }
    if (!selected()) {
      skip_ = 1;  // nothing inside it can be selected
      return true;
    }
    if (live_ == q_.count) {  // a result: its text ends with its closing bracket
      capture_ = p;
      skip_ = 1;
      return true;
    }
    frame& f = frames_[live_++];
    f.object = object;
    f.key_selected = false;
    f.name_seen = false;
    f.next = 0;
    return true;
  }

  bool end() noexcept {
    next_token();
    ++last_;
    if (skip_ == 0) {
      --live_;
      return true;
    }
    if (--skip_ != 0 || capture_ == nullptr) return true;
    const char* first = capture_;
    capture_ = nullptr;
    return report(first, reinterpret_cast<const char*>(last_));
  }

  bool report(const char* first, const char* stop) noexcept {
    if (++reported_ > p_.limits.max_nodes)
      return fail(error_code::query_limit, "nodelist larger than options::max_nodes");
    const jot::path::stream_node n{std::string_view(first, static_cast<std::size_t>(stop - first)),
                                   jot::path::location(q_.count == 0 ? nullptr : &steps_[q_.count - 1])};
    if (!f_.call(f_.context, n)) return fail(error_code::cancelled, "stopped by the callback");
    return true;
  }

  const program& p_;
  const path_query& q_;
  jot::path::stream_callback f_;
  arena& a_;
  frame* frames_;
  step* steps_;
  const unsigned char* last_;        // just past the previous token
  std::uint32_t live_ = 0;           // open containers whose paths match the query so far
  std::uint64_t skip_ = 0;           // nesting inside a container nothing in which is selected
  const char* capture_ = nullptr;    // the first byte of a selected container being passed
  std::size_t reported_ = 0;
  bool root_seen_ = false;
  jot::error err_{};
};

}  // namespace
}  // namespace jot::detail::query

namespace jot::path {

result<void> stream_supported(const query& q) noexcept {
  if (!q.valid()) return make_error(error_code::invalid_value);
  return detail::query::check(q.program()->root);
}

result<void> evaluate_stream(const query& q, std::string_view json, stream_callback f, arena& a) noexcept {
  using namespace detail::query;
  if (result<void> r = stream_supported(q); !r) return r;
  if (f.call == nullptr) return make_error(error_code::invalid_value);
  const program& p = *q.program();
  const std::uint32_t n = p.root.count;
  const arena::savepoint start = a.save();
  using frame = stream_evaluator::frame;
  frame* frames = nullptr;
  step* steps = nullptr;
  if (n != 0) {
    frames = static_cast<frame*>(a.allocate(sizeof(frame) * n, alignof(frame)));
    steps = static_cast<step*>(a.allocate(sizeof(step) * n, alignof(step)));
    if (frames == nullptr || steps == nullptr) {
      a.rewind(start);
      return make_error(error_code::capacity_exceeded);
    }
    for (std::uint32_t k = 0; k < n; ++k) {
      new (frames + k) frame();
      new (steps + k) step();
      steps[k].parent = k == 0 ? nullptr : steps + k - 1;
      steps[k].depth = k + 1;
    }
  }
  stream_evaluator ev(p, json, f, a, frames, steps);
  visit_options vo;
  vo.max_depth = p.limits.max_document_depth;
  error e = jot::visit(json, ev, vo).error();
  if (e.code == error_code::cancelled && !ev.failure().ok()) {
    // The evaluator stopped the visit: its reason, at the token the visit named.
    const error why = ev.failure();
    e.code = why.code;
    e.message = why.message;
  }
  a.rewind(start);
  return e;
}

}  // namespace jot::path
