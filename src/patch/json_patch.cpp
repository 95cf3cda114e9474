// src/patch/json_patch.cpp - JSON Patch (RFC 6902) on the mutable document
// (jot/patch.h), atomic through patch_edits.h's undo log.
//
// The "test" comparison walks the patch's value through the tape in document
// order, with the open containers in a detail::open_stack and the document
// side followed by parent links: no recursion, fixed memory.
#include "jot/patch.h"

#include <cstdio>
#include <cstring>

#include "jot/pointer.h"
#include "dom/open_stack.h"
#include "dom/pointer_tokens.h"
#include "patch/patch_edits.h"

namespace jot {

namespace {

using namespace detail::patch_edits;  // the undo log and the edits both patches make
using detail::mut_node;
using detail::node;

// RFC 6902 4.6 equality of the document's value m and the patch's value at t:
// numbers by value, arrays in order, objects as sets of members (each member
// of t paired by find_member; with duplicate keys this pairing may differ from
// a full set comparison).
bool equal_as_json(mut_node* m, const node* t) noexcept {
  if (!detail::node_matches(m, t)) return false;
  if (!t->is_container() || t->length() == 0) return true;
  detail::open_stack open(t);
  open.push(t);
  mut_node* c = m;           // paired with the innermost open container
  mut_node* prev = nullptr;  // c's child paired last
  ++t;
  for (;;) {
    mut_node* d;
    const node* v = t;
    if (open.in_object()) {
      const mut_node* k = find_member(c, prev, std::string_view(t->str, t->length())).key;
      if (k == nullptr) return false;
      d = k->next;
      ++v;
    } else {
      d = prev != nullptr ? prev->next : c->first();
    }
    if (!detail::node_matches(d, v)) return false;
    if (v->is_container() && v->length() != 0) {
      open.push(v);
      c = d;
      prev = nullptr;
      t = v + 1;
      continue;
    }
    prev = d;
    t = v->next();
    while (t == open.end()) {
      open.pop(t);
      if (open.empty()) return true;
      prev = c;
      c = c->parent;
    }
  }
}

// ---- JSON Patch ------------------------------------------------------------------

// Where a pointer leads in the document.
struct location {
  mut_node* parent = nullptr;  // the container; nullptr for "" (the root)
  mut_node* key = nullptr;     // in an object: the member's key, when it exists
  mut_node* target = nullptr;  // the value there, when it exists
  mut_node* after = nullptr;   // the child the target follows (nullptr: the first), or for
                               // a missing one, the child a new one would follow
  std::string_view token;      // the last reference token, still escaped
};

// Resolves pointer (syntax already checked). With for_add, a missing last
// member, "-" and index == size are allowed (target stays nullptr).
error resolve(mut_node* root, std::string_view pointer, bool for_add, location& out) noexcept {
  out = location{};
  if (pointer.empty()) {
    out.target = root;
    return error{};
  }
  const std::size_t slash = pointer.rfind('/');
  result<mut_value> parent = mut_value(root, nullptr).at_pointer(pointer.substr(0, slash));
  if (!parent) return fail(error_code::not_found, "the parent of the location does not exist");
  mut_node* c = parent->node();
  const std::string_view token = pointer.substr(slash + 1);
  out.parent = c;
  out.token = token;
  if (c->kind() == detail::kind_object) {
    out.after = nullptr;
    mut_node* k = c->last != nullptr ? c->first() : nullptr;
    for (std::uint64_t left = c->length(); left--; out.after = k->next, k = k->next->next) {
      if (detail::key_matches_token(std::string_view(k->str, k->length()), token)) {
        out.key = k;
        out.target = k->next;
        return error{};
      }
    }
    out.after = c->last;
    return for_add ? error{} : fail(error_code::not_found, "no such member");
  }
  if (c->kind() != detail::kind_array)
    return fail(error_code::not_found, "the parent of the location is not an object or array");
  std::size_t index = c->length();
  if (token != "-" && !detail::parse_index(token, &index))
    return fail(error_code::not_found, "not an array index");
  if (index > c->length() || (index == c->length() && !for_add))
    return fail(error_code::not_found, "index past the end of the array");
  if (index == c->length()) {  // appending: O(1), the ring knows its last
    out.after = c->last;
    return error{};
  }
  mut_node* e = c->first();
  for (std::size_t i = 0; i < index; ++i) {
    out.after = e;
    e = e->next;
  }
  out.target = e;
  return error{};
}

// Puts the detached node r at loc (from resolve with for_add).
error add_at(editor& ed, const location& loc, mut_node* r) noexcept {
  if (loc.parent == nullptr) return ed.set_root(r);
  if (loc.parent->kind() == detail::kind_array) return ed.link(loc.parent, loc.after, r, r);
  if (loc.key != nullptr) return ed.replace(loc.parent, loc.key, loc.target, r);
  std::string_view key = loc.token;
  if (key.find('~') != std::string_view::npos) {  // decode ~1 and ~0 into the arena
    auto* bytes = static_cast<char*>(ed.doc().memory().allocate(key.size(), 1));
    if (bytes == nullptr) return fail(error_code::capacity_exceeded);
    key = std::string_view(bytes, detail::decode_token(key, bytes));
  }
  return ed.append(loc.parent, key, r);
}

// Unlinks the existing value at loc (not the root).
error remove_at(editor& ed, const location& loc) noexcept {
  if (loc.key != nullptr) return ed.unlink(loc.parent, loc.after, loc.key, loc.target);
  return ed.unlink(loc.parent, loc.after, loc.target, loc.target);
}

enum class op_kind { add, remove, replace, move, copy, test };

// One operation's members, checked for presence and type.
struct operation {
  op_kind op;
  std::string_view path;
  std::string_view from;
  jot::value value;
};

// Reads and checks operation object o. On failure, *at_fault is the pointer to name.
error read_operation(jot::value o, operation& out, std::string_view* at_fault) noexcept {
  if (!o.is_object()) return fail(error_code::invalid_patch, "an operation must be an object");
  jot::value op, path, from;
  out.value = jot::value();
  bool twice = false;
  for (member m : jot::object(o.node())) {
    jot::value* slot = m.key == "op"      ? &op
                       : m.key == "path"  ? &path
                       : m.key == "from"  ? &from
                       : m.key == "value" ? &out.value
                                          : nullptr;
    if (slot == nullptr) continue;  // RFC 6902 section 4: other members are ignored
    twice = twice || slot->exists();
    if (!slot->exists()) *slot = m.value;
  }
  if (path.is_string()) *at_fault = *path.get_string();
  if (twice) return fail(error_code::invalid_patch, "a member appears twice");
  if (!op.exists()) return fail(error_code::invalid_patch, "missing \"op\"");
  if (!op.is_string()) return fail(error_code::invalid_patch, "\"op\" must be a string");
  const std::string_view name = *op.get_string();
  static constexpr struct {
    std::string_view name;
    op_kind kind;
  } ops[] = {{"add", op_kind::add},   {"remove", op_kind::remove}, {"replace", op_kind::replace},
             {"move", op_kind::move}, {"copy", op_kind::copy},     {"test", op_kind::test}};
  const auto* known = std::end(ops);
  for (const auto& k : ops)
    if (k.name == name) known = &k;
  if (known == std::end(ops)) return fail(error_code::invalid_patch, "unknown \"op\"");
  out.op = known->kind;
  if (!path.exists()) return fail(error_code::invalid_patch, "missing \"path\"");
  if (!path.is_string()) return fail(error_code::invalid_patch, "\"path\" must be a string");
  out.path = *at_fault;
  if (const result<void> r = check_pointer(out.path); !r) {
    error e = r.error();
    e.code = error_code::invalid_patch;
    e.message = "\"path\" is not a JSON Pointer";
    return e;
  }
  const bool needs_value =
      out.op == op_kind::add || out.op == op_kind::replace || out.op == op_kind::test;
  if (needs_value && !out.value.exists())
    return fail(error_code::invalid_patch, "missing \"value\"");
  if (out.op != op_kind::move && out.op != op_kind::copy) return error{};
  if (!from.exists()) return fail(error_code::invalid_patch, "missing \"from\"");
  if (!from.is_string()) return fail(error_code::invalid_patch, "\"from\" must be a string");
  out.from = *from.get_string();
  *at_fault = out.from;
  if (const result<void> r = check_pointer(out.from); !r) {
    error e = r.error();
    e.code = error_code::invalid_patch;
    e.message = "\"from\" is not a JSON Pointer";
    return e;
  }
  *at_fault = out.path;
  return error{};
}

// Applies one checked operation. *at_fault becomes from when that is the culprit.
error apply_one(editor& ed, mut_node* root, const operation& op,
                std::string_view* at_fault) noexcept {
  location loc;
  switch (op.op) {
    case op_kind::test: {
      if (error e = resolve(root, op.path, false, loc); !e.ok()) return e;
      return equal_as_json(loc.target, op.value.node()) ? error{}
                                                        : fail(error_code::patch_test_failed);
    }
    case op_kind::remove: {
      if (op.path.empty())
        return fail(error_code::invalid_patch, "cannot remove the whole document");
      if (error e = resolve(root, op.path, false, loc); !e.ok()) return e;
      return remove_at(ed, loc);
    }
    case op_kind::add:
    case op_kind::replace: {
      if (error e = resolve(root, op.path, op.op == op_kind::add, loc); !e.ok()) return e;
      mut_node* r = ed.copy(op.value);
      if (r == nullptr) return fail(error_code::capacity_exceeded);
      if (op.op == op_kind::add) return add_at(ed, loc, r);
      if (loc.parent == nullptr) return ed.set_root(r);
      return ed.replace(loc.parent, loc.key != nullptr ? loc.key : loc.after, loc.target, r);
    }
    case op_kind::move:
    case op_kind::copy: {
      location from;
      if (error e = resolve(root, op.from, false, from); !e.ok()) {
        *at_fault = op.from;
        if (e.code == error_code::not_found) e.message = "the \"from\" location does not exist";
        return e;
      }
      if (op.op == op_kind::copy) {
        if (error e = resolve(root, op.path, true, loc); !e.ok()) return e;
        mut_node* r = ed.copy(mut_value(from.target, &ed.doc()));
        if (r == nullptr) return fail(error_code::capacity_exceeded);
        return add_at(ed, loc, r);
      }
      if (op.from == op.path) return error{};
      // RFC 6902 4.4: "from" must not be a proper prefix of "path". Tokens have
      // one spelling each, so comparing the text compares the locations.
      if (op.path.size() > op.from.size() && op.path.substr(0, op.from.size()) == op.from &&
          op.path[op.from.size()] == '/')
        return fail(error_code::invalid_patch, "a value cannot move into itself");
      if (error e = remove_at(ed, from); !e.ok()) return e;
      // The target is resolved after the removal, as RFC 6902 4.4 says.
      if (error e = resolve(ed.doc().root().node(), op.path, true, loc); !e.ok()) return e;
      return add_at(ed, loc, from.target);
    }
  }
  return error{};
}

}  // namespace

std::size_t patch_error::describe(char* buf, std::size_t capacity) const noexcept {
  int n;
  if (ok()) {
    n = std::snprintf(buf, capacity, "ok");
  } else if (operation_ == no_operation) {
    n = std::snprintf(buf, capacity, "%s", message);
  } else {
    n = std::snprintf(buf, capacity, "operation %llu (%.*s): %s",
                      static_cast<unsigned long long>(operation_), static_cast<int>(path_.size()),
                      path_.data(), message);
  }
  return n < 0 ? 0 : static_cast<std::size_t>(n);
}

patch_result apply_patch(mutable_document& doc, jot::value patch) noexcept {
  if (!patch.is_array())
    return patch_error(fail(error_code::invalid_patch, "a JSON Patch must be an array of operations"),
                       patch_error::no_operation, {});
  editor ed(doc);
  if (!doc.root().exists()) {
    ed.roll_back();
    return patch_error(fail(error_code::capacity_exceeded), patch_error::no_operation, {});
  }
  std::size_t index = 0;
  for (jot::value o : jot::array(patch.node())) {
    operation op;
    std::string_view at_fault;
    error e = read_operation(o, op, &at_fault);
    if (e.ok()) e = apply_one(ed, doc.root().node(), op, &at_fault);
    if (!e.ok()) {
      ed.roll_back();
      return patch_error(e, index, at_fault);
    }
    ++index;
  }
  return {};
}

}  // namespace jot
