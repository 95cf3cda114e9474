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
// With --stream the document is never parsed: jot::path::evaluate_stream
// finds the nodes in one pass over its text, and only each selected node is
// parsed, alone, to be printed as above, so the output is the same. With -l
// the lines come through a window (jot::stream_reader), so a file larger than
// memory is read in memory bounded by its longest line and the nodes one line
// selects. A query that one pass cannot decide is a usage error with a caret
// under the byte that prevents it (docs/query.md says which).
#include <algorithm>
#include <cinttypes>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>
#include <vector>

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

  // A node evaluate_stream selected, parsed alone, and its path's text.
  struct streamed {
    jot::value value;
    std::string_view path;
  };
  std::string_view path_of(const streamed& n) { return n.path; }

  // The nodelist as one JSON array and a newline, or with --raw a line per
  // node. False when the output failed (after saying why).
  template <class List>
  bool print(const List& nodes, output& out) {
    if (inv.raw) {
      for (const auto& n : nodes) {
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
    for (const auto& n : nodes) {
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


// --stream: evaluate_stream over each document's text.
int run_stream(const invocation& inv, std::string_view text, std::string_view path) {
  if (inv.parse.allow_comments || inv.parse.allow_trailing_commas)
    return usage_error("query --stream reads strict JSON: --comments and --trailing-commas do not apply");
  jot::arena query_arena;
  jot::path::options o;
  o.max_nodes = static_cast<std::size_t>(-1);  // nodes are printed as found, not kept in a nodelist
  o.max_document_depth = std::min<std::uint32_t>(inv.parse.max_depth, 4096);
  const jot::result<jot::path::query> q = jot::path::compile(text, query_arena, o);
  if (!q) {
    report_query_error(text, q.error());
    return exit_usage;
  }
  if (const jot::error e = jot::path::stream_supported(*q); !e.ok()) {
    report_query_error(text, e);
    return exit_usage;
  }

  printer p{inv, output_options(inv, inv.pretty || inv.indent_given || inv.tab), {}};
  output out;
  // The nodes of one document, each parsed alone, reset per document: in a
  // buffer that most documents' nodes fit, so a stream of them costs no heap
  // traffic per document.
  alignas(16) static char node_space[64 * 1024];
  jot::arena a(node_space, sizeof node_space, jot::malloc_allocator());
  alignas(16) static char eval_space[4096];
  jot::arena eval_arena(eval_space, sizeof eval_space, jot::malloc_allocator());
  std::vector<printer::streamed> nodes;
  jot::parse_options node_options = inv.parse;
  node_options.allow_bom = false;
  // Evaluates one document's text; exit_invalid (after saying why) when it is not JSON.
  auto one = [&](std::string_view json, auto&& report) {
    a.reset();
    nodes.clear();
    bool parsed = true;
    const jot::error e = jot::path::evaluate_stream(*q, json, [&](const jot::path::stream_node& n) noexcept {
      jot::result<jot::document> d = jot::parse(n.text, a, node_options);
      jot::result<std::string_view> at = n.path.text(a);
      if (!d || !at) return parsed = false;
      nodes.push_back({d->root(), *at});
      return true;
    }, eval_arena);
    if (!e.ok()) {
      report(parsed ? e : jot::make_error(jot::error_code::capacity_exceeded));
      return exit_invalid;
    }
    return p.print(nodes, out) ? exit_ok : exit_usage;
  };

  int status = exit_ok;
  if (inv.ndjson) {
    const int fd = path == "-" ? 0 : ::open(std::string(path).c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return usage_error("cannot read " + display_name(path) + ": " + std::strerror(errno));
    const jot::stream_window window{nullptr, std::size_t{1} << 20, jot::malloc_allocator(), max_line_window};
    jot::arena reader_arena;
    jot::stream_reader reader(jot::parser(inv.parse), jot::fd_source(fd), window, reader_arena,
                              {.format = jot::document_format::ndjson, .continue_after_error = true,
                               .parse = false});
    while (reader.next()) {
      auto suffix = [&] { return " (document " + std::to_string(reader.index() + 1) + ")"; };
      int s;
      if (!reader.current()) {
        if (reader.current().error().code == jot::error_code::io_error) {
          std::fprintf(stderr, "jot: cannot read %s: %s\n", display_name(path).c_str(),
                       reader.current().error().message);
          s = exit_usage;
        } else {
          report_parse_error(path, reader.current().error(), suffix());
          s = out.line("") ? exit_invalid : exit_usage;  // line k still answers document k
        }
      } else {
        s = one(reader.source(), [&](const jot::error& e) { report_parse_error(path, reader.locate(e), suffix()); });
        if (s == exit_invalid && !out.line("")) s = exit_usage;
      }
      status = std::max(status, s);
      if (s == exit_usage) break;
    }
    if (fd != 0) ::close(fd);
  } else {
    std::string input;
    if (!read_input(path, input)) return exit_usage;
    std::string_view json = input;
    const bool bom = json.size() >= 3 && json.substr(0, 3) == "\xEF\xBB\xBF";
    if (bom && inv.parse.allow_bom) json.remove_prefix(3);
    status = one(json, [&](jot::error e) {
      if (bom && inv.parse.allow_bom) {  // offsets count from the file's first byte
        e.offset += 3;
        if (e.line == 1) e.column += 3;
      }
      report_parse_error(path, e);
    });
  }
  if (status == exit_usage) return exit_usage;
  if (!out.flush()) return exit_usage;
  return status;
}

}  // namespace

int run_query(const invocation& inv) {
  if (inv.operands.empty() || inv.operands.size() > 2)
    return usage_error("query takes QUERY and at most one FILE, got " + std::to_string(inv.operands.size()) +
                       " operand(s)");
  const std::string_view text = inv.operands[0];
  const std::string_view path = inv.operands.size() == 2 ? inv.operands[1] : std::string_view("-");
  if (inv.stream) return run_stream(inv, text, path);
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
