// src/patch/merge_patch.cpp - JSON Merge Patch (RFC 7396) on the mutable
// document (jot/patch.h), atomic through patch_edits.h's undo log.
//
// The merge walks the patch through the tape in document order, with the open
// containers in a detail::open_stack and the document side followed by parent
// links: no recursion, fixed memory.
#include "jot/patch.h"

#include "dom/open_stack.h"
#include "patch/patch_edits.h"

namespace jot {

// ---- JSON Merge Patch ----------------------------------------------------------

namespace {

using namespace detail::patch_edits;  // the undo log and the edits both patches make
using detail::mut_node;
using detail::node;

// RFC 7396 section 2, as a loop over the patch's objects in document order;
// target is the document's object paired with the innermost open one.
error merge(editor& ed, const node* patch) noexcept {
  mut_node* target = ed.doc().root().node();
  if (patch->kind() != detail::kind_object || target->kind() != detail::kind_object) {
    mut_node* r = ed.copy(patch->kind() == detail::kind_object ? mut_init(object_init{})
                                                               : mut_init(jot::value(patch)));
    if (r == nullptr) return fail(error_code::capacity_exceeded);
    if (error e = ed.set_root(r); !e.ok()) return e;
    target = r;
    if (patch->kind() != detail::kind_object) return error{};
  }
  if (patch->length() == 0) return error{};
  detail::open_stack open(patch);
  open.push(patch);
  mut_node* prev = nullptr;  // target's member value handled last
  const node* t = patch + 1;
  for (;;) {
    const std::string_view key(t->str, t->length());
    const node* v = t + 1;
    const member_at m = find_member(target, prev, key);
    mut_node* r = nullptr;  // the member's new value
    if (v->kind() == detail::kind_null) {
      if (m.key != nullptr)
        if (error e = ed.unlink(target, m.after, m.key, m.key->next); !e.ok()) return e;
      prev = m.key != nullptr ? m.after : prev;
    } else {
      const bool merge_into = v->kind() == detail::kind_object && m.key != nullptr &&
                              m.key->next->kind() == detail::kind_object;
      if (merge_into) {
        r = m.key->next;
      } else {
        r = ed.copy(v->kind() == detail::kind_object ? mut_init(object_init{})
                                                     : mut_init(jot::value(v)));
        if (r == nullptr) return fail(error_code::capacity_exceeded);
        error e = m.key != nullptr ? ed.replace(target, m.key, m.key->next, r)
                                   : ed.append(target, key, r);
        if (!e.ok()) return e;
      }
      prev = r;
      if (v->kind() == detail::kind_object && v->length() != 0) {
        open.push(v);
        target = r;
        prev = nullptr;
        t = v + 1;
        continue;
      }
    }
    t = v->next();
    while (t == open.end()) {
      open.pop(t);
      if (open.empty()) return error{};
      prev = target;
      target = target->parent;
    }
  }
}

}  // namespace

result<void> merge_patch(mutable_document& doc, jot::value patch) noexcept {
  if (!patch.exists()) return fail(error_code::not_found, "the merge patch is absent");
  editor ed(doc);
  error e = doc.root().exists() ? merge(ed, patch.node()) : fail(error_code::capacity_exceeded);
  if (!e.ok()) ed.roll_back();
  return e;
}

}  // namespace jot
