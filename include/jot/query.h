// jot/query.h - JSONPath (RFC 9535) queries over a parsed or mutable document.
//
// A query is compiled once into an arena, then evaluated against any number
// of documents; each evaluation yields the nodelist, in document order, each
// node with its normalized path (RFC 9535 section 2.7):
//
//   jot::arena a;
//   auto doc = jot::parse(R"({"store":{"book":[{"price":8},{"price":23}]}})", a);
//   auto q = jot::path::compile("$.store.book[?@.price < 10]", a);
//   if (!q) report(q.error());            // query_syntax / query_type, offset = the byte
//   auto nodes = jot::path::evaluate(*q, doc->root(), a);
//   for (const jot::path::node& n : *nodes)
//     print(n.path.text(a).value_or(""), n.value);   // $['store']['book'][0] {"price":8}
//
// Every byte a compiled query, a nodelist or a path takes comes from the
// caller's arena: nothing else is allocated, nothing is global, no exception
// is thrown, and the C++ stack a query uses is bounded by its own nesting
// (options::max_depth), never by the document's: descendant segments and
// deep equality walk with explicit stacks in the arena. What is bounded is in
// options; docs/query.md says more.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <type_traits>

#include "jot/arena.h"
#include "jot/error.h"
#include "jot/mutable.h"
#include "jot/value.h"

namespace jot {
class stream_reader;  // jot/stream.h
}  // namespace jot

namespace jot::detail::query {
struct program;  // the compiled query (src/query/ast.h)
struct step;     // one link of a normalized path (src/query/ast.h)
}  // namespace jot::detail::query

namespace jot::path {

// Bounds on a query's compilation and evaluation. Exceeding one fails with
// error_code::query_limit (the arena running out is capacity_exceeded).
struct options {
  // Nesting of the query text: brackets, parentheses, function calls and
  // filter queries inside filters. Bounds the C++ stack that compiling and
  // evaluating use.
  std::uint32_t max_depth = 64;
  // Nodes in any one nodelist, the result's and every intermediate one's
  // (each segment's, each filter query's): $..*..* on a large document stops
  // here instead of growing quadratically.
  std::size_t max_nodes = std::size_t{1} << 20;
  // Instructions of a match()/search() pattern's automaton: a{1000}{1000}
  // is refused (the call is false when the pattern comes from the document,
  // a query_limit error when it is a literal of the query).
  std::uint32_t max_regex_size = 8192;
  // evaluate_stream: the deepest nesting of a document accepted, as
  // jot::visit's visit_options::max_depth (at most 4096).
  std::uint32_t max_document_depth = 1024;
  // evaluate: build each node's normalized path. False leaves every path
  // empty (it reads "$") and allocates none, for callers that want only the
  // values: a path link per node is most of the cost of a wide result.
  bool paths = true;
};

// A compiled query: a handle to its program in the arena given to compile.
// Valid while that arena is not reset. Default-constructed, it is invalid.
class query {
 public:
  query() noexcept = default;
  explicit query(const detail::query::program* p) noexcept : p_(p) {}
  // True for a query returned by a successful compile.
  bool valid() const noexcept { return p_ != nullptr; }
  // True when the query can select at most one node (RFC 9535 section 2.3.5.1).
  bool singular() const noexcept;
  const detail::query::program* program() const noexcept { return p_; }

 private:
  const detail::query::program* p_ = nullptr;
};

// The normalized path of a node, e.g. $['store']['book'][0]: a chain shared
// with the other nodes of its nodelist, in the evaluation's arena.
class location {
 public:
  location() noexcept = default;  // "$"
  explicit location(const detail::query::step* s) noexcept : s_(s) {}
  // Segments below the root (0 for "$").
  std::size_t depth() const noexcept;
  // Bytes of the normalized path text.
  std::size_t size() const noexcept;
  // Writes the text into out when capacity >= size(); returns size() either way.
  std::size_t write(char* out, std::size_t capacity) const noexcept;
  // The text, in arena a; capacity_exceeded when a runs out.
  result<std::string_view> text(arena& a JOT_LIFETIMEBOUND) const noexcept;
  const detail::query::step* step() const noexcept { return s_; }

