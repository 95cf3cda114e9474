// tools/jot/cli.h - what the jot command's subcommands share.
//
// The tool is an ordinary program, not library code: it may use std::string,
// stdio and errno. It still builds with -fno-exceptions -fno-rtti, so nothing
// here throws or relies on a catch (an allocation failure aborts).
//
// Exit codes, stable and documented in docs/cli.md:
//   0  success
//   1  the input is not valid JSON, `get` found no value at the pointer, a
//      patch failed, or a query's evaluation reached a limit
//   2  usage error (bad arguments) or I/O error (unreadable input, failed write)
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "jot/jot.h"
#include "jot/parallel.h"

namespace jot_cli {

enum exit_status : int {
  exit_ok = 0,
  exit_invalid = 1,  // invalid JSON or an absent value
  exit_usage = 2,    // bad arguments or I/O failure
};

// The command line after option parsing. Options may appear before or after
// the subcommand; everything after "--" is an operand.
struct invocation {
  std::string_view command;
  std::vector<std::string_view> operands;  // in order; "-" names standard input
  jot::parse_options parse;                // --comments, --trailing-commas, --allow-bom, --max-depth;
                                           // keep_number_text unless --normalize-numbers (commands
                                           // that write JSON)
  std::uint32_t indent = 2;                // --indent N (pretty, and get --pretty)
  bool indent_given = false;
  bool pretty = false;                     // get --pretty
  bool tab = false;                        // --tab: indent with tabs (one per level by default)
  bool sort_keys = false;                  // --sort-keys: object members sorted by key bytes
  bool normalize_numbers = false;          // --normalize-numbers: numbers written from their value
                                           // (shortest double, ".0" on whole doubles), not as written
  bool raw = false;                        // get, query -r / --raw: strings without quotes or escapes
  bool paths = false;                      // query --paths: normalized paths instead of values
  bool stream = false;                     // query --stream: evaluated in one pass, no DOM
  std::size_t window = 0;                  // query --stream --window N: the stream window's fixed
                                           // size (0: 1 MB, growing up to max_line_window)
  bool ndjson = false;                     // -l / --ndjson: one document per line (validate,
                                           // minify, get)
  std::uint32_t threads = 1;               // --threads N: threads parsing -l input (0 = all cores)
  bool threads_given = false;
};

// Each subcommand validates its operands and returns an exit_status.
int run_validate(const invocation& inv);
int run_minify(const invocation& inv);
int run_pretty(const invocation& inv);
int run_get(const invocation& inv);
int run_patch(const invocation& inv);
int run_merge(const invocation& inv);
int run_query(const invocation& inv);

// patch and merge (patch.cpp): reads FILE and PATCH, calls edit on a mutable
// copy of FILE's document and prints it. edit reports its own failure,
// naming PATCH (patch_name), and returns false; that exits 1.
using edit_function = bool (*)(jot::mutable_document& doc, jot::value patch,
                               const std::string& patch_name);
int run_edit(const invocation& inv, edit_function edit);

// The name to show for an operand: "<stdin>" for "-", else the path as given.
std::string display_name(std::string_view path);

// Prints "jot: " + text + newline to stderr and returns exit_usage.
int usage_error(const std::string& text);

// Reads the whole file (or standard input for "-") into out. On failure prints
// "jot: cannot read NAME: reason" and returns false.
bool read_input(std::string_view path, std::string& out);

// Appends the rest of f (path names it) to out. On failure prints "jot:
// cannot read NAME: reason" and returns false.
bool read_rest(std::FILE* f, std::string_view path, std::string& out);

// Parses text into a with the invocation's options. On failure prints
// "NAME:LINE:COL: message" (or "NAME: message" for errors without a position)
// and returns the failed result.
jot::result<jot::document> parse_input(std::string_view path, std::string_view text,
                                       jot::arena& a, const jot::parse_options& options);

// Prints "NAME:LINE:COL: message" (or "NAME: message" for errors without a
// position) and then suffix to stderr.
void report_parse_error(std::string_view path, const jot::error& e, const std::string& suffix = "");

// The write options of --indent/--tab (pretty is false for compact output).
jot::write_options output_options(const invocation& inv, bool pretty);

// Standard output. Values stream through stdio a block at a time, so no
// output sits in memory whole (pretty-printing deep nesting multiplies the
// input's size); with sort_keys, object members come in key byte order. Each
// call returns false after printing why it failed; failure() then says
// which exit status that is.
class output {
 public:
  explicit output(bool sort_keys = false) : sort_keys_(sort_keys) {}
  // v as JSON, then a newline.
  bool value(jot::value v, const jot::write_options& options);
  // The bytes of text as they are, then a newline.
  bool line(std::string_view text);
  // Flushes stdout.
  bool flush();
  // exit_invalid when --sort-keys met nesting deeper than the writer takes,
  // else exit_usage (the output could not be written).
  int failure() const { return failure_; }

 private:
  bool write_failed();
  bool sort_keys_;
  int failure_ = exit_usage;
};

// Writes v as JSON plus a trailing newline to standard output (see output).
// Returns exit_ok, or output::failure() after printing why it failed.
int emit(jot::value v, const jot::write_options& options, bool sort_keys);

// Writes v to out like jot::write, but every object's members sorted by key
// bytes (stable: duplicate keys keep their order). Walks the document with an
// explicit stack (no recursion) through jot::writer, so nesting is limited to
// jot::writer::depth_cap levels: deeper fails with invalid_writer_call.
jot::error write_sorted(jot::value v, jot::sink out, const jot::write_options& options);

// Progress of a long read of standard input, on stderr: bytes and documents,
// once a second, and only when stderr is a terminal (never in a pipe or a log).
class progress {
 public:
  progress();
  // Called after each document; cheap until another megabyte has been read.
  void update(std::uint64_t bytes, std::size_t documents) {
    if (enabled_ && bytes >= next_check_) tick(bytes, documents);
  }
  // Erases the progress line (before an error message, and at the end).
  void clear();

