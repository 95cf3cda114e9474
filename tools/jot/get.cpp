// tools/jot/get.cpp - `jot get [OPTIONS] FILE POINTER...` (main.cpp's usage lists them): prints
// the values RFC 6901 JSON Pointers select ("" is the whole document, "/a/0"
// member a's first element, "~1" is '/' and "~0" is '~' inside a reference
// token), one line per pointer, in the order given; with -l (--ndjson), one
// line per pointer for every line's document in turn.
//
// An absent value reports "NAME: POINTER: message" on stderr and makes the
// exit status 1. When several values are printed (several pointers, or -l),
// it also prints an empty line (no JSON value prints as one) so that line k
// still answers pointer k; so does every pointer of a bad -l document, after
// its parse error. One pointer into one document prints nothing then. A malformed pointer is a usage
// error (exit 2), like any other bad argument. With -r (--raw) a string is
// printed as its bytes, without quotes or escapes, like `jq -r`; other values
// are printed as JSON.
#include <algorithm>
#include <cstdio>

#include "cli.h"

namespace jot_cli {

namespace {

// Prints the value of every pointer in doc (or, when aligned, an empty line
// for each absent one, or for each when doc failed). suffix follows the
// messages of absent values. Returns
// exit_usage when the output failed, else exit_invalid if a value was
// absent, else exit_ok.
int print_values(const jot::result<jot::document>& doc, const std::vector<std::string_view>& pointers,
                 std::string_view path, const std::string& suffix, const jot::write_options& options,
                 bool raw, bool aligned, output& out) {
  int status = doc ? exit_ok : exit_invalid;
  for (std::string_view pointer : pointers) {
    if (!doc) {
      if (aligned && !out.line("")) return exit_usage;
      continue;
    }
    jot::result<jot::value> found = doc->at_pointer(pointer);
    bool written;
    if (!found) {
      // The syntax was checked up front, so only a lookup failure is left.
      std::fprintf(stderr, "%s: %s: %s%s\n", display_name(path).c_str(), std::string(pointer).c_str(),
                   found.error().message, suffix.c_str());
      status = exit_invalid;
      written = !aligned || out.line("");
    } else if (raw && found->is_string()) {
      written = out.line(*found->get_string());
    } else {
      written = out.value(*found, options);
    }
    if (!written) return exit_usage;  // run_get asks out which status that is
  }
  return status;
}

}  // namespace

int run_get(const invocation& inv) {
  if (inv.operands.size() < 2)
    return usage_error("get takes FILE and one or more POINTERs, got " +
                       std::to_string(inv.operands.size()) + " operand(s)");
  const std::string_view path = inv.operands[0];
  const std::vector<std::string_view> pointers(inv.operands.begin() + 1, inv.operands.end());
  // Checked before reading so that a typo fails fast, even on a large file.
  for (std::string_view pointer : pointers)
    if (const jot::result<void> r = jot::check_pointer(pointer); !r)
      return usage_error("invalid JSON Pointer '" + std::string(pointer) + "': " + r.error().message +
                         " (byte " + std::to_string(r.error().offset + 1) + ")");

  // --indent and --tab imply --pretty.
  const jot::write_options options = output_options(inv, inv.pretty || inv.indent_given || inv.tab);
  const bool aligned = pointers.size() > 1 || inv.ndjson;
  output out(inv.sort_keys);
  int status = exit_ok;
  if (inv.ndjson) {
    const int read = for_each_document(path, inv.parse, inv.threads, [&](jot::result<jot::document>& d, std::size_t n) {
      const int s = print_values(d, pointers, path, " (document " + std::to_string(n) + ")", options,
                                 inv.raw, aligned, out);
      status = std::max(status, s);
      return s != exit_usage;
    });
    status = std::max(status, read);
  } else {
    std::string text;
    if (!read_input(path, text)) return exit_usage;
    jot::arena a;
    jot::result<jot::document> doc = parse_input(path, text, a, inv.parse);
    if (!doc) return exit_invalid;
    status = print_values(doc, pointers, path, "", options, inv.raw, aligned, out);
  }
  if (status == exit_usage) return out.failure();  // the output failed, or --sort-keys' depth
  if (!out.flush()) return exit_usage;
  return status;
}

}  // namespace jot_cli
