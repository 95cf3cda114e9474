// src/query/evaluate.cpp - a compiled query run over a document (RFC 9535
// section 2.3 onwards): each segment maps a nodelist to the next one, a
// selector at a time, in document order.
//
// Written once as a template over the document (tree.h) and compiled for
// the parsed and the mutable document. All memory comes from the caller's
// arena: nodelists grow by doubling, a descendant segment walks with an
// explicit stack of frames, and what a filter test allocates (inner
// nodelists, equality worklists, regex state sets) is rewound after the
// test. The C++ stack follows the query's nesting only, which compile()
// bounded.
#include <new>

#include "evaluate.h"

#include "ast.h"
#include "compare.h"
#include "iregexp.h"
#include "tree.h"

namespace jot::detail::query {
namespace {

using jot::path::location;

// A ValueType result of a filter: Nothing, a node of the document, a literal
// of the query, or a number a function computed.
template <class Handle>
struct qvalue {
  enum class what : std::uint8_t { nothing, node, literal, count } is = what::nothing;
  Handle h{};
  const expr* lit = nullptr;
  std::uint64_t n = 0;
};

template <class Tree>
class evaluator {
 public:
  using handle = typename Tree::handle;
  using value_type = typename Tree::value_type;
  using entry = jot::path::basic_node<value_type>;
  using value = qvalue<handle>;

  struct list {
    entry* data = nullptr;
    std::size_t size = 0, cap = 0;
  };

  evaluator(const program& p, Tree tree, handle root, arena& a) noexcept
      : p_(p), tree_(tree), root_(root), a_(a) {}

  jot::error run(list& out) noexcept {
    query(p_.root, root_, nullptr, p_.limits.paths, out);
    return err_;
  }

  // The root query's segments from the from-th on, from the root given,
  // whose path is root_path.
  jot::error run_from(std::uint32_t from, const step* root_path, list& out) noexcept {
    path_query rest = p_.root;
    rest.segments += from;
    rest.count -= from;
    query(rest, root_, root_path, true, out);
    return err_;
  }

  // Whether filter holds with @ the root given.
  jot::error holds(const expr& filter, bool& out) noexcept {
    out = test(filter, root_);
    return err_;
  }

 private:
  // ---- failures ----
  bool fail(error_code code, const char* message = nullptr) noexcept {
    if (err_.ok()) {
      err_ = make_error(code);
      if (message != nullptr) err_.message = message;
    }
    return false;
  }
  bool out_of_memory() noexcept { return fail(error_code::capacity_exceeded); }

  // ---- nodelists and paths ----
  bool push(list& l, handle h, const step* path) noexcept {
    if (l.size >= p_.limits.max_nodes)
      return fail(error_code::query_limit, "nodelist larger than options::max_nodes");
    if (l.size == l.cap) {
      const std::size_t n = l.cap == 0 ? 8 : l.cap * 2;
      auto* d = static_cast<entry*>(a_.allocate(sizeof(entry) * n, alignof(entry)));
      if (d == nullptr) return out_of_memory();
      for (std::size_t k = 0; k < l.size; ++k) new (d + k) entry(l.data[k]);
      l.data = d;
      l.cap = n;
    }
    new (l.data + l.size++) entry{tree_.wrap(h), location(path)};
    return true;
  }

  // The path of a member or element below parent; nullptr when paths are
  // not wanted (filter queries), and then never read.
  bool child_step(const step* parent, bool paths, std::string_view name, std::uint64_t index, bool is_index,
                  const step*& out) noexcept {
    out = nullptr;
    if (!paths) return true;
    auto* s = static_cast<step*>(a_.allocate(sizeof(step), alignof(step)));
    if (s == nullptr) return out_of_memory();
    s->parent = parent;
    s->depth = parent == nullptr ? 1 : parent->depth + 1;
    s->is_index = is_index;
    s->name = name;
    s->index = index;
    out = s;
    return true;
  }
  bool push_member(list& out, handle key, const step* parent, bool paths) noexcept {
    const step* s;
    return child_step(parent, paths, tree_.text(key), 0, false, s) && push(out, tree_.member_value(key), s);
  }
  bool push_element(list& out, handle e, std::uint64_t index, const step* parent, bool paths) noexcept {
    const step* s;
    return child_step(parent, paths, {}, index, true, s) && push(out, e, s);
  }