 private:
  void tick(std::uint64_t bytes, std::size_t documents);
  bool enabled_;
  bool shown_ = false;
  std::uint64_t next_check_ = 0;
  std::int64_t next_print_ns_ = 0;
};

// One document d, the n-th (from 1) of an NDJSON input: a failed one is
// reported as "NAME:LINE:COL: message (document N)" (a read error as "cannot
// read"), then each(d, n) is called. Returns exit_usage when the input could
// not be read or each returned false (it could not write): stop then; else
// exit_invalid for a bad document, exit_ok for a good one.
template <class Each>
int take_document(std::string_view path, jot::result<jot::document>& d, std::size_t n, progress* shown,
                  Each& each) {
  if (!d) {
    if (shown != nullptr) shown->clear();
    if (d.error().code == jot::error_code::io_error) {
      std::fprintf(stderr, "jot: cannot read %s: %s\n", display_name(path).c_str(), d.error().message);
      return exit_usage;
    }
    report_parse_error(path, d.error(), " (document " + std::to_string(n) + ")");
  }
  if (!each(d, n)) return exit_usage;
  return d ? exit_ok : exit_invalid;
}

// Calls each(d, n) for every document d of reader (documents or
// jot::stream_reader, reading NDJSON), n counting them from 1, as
// take_document does. Every line is read, whatever fails. Returns exit_usage
// as soon as take_document does, else exit_invalid if any document was bad,
// else exit_ok.
template <class Reader, class Each>
int each_document(std::string_view path, Reader& reader, progress* shown, Each&& each) {
  while (reader.next()) {
    if (take_document(path, reader.current(), reader.index() + 1, shown, each) == exit_usage) return exit_usage;
    if constexpr (requires { reader.bytes_read(); })
      if (shown != nullptr) shown->update(reader.bytes_read(), reader.count());
  }
  if (shown != nullptr) shown->clear();
  return reader.error_count() != 0 ? exit_invalid : exit_ok;
}

// The window through which standard input streams: it starts at 1 MB and
// grows for a longer line up to this size (a longer line is reported as too
// long, and the next lines are still read).
inline constexpr std::size_t max_line_window = std::size_t{1} << 30;

// Standard input, counting the bytes read (for the progress line).
struct counted_stdin {
  jot::source in = jot::fd_source(0);
  std::uint64_t bytes = 0;  // written by the reading worker between blocks

  jot::result<std::size_t> read(char* buffer, std::size_t size) noexcept {
    jot::result<std::size_t> n = in.read(in.context, buffer, size);
    if (n) bytes += *n;
    return n;
  }
};

// Calls each(d, n) for every document of the operand path read as NDJSON
// (see each_document), parsed by `threads` workers (0: one per core;
// jot/parallel.h), each into its own arena, the documents still handed to
// each in order, one at a time. A file is read whole, then split into lines.
// Standard input ("-") streams through a window (jot::stream_reader, or
// jot::parallel_stream on several threads), so `cat big.ndjson | jot validate
// -l -` runs in memory bounded by its longest line, with progress on a
// terminal. Returns exit_usage when path cannot be read.
template <class Each>
int for_each_document(std::string_view path, const jot::parse_options& options, std::uint32_t threads,
                      Each&& each) {
  jot::arena a;  // reset for every document: its memory is reused
  if (threads == 0) threads = std::max(1u, std::thread::hardware_concurrency());
  const jot::stream_window window{nullptr, std::size_t{1} << 20, jot::malloc_allocator(), max_line_window};
  if (path == "-" && threads == 1) {
    jot::stream_reader reader(jot::parser(options), jot::fd_source(0), window, a,
                              {.format = jot::document_format::ndjson, .continue_after_error = true});
    progress shown;
    return each_document(path, reader, &shown, each);
  }
  if (path == "-") {
    counted_stdin in;
    progress shown;
    std::vector<jot::arena> arenas(threads);  // reset per chunk: their memory is reused
    int status = exit_ok;
    jot::parse_parallel(jot::parser(options), jot::source::of(in), window, arenas, {.continue_after_error = true},
                        [&](std::size_t index, jot::result<jot::document>& d, std::string_view) {
                          status = std::max(status, take_document(path, d, index + 1, &shown, each));
                          shown.update(in.bytes, index + 1);
                          return status != exit_usage;
                        });
    shown.clear();
    return status;
  }
  std::string text;
  if (!read_input(path, text)) return exit_usage;
  if (threads == 1) {
    jot::documents docs(jot::parser(options), text, a,
                        {.format = jot::document_format::ndjson, .continue_after_error = true});
    return each_document(path, docs, nullptr, each);
  }
  std::vector<jot::arena> arenas(threads);  // reset per chunk: their memory is reused
  int status = exit_ok;
  jot::parse_parallel(jot::parser(options), text, arenas, {.continue_after_error = true},
                      [&](std::size_t index, jot::result<jot::document>& d, std::string_view) {
                        status = std::max(status, take_document(path, d, index + 1, nullptr, each));
                        return status != exit_usage;
                      });
  return status;
}

// Reads, parses and prints the single operand (default "-") of minify/pretty.
int run_rewrite(const invocation& inv, const jot::write_options& options);

}  // namespace jot_cli
