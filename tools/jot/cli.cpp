// tools/jot/cli.cpp - input, parsing, output and error reporting shared by
// the subcommands.
#include "cli.h"

#include <cerrno>
#include <cinttypes>
#include <cstdio>
#include <cstring>

namespace jot_cli {

std::string display_name(std::string_view path) {
  return path == "-" ? std::string("<stdin>") : std::string(path);
}

int usage_error(const std::string& text) {
  std::fprintf(stderr, "jot: %s\n", text.c_str());
  return exit_usage;
}

namespace {

// Prints "jot: cannot read NAME: reason" for the errno value err.
bool read_failed(std::string_view path, int err) {
  std::fprintf(stderr, "jot: cannot read %s: %s\n", display_name(path).c_str(),
               std::strerror(err));
  return false;
}

}  // namespace

bool read_input(std::string_view path, std::string& out) {
  out.clear();
  const bool from_stdin = path == "-";
  std::FILE* f = stdin;
  if (!from_stdin) {
    const std::string p(path);
    f = std::fopen(p.c_str(), "rb");
    if (f == nullptr) return read_failed(path, errno);
  }
  // Read in growing chunks: standard input and pipes have no size to ask for,
  // and doubling keeps the copying linear for large files.
  std::size_t chunk = 64 * 1024;
  for (;;) {
    const std::size_t used = out.size();
    out.resize(used + chunk);
    const std::size_t got = std::fread(out.data() + used, 1, chunk, f);
    out.resize(used + got);
    if (got < chunk) break;
    if (chunk < (std::size_t{64} << 20)) chunk *= 2;
  }
  // A directory opens fine on POSIX; the read then fails with EISDIR.
  const bool failed = std::ferror(f) != 0;
  const int err = errno;
  if (!from_stdin) std::fclose(f);
  if (failed) return read_failed(path, err != 0 ? err : EIO);
  return true;
}

jot::result<jot::document> parse_input(std::string_view path, std::string_view text,
                                       jot::arena& a, const jot::parse_options& options) {
  jot::result<jot::document> doc = jot::parse(text, a, options);
  if (!doc) {
    const jot::error& e = doc.error();
    const std::string name = display_name(path);
    // Errors without a position (e.g. allocation failure) have line 0.
    if (e.line != 0)
      std::fprintf(stderr, "%s:%" PRIu64 ":%" PRIu64 ": %s\n", name.c_str(), e.line, e.column,
                   e.message);
    else
      std::fprintf(stderr, "%s: %s\n", name.c_str(), e.message);
  }
  return doc;
}

jot::write_options output_options(const invocation& inv, bool pretty) {
  jot::write_options options;
  if (pretty) {
    // --tab alone means one tab per level, as jq's --tab; --indent N sets the count.
    options.indent = inv.tab && !inv.indent_given ? 1 : inv.indent;
    options.use_tabs = inv.tab;
  }
  return options;
}

int emit(jot::value v, const jot::write_options& options, bool sort_keys) {
  // Streamed through stdio a block at a time: the output never sits in memory
  // whole (pretty-printing deep nesting multiplies the input's size).
  const jot::sink out = jot::file_sink(stdout);
  jot::error e = sort_keys ? write_sorted(v, out, options) : jot::write(v, out, options).error();
  if (e.code == jot::error_code::invalid_writer_call) {  // only nesting past the writer's cap
    std::fprintf(stderr, "jot: --sort-keys takes nesting up to %u levels\n",
                 static_cast<unsigned>(jot::writer::depth_cap));
    return exit_invalid;
  }
  if (!e.ok() || std::fputc('\n', stdout) == EOF || std::fflush(stdout) != 0) {
    std::fprintf(stderr, "jot: cannot write output: %s\n", std::strerror(errno));
    return exit_usage;
  }
  return exit_ok;
}

int run_rewrite(const invocation& inv, const jot::write_options& options) {
  if (inv.operands.size() > 1)
    return usage_error(std::string(inv.command) + " takes one FILE, got " +
                       std::to_string(inv.operands.size()));
  const std::string_view path = inv.operands.empty() ? std::string_view("-") : inv.operands[0];
  std::string text;
  if (!read_input(path, text)) return exit_usage;
  jot::arena a;  // malloc-backed, grows as needed; freed on return
  jot::result<jot::document> doc = parse_input(path, text, a, inv.parse);
  if (!doc) return exit_invalid;
  return emit(doc->root(), options, inv.sort_keys);
}

}  // namespace jot_cli
