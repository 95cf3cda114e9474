// tests/support/query_cases.h - what the JSONPath suites share: a query run on a
// document, its nodelist written as "path=value" lines, on the parsed and
// the mutable document alike (the two must agree), and a bad query's error
// as "code@offset".
#pragma once

#include <gtest/gtest.h>
#include <jot/jot.h>

#include <string>
#include <string_view>

namespace jot_test {

inline std::string json_of(jot::value v) {
  jot::output_buffer out;
  auto w = jot::write(v, out);
  return w ? std::string(*w) : std::string("<write failed>");
}
inline std::string json_of(jot::mut_value v) {
  jot::output_buffer out;
  auto w = jot::write(v, out);
  return w ? std::string(*w) : std::string("<write failed>");
}

template <class List>
std::string lines_of(const List& nodes, jot::arena& a) {
  std::string s;
  for (const auto& n : nodes) {
    if (!s.empty()) s += '\n';
    auto path = n.path.text(a);
    s += path ? std::string(*path) : std::string("<no path>");
    s += '=';
    s += json_of(n.value);
  }
  return s;
}

inline std::string error_text(const jot::error& e) {
  return std::string(jot::error_code_name(e.code)) + "@" + std::to_string(e.offset);
}

// The nodelist of query on json, one "path=value" line per node; the same
// query on a mutable copy must give the same lines.
inline std::string query(std::string_view json, std::string_view text, const jot::path::options& o = {}) {
  jot::arena a;
  auto doc = jot::parse(json, a);
  if (!doc) return "bad test document: " + error_text(doc.error());
  auto q = jot::path::compile(text, a, o);
  if (!q) return "error " + error_text(q.error()) + ": " + q.error().message;
  auto nodes = jot::path::evaluate(*q, doc->root(), a);
  if (!nodes) return "error " + error_text(nodes.error()) + ": " + nodes.error().message;
  const std::string dom = lines_of(*nodes, a);

  jot::arena ma;
  jot::mutable_document m(ma);
  if (!m.set_root(doc->root()).ok()) return "mutable copy failed";
  auto mut_nodes = jot::path::evaluate(*q, m.root(), ma);
  if (!mut_nodes) return "mutable: error " + error_text(mut_nodes.error());
  const std::string mut = lines_of(*mut_nodes, ma);
  EXPECT_EQ(dom, mut) << "parsed and mutable documents disagree on " << text;
  return dom;
}

// The error of compiling text: "code@offset", or "ok".
inline std::string compile_error(std::string_view text, const jot::path::options& o = {}) {
  jot::arena a;
  auto q = jot::path::compile(text, a, o);
  return q ? std::string("ok") : error_text(q.error());
}

}  // namespace jot_test
