// src/query/elements.cpp - a compiled query run over the elements of one
// JSON array that a stream_reader reads through its window, one element in
// memory at a time.
//
// Why the nodes come in evaluate's order: evaluate maps each segment's
// nodelist to the next one node by node, concatenating what each node
// gives, so its result is the concatenation, over the nodes the first
// segment selects, of what the rest of the query gives from each. When the
// first segment selects elements of the root array in increasing order,
// each once, that is the concatenation over the selected elements in array
// order, and each element's part depends on that element alone, as long as
// no filter looks at the root ($): elements_supported refuses those. A
// descendant segment of names is the same sum: it selects nothing in the
// array itself, and walks the elements' subtrees one after the other.
//
// The rest of the query runs on the element that the reader parsed into its
// arena, with the DOM evaluator: a first segment that is a filter needs the
// element's DOM anyway, and docs/query.md gives the measurement against
// evaluate_stream over the element's text for the rest.
//
// A first segment of indexes and slices with an end selects no element past
// a bound, and the evaluation returns there without reading the rest of the
// array: $[0] of a file of many gigabytes reads its first element. What
// follows is not checked either, so a syntax error there goes unreported;
// docs/query.md says why that is the choice.
#include "ast.h"
#include "evaluate.h"
#include "jot/stream.h"
#include "streamable.h"

namespace jot::detail::query {
namespace {

const path_query* root_query_in(const path_query& q) noexcept;

// The first query from the root ($...) inside filter expression e, or nullptr.
// Recursion follows the query's nesting, which compile() bounded.
const path_query* root_query_in(const expr* e) noexcept {
  if (e == nullptr) return nullptr;
  if (e->q != nullptr) {
    if (!e->q->relative) return e->q;
    if (const path_query* r = root_query_in(*e->q)) return r;
  }
  if (const path_query* r = root_query_in(e->a)) return r;
  return root_query_in(e->b);
}

const path_query* root_query_in(const path_query& q) noexcept {
  for (std::uint32_t k = 0; k < q.count; ++k) {
    const segment& s = q.segments[k];
    for (std::uint32_t i = 0; i < s.count; ++i)
      if (s.selectors[i].kind == selector_kind::filter)
        if (const path_query* r = root_query_in(s.selectors[i].filter)) return r;
  }
  return nullptr;
}

jot::error check(const path_query& q) noexcept {
  if (q.count == 0)
    return refuse(0, "$ alone is the whole array, which is never in memory at once; select its elements ($[*])");
  const segment& first = q.segments[0];
  if (first.descendant) {
    for (std::uint32_t i = 0; i < first.count; ++i)
      if (first.selectors[i].kind != selector_kind::name)
        return refuse(first.selectors[i].offset,
                      "a descendant segment from the root lists the array's selected elements before any "
                      "element's descendants (RFC 9535 section 2.5.2.2): that needs the whole array (only names, "
                      "which select no element, go element by element)");
  } else if (jot::error e = check_segment(first, true); !e.ok()) {
    return e;
  }
  if (const path_query* r = root_query_in(q); r != nullptr)
    return refuse(r->offset, "a filter's $ is the whole array, which is never in memory at once");
  return {};
}

// Past every element the first segment may select: an exclusive bound on
// their indexes, or no_bound when it may select any (a wildcard, a filter,
// a slice without an end, a descendant segment). check() accepted the
// segment, so indexes, slice bounds and steps are >= 0 and within 2^53.
constexpr std::uint64_t no_bound = ~std::uint64_t{0};

std::uint64_t index_bound(const segment& first) noexcept {
  if (first.descendant) return no_bound;
  std::uint64_t bound = 0;
  for (std::uint32_t k = 0; k < first.count; ++k) {
    const selector& s = first.selectors[k];
    std::uint64_t past = 0;  // a name, or a slice of step 0: no element
    if (s.kind == selector_kind::index) {
      past = static_cast<std::uint64_t>(s.index) + 1;
    } else if (s.kind == selector_kind::slice && s.step > 0) {
      if (!s.has_end) return no_bound;
      const auto start = static_cast<std::uint64_t>(s.has_start ? s.index : 0);
      const auto end = static_cast<std::uint64_t>(s.end);
      const auto step = static_cast<std::uint64_t>(s.step);
      if (end > start) past = start + (end - 1 - start) / step * step + 1;  // the last one selected, + 1
    } else if (s.kind != selector_kind::name && s.kind != selector_kind::slice) {
      return no_bound;
    }
    bound = past > bound ? past : bound;
  }
  return bound;
}

// Whether the first segment, not a descendant one, selects element i.
jot::error chosen(const program& p, jot::value element, std::uint64_t i, arena& a, bool& out) noexcept {
  const segment& first = p.root.segments[0];
  if (first.count == 1 && first.selectors[0].kind == selector_kind::filter)
    return filter_holds(p, *first.selectors[0].filter, element, a, out);
  out = false;
  for (std::uint32_t k = 0; k < first.count && !out; ++k) out = index_matches(first.selectors[k], i);
  return {};
}

}  // namespace
}  // namespace jot::detail::query

namespace jot::path {

result<void> elements_supported(const query& q) noexcept {
  if (!q.valid()) return make_error(error_code::invalid_value);
  return detail::query::check(q.program()->root);
}

result<void> evaluate_elements(const query& q, stream_reader& r, node_callback f, arena& a) noexcept {
  using namespace detail::query;
  if (result<void> supported = elements_supported(q); !supported) return supported;
  if (f.call == nullptr || !r.options().array_elements || !r.options().parse)
    return make_error(error_code::invalid_value);
  const program& p = *q.program();
  const bool descendant = p.root.segments[0].descendant;
  // Evaluation from the element on: all of q after a descendant segment of
  // names, the segments after the first otherwise.
  const std::uint32_t from = descendant ? 0 : 1;
  step element_path;  // $[i]: the parent of every path reported
  std::size_t reported = 0;
  auto report = [&](const node& n) noexcept -> error {
    if (++reported > p.limits.max_nodes) {
      error e = make_error(error_code::query_limit);
      e.message = "nodelist larger than options::max_nodes";
      return e;
    }
    if (!f.call(f.context, n)) {
      error e = make_error(error_code::cancelled);
      e.message = "stopped by the callback";
      return e;
    }
    return {};
  };
  // Elements from the bound on cannot be selected: they are not read.
  const std::uint64_t bound = index_bound(p.root.segments[0]);
  while (r.count() < bound && r.next()) {
    result<document>& d = r.current();
    if (!d) return d.error();
    // After the step: a may be r's arena, which the step reset.
    const arena::savepoint mark = a.save();
    const jot::value element = d->root();
    element_path.is_index = true;
    element_path.index = r.index();
    error e;
    bool selected = true;
    if (!descendant) e = chosen(p, element, element_path.index, a, selected);
    if (e.ok() && selected) {
      if (from == p.root.count) {
        e = report(node{element, location(&element_path)});
      } else {
        nodelist nodes;
        e = evaluate_from(p, from, element, &element_path, a, nodes);
        for (std::size_t k = 0; e.ok() && k < nodes.size(); ++k) e = report(nodes[k]);
      }
    }
    a.rewind(mark);
    if (!e.ok()) {
      e.offset = 0;
      return r.locate(e);  // at the element's text, for a limit of this element
    }
  }
  return {};
}

}  // namespace jot::path
