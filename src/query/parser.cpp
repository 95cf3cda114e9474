// src/query/parser.cpp - RFC 9535's grammar and well-typedness, by recursive
// descent over the query text, into the program of ast.h.
//
// The recursion follows the query's nesting only (brackets, parentheses,
// calls), each level counted against options::max_depth, so a hostile query
// cannot exhaust the stack. Types are checked as the parser goes (RFC 9535
// section 2.4.3): a filter that is not well-typed is refused like a syntax
// error, at the byte where the offending operand starts.
#include <cstring>
#include <new>

#include "ast.h"
#include "iregexp.h"
#include "lexer.h"

namespace jot::detail::query {
namespace {

// A list grown in the arena by doubling; the old copies are left behind (the
// arena frees them with the rest).
template <class T>
struct arena_list {
  T* data = nullptr;
  std::uint32_t size = 0;
  std::uint32_t cap = 0;

  bool push(arena& a, const T& v) noexcept {
    if (size == cap) {
      const std::uint32_t n = cap == 0 ? 2 : cap * 2;
      T* d = static_cast<T*>(a.allocate(sizeof(T) * n, alignof(T)));
      if (d == nullptr) return false;
      for (std::uint32_t k = 0; k < size; ++k) new (d + k) T(data[k]);
      data = d;
      cap = n;
    }
    new (data + size++) T(v);
    return true;
  }
};

// What an operand of a filter is, before the context gives it a role.
enum class form : std::uint8_t { literal, query, function };
// A function's declared result (RFC 9535 section 2.4.1).
enum class result_type : std::uint8_t { value, logical, nodes };

struct operand {
  expr* e = nullptr;
  form what = form::literal;
  result_type type = result_type::value;  // functions
  std::size_t offset = 0;                 // where it starts, for errors
};

struct function_info {
  std::string_view name;
  function_id id;
  std::uint8_t arity;
  result_type result;
  bool takes_nodes;  // its argument is NodesType (count, value), else ValueType
};
constexpr function_info functions[] = {
    {"length", function_id::length, 1, result_type::value, false},
    {"count", function_id::count, 1, result_type::value, true},
    {"match", function_id::match, 2, result_type::logical, false},
    {"search", function_id::search, 2, result_type::logical, false},
    {"value", function_id::value, 1, result_type::value, true},
};

class parser {
 public:
  parser(std::string_view text, arena& a, const jot::path::options& o) noexcept
      : lx_{text.data(), text.data(), text.data() + text.size()}, a_(a), o_(o) {}

  jot::error run(program*& out) noexcept {
    auto* p = make<program>();
    if (p == nullptr) return err_;
    p->limits = o_;
    if (lx_.peek() != '$') return fail(error_code::query_syntax, lx_.offset(), "a query starts with '$'");
    ++lx_.p;
    if (!segments(p->root)) return err_;
    if (!lx_.at_end()) {
      const char c = lx_.peek();
      const bool blank = c == ' ' || c == '\t' || c == '\n' || c == '\r';
      return fail(error_code::query_syntax, lx_.offset(),
                  blank ? "whitespace after the query's end" : "expected '.', '..' or '[' (a segment)");
    }
    if (failed()) return err_;
    out = p;
    return {};
  }

 private:
  // ---- helpers ----
  bool failed() const noexcept { return !err_.ok(); }
  jot::error fail(error_code code, std::size_t offset, const char* message) noexcept {
    if (err_.ok()) err_ = query_error(code, offset, message);
    return err_;
  }
  // Records the error and returns false, for the bool-returning steps.
  bool refuse(error_code code, std::size_t offset, const char* message) noexcept {
    fail(code, offset, message);
    return false;
  }
  bool take(jot::error e) noexcept {
    if (!e.ok() && err_.ok()) err_ = e;
    return e.ok();
  }
  template <class T>
  T* make() noexcept {
    void* m = a_.allocate(sizeof(T), alignof(T));
    if (m == nullptr) {
      fail(error_code::capacity_exceeded, 0, default_message(error_code::capacity_exceeded));
      err_.needed = sizeof(T);
      return nullptr;
    }
    return new (m) T();
  }
  template <class T>
  bool push(arena_list<T>& l, const T& v) noexcept {
    if (l.push(a_, v)) return true;
    fail(error_code::capacity_exceeded, 0, default_message(error_code::capacity_exceeded));
    return false;
  }
  // One more level of nesting; false (query_limit) beyond max_depth.
  bool enter() noexcept {
    if (++depth_ <= o_.max_depth) return true;
    fail(error_code::query_limit, lx_.offset(), "query nested too deeply (options::max_depth)");
    return false;
  }
  void leave() noexcept { --depth_; }
  bool starts(std::string_view s) const noexcept {
    return static_cast<std::size_t>(lx_.end - lx_.p) >= s.size() && std::memcmp(lx_.p, s.data(), s.size()) == 0;
  }

