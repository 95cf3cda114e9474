// tools/jot/cli.cpp - input, parsing, output and error reporting shared by
// the subcommands.
#include "cli.h"

#include <cerrno>
#include <chrono>
#include <cinttypes>
#include <cstdio>
#include <cstring>

#include <unistd.h>

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
  const bool read = read_rest(f, path, out);
  if (!from_stdin) std::fclose(f);
  return read;
}

bool read_rest(std::FILE* f, std::string_view path, std::string& out) {
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
  if (std::ferror(f) != 0) return read_failed(path, errno != 0 ? errno : EIO);
  return true;
}

void report_parse_error(std::string_view path, const jot::error& e, const std::string& suffix) {
  const std::string name = display_name(path);
  // Errors without a position (e.g. allocation failure) have line 0.
  if (e.line != 0)
    std::fprintf(stderr, "%s:%" PRIu64 ":%" PRIu64 ": %s%s\n", name.c_str(), e.line, e.column,
                 e.message, suffix.c_str());
  else
    std::fprintf(stderr, "%s: %s%s\n", name.c_str(), e.message, suffix.c_str());
}

jot::result<jot::document> parse_input(std::string_view path, std::string_view text,
                                       jot::arena& a, const jot::parse_options& options) {
  jot::result<jot::document> doc = jot::parse(text, a, options);
  if (!doc) report_parse_error(path, doc.error());
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

bool output::value(jot::value v, const jot::write_options& options) {
  const jot::sink out = jot::file_sink(stdout);
  const jot::error e = sort_keys_ ? write_sorted(v, out, options) : jot::write(v, out, options).error();
  if (e.code == jot::error_code::invalid_writer_call) {  // only nesting past the writer's cap
    std::fprintf(stderr, "jot: --sort-keys takes nesting up to %u levels\n",
                 static_cast<unsigned>(jot::writer::depth_cap));
    failure_ = exit_invalid;
    return false;
  }
  if (!e.ok() || std::fputc('\n', stdout) == EOF) return write_failed();
  return true;
}

bool output::line(std::string_view text) {
  if (std::fwrite(text.data(), 1, text.size(), stdout) != text.size() || std::fputc('\n', stdout) == EOF)
    return write_failed();
  return true;
}

bool output::flush() { return std::fflush(stdout) == 0 || write_failed(); }

bool output::write_failed() {
  std::fprintf(stderr, "jot: cannot write output: %s\n", std::strerror(errno));
  failure_ = exit_usage;
  return false;
}

int emit(jot::value v, const jot::write_options& options, bool sort_keys) {
  output out(sort_keys);
  return out.value(v, options) && out.flush() ? exit_ok : out.failure();
}

progress::progress() : enabled_(isatty(2) == 1) {}

void progress::tick(std::uint64_t bytes, std::size_t documents) {
  next_check_ = bytes + (std::uint64_t{1} << 20);
  const std::int64_t now = std::chrono::duration_cast<std::chrono::nanoseconds>(
                               std::chrono::steady_clock::now().time_since_epoch())
                               .count();
  if (next_print_ns_ == 0) next_print_ns_ = now + 1000000000;  // quiet for the first second
  if (now < next_print_ns_) return;
  next_print_ns_ = now + 1000000000;
  std::fprintf(stderr, "\r\x1b[Kjot: %" PRIu64 " MB, %zu documents", bytes >> 20, documents);
  shown_ = true;
}

void progress::clear() {
  if (!shown_) return;
  std::fputs("\r\x1b[K", stderr);
  shown_ = false;
}

int run_rewrite(const invocation& inv, const jot::write_options& options) {
  if (inv.operands.size() > 1)
    return usage_error(std::string(inv.command) + " takes one FILE, got " +
                       std::to_string(inv.operands.size()));
  const std::string_view path = inv.operands.empty() ? std::string_view("-") : inv.operands[0];
  if (inv.ndjson) {
    output out(inv.sort_keys);
    const int status = for_each_document(path, inv.parse, inv.threads,
        [&](jot::result<jot::document>& d, std::size_t) { return !d || out.value(d->root(), options); });
    if (status == exit_usage) return out.failure();
    return out.flush() ? status : exit_usage;
  }
  std::string text;
  if (!read_input(path, text)) return exit_usage;
  jot::arena a;  // malloc-backed, grows as needed; freed on return
  jot::result<jot::document> doc = parse_input(path, text, a, inv.parse);
  if (!doc) return exit_invalid;
  return emit(doc->root(), options, inv.sort_keys);
}

}  // namespace jot_cli
