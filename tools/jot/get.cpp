// tools/jot/get.cpp - `jot get [--pretty] FILE POINTER`: prints the value an
// RFC 6901 JSON Pointer selects ("" is the whole document, "/a/0" member a's
// first element, "~1" is '/' and "~0" is '~' inside a reference token).
//
// An absent value exits 1 with "NAME: POINTER: message"; a malformed pointer
// is a usage error (exit 2), like any other bad argument.
#include <cstdio>

#include "cli.h"

namespace jot_cli {

int run_get(const invocation& inv) {
  if (inv.operands.size() != 2)
    return usage_error("get takes FILE and POINTER, got " + std::to_string(inv.operands.size()) +
                       " operand(s)");
  const std::string_view path = inv.operands[0];
  const std::string_view pointer = inv.operands[1];
  // Checked before reading so that a typo fails fast, even on a large file.
  if (!pointer.empty() && pointer.front() != '/')
    return usage_error("invalid JSON Pointer '" + std::string(pointer) +
                       "': must be empty or start with '/'");

  std::string text;
  if (!read_input(path, text)) return exit_usage;
  jot::arena a;
  jot::result<jot::document> doc = parse_input(path, text, a, inv.parse);
  if (!doc) return exit_invalid;

  jot::result<jot::value> found = doc->at_pointer(pointer);
  if (!found || !found->exists()) {
    const jot::error e = found ? jot::make_error(jot::error_code::not_found) : found.error();
    if (e.code == jot::error_code::invalid_pointer)
      return usage_error("invalid JSON Pointer '" + std::string(pointer) + "': " + e.message);
    std::fprintf(stderr, "%s: %s: %s\n", display_name(path).c_str(), std::string(pointer).c_str(),
                 e.message);
    return exit_invalid;
  }
  jot::write_options options;
  if (inv.pretty || inv.indent_given) options.indent = inv.indent;  // --indent implies --pretty
  return emit(*found, options);
}

}  // namespace jot_cli
