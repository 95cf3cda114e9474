// jot/patch.h - JSON Patch (RFC 6902) and JSON Merge Patch (RFC 7396) applied
// to a mutable document (jot/mutable.h).
//
//   jot::arena a;
//   auto input = jot::parse(R"({"tags": ["a"]})", a);
//   auto patch = jot::parse(R"([{"op": "add", "path": "/tags/-", "value": "b"}])", a);
//   jot::mutable_document doc(a);
//   if (!input || !patch || !doc.set_root(input->root()).ok()) return;
//   if (jot::patch_result r = jot::apply_patch(doc, patch->root()); !r) {
//     char message[256];
//     r.error().describe(message, sizeof message);  // "operation 0 (/tags/-): <what failed>"
//   }                                       // else doc holds {"tags":["a","b"]}
//
// Atomic: a patch that fails leaves the document exactly as it was (values,
// member order, root and doc.error()). Each edit is recorded in an undo log
// and a failure replays the log backwards. The log's first 64 entries live
// on the C++ stack, later ones in chunks of 64 (2.6 KB) from the document's
// arena; an operation makes at most two. Values a patch adds are copied into the
// document's arena; what a patch removes or replaces, and everything a
// failed patch allocated, stays in the arena until it is reset, like every
// edit of a mutable document.
//
// Nothing recurses on the C++ stack: "test" comparisons and merge patches of
// any depth run in fixed memory (about 11 KB of stack).
//
// The patch is a parsed jot::value; strings it holds (paths, keys) are read
// in place, values it adds are copied. To apply a patch built as a mutable
// document, convert it first: apply_patch(doc, jot::to_document(p, a)->root()).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "jot/error.h"
#include "jot/mutable.h"
#include "jot/value.h"

namespace jot {

// A JSON Patch error: the jot::error (the code and a specific message;
// offset is the offending byte of path() when that pointer is malformed
// (invalid_patch), else 0; line and column are 0), with the index of the
// operation that failed and the JSON Pointer at fault.
class patch_error : public jot::error {
 public:
  // operation() when the failure is not one operation's (the patch is no array).
  static constexpr std::size_t no_operation = SIZE_MAX;

  patch_error() noexcept = default;  // no error
  patch_error(jot::error e, std::size_t operation, std::string_view path) noexcept
      : jot::error(e), operation_(operation), path_(path) {}

  // The 0-based index of the failed operation in the patch array, or no_operation.
  std::size_t operation() const noexcept { return operation_; }
  // The pointer at fault, as written in the patch: the operation's "from"
  // when that location is missing or malformed, else its "path" (empty when
  // the operation has none). A view into the patch: valid while it is.
  std::string_view path() const noexcept { return path_; }
  // Writes "operation 2 (/a/b): message" (or just the message when there is
  // no operation; "ok" on success) into buf, NUL-terminated when capacity >
  // 0, and returns the full length, like snprintf.
  std::size_t describe(char* buf, std::size_t capacity) const noexcept;

 private:
  std::size_t operation_ = no_operation;
  std::string_view path_{};
};

// The outcome of apply_patch: truthy on success, else the patch_error.
using patch_result = result<void, patch_error>;

// Applies the RFC 6902 patch (an array of operation objects) to doc, all or
// nothing. Operations: add, remove, replace, move, copy, test, with RFC 6901
// pointers; "-" is the end of an array; indices have no leading zeros; "add"
// at an existing member replaces its value in place, a new member is
// appended; "add" or "replace" at "" replaces the whole document. "test"
// compares numbers by exact decimal value (jot::value's operator==: digits a
// double cannot hold still count when the numbers keep their text), arrays
// in order and objects as sets of members.
// Members other than op, path, from and value are ignored; any of those four
// appearing twice is invalid. Fails with
//   invalid_patch      a malformed operation: not an object, a missing or
//                      mistyped member, an unknown op, a malformed pointer,
//                      a "move" into its own child, a "remove" of the root;
//   not_found          a location that does not exist (for "add": its parent);
//   patch_test_failed  a "test" whose value differs;
//   capacity_exceeded  the document's arena ran out.
patch_result apply_patch(mutable_document& doc, jot::value patch) noexcept;

// Applies the RFC 7396 merge patch to doc, all or nothing: an object merges
// member by member (null removes a member, an object merges recursively,
// anything else replaces), anything else replaces the whole document. New
// members are appended; replaced ones keep their position. Fails with
// not_found when patch is absent, capacity_exceeded when the arena runs out.
result<void> merge_patch(mutable_document& doc, jot::value patch) noexcept;

}  // namespace jot
