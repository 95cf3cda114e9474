// tools/jot/cli.h - what the jot command's subcommands share.
//
// The tool is an ordinary program, not library code: it may use std::string,
// stdio and errno. It still builds with -fno-exceptions -fno-rtti, so nothing
// here throws or relies on a catch (an allocation failure aborts).
//
// Exit codes, stable and documented in docs/cli.md:
//   0  success
//   1  the input is not valid JSON, `get` found no value at the pointer, or
//      a patch failed
//   2  usage error (bad arguments) or I/O error (unreadable input, failed write)
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "jot/jot.h"

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
  jot::parse_options parse;                // --comments, --trailing-commas, --allow-bom, --max-depth
  std::uint32_t indent = 2;                // --indent N (pretty, and get --pretty)
  bool indent_given = false;
  bool pretty = false;                     // get --pretty
  bool tab = false;                        // --tab: indent with tabs (one per level by default)
  bool sort_keys = false;                  // --sort-keys: object members sorted by key bytes
  bool raw = false;                        // get -r / --raw: strings without quotes or escapes
  bool ndjson = false;                     // -l / --ndjson: one document per line (validate,
                                           // minify, get)
};

// Each subcommand validates its operands and returns an exit_status.
int run_validate(const invocation& inv);
int run_minify(const invocation& inv);
int run_pretty(const invocation& inv);
int run_get(const invocation& inv);
int run_patch(const invocation& inv);
int run_merge(const invocation& inv);

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

// Calls each(d, n) for every document d of text read as NDJSON, n counting
// them from 1: a good one, or a failed one whose error was already reported
// as "NAME:LINE:COL: message (document N)". Every line is read, whatever
// fails. Returns exit_usage as soon as each returns false (it could not
// write), else exit_invalid if any document was bad, else exit_ok.
template <class Each>
int for_each_document(std::string_view path, std::string_view text,
                      const jot::parse_options& options, Each&& each) {
  jot::arena a;  // reset for every document: its memory is reused
  jot::documents docs(jot::parser(options), text, a,
                      {.format = jot::document_format::ndjson, .continue_after_error = true});
  for (jot::result<jot::document>& d : docs) {
    const std::size_t n = docs.index() + 1;
    if (!d) report_parse_error(path, d.error(), " (document " + std::to_string(n) + ")");
    if (!each(d, n)) return exit_usage;
  }
  return docs.error_count() != 0 ? exit_invalid : exit_ok;
}

// Reads, parses and prints the single operand (default "-") of minify/pretty.
int run_rewrite(const invocation& inv, const jot::write_options& options);

}  // namespace jot_cli