  // ---- segments and selectors ----

  // *(S segment): stops before blanks that no segment follows.
  bool segments(path_query& q) noexcept {
    arena_list<segment> list;
    q.singular = true;
    for (;;) {
      const char* save = lx_.p;
      lx_.skip_blanks();
      const char c = lx_.peek();
      if (c != '[' && c != '.') {
        lx_.p = save;
        break;
      }
      segment s;
      s.offset = lx_.offset();
      if (!one_segment(s) || !push(list, s)) return false;
      // RFC 9535's singular-query-segments allow no blank inside brackets.
      if (s.descendant || s.spaced || s.count != 1 ||
          (s.selectors[0].kind != selector_kind::name && s.selectors[0].kind != selector_kind::index))
        q.singular = false;
    }
    q.count = list.size;
    q.segments = list.data;
    return true;
  }

  bool one_segment(segment& s) noexcept {
    if (lx_.peek() == '[') return bracketed(s);
    ++lx_.p;  // '.'
    if (lx_.peek() == '.') {
      ++lx_.p;
      s.descendant = true;
      if (lx_.peek() == '[') return bracketed(s);
      if (lx_.peek() != '*' && !starts_name(lx_.peek()))
        return refuse(error_code::query_syntax, lx_.offset(), "expected a member name, '*' or '[' after '..'");
    } else if (lx_.peek() != '*' && !starts_name(lx_.peek())) {
      return refuse(error_code::query_syntax, lx_.offset(), "expected a member name or '*' after '.'");
    }
    auto* sel = make<selector>();
    if (sel == nullptr) return false;
    sel->offset = lx_.offset();
    if (lx_.peek() == '*') {
      sel->kind = selector_kind::wildcard;
      ++lx_.p;
    } else {
      sel->kind = selector_kind::name;
      if (!take(scan_name(lx_, a_, sel->name))) return false;
    }
    s.count = 1;
    s.selectors = sel;
    return true;
  }

  // "[" S selector *(S "," S selector) S "]"
  bool bracketed(segment& s) noexcept {
    if (!enter()) return false;
    ++lx_.p;
    arena_list<selector> list;
    for (;;) {
      const char* before = lx_.p;
      lx_.skip_blanks();
      s.spaced = s.spaced || lx_.p != before;
      selector sel;
      if (!one_selector(sel) || !push(list, sel)) return false;
      before = lx_.p;
      lx_.skip_blanks();
      s.spaced = s.spaced || lx_.p != before;
      if (lx_.peek() == ',') {
        ++lx_.p;
        continue;
      }
      if (lx_.peek() == ']') break;
      return refuse(error_code::query_syntax, lx_.offset(),
                   lx_.at_end() ? "unclosed '[': expected ',' or ']'" : "expected ',' or ']' after a selector");
    }
    ++lx_.p;
    s.count = list.size;
    s.selectors = list.data;
    leave();
    return true;
  }

  static bool starts_int(char c) noexcept { return c == '-' || (c >= '0' && c <= '9'); }

