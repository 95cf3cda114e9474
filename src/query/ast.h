// src/query/ast.h - a compiled JSONPath query (RFC 9535), as the parser
// leaves it in the caller's arena and the evaluator reads it. Not API.
//
// Everything is plain data with pointers into the same arena: no
// destructor ever runs, the arena's reset frees it all.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "jot/query.h"

namespace jot::detail::query {

struct expr;
struct regex;  // iregexp.h

// A number of the query or the document, exact: as the DOM holds it.
struct number {
  std::uint8_t kind = 0;  // detail::kind_uint, kind_int or kind_double
  union {
    std::uint64_t u = 0;
    std::int64_t i;
    double d;
  };
};

enum class selector_kind : std::uint8_t { name, wildcard, index, slice, filter };

struct selector {
  selector_kind kind = selector_kind::name;
  bool has_start = false, has_end = false;  // slice: omitted bounds take the defaults
  std::string_view name;                    // name: the member name, unescaped UTF-8
  std::int64_t index = 0;                   // index; slice: start
  std::int64_t end = 0;                     // slice
  std::int64_t step = 1;                    // slice: 1 when omitted
  const expr* filter = nullptr;             // filter: a logical expression
  std::size_t offset = 0;                   // its first byte in the query text
};

struct segment {
  bool descendant = false;  // ..[...]: the input node and every descendant
  bool spaced = false;      // blanks inside its brackets: never part of a singular query
  std::size_t offset = 0;    // its first byte ('.' or '[') in the query text
  std::uint32_t count = 0;
  const selector* selectors = nullptr;
};

// A query: $ (absolute) or @ (relative) followed by segments.
struct path_query {
  bool relative = false;
  std::size_t offset = 0;   // its first byte ('$' or '@') in the query text
  bool singular = false;  // every segment one name or index, none descendant
  std::uint32_t count = 0;
  const segment* segments = nullptr;
};

enum class expr_kind : std::uint8_t {
  logical_or,   // a || b
  logical_and,  // a && b
  logical_not,  // !a
  compare,      // a op b, both of ValueType
  exists,       // a filter query as a test: true when it selects a node
  literal,      // ValueType: a JSON literal of the query
  singular,     // ValueType: a singular query's node, or Nothing
  nodes,        // NodesType: a filter query as count()'s or value()'s argument
  function,     // a function call
};
enum class compare_op : std::uint8_t { eq, ne, lt, le, gt, ge };
enum class function_id : std::uint8_t { length, count, match, search, value };
enum class literal_kind : std::uint8_t { null, false_, true_, number, string };

struct expr {
  expr_kind kind = expr_kind::literal;
  compare_op op = compare_op::eq;
  function_id fn = function_id::length;
  literal_kind lit = literal_kind::null;
  number num;                        // literal number
  std::string_view str;              // literal string, unescaped UTF-8
  const expr* a = nullptr;           // operand; the first argument
  const expr* b = nullptr;           // second operand; the second argument
  const path_query* q = nullptr;     // exists, singular, nodes
  const regex* pattern = nullptr;    // match/search with a literal pattern that compiled
  bool pattern_literal = false;      // ... the pattern is a literal (null pattern: never matches)
};

struct program {
  path_query root;
  jot::path::options limits;
};

// One link of a normalized path; a node's path is its chain up to the root.
struct step {
  const step* parent = nullptr;  // nullptr: the parent is the root $
  std::uint32_t depth = 1;       // links up to the root, this one included
  bool is_index = false;
  std::string_view name;         // a member name (is_index false)
  std::uint64_t index = 0;       // an array index (is_index true)
};

}  // namespace jot::detail::query
