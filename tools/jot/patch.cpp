// tools/jot/patch.cpp - `jot patch [--indent N] FILE PATCH`: applies an RFC
// 6902 JSON Patch to FILE and prints the result, compact or indented. Also
// what `jot merge` (merge.cpp) shares with it: reading both inputs, editing a
// mutable copy of FILE's document and printing it.
//
// A patch that fails (a malformed operation, a missing location, a "test"
// that does not match) prints nothing on standard output and exits 1 with
// "PATCH: operation N (POINTER): message" on standard error; operations count
// from 0 and nothing of the patch is applied.
#include <cstdio>

#include "cli.h"

namespace jot_cli {

int run_edit(const invocation& inv, edit_function edit) {
  if (inv.operands.size() != 2)
    return usage_error(std::string(inv.command) + " takes FILE and PATCH, got " +
                       std::to_string(inv.operands.size()) + " operand(s)");
  const std::string_view path = inv.operands[0];
  const std::string_view patch_path = inv.operands[1];
  if (path == "-" && patch_path == "-")
    return usage_error("FILE and PATCH cannot both be standard input");

  std::string text, patch_text;
  if (!read_input(path, text) || !read_input(patch_path, patch_text)) return exit_usage;
  jot::arena a;  // both parsed documents and the edited copy; malloc-backed
  jot::result<jot::document> doc = parse_input(path, text, a, inv.parse);
  if (!doc) return exit_invalid;
  jot::result<jot::document> patch = parse_input(patch_path, patch_text, a, inv.parse);
  if (!patch) return exit_invalid;

  jot::mutable_document edited(a);
  if (!edited.set_root(doc->root()).ok()) {
    std::fprintf(stderr, "jot: out of memory\n");
    return exit_usage;
  }
  if (!edit(edited, patch->root(), display_name(patch_path))) return exit_invalid;

  // Printed through an immutable copy, so that the output goes the way of
  // every other command's (emit).
  jot::result<jot::document> result = jot::to_document(edited.root(), a);
  if (!result) {
    std::fprintf(stderr, "jot: out of memory\n");
    return exit_usage;
  }
  // Compact unless --indent or --tab asks for indentation.
  return emit(result->root(), output_options(inv, inv.indent_given || inv.tab), inv.sort_keys);
}

int run_patch(const invocation& inv) {
  return run_edit(inv, [](jot::mutable_document& doc, jot::value patch, const std::string& name) {
    const jot::patch_result r = jot::apply_patch(doc, patch);
    if (r) return true;
    char message[512];
    r.error().describe(message, sizeof message);
    std::fprintf(stderr, "%s: %s\n", name.c_str(), message);
    return false;
  });
}

}  // namespace jot_cli
