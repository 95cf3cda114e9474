// tools/jot/get.cpp - `jot get [--pretty | -r] FILE POINTER`: prints the value
// an RFC 6901 JSON Pointer selects ("" is the whole document, "/a/0" member a's
// first element, "~1" is '/' and "~0" is '~' inside a reference token).
//
// An absent value exits 1 with "NAME: POINTER: message"; a malformed pointer
// is a usage error (exit 2), like any other bad argument. With -r (--raw) a
// string is printed as its bytes, without quotes or escapes, like `jq -r`;
// other values are printed as JSON.
#include <cerrno>
#include <cstdio>
#include <cstring>

#include "cli.h"

namespace jot_cli {

namespace {

// Writes the string's bytes and a newline to standard output, as they are.
int emit_raw(std::string_view s) {
  if (std::fwrite(s.data(), 1, s.size(), stdout) != s.size() || std::fputc('\n', stdout) == EOF ||
      std::fflush(stdout) != 0) {
    std::fprintf(stderr, "jot: cannot write output: %s\n", std::strerror(errno));
    return exit_usage;
  }
  return exit_ok;
}

}  // namespace

int run_get(const invocation& inv) {
  if (inv.operands.size() != 2)
    return usage_error("get takes FILE and POINTER, got " + std::to_string(inv.operands.size()) +
                       " operand(s)");
  const std::string_view path = inv.operands[0];
  const std::string_view pointer = inv.operands[1];
  // Checked before reading so that a typo fails fast, even on a large file.
  if (const jot::error e = jot::check_pointer(pointer); !e.ok())
    return usage_error("invalid JSON Pointer '" + std::string(pointer) + "': " + e.message +
                       " (byte " + std::to_string(e.offset + 1) + ")");

  std::string text;
  if (!read_input(path, text)) return exit_usage;
  jot::arena a;
  jot::result<jot::document> doc = parse_input(path, text, a, inv.parse);
  if (!doc) return exit_invalid;

  jot::result<jot::value> found = doc->at_pointer(pointer);
  if (!found) {
    // The syntax was checked above, so only a lookup failure is left.
    const jot::error& e = found.error();
    std::fprintf(stderr, "%s: %s: %s\n", display_name(path).c_str(), std::string(pointer).c_str(),
                 e.message);
    return exit_invalid;
  }
  if (inv.raw && found->is_string()) return emit_raw(*found->get_string());
  // --indent and --tab imply --pretty.
  return emit(*found, output_options(inv, inv.pretty || inv.indent_given || inv.tab), inv.sort_keys);
}

}  // namespace jot_cli