  // ---- lookups ----
  handle member(handle object, std::string_view name) const noexcept {
    if (tree_.kind(object) != kind_object) return handle{};
    handle key = tree_.first(object);
    for (std::uint64_t n = tree_.length(object); n != 0; --n, key = tree_.next_member(key))
      if (tree_.text(key) == name) return tree_.member_value(key);
    return handle{};
  }
  // Element i of an array (negative: from the end), or none.
  handle element(handle array, std::int64_t i, std::uint64_t* index = nullptr) const noexcept {
    if (tree_.kind(array) != kind_array) return handle{};
    const auto n = static_cast<std::int64_t>(tree_.length(array));
    if (i < 0) i += n;
    if (i < 0 || i >= n) return handle{};
    handle e = tree_.first(array);
    for (std::int64_t k = 0; k < i; ++k) e = tree_.next_element(e);
    if (index != nullptr) *index = static_cast<std::uint64_t>(i);
    return e;
  }

  // ---- queries, segments, selectors ----
  bool query(const path_query& q, handle start, const step* start_path, bool paths, list& out) noexcept {
    list current;
    if (!push(current, start, start_path)) return false;
    for (std::uint32_t k = 0; k < q.count; ++k) {
      const segment& s = q.segments[k];
      list next;
      for (std::size_t i = 0; i < current.size; ++i) {
        const entry& e = current.data[i];
        const handle h = tree_.unwrap(e.value);
        if (!(s.descendant ? descend(s, h, e.path.step(), paths, next) : apply(s, h, e.path.step(), paths, next)))
          return false;
      }
      current = next;
    }
    out = current;
    return true;
  }

  bool apply(const segment& s, handle x, const step* px, bool paths, list& out) noexcept {
    if (!is_container(x)) return true;  // every selector selects children
    for (std::uint32_t k = 0; k < s.count; ++k)
      if (!select(s.selectors[k], x, px, paths, out)) return false;
    return true;
  }

  bool is_container(handle h) const noexcept {
    const std::uint8_t k = tree_.kind(h);
    return k == kind_array || k == kind_object;
  }

  // The input node, then each descendant in document order (a node before
  // its children, children in order), each given the segment's selectors.
  bool descend(const segment& s, handle x, const step* px, bool paths, list& out) noexcept {
    if (!apply(s, x, px, paths, out)) return false;
    struct frame {
      handle cursor;  // the next element, or the next member's key
      const step* path;
      std::uint64_t left;
      std::uint64_t index;
      bool object;
    };
    frame* stack = nullptr;
    std::size_t depth = 0, cap = 0;
    auto enter = [&](handle container, const step* path) {
      if (!is_container(container) || tree_.length(container) == 0) return true;
      if (depth == cap) {
        const std::size_t n = cap == 0 ? 16 : cap * 2;
        auto* d = static_cast<frame*>(a_.allocate(sizeof(frame) * n, alignof(frame)));
        if (d == nullptr) return out_of_memory();
        for (std::size_t k = 0; k < depth; ++k) d[k] = stack[k];
        stack = d;
        cap = n;
      }
      stack[depth++] = frame{tree_.first(container), path, tree_.length(container), 0,
                             tree_.kind(container) == kind_object};
      return true;
    };
    if (!enter(x, px)) return false;
    while (depth != 0) {
      frame& f = stack[depth - 1];
      if (f.left == 0) {
        --depth;
        continue;
      }
      handle child;
      std::string_view name;
      const std::uint64_t index = f.index++;
      const bool object = f.object;
      const step* parent = f.path;
      if (object) {
        child = tree_.member_value(f.cursor);
        name = tree_.text(f.cursor);
        if (--f.left != 0) f.cursor = tree_.next_member(f.cursor);
      } else {
        child = f.cursor;
        if (--f.left != 0) f.cursor = tree_.next_element(f.cursor);
      }
      if (!is_container(child)) continue;
      const step* path;
      if (!child_step(parent, paths, name, index, !object, path)) return false;
      if (!apply(s, child, path, paths, out) || !enter(child, path)) return false;
    }
    return true;
  }