 private:
  const detail::query::step* s_ = nullptr;
};

// One node of a nodelist: the value and where it is.
template <class Value>
struct basic_node {
  Value value;
  location path;
};

// A nodelist: the nodes a query selected, in document order (RFC 9535: array
// elements in order, a node before its descendants, object members in the
// document's order). A view into the arena given to evaluate.
template <class Value>
class basic_nodelist {
 public:
  using iterator = const basic_node<Value>*;
  basic_nodelist() noexcept = default;
  basic_nodelist(const basic_node<Value>* nodes, std::size_t size) noexcept : nodes_(nodes), size_(size) {}
  std::size_t size() const noexcept { return size_; }
  bool empty() const noexcept { return size_ == 0; }
  const basic_node<Value>& operator[](std::size_t i) const noexcept { return nodes_[i]; }
  iterator begin() const noexcept { return nodes_; }
  iterator end() const noexcept { return nodes_ + size_; }

 private:
  const basic_node<Value>* nodes_ = nullptr;
  std::size_t size_ = 0;
};

using node = basic_node<jot::value>;
using nodelist = basic_nodelist<jot::value>;
using mut_node = basic_node<jot::mut_value>;
using mut_nodelist = basic_nodelist<jot::mut_value>;

// Compiles text (RFC 9535 syntax, UTF-8) into a. A malformed query fails
// with query_syntax, an ill-typed filter (RFC 9535 section 2.4.3: length(@.*),
// a non-singular query compared, ...) with query_type, a query nested deeper
// than options::max_depth with query_limit; the error's offset is the
// offending byte of text and its message names the problem. capacity_exceeded
// when a runs out. The query keeps no pointer into text.
result<query> compile(std::string_view text, arena& a JOT_LIFETIMEBOUND, const options& o = {}) noexcept;

// The nodes q selects from root (the "$" of the query), in document order,
// with their paths unless options::paths was false, in arena a (which may be
// the document's). Fails with
// query_limit when a nodelist would exceed options::max_nodes (the options
// given to compile), capacity_exceeded when a runs out, invalid_value when q
// is invalid. root absent gives an empty nodelist.
result<nodelist> evaluate(const query& q, jot::value root, arena& a JOT_LIFETIMEBOUND) noexcept;
// The same over a mutable document; the nodes are handles into it.
result<mut_nodelist> evaluate(const query& q, jot::mut_value root, arena& a JOT_LIFETIMEBOUND) noexcept;

// ---- Evaluation in one pass, without a DOM (docs/query.md, "Streaming") ----

// A node evaluate_stream selected: its JSON text as written, a view of the
// input, and its normalized path, whose links are reused for the next node:
// read it (or copy its text) during the callback.
struct stream_node {
  std::string_view text;
  location path;
};

// Where an evaluation without a nodelist sends each node: call(context,
// node) returns true to go on, false to stop the evaluation (which then
// fails with cancelled).
template <class Node>
struct basic_callback {
  void* context = nullptr;
  bool (*call)(void* context, const Node& node) noexcept = nullptr;

