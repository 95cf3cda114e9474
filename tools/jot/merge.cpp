// tools/jot/merge.cpp - `jot merge [--indent N] FILE PATCH`: applies an RFC
// 7396 JSON Merge Patch to FILE and prints the result, compact or indented
// (run_edit in patch.cpp does the reading and printing). PATCH's objects merge
// member by member, null removes a member, anything else replaces; a PATCH
// that is not an object replaces the whole document.
#include <cstdio>

#include "cli.h"

namespace jot_cli {

int run_merge(const invocation& inv) {
  return run_edit(inv, [](jot::mutable_document& doc, jot::value patch, const std::string& name) {
    const jot::result<void> r = jot::merge_patch(doc, patch);
    if (r) return true;
    std::fprintf(stderr, "%s: %s\n", name.c_str(), r.error().message);
    return false;
  });
}

}  // namespace jot_cli