  bool one_selector(selector& sel) noexcept {
    sel.offset = lx_.offset();
    const char c = lx_.peek();
    if (c == '\'' || c == '"') {
      sel.kind = selector_kind::name;
      return take(scan_string(lx_, a_, sel.name));
    }
    if (c == '*') {
      sel.kind = selector_kind::wildcard;
      ++lx_.p;
      return true;
    }
    if (c == '?') {
      ++lx_.p;
      lx_.skip_blanks();
      sel.kind = selector_kind::filter;
      sel.filter = logical_or();
      return sel.filter != nullptr;
    }
    if (c != ':' && !starts_int(c)) {
      return refuse(error_code::query_syntax, lx_.offset(),
                   lx_.at_end() ? "unclosed '[': expected a selector"
                                : "expected a selector: a quoted name, '*', an index, a slice or '?'");
    }
    if (c != ':') {
      if (!take(scan_int(lx_, sel.index))) return false;
      const char* save = lx_.p;
      lx_.skip_blanks();
      if (lx_.peek() != ':') {
        lx_.p = save;
        sel.kind = selector_kind::index;
        return true;
      }
      sel.has_start = true;
    }
    // [start S] ":" S [end S] [":" [S step]]
    sel.kind = selector_kind::slice;
    ++lx_.p;
    lx_.skip_blanks();
    if (starts_int(lx_.peek())) {
      if (!take(scan_int(lx_, sel.end))) return false;
      sel.has_end = true;
      lx_.skip_blanks();
    }
    if (lx_.peek() == ':') {
      ++lx_.p;
      const char* save = lx_.p;
      lx_.skip_blanks();
      if (starts_int(lx_.peek())) return take(scan_int(lx_, sel.step));
      lx_.p = save;
    }
    return true;
  }

  // ---- filter expressions ----

  expr* binary(expr_kind kind, expr* a, expr* b) noexcept {
    expr* e = make<expr>();
    if (e == nullptr) return nullptr;
    e->kind = kind;
    e->a = a;
    e->b = b;
    return e;
  }

  // logical-or-expr = logical-and-expr *(S "||" S logical-and-expr), and
  // logical-and-expr = basic-expr *(S "&&" S basic-expr): && binds tighter.
  expr* logical_or() noexcept { return chain("||", expr_kind::logical_or, &parser::logical_and); }
  expr* logical_and() noexcept { return chain("&&", expr_kind::logical_and, &parser::basic); }

  expr* chain(std::string_view op, expr_kind kind, expr* (parser::*operand)()) noexcept {
    expr* e = (this->*operand)();
    while (e != nullptr) {
      const char* save = lx_.p;
      lx_.skip_blanks();
      if (!starts(op)) {
        lx_.p = save;
        break;
      }
      lx_.p += 2;
      lx_.skip_blanks();
      expr* rhs = (this->*operand)();
      e = rhs == nullptr ? nullptr : binary(kind, e, rhs);
    }
    return e;
  }

  // The comparison operator at the cursor (after blanks), without taking it.
  bool comparison_ahead(compare_op& op, std::size_t& length) noexcept {
    const char* save = lx_.p;
    lx_.skip_blanks();
    const char c = lx_.peek(), d = lx_.peek(1);
    bool found = true;
    length = 2;
    if (c == '=' && d == '=') op = compare_op::eq;
    else if (c == '!' && d == '=') op = compare_op::ne;
    else if (c == '<' && d == '=') op = compare_op::le;
    else if (c == '>' && d == '=') op = compare_op::ge;
    else if (c == '<') op = compare_op::lt, length = 1;
    else if (c == '>') op = compare_op::gt, length = 1;
    else found = false;
    if (!found) lx_.p = save;
    return found;
  }

  // basic-expr = paren-expr / comparison-expr / test-expr
  expr* basic() noexcept {
    if (!enter()) return nullptr;
    expr* e = basic_inner();
    if (e != nullptr) leave();
    return e;
  }

  expr* basic_inner() noexcept {
    if (lx_.peek() == '!') {
      ++lx_.p;
      lx_.skip_blanks();
      expr* inner;
      if (lx_.peek() == '(') {
        inner = parenthesized();
      } else {
        operand o;
        if (!parse_operand(o)) return nullptr;
        inner = as_test(o);
      }
      if (inner == nullptr) return nullptr;
      compare_op op;
      std::size_t n;
      if (comparison_ahead(op, n))
        return bad(error_code::query_syntax, lx_.offset(), "'!' negates a test, not a comparison: add parentheses");
      return binary(expr_kind::logical_not, inner, nullptr);
    }
    if (lx_.peek() == '(') return parenthesized();
    operand lhs;
    if (!parse_operand(lhs)) return nullptr;
    compare_op op;
    std::size_t n;
    if (!comparison_ahead(op, n)) return as_test(lhs);
    lx_.p += n;
    lx_.skip_blanks();
    operand rhs;
    if (!parse_operand(rhs)) return nullptr;
    expr* l = as_value(lhs, "a query compared must be singular (names and indexes only)");
    expr* r = l == nullptr ? nullptr : as_value(rhs, "a query compared must be singular (names and indexes only)");
    if (r == nullptr) return nullptr;
    expr* e = binary(expr_kind::compare, l, r);
    if (e != nullptr) e->op = op;
    return e;
  }