  // Adapts f, a `bool(const Node&) noexcept` callable that outlives the
  // evaluation.
  template <class F>
  static basic_callback of(F& f) noexcept {
    return {const_cast<void*>(static_cast<const void*>(&f)),
            [](void* c, const Node& n) noexcept -> bool { return (*static_cast<F*>(c))(n); }};
  }
};

// Where evaluate_stream sends each node.
using stream_callback = basic_callback<stream_node>;

// Ok when evaluate_stream can decide q in one pass: every segment a child
// segment ([...] or .name) of one selector, a name, a wildcard, an index >= 0
// or a slice with bounds >= 0 and a step >= 0, or of increasing indexes >= 0
// ([0,2]). Otherwise query_not_streamable,
// its offset the byte of the first segment or selector that prevents it and
// its message saying why; invalid_value when q is invalid.
[[nodiscard]] result<void> stream_supported(const query& q) noexcept;

// Evaluates q over the one JSON text json in a single jot::visit pass,
// building no DOM: each node selected goes to f as it ends, in document order
// (the order of evaluate's nodelist). Memory: arena a holds a path link and a
// frame per segment of q (and the names of escaped keys that a wildcard
// selects), all released on return. Fails with stream_supported's error
// before reading json; with jot::visit's error (code, offset, line, column)
// when json is not JSON, possibly after nodes were reported (discard them);
// cancelled when f returned false; query_limit past options::max_nodes
// nodes; capacity_exceeded when a runs out.
[[nodiscard]] result<void> evaluate_stream(const query& q, std::string_view json, stream_callback f,
                                          arena& a) noexcept;
template <class F>
  requires std::is_invocable_r_v<bool, F&, const stream_node&>
[[nodiscard]] result<void> evaluate_stream(const query& q, std::string_view json, F&& f, arena& a) noexcept {
  return evaluate_stream(q, json, stream_callback::of(f), a);
}

// ---- Evaluation over the elements of an array larger than memory ----
// (docs/query.md, "Arrays larger than memory")

// Where evaluate_elements sends each node: its value and its normalized
// path, both valid during the call only (the element they belong to is
// released at the next step).
using node_callback = basic_callback<node>;

// Ok when evaluate_elements can run q: its first segment is a child segment
// of one selector (a wildcard, an index >= 0, a slice with bounds >= 0 and a
// step >= 0, a filter, or a name, which selects nothing in an array) or of
// increasing indexes >= 0 ([0,2]), and no filter anywhere in q holds a query
// from the root ($), which would need the whole array. Otherwise
// query_not_streamable, its offset the byte at fault and its message saying
// why; invalid_value when q is invalid.
[[nodiscard]] result<void> elements_supported(const query& q) noexcept;

// Evaluates q over the one JSON array that r reads (opened with
// stream_options::array_elements and parse = true), an element at a time:
// each element r yields is the only part of the array in memory, q's first
// segment decides whether it is selected (a filter tests it alone), the rest
// of q is evaluated on it as evaluate would, and the nodes go to f in the
// order of evaluate's nodelist over the whole array, their paths starting
// with $[i]. When q's first segment selects elements below a bound only (its
// selectors are indexes and slices with an end: $[0], $[0,3], $[2:5],
// $[0].name), it returns once r's next element would be at the bound,
// without reading it: r is left after the last element read (next() goes
// on from there), and the rest of the stream is neither read nor checked,
// so an error there is not reported ($.name and $[0:0], which select no
// element, read none). Memory: r's window and arena, and in arena a one
// element's nodelists and paths, rewound after each element. Fails with
// elements_supported's error before reading, invalid_value when r does not
// read array elements into documents or f is empty; with r's error (code,
// offset, line and column in the stream: a malformed element or separator
// before the bound, one larger than the window, capacity_exceeded) after
// the nodes of the elements before it were reported; cancelled when f
// returned false; query_limit past options::max_nodes nodes in all, or in
// one element's nodelist; capacity_exceeded when a runs out.
[[nodiscard]] result<void> evaluate_elements(const query& q, stream_reader& r, node_callback f,
                                            arena& a) noexcept;
template <class F>
  requires std::is_invocable_r_v<bool, F&, const node&>
[[nodiscard]] result<void> evaluate_elements(const query& q, stream_reader& r, F&& f, arena& a) noexcept {
  return evaluate_elements(q, r, node_callback::of(f), a);
}

}  // namespace jot::path
