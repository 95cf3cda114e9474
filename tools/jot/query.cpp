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
// With --stream the document is never parsed whole. A FILE that is one
// array (its first byte past blanks is '[') and a query that
// jot::path::elements_supported accepts go through a window
// (jot::stream_reader, array_elements) an element at a time, each element
// parsed alone and queried by jot::path::evaluate_elements, its nodes printed
// as they are found: memory is bounded by the largest element, whatever the
// file's size, and a query of indexes or bounded slices ($[0], $[2:5]) stops
// reading after the last element it can select (so a syntax error after it
// goes unreported). Otherwise jot::path::evaluate_stream finds the nodes in
// one pass over the text, and only each selected node is parsed, alone, to
// be printed as above, so the output is the same. With -l the lines come
// through a window, so a file larger than memory is read in memory bounded by
// its longest line and the nodes one line selects. The window is 1 MB growing
// up to 1 GB, or --window's size, never grown. A query that neither can
// decide is a usage error with a caret under the byte that prevents it
// (docs/query.md says which).
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
  jot::write_options style;
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
                                                   : out.value(n.value, style);
        if (!written) return false;
      }
      return true;
    }
    jot::writer_options wo;
    wo.style = style;
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


// The stream window: --window's size, fixed, else 1 MB growing for a longer
// element or line up to max_line_window.
jot::stream_window stream_window_of(const invocation& inv) {
  if (inv.window != 0) return {nullptr, inv.window, jot::malloc_allocator(), inv.window};
  return {nullptr, std::size_t{1} << 20, jot::malloc_allocator(), max_line_window};
}

// A source that gives the bytes already read (to see the first value's
// first byte) and then the rest of the file.
struct prefixed_file {
  std::string_view head;
  jot::source rest;
  std::FILE* flush_first = nullptr;  // flushed before each read: the answers so
                                     // far are out before jot waits on a pipe

  jot::result<std::size_t> read(char* buffer, std::size_t size) noexcept {
    if (head.empty()) {
      if (flush_first != nullptr) std::fflush(flush_first);
      return rest.read(rest.context, buffer, size);
    }
    const std::size_t n = std::min(size, head.size());
    std::memcpy(buffer, head.data(), n);
    head.remove_prefix(n);
    return n;
  }
};

// --stream over one array: evaluate_elements through a window, each node
// printed as it is found (an array's '[' first, its ']' once every element
// was read), so that memory stays bounded by the largest element.
int run_elements(const invocation& inv, const jot::path::query& q, std::string_view path, std::FILE* f,
                 std::string_view head) {
  // read(2), not stdio: fread would wait for a whole window on a pipe before
  // any element could be answered (read_head left nothing in f's buffer).
  // With -r each node is a line of its own, so the lines found so far are
  // flushed before every read.
  prefixed_file in{head, jot::fd_source(fileno(f)), inv.raw ? stdout : nullptr};
  jot::arena element_arena;  // reset per element: its memory is reused
  jot::stream_reader reader(jot::parser(inv.parse), jot::source::of(in), stream_window_of(inv), element_arena,
                            {.array_elements = true});
  printer p{inv, output_options(inv, inv.pretty || inv.indent_given || inv.tab), {}};
  output out;
  jot::writer_options wo;
  wo.style = p.style;
  wo.validate_utf8 = false;  // the values were parsed (and validated) already
  jot::writer w(jot::file_sink(stdout), wo);
  if (!inv.raw) w.begin_array();
  bool written = true;
  jot::arena eval_arena;  // one element's nodelists, rewound after each
  const jot::result<void> r = jot::path::evaluate_elements(q, reader, [&](const jot::path::node& n) noexcept {
    if (inv.raw) {
      written = inv.paths ? out.line(p.path_of(n))
                : n.value.is_string() ? out.line(*n.value.get_string())
                                      : out.value(n.value, p.style);
    } else if (inv.paths) {
      w.string(p.path_of(n));
    } else {
      w.value(n.value);
    }
    return written;
  }, eval_arena);
  if (!written) return exit_usage;
  if (!r) {
    // The output stops where the error was found, without the array's ']'.
    const jot::error& e = r.error();
    if (e.code == jot::error_code::io_error) {
      std::fprintf(stderr, "jot: cannot read %s: %s\n", display_name(path).c_str(), e.message);
      return exit_usage;
    }
    report_parse_error(path, e);
    return exit_invalid;
  }
  if (!inv.raw) {
    w.end_array();
    const jot::result<std::size_t> done = w.finish();
    if (!done) {
      std::fprintf(stderr, "jot: cannot write output: %s\n", done.error().message);
      return exit_usage;
    }
    if (!out.line("")) return exit_usage;
  }
  return out.flush() ? exit_ok : exit_usage;
}