  expr* bad(error_code code, std::size_t offset, const char* message) noexcept {
    fail(code, offset, message);
    return nullptr;
  }

  expr* parenthesized() noexcept {
    if (!enter()) return nullptr;
    ++lx_.p;
    lx_.skip_blanks();
    expr* e = logical_or();
    if (e == nullptr) return nullptr;
    lx_.skip_blanks();
    if (lx_.peek() != ')') return bad(error_code::query_syntax, lx_.offset(), "expected ')'");
    ++lx_.p;
    leave();
    return e;
  }

  // An operand in a test position: a query (exists) or a function of
  // LogicalType or NodesType.
  expr* as_test(const operand& o) noexcept {
    if (o.what == form::literal)
      return bad(error_code::query_syntax, o.offset, "a literal is not a test: compare it with something");
    if (o.what == form::query) {
      o.e->kind = expr_kind::exists;
      return o.e;
    }
    if (o.type == result_type::value)
      return bad(error_code::query_type, o.offset, "this function returns a value, not a logical result: compare it");
    return o.e;
  }

  // An operand where a value (ValueType) is needed.
  expr* as_value(const operand& o, const char* non_singular) noexcept {
    if (o.what == form::query) {
      if (!o.e->q->singular) return bad(error_code::query_type, o.offset, non_singular);
      o.e->kind = expr_kind::singular;
      return o.e;
    }
    if (o.what == form::function && o.type != result_type::value)
      return bad(error_code::query_type, o.offset, "this function's result is not a value (ValueType)");
    return o.e;
  }

