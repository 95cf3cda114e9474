// tools/jot/query.cpp - `jot query [--paths] [-r] [-l] [--pretty] QUERY [FILE]`:
// prints the nodelist a JSONPath query (RFC 9535) selects, as one JSON
// array: the values, or with --paths their normalized paths ($['a'][0]).
// With -r (--raw) each node goes on a line of its own instead, a string as
// its bytes (like `jq -r '.[]'`), anything else as JSON; with -l (--ndjson)
// every line of FILE is a document and gets its own output line (its array,
// or with -r its nodes' lines).
//
// The query is compiled before the input is read: a bad one is a usage
// error (exit 2) printed as <query>:LINE:COLUMN: message (code), then the
// query's line with a caret under the offending byte. An evaluation that
// fails (a limit of jot/query.h) reports NAME: message and exits 1, as does
// a document that is not JSON. An empty nodelist is a success: []. The
// bound on a nodelist's size is the library's default or twice the
// document's count of values, whichever is larger.
//
// --stream (evaluating on a stream without a DOM) is not in this version: it
// is refused with a message saying so.
#include <algorithm>
#include <cinttypes>
#include <cstdio>

#include "cli.h"

namespace jot_cli {
namespace {

// Prints a compile error of the query text: position, message, and a caret
// under the byte on the query's line.
void report_query_error(std::string_view text, const jot::error& e) {
  const std::size_t at = std::min(e.offset, text.size());
  const std::size_t before = at == 0 ? std::string_view::npos : text.rfind('\n', at - 1);
  const std::size_t line_start = before == std::string_view::npos ? 0 : before + 1;
  const std::size_t line_end = std::min(text.find('\n', at), text.size());
  const std::uint64_t line = static_cast<std::uint64_t>(std::count(text.begin(), text.begin() + at, '\n')) + 1;
  const std::string shown(text.substr(line_start, line_end - line_start));
  std::string caret(at - line_start, ' ');
  for (std::size_t k = 0; k < caret.size(); ++k)
    if (shown[k] == '\t') caret[k] = '\t';  // keeps the caret under its byte
  std::fprintf(stderr, "jot: <query>:%" PRIu64 ":%zu: %s (%s)\n  %s\n  %s^\n", line, at - line_start + 1, e.message,
               jot::error_code_name(e.code), shown.c_str(), caret.c_str());
}

struct printer {
  const invocation& inv;
  jot::write_options format;
  std::string path_text;  // reused for every path

  std::string_view path_of(const jot::path::node& n) {
    path_text.resize(n.path.size());
    n.path.write(path_text.data(), path_text.size());
    return path_text;
  }

  // The nodelist as one JSON array and a newline, or with --raw a line per
  // node. False when the output failed (after saying why).
  bool print(const jot::path::nodelist& nodes, output& out) {
    if (inv.raw) {
      for (const jot::path::node& n : nodes) {
        const bool written = inv.paths ? out.line(path_of(n))
                             : n.value.is_string() ? out.line(*n.value.get_string())
                                                   : out.value(n.value, format);
        if (!written) return false;
      }
      return true;
    }
    jot::writer_options wo;
    wo.format = format;
    wo.validate_utf8 = false;  // the values were parsed (and validated) already
    jot::writer w(jot::file_sink(stdout), wo);
    w.begin_array();
    for (const jot::path::node& n : nodes) {
      if (inv.paths)
        w.string(path_of(n));
      else
        w.value(n.value);
    }
    w.end_array();
    const jot::result<std::size_t> done = w.finish();
    if (!done) {
      std::fprintf(stderr, "jot: cannot write output: %s\n", done.error().message);
      return false;
    }
    return out.line("");
  }
};

}  // namespace

int run_query(const invocation& inv) {
  if (inv.stream)
    return usage_error("query --stream is not supported yet: the whole input is parsed, then queried "
                       "(docs/query.md)");
  if (inv.operands.empty() || inv.operands.size() > 2)
    return usage_error("query takes QUERY and at most one FILE, got " + std::to_string(inv.operands.size()) +
                       " operand(s)");
  const std::string_view text = inv.operands[0];
  const std::string_view path = inv.operands.size() == 2 ? inv.operands[1] : std::string_view("-");
  jot::arena query_arena;
  const jot::result<jot::path::query> q = jot::path::compile(text, query_arena);
  if (!q) {
    report_query_error(text, q.error());
    return exit_usage;
  }

  printer p{inv, output_options(inv, inv.pretty || inv.indent_given || inv.tab), {}};
  output out;
  jot::arena a;  // reset per document: the nodelist's memory is reused
  // Evaluates and prints one document; exit_usage when the output failed.
  auto one = [&](const jot::document& doc, const std::string& suffix) {
    a.reset();
    // The library's default bound on a nodelist stops $..*..* from growing
    // as the square of a document, but a plain $..* on a large file must
    // work: twice the document's values (keys included) is allowed here, so
    // each segment may select every value about twice over.
    jot::result<jot::path::query> here = *q;
    const std::size_t values = doc.root().preorder().size();
    jot::path::options o;
    if (values > o.max_nodes / 2) {
      o.max_nodes = 2 * values;
      here = jot::path::compile(text, a, o);
      if (!here) return exit_usage;  // it compiled once: only memory can fail
    }
    const jot::result<jot::path::nodelist> nodes = jot::path::evaluate(*here, doc.root(), a);
    if (!nodes) {
      std::fprintf(stderr, "%s: %s (%s)%s\n", display_name(path).c_str(), nodes.error().message,
                   jot::error_code_name(nodes.error().code), suffix.c_str());
      return inv.ndjson && !out.line("") ? exit_usage : exit_invalid;
    }
    return p.print(*nodes, out) ? exit_ok : exit_usage;
  };

  int status = exit_ok;
  if (inv.ndjson) {
    const int read = for_each_document(path, inv.parse, inv.threads, [&](jot::result<jot::document>& d, std::size_t n) {
      // A bad line still gets its output line, so that line k answers document k.
      const int s = d ? one(*d, " (document " + std::to_string(n) + ")") : (out.line("") ? exit_ok : exit_usage);
      status = std::max(status, s);
      return s != exit_usage;
    });
    status = std::max(status, read);
  } else {
    std::string input;
    if (!read_input(path, input)) return exit_usage;
    jot::arena doc_arena;
    const jot::result<jot::document> doc = parse_input(path, input, doc_arena, inv.parse);
    if (!doc) return exit_invalid;
    status = one(*doc, "");
  }
  if (status == exit_usage) return exit_usage;
  if (!out.flush()) return exit_usage;
  return status;
}

}  // namespace jot_cli