  bool select(const selector& sel, handle x, const step* px, bool paths, list& out) noexcept {
    const bool array = tree_.kind(x) == kind_array;
    switch (sel.kind) {
      case selector_kind::name: {
        if (array) return true;
        handle key = tree_.first(x);
        for (std::uint64_t n = tree_.length(x); n != 0; --n, key = tree_.next_member(key))
          if (tree_.text(key) == sel.name) return push_member(out, key, px, paths);
        return true;
      }
      case selector_kind::wildcard: return each_child(x, px, paths, out, nullptr);
      case selector_kind::index: {
        std::uint64_t i;
        const handle e = array ? element(x, sel.index, &i) : handle{};
        return e == handle{} || push_element(out, e, i, px, paths);
      }
      case selector_kind::slice: return array ? slice(sel, x, px, paths, out) : true;
      case selector_kind::filter: return each_child(x, px, paths, out, sel.filter);
    }
    return true;
  }

  // Every child of x in order, or those for which filter holds.
  bool each_child(handle x, const step* px, bool paths, list& out, const expr* filter) noexcept {
    const std::uint64_t n = tree_.length(x);
    if (n == 0) return true;
    const bool object = tree_.kind(x) == kind_object;
    handle c = tree_.first(x);
    for (std::uint64_t k = 0; k < n; ++k) {
      const handle v = object ? tree_.member_value(c) : c;
      bool keep = true;
      if (filter != nullptr) {
        const arena::savepoint before = a_.save();
        keep = test(*filter, v);
        a_.rewind(before);
        if (!err_.ok()) return false;
      }
      if (keep && !(object ? push_member(out, c, px, paths) : push_element(out, c, k, px, paths))) return false;
      if (k + 1 != n) c = object ? tree_.next_member(c) : tree_.next_element(c);
    }
    return true;
  }

  // RFC 9535 section 2.3.4.2.2: the bounds normalized and clamped, then the
  // elements from start towards end by step.
  bool slice(const selector& sel, handle x, const step* px, bool paths, list& out) noexcept {
    const auto n = static_cast<std::int64_t>(tree_.length(x));
    const std::int64_t step = sel.step;
    if (step == 0 || n == 0) return true;
    auto normal = [n](std::int64_t i) { return i >= 0 ? i : n + i; };
    auto clamp = [](std::int64_t v, std::int64_t lo, std::int64_t hi) { return v < lo ? lo : v > hi ? hi : v; };
    if (step > 0) {
      const std::int64_t lower = clamp(sel.has_start ? normal(sel.index) : 0, 0, n);
      const std::int64_t upper = clamp(sel.has_end ? normal(sel.end) : n, 0, n);
      handle e = tree_.first(x);
      for (std::int64_t i = 0; i < upper; ++i) {
        if (i >= lower && (i - lower) % step == 0 && !push_element(out, e, static_cast<std::uint64_t>(i), px, paths))
          return false;
        if (i + 1 < n) e = tree_.next_element(e);
      }
      return true;
    }
    const std::int64_t upper = clamp(sel.has_start ? normal(sel.index) : n - 1, -1, n - 1);
    const std::int64_t lower = clamp(sel.has_end ? normal(sel.end) : -n - 1, -1, n - 1);
    if (upper <= lower) return true;
    // Backwards over a forward-linked container: its elements up to upper
    // listed first (kept in the arena with the result).
    auto* all = static_cast<handle*>(a_.allocate(sizeof(handle) * static_cast<std::size_t>(upper + 1), alignof(handle)));
    if (all == nullptr) return out_of_memory();
    handle e = tree_.first(x);
    for (std::int64_t i = 0; i <= upper; ++i) {
      all[i] = e;
      if (i + 1 < n) e = tree_.next_element(e);
    }
    for (std::int64_t i = upper; i > lower; i += step)
      if (!push_element(out, all[i], static_cast<std::uint64_t>(i), px, paths)) return false;
    return true;
  }