  bool parse_operand(operand& o) noexcept {
    o.offset = lx_.offset();
    const char c = lx_.peek();
    if (c == '@' || c == '$') {
      if (!enter()) return false;
      auto* q = make<path_query>();
      o.e = make<expr>();
      if (q == nullptr || o.e == nullptr) return false;
      q->relative = c == '@';
      q->offset = o.offset;
      ++lx_.p;
      if (!segments(*q)) return false;
      leave();
      o.e->kind = expr_kind::exists;
      o.e->q = q;
      o.what = form::query;
      return true;
    }
    o.what = form::literal;
    if (c == '\'' || c == '"') {
      o.e = make<expr>();
      if (o.e == nullptr) return false;
      o.e->lit = literal_kind::string;
      return take(scan_string(lx_, a_, o.e->str));
    }
    if (c == '-' || (c >= '0' && c <= '9')) {
      o.e = make<expr>();
      if (o.e == nullptr) return false;
      o.e->lit = literal_kind::number;
      return take(scan_number(lx_, o.e->num));
    }
    if (c >= 'a' && c <= 'z') {
      const char* start = lx_.p;
      const char* p = lx_.p;
      while (p != lx_.end && ((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') || *p == '_')) ++p;
      const std::string_view name(start, static_cast<std::size_t>(p - start));
      if (p != lx_.end && *p == '(') {
        lx_.p = p;
        return call(name, o);
      }
      const literal_kind k = name == "true" ? literal_kind::true_ : name == "false" ? literal_kind::false_
                             : literal_kind::null;
      if (name != "true" && name != "false" && name != "null")
        return refuse(error_code::query_syntax, o.offset,
                     "unknown name: expected true, false, null or a function call");
      o.e = make<expr>();
      if (o.e == nullptr) return false;
      o.e->lit = k;
      lx_.p = p;
      return true;
    }
    fail(error_code::query_syntax, o.offset,
         lx_.at_end() ? "unexpected end of the filter"
                      : "expected a query, a literal, a function call, '!' or '('");
    return false;
  }

  // function-expr = function-name "(" S [function-argument *(S "," S function-argument)] S ")"
  bool call(std::string_view name, operand& o) noexcept {
    const function_info* f = nullptr;
    for (const function_info& info : functions)
      if (info.name == name) f = &info;
    if (f == nullptr) return refuse(error_code::query_syntax, o.offset, "unknown function");
    if (!enter()) return false;
    o.e = make<expr>();
    if (o.e == nullptr) return false;
    o.e->kind = expr_kind::function;
    o.e->fn = f->id;
    o.what = form::function;
    o.type = f->result;
    ++lx_.p;  // '('
    lx_.skip_blanks();
    std::uint32_t count = 0;
    if (lx_.peek() != ')') {
      for (;;) {
        expr* arg = argument(*f, count);
        if (arg == nullptr) return false;
        (count == 0 ? o.e->a : o.e->b) = arg;
        ++count;
        lx_.skip_blanks();
        if (lx_.peek() == ')') break;
        if (lx_.peek() != ',')
          return refuse(error_code::query_syntax, lx_.offset(), "expected ',' or ')' in the function call");
        ++lx_.p;
        lx_.skip_blanks();
      }
    }
    if (count != f->arity) {
      return refuse(error_code::query_type, lx_.offset(),
                   f->arity == 1 ? "this function takes exactly one argument"
                                 : "this function takes exactly two arguments");
    }
    ++lx_.p;  // ')'
    leave();
    if ((f->id == function_id::match || f->id == function_id::search) && o.e->b->kind == expr_kind::literal &&
        o.e->b->lit == literal_kind::string)
      return literal_pattern(*o.e);
    return true;
  }

  // A literal pattern is compiled once, here; an invalid one makes the call
  // false (RFC 9535 section 2.4.6), a too large one is refused.
  bool literal_pattern(expr& e) noexcept {
    const regex* r = nullptr;
    const regex_use use = e.fn == function_id::match ? regex_use::match : regex_use::search;
    switch (compile_regex(e.b->str, a_, o_.max_regex_size, &r, use)) {
      case regex_status::ok: e.pattern = r; break;
      case regex_status::invalid: break;
      case regex_status::too_large:
        return refuse(error_code::query_limit, lx_.offset(), "pattern too large (options::max_regex_size)");
      case regex_status::no_memory:
        return refuse(error_code::capacity_exceeded, 0, default_message(error_code::capacity_exceeded));
    }
    e.pattern_literal = true;
    return true;
  }

  expr* argument(const function_info& f, std::uint32_t index) noexcept {
    const std::size_t at = lx_.offset();
    if (index >= f.arity)
      return bad(error_code::query_type, at, f.arity == 1 ? "this function takes exactly one argument"
                                                          : "this function takes exactly two arguments");
    if (lx_.peek() == '!' || lx_.peek() == '(')
      return bad(error_code::query_type, at, "a logical expression is not an argument of this function");
    operand o;
    if (!parse_operand(o)) return nullptr;
    compare_op op;
    std::size_t n;
    const char* save = lx_.p;
    lx_.skip_blanks();
    const bool logical = starts("&&") || starts("||");
    lx_.p = save;
    if (logical || comparison_ahead(op, n))
      return bad(error_code::query_type, at, "a logical expression is not an argument of this function");
    if (!f.takes_nodes) return as_value(o, "a value argument must be a singular query (names and indexes only)");
    if (o.what != form::query)
      return bad(error_code::query_type, at, "this function takes a query (a nodelist), not a value");
    o.e->kind = expr_kind::nodes;
    return o.e;
  }

  lexer lx_;
  arena& a_;
  const jot::path::options& o_;
  std::uint32_t depth_ = 0;
  jot::error err_{};
};

}  // namespace
}  // namespace jot::detail::query

namespace jot::path {

result<query> compile(std::string_view text, arena& a, const options& o) noexcept {
  detail::query::program* p = nullptr;
  detail::query::parser ps(text, a, o);
  const jot::error e = ps.run(p);
  if (!e.ok()) return e;
  return query(p);
}

bool query::singular() const noexcept { return p_ != nullptr && p_->root.singular; }

}  // namespace jot::path
