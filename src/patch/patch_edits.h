// src/patch/patch_edits.h - the edits JSON Patch (json_patch.cpp) and Merge Patch
// (merge_patch.cpp) make to the mutable document, undone if the patch fails.
// Included by those two files only (namespace detail::patch_edits).
//
// Atomicity by an undo log rather than a copy: each ring edit (link, unlink,
// replace a child, replace the root; mutable_internal.h) is recorded before
// anything can fail after it, and a failed patch undoes the log newest first.
// Undoing in that order restores every ring exactly, so the positions the
// entries hold (the sibling a run follows) are valid when they are replayed.
// A patch thus costs what its operations touch, not the document's size.
#pragma once

#include <cstring>

#include "jot/patch.h"
#include "mutable/mutable_internal.h"

namespace jot::detail::patch_edits {

inline error fail(error_code code, const char* message = nullptr) noexcept {
  error e = make_error(code);
  if (message != nullptr) e.message = message;
  return e;
}

// ---- the undo log ------------------------------------------------------------

enum class undo_kind : std::uint8_t {
  linked,    // first..last was linked into c after `after`
  unlinked,  // first..last was unlinked from c, where it followed `after`
  replaced,  // last took the place of first, a child of c following `after`
  root,      // last became the root in place of first
};

struct undo_entry {
  undo_kind kind;
  mut_node* c;
  mut_node* after;
  mut_node* first;
  mut_node* last;
};

// Entries in chunks, newest last: the first chunk on the C++ stack, further
// ones from the document's arena.
class undo_log {
 public:
  explicit undo_log(mutable_document& d) noexcept : doc_(d) {
    first_.prev = nullptr;  // entries stay uninitialised until recorded
    first_.used = 0;
  }
  undo_log(const undo_log&) = delete;
  undo_log& operator=(const undo_log&) = delete;

  // Makes room for one entry, so that recording it cannot fail.
  bool reserve() noexcept {
    if (top_->used < chunk_entries) return true;
    void* p = doc_.memory().allocate(sizeof(chunk), alignof(chunk));
    if (p == nullptr) return false;
    auto* c = static_cast<chunk*>(p);
    c->prev = top_;
    c->used = 0;
    top_ = c;
    return true;
  }
  void record(const undo_entry& e) noexcept { top_->entries[top_->used++] = e; }

  void roll_back() noexcept {
    for (chunk* c = top_; c != nullptr; c = c->prev)
      while (c->used != 0) undo(c->entries[--c->used]);
    top_ = &first_;
  }

 private:
  static constexpr std::size_t chunk_entries = 64;
  struct chunk {
    chunk* prev;
    std::size_t used;
    undo_entry entries[chunk_entries];
  };

  void undo(const undo_entry& e) noexcept {
    switch (e.kind) {
      case undo_kind::linked:
        detail::unlink_run(e.c, e.after, e.first, e.last);
        break;
      case undo_kind::unlinked:
        detail::link_run(e.c, e.after, e.first, e.last);
        break;
      case undo_kind::replaced:
        detail::replace_child(e.c, e.after, e.last, e.first);
        break;
      case undo_kind::root:
        (void)doc_.set_root(moved(mut_value(e.first, &doc_)));
        break;
    }
  }

  mutable_document& doc_;
  chunk first_;
  chunk* top_ = &first_;
};

// The edits a patch makes, each recorded in the log. A failed edit changes
// nothing; the caller then rolls the whole log back.
class editor {
 public:
  explicit editor(mutable_document& d) noexcept : doc_(d), log_(d), was_ok_(d.ok()) {}

  mutable_document& doc() noexcept { return doc_; }

  // Undoes every recorded edit, and forgets any error the failed patch left
  // in the document.
  void roll_back() noexcept {
    log_.roll_back();
    if (was_ok_) doc_.clear_error();
  }

  // A detached copy of v in the document, or nullptr when memory runs out.
  mut_node* copy(const mut_init& v) noexcept { return doc_.make(v).node(); }

  error link(mut_node* c, mut_node* after, mut_node* first, mut_node* last) noexcept {
    if (!log_.reserve()) return fail(error_code::capacity_exceeded);
    detail::link_run(c, after, first, last);
    log_.record({undo_kind::linked, c, after, first, last});
    return error{};
  }
  error unlink(mut_node* c, mut_node* after, mut_node* first, mut_node* last) noexcept {
    if (!log_.reserve()) return fail(error_code::capacity_exceeded);
    detail::unlink_run(c, after, first, last);
    log_.record({undo_kind::unlinked, c, after, first, last});
    return error{};
  }
  error replace(mut_node* c, mut_node* after, mut_node* n, mut_node* r) noexcept {
    if (!log_.reserve()) return fail(error_code::capacity_exceeded);
    detail::replace_child(c, after, n, r);
    log_.record({undo_kind::replaced, c, after, n, r});
    return error{};
  }
  error set_root(mut_node* r) noexcept {
    if (!log_.reserve()) return fail(error_code::capacity_exceeded);
    mut_node* old = doc_.root().node();               // exists: the patch read it first
    (void)doc_.set_root(moved(mut_value(r, &doc_)));  // r is detached: cannot fail
    log_.record({undo_kind::root, nullptr, nullptr, old, r});
    return error{};
  }
  // Appends the member key: r to object c (the key is copied). Not through
  // mut_value::append, whose check that r is no ancestor of c climbs to the
  // root: r is always detached here, and a climb per member would make deep
  // merges quadratic.
  error append(mut_node* c, std::string_view key, mut_node* r) noexcept {
    mut_node* k = detail::new_key(doc_, key);
    if (k == nullptr) return fail(error_code::capacity_exceeded);
    return link(c, c->last, k, r);
  }

 private:
  mutable_document& doc_;
  undo_log log_;
  bool was_ok_;
};

// ---- objects -----------------------------------------------------------------

inline bool key_is(const mut_node* k, std::string_view key) noexcept {
  return k->length() == key.size() &&
         (key.empty() || std::memcmp(k->str, key.data(), key.size()) == 0);
}

// A member of an object: its key (nullptr when absent) and the node it
// follows (nullptr for the first member; for an absent one, the object's last).
struct member_at {
  mut_node* after;
  mut_node* key;
};

// The member of object c named key, trying first the one after prev (the
// value of the member found last in c, or nullptr), so that members visited
// in the object's own order cost one step each; else the first named key.
inline member_at find_member(const mut_node* c, mut_node* prev, std::string_view key) noexcept {
  if (c->last == nullptr) return {nullptr, nullptr};
  mut_node* k = prev != nullptr ? prev->next : c->first();
  if (key_is(k, key)) return {prev != c->last ? prev : nullptr, k};
  mut_node* after = nullptr;
  k = c->first();
  for (std::uint64_t left = c->length(); left--; after = k->next, k = k->next->next)
    if (key_is(k, key)) return {after, k};
  return {c->last, nullptr};
}

}  // namespace jot::detail::patch_edits
