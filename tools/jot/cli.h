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
  bool raw = false;                        // get -r / --raw: strings without quotes or escapes
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

// Writes v as JSON plus a trailing newline to standard output. Returns
// exit_ok, or exit_usage after printing why the output could not be written.
int emit(jot::value v, const jot::write_options& options);

// Reads, parses and prints the single operand (default "-") of minify/pretty.
int run_rewrite(const invocation& inv, const jot::write_options& options);

}  // namespace jot_cli