  // ---- filters ----
  handle resolve(const path_query& q, handle current) const noexcept {
    handle h = q.relative ? current : root_;
    for (std::uint32_t k = 0; k < q.count && h != handle{}; ++k) {
      const selector& sel = q.segments[k].selectors[0];
      h = sel.kind == selector_kind::name ? member(h, sel.name) : element(h, sel.index);
    }
    return h;
  }

  bool nodes(const path_query& q, handle current, list& out) noexcept {
    return query(q, q.relative ? current : root_, nullptr, false, out);
  }

  // The logical value of a test or a comparison; on failure err_ is set.
  bool test(const expr& e, handle current) noexcept {
    switch (e.kind) {
      case expr_kind::logical_or: return test(*e.a, current) || (err_.ok() && test(*e.b, current));
      case expr_kind::logical_and: return test(*e.a, current) && test(*e.b, current);
      case expr_kind::logical_not: return !test(*e.a, current) && err_.ok();
      case expr_kind::compare: {
        value l, r;
        if (!evaluate(*e.a, current, l) || !evaluate(*e.b, current, r)) return false;
        return compare(l, r, e.op);
      }
      case expr_kind::exists: {
        if (e.q->singular) return resolve(*e.q, current) != handle{};
        list found;
        return nodes(*e.q, current, found) && found.size != 0;
      }
      case expr_kind::function: return regex_call(e, current);
      default: return false;
    }
  }

  bool evaluate(const expr& e, handle current, value& out) noexcept {
    out = value{};
    switch (e.kind) {
      case expr_kind::literal:
        out.is = value::what::literal;
        out.lit = &e;
        return true;
      case expr_kind::singular:
        out.h = resolve(*e.q, current);
        if (out.h != handle{}) out.is = value::what::node;
        return true;
      case expr_kind::function: break;
      default: return true;
    }
    if (e.fn == function_id::length) {
      value v;
      if (!evaluate(*e.a, current, v)) return false;
      if (v.is == value::what::node && is_container(v.h)) {
        out.is = value::what::count;
        out.n = tree_.length(v.h);
      } else if (type(v) == jot::type::string) {
        std::uint64_t n = 0;
        for (const char c : text_of(v)) n += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
        out.is = value::what::count;
        out.n = n;
      }
      return true;
    }
    list found;
    if (!nodes(*e.a->q, current, found)) return false;
    if (e.fn == function_id::count) {
      out.is = value::what::count;
      out.n = found.size;
    } else if (found.size == 1) {  // value()
      out.is = value::what::node;
      out.h = tree_.unwrap(found.data[0].value);
    }
    return true;
  }

  // ---- comparisons ----
  jot::type type(const value& v) const noexcept {
    switch (v.is) {
      case value::what::node: return type_of(tree_.kind(v.h));
      case value::what::count: return jot::type::number;
      case value::what::literal:
        switch (v.lit->lit) {
          case literal_kind::null: return jot::type::null;
          case literal_kind::false_:
          case literal_kind::true_: return jot::type::boolean;
          case literal_kind::number: return jot::type::number;
          case literal_kind::string: return jot::type::string;
        }
        break;
      default: break;
    }
    return jot::type::absent;
  }
  std::string_view text_of(const value& v) const noexcept {
    return v.is == value::what::node ? tree_.text(v.h) : v.lit->str;
  }
  number number_from(const value& v) const noexcept {
    if (v.is == value::what::node) return tree_.num(v.h);
    if (v.is == value::what::literal) return v.lit->num;
    number n;
    n.kind = kind_uint;
    n.u = v.n;
    return n;
  }
  bool truth(const value& v) const noexcept {
    return v.is == value::what::node ? tree_.kind(v.h) == kind_true : v.lit->lit == literal_kind::true_;
  }

  bool equal(const value& l, const value& r) noexcept {
    const jot::type t = type(l);
    if (t != type(r)) return false;  // Nothing (absent) equals only Nothing
    switch (t) {
      case jot::type::absent:
      case jot::type::null: return true;
      case jot::type::boolean: return truth(l) == truth(r);
      case jot::type::number: return compare_numbers(number_from(l), number_from(r)) == 0;
      case jot::type::string: return text_of(l) == text_of(r);
      default: break;
    }
    // Containers only come from the document.
    switch (deep_equal(tree_, l.h, r.h, a_)) {
      case equal_outcome::yes: return true;
      case equal_outcome::no: return false;
      case equal_outcome::no_memory: return out_of_memory();
    }
    return false;
  }