// Reads f into head up to its first byte that is not a blank (past a byte
// order mark when bom is set), at head[first]; first is head.size() when f
// ends before one. False after saying why when f cannot be read.
bool read_head(std::FILE* f, std::string_view path, bool bom, std::string& head, std::size_t& first) {
  char buffer[4096];
  bool end = false;
  for (;;) {
    std::size_t at = 0;
    if (bom && !end && !head.empty() && head[0] == '\xEF' && head.size() < 3) at = head.size();  // more to see
    else if (bom && head.size() >= 3 && head.compare(0, 3, "\xEF\xBB\xBF") == 0) at = 3;
    while (at < head.size() && (head[at] == ' ' || head[at] == '\n' || head[at] == '\r' || head[at] == '\t')) ++at;
    if (at < head.size() || end) {
      first = at;
      return true;
    }
    // read(2) (fd_source), not fread, which waits on a pipe until the whole
    // buffer is filled; f's own buffer stays empty, so stdio reads on after it.
    const jot::source in = jot::fd_source(fileno(f));
    const jot::result<std::size_t> got = in.read(in.context, buffer, sizeof buffer);
    if (!got) return read_rest(f, path, head);  // fails again, saying why
    end = *got == 0;
    head.append(buffer, *got);
  }
}

// --stream: evaluate_stream over each document's text.
int run_stream(const invocation& inv, std::string_view text, std::string_view path) {
  if (inv.parse.syntax.allow_comments || inv.parse.syntax.allow_trailing_commas)
    return usage_error("query --stream reads strict JSON: --comments and --trailing-commas do not apply");
  jot::arena query_arena;
  jot::path::options o;
  o.max_nodes = static_cast<std::size_t>(-1);  // nodes are printed as found, not kept in a nodelist
  o.max_document_depth = std::min<std::uint32_t>(inv.parse.syntax.max_depth, 4096);
  const jot::result<jot::path::query> q = jot::path::compile(text, query_arena, o);
  if (!q) {
    report_query_error(text, q.error());
    return exit_usage;
  }
  const jot::result<void> streamable = jot::path::stream_supported(*q);
  if (inv.ndjson && !streamable) {
    report_query_error(text, streamable.error());
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
  node_options.syntax.allow_bom = false;
  // Evaluates one document's text; exit_invalid (after saying why) when it is not JSON.
  auto one = [&](std::string_view json, auto&& report) {
    a.reset();
    nodes.clear();
    bool parsed = true;
    const jot::result<void> r = jot::path::evaluate_stream(*q, json, [&](const jot::path::stream_node& n) noexcept {
      jot::result<jot::document> d = jot::parse(n.text, a, node_options);
      jot::result<std::string_view> at = n.path.text(a);
      if (!d || !at) return parsed = false;
      nodes.push_back({d->root(), *at});
      return true;
    }, eval_arena);
    if (!r) {
      report(parsed ? r.error() : jot::make_error(jot::error_code::capacity_exceeded));
      return exit_invalid;
    }
    return p.print(nodes, out) ? exit_ok : exit_usage;
  };

  int status = exit_ok;
  if (inv.ndjson) {
    const int fd = path == "-" ? 0 : ::open(std::string(path).c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return usage_error("cannot read " + display_name(path) + ": " + std::strerror(errno));
    const jot::stream_window window = stream_window_of(inv);
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
    std::FILE* f = path == "-" ? stdin : std::fopen(std::string(path).c_str(), "rb");
    if (f == nullptr) return usage_error("cannot read " + display_name(path) + ": " + std::strerror(errno));
    struct closer {
      std::FILE* f;
      ~closer() {
        if (f != stdin) std::fclose(f);
      }
    } close_f{f};
    std::string input;
    std::size_t first = 0;
    if (!read_head(f, path, inv.parse.syntax.allow_bom, input, first)) return exit_usage;
    const jot::result<void> elements = jot::path::elements_supported(*q);
    const bool array = first < input.size() && input[first] == '[';
    if (array && elements) return run_elements(inv, *q, path, f, input);
    if (!streamable) {
      report_query_error(text, array ? elements.error() : streamable.error());
      return exit_usage;
    }
    if (!read_rest(f, path, input)) return exit_usage;
    std::string_view json = input;
    const bool bom = json.size() >= 3 && json.substr(0, 3) == "\xEF\xBB\xBF";
    if (bom && inv.parse.syntax.allow_bom) json.remove_prefix(3);
    status = one(json, [&](jot::error e) {
      if (bom && inv.parse.syntax.allow_bom) {  // offsets count from the file's first byte
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
  // Paths only when they are printed: without them a wide result takes half the time.
  jot::path::options base;
  base.paths = inv.paths;
  const jot::result<jot::path::query> q = jot::path::compile(text, query_arena, base);
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
    jot::path::options o = base;
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