  bool less(const value& l, const value& r) const noexcept {
    const jot::type t = type(l);
    if (t != type(r)) return false;
    if (t == jot::type::number) return compare_numbers(number_from(l), number_from(r)) < 0;
    if (t == jot::type::string) return compare_strings(text_of(l), text_of(r)) < 0;
    return false;
  }

  bool compare(const value& l, const value& r, compare_op op) noexcept {
    switch (op) {
      case compare_op::eq: return equal(l, r);
      case compare_op::ne: return !equal(l, r) && err_.ok();
      case compare_op::lt: return less(l, r);
      case compare_op::le: return less(l, r) || equal(l, r);
      case compare_op::gt: return less(r, l);
      case compare_op::ge: return less(r, l) || equal(l, r);
    }
    return false;
  }

  // match() and search(): false unless both are strings and the pattern is
  // valid I-Regexp (RFC 9535 sections 2.4.6 and 2.4.7).
  bool regex_call(const expr& e, handle current) noexcept {
    value subject, pattern;
    if (!evaluate(*e.a, current, subject)) return false;
    if (type(subject) != jot::type::string) return false;
    const regex* r = e.pattern;
    if (!e.pattern_literal) {
      if (!evaluate(*e.b, current, pattern) || type(pattern) != jot::type::string) return false;
      switch (compile_regex(text_of(pattern), a_, p_.limits.max_regex_size, &r)) {
        case regex_status::ok: break;
        case regex_status::no_memory: return out_of_memory();
        default: return false;  // not I-Regexp, or beyond max_regex_size: no match
      }
    }
    if (r == nullptr) return false;
    switch (run_regex(*r, text_of(subject), e.fn == function_id::match, a_)) {
      case regex_outcome::yes: return true;
      case regex_outcome::no: return false;
      case regex_outcome::no_memory: return out_of_memory();
    }
    return false;
  }

  const program& p_;
  Tree tree_;
  handle root_;
  arena& a_;
  jot::error err_{};
};

template <class Tree, class Value>
result<jot::path::basic_nodelist<Value>> run(const jot::path::query& q, const Tree& tree,
                                            typename Tree::handle root, arena& a) noexcept {
  if (!q.valid()) return make_error(error_code::invalid_value);
  if (root == typename Tree::handle{}) return jot::path::basic_nodelist<Value>();
  const arena::savepoint start = a.save();
  evaluator<Tree> ev(*q.program(), tree, root, a);
  typename evaluator<Tree>::list out;
  const jot::error e = ev.run(out);
  if (!e.ok()) {
    a.rewind(start);  // nothing of a failed evaluation is needed
    return e;
  }
  return jot::path::basic_nodelist<Value>(out.data, out.size);
}

}  // namespace

jot::error evaluate_from(const program& p, std::uint32_t from, jot::value root, const step* root_path, arena& a,
                         jot::path::nodelist& out) noexcept {
  evaluator<dom_tree> ev(p, {}, root.node(), a);
  evaluator<dom_tree>::list nodes;
  const jot::error e = ev.run_from(from, root_path, nodes);
  out = jot::path::nodelist(nodes.data, nodes.size);
  return e;
}

jot::error filter_holds(const program& p, const expr& filter, jot::value current, arena& a, bool& out) noexcept {
  evaluator<dom_tree> ev(p, {}, current.node(), a);
  return ev.holds(filter, out);
}

}  // namespace jot::detail::query

namespace jot::path {

result<nodelist> evaluate(const query& q, jot::value root, arena& a) noexcept {
  return detail::query::run<detail::query::dom_tree, jot::value>(q, {}, root.node(), a);
}

result<mut_nodelist> evaluate(const query& q, jot::mut_value root, arena& a) noexcept {
  return detail::query::run<detail::query::mut_tree, jot::mut_value>(q, detail::query::mut_tree{root.document()},
                                                                     root.node(), a);
}

}  // namespace jot::path
