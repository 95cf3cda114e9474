// src/mutable/mutable.cpp - the mutable document: building, editing, lookup and
// copying values (jot/mutable.h). Comparing is in mutable_equal.cpp, the copy
// into a parsed document in to_document.cpp, writing in mutable_write.cpp.
//
// Every walk over a subtree is a loop over parent links (jot/detail/dom/mut_node.h),
// never recursion, so depth costs no stack. Every edit builds what it inserts
// first, as a detached subtree, and links it only once nothing can fail: a
// failed operation leaves the document as it was (the arena may keep the
// unreachable bytes of the attempt until it is reset).
#include <cstring>

#include "core/arena_access.h"
#include "jot/mutable.h"
#include "jot/pointer.h"
#include "jot/detail/write/write_primitives.h"
#include "mutable/mutable_access.h"
#include "mutable_internal.h"
#include "dom/pointer_tokens.h"
#include "write/write_string.h"

namespace jot {

using detail::as_node;
using detail::kind_array;
using detail::kind_object;
using detail::mut_node;
using detail::mutable_access;

// ---- mut_init -------------------------------------------------------------

mut_init::mut_init(const mut_value& v) noexcept : kind_(kind::copy) { ptr_ = v.node(); }
mut_init::mut_init(const mut_move& m) noexcept : kind_(kind::move) { ptr_ = m.node; }
mut_init::mut_init(const object_init& o) noexcept : kind_(kind::object) {
  ptr_ = o.members.begin();
  size_ = o.members.size();
}

// ---- mutable_document -----------------------------------------------------

mutable_document::mutable_document(arena& a) noexcept
    : arena_(&a), engine_(detail::select_scan_engine(kernel::automatic)) {}

mut_value mutable_document::root() noexcept {
  if (root_ == nullptr) {
    root_ = mutable_access::new_node(*this, detail::kind_null);
    if (root_ == nullptr) {
      (void)mutable_access::fail(this, error_code::capacity_exceeded);
      return mut_value();
    }
  }
  return mut_value(root_, this);
}

mut_value mutable_document::make(const mut_init& v) noexcept {
  jot::error e;
  mut_node* n = mutable_access::take(this, v, nullptr, &e);
  return n != nullptr ? mut_value(n, this) : mut_value();
}

result<void> mutable_document::set_root(const mut_init& v) noexcept {
  jot::error e;
  mut_node* n = mutable_access::take(this, v, nullptr, &e);
  if (n == nullptr) return e;
  root_ = n;
  return jot::error{};
}

// ---- mut_value: reading ---------------------------------------------------

namespace {

error absent_error(mutable_document* d) noexcept {
  return mutable_access::fail(d, error_code::not_found, "the value is absent");
}

}  // namespace

jot::type mut_value::type() const noexcept {
  if (n_ == nullptr) return jot::type::absent;
  const detail::node t = as_node(n_);
  return value(&t).type();
}

result<bool> mut_value::get_bool() const noexcept {
  const detail::node t = n_ ? as_node(n_) : detail::node{};
  return value(n_ ? &t : nullptr).get_bool();
}
result<std::int64_t> mut_value::get_int64() const noexcept {
  const detail::node t = n_ ? as_node(n_) : detail::node{};
  return value(n_ ? &t : nullptr).get_int64();
}
result<std::uint64_t> mut_value::get_uint64() const noexcept {
  const detail::node t = n_ ? as_node(n_) : detail::node{};
  return value(n_ ? &t : nullptr).get_uint64();
}
result<double> mut_value::get_double() const noexcept {
  const detail::node t = n_ ? as_node(n_) : detail::node{};
  return value(n_ ? &t : nullptr).get_double();
}
result<std::string_view> mut_value::get_string() const noexcept {
  const detail::node t = n_ ? as_node(n_) : detail::node{};
  return value(n_ ? &t : nullptr).get_string();
}

mut_value mut_value::element(std::uint64_t index) const noexcept {
  if (!is_array() || index >= n_->length()) return mut_value();
  mut_node* e = n_->first();
  while (index--) e = e->next;
  return mut_value(e, doc_);
}

mut_value mut_value::find(std::string_view key) const noexcept {
  if (!is_object()) return mut_value();
  mut_node* k = mutable_access::find_key(n_, key);
  return k != nullptr ? mut_value(k->next, doc_) : mut_value();
}

mut_value mut_value::parent() const noexcept {
  return n_ != nullptr && n_->parent != nullptr ? mut_value(n_->parent, doc_) : mut_value();
}

mut_value mut_value::child_at_token(std::string_view token) const noexcept {
  if (is_object()) {
    mut_node* k = n_->last != nullptr ? n_->first() : nullptr;
    for (std::uint64_t left = n_->length(); left--; k = k->next->next)
      if (detail::key_matches_token(std::string_view(k->str, k->length()), token))
        return mut_value(k->next, doc_);
  } else if (is_array()) {
    std::size_t index;
    if (detail::parse_index(token, &index)) return element(index);
  }
  return mut_value();
}

result<mut_value> mut_value::at_pointer(std::string_view pointer) const noexcept {
  if (const result<void> r = check_pointer(pointer); !r) return r.error();
  if (!n_) return make_error(error_code::not_found);
  mut_value v = *this;
  std::size_t pos = 1;
  while (pos <= pointer.size()) {
    if (pointer.empty()) break;
    const std::size_t slash = pointer.find('/', pos);
    const std::string_view token =
        pointer.substr(pos, slash == std::string_view::npos ? std::string_view::npos : slash - pos);
    const mut_value found = v.child_at_token(token);
    if (!found.exists()) return make_error(error_code::not_found);
    v = found;
    if (slash == std::string_view::npos) break;
    pos = slash + 1;
  }
  return v;
}

result<mut_value> mut_value::create_at_pointer(std::string_view pointer) const noexcept {
  if (const result<void> r = check_pointer(pointer); !r)
    return mutable_access::fail(doc_, r.error().code, r.error().message);
  if (n_ == nullptr) return absent_error(doc_);
  // 1. Follow what exists.
  mut_value v = *this;
  std::size_t pos = 1;
  std::string_view token;
  for (;; ) {
    if (pointer.empty() || pos > pointer.size()) return v;
    const std::size_t slash = pointer.find('/', pos);
    token = pointer.substr(pos, slash == std::string_view::npos ? std::string_view::npos : slash - pos);
    const mut_value found = v.child_at_token(token);
    if (!found.exists()) break;
    v = found;
    if (slash == std::string_view::npos) return v;
    pos = slash + 1;
  }
  // 2. v lacks token: where does the new value go?
  std::size_t index = 0;
  const bool appends = v.is_array() && (token == "-" || (detail::parse_index(token, &index) && index == v.size()));
  if (v.is_array() && !appends) return mutable_access::fail(doc_, error_code::not_found, "index past the end");
  if (!v.is_array() && !v.is_object() && !v.is_null())
    return mutable_access::fail(doc_, error_code::type_mismatch, "a pointer goes through a scalar");
  // 3. Build the missing chain detached, innermost first: the tokens after
  // this one become nested objects around a null.
  const std::size_t rest = pos + token.size();  // where the tokens after this one start
  mut_node* leaf = mutable_access::new_node(*doc_, detail::kind_null);
  mut_node* inner = leaf;
  std::size_t end = pointer.size();
  while (inner != nullptr && end > rest) {
    const std::size_t slash = pointer.rfind('/', end - 1);
    mut_node* o = mutable_access::new_node(*doc_, kind_object);
    mut_node* k = o != nullptr ? mutable_access::key_from_token(*doc_, pointer.substr(slash + 1, end - slash - 1))
                               : nullptr;
    if (k == nullptr) {
      inner = nullptr;
      break;
    }
    mutable_access::link_last(o, k);
    mutable_access::link_last(o, inner);
    mutable_access::add_length(o, 1);
    inner = o;
    end = slash;
  }
  mut_node* key = nullptr;
  if (inner != nullptr && !v.is_array()) {
    key = mutable_access::key_from_token(*doc_, token);
    if (key == nullptr) inner = nullptr;
  }
  if (inner == nullptr) return mutable_access::build_failure(doc_);
  // 4. Link it: nothing below can fail.
  if (v.is_null()) v.n_->tag = kind_object;
  if (key != nullptr) mutable_access::link_last(v.n_, key);
  mutable_access::link_last(v.n_, inner);
  mutable_access::add_length(v.n_, 1);
  return mut_value(leaf, doc_);
}

// ---- mut_value: editing ---------------------------------------------------

result<void> mut_value::set(const mut_init& v) noexcept {
  if (n_ == nullptr) return absent_error(doc_);
  // Moving a value onto itself changes nothing. Otherwise take() rejects a
  // value that holds n_ (it is an ancestor of n_'s parent). A copy is built
  // whole, detached, before overwrite() touches n_, so copying n_, an
  // ancestor or a descendant into n_ cannot make a cycle.
  if (v.what() == mut_init::kind::move && mutable_access::source(v) == n_) return error{};
  error e;
  mut_node* r = mutable_access::take(doc_, v, n_->parent, &e);
  if (r == nullptr) return e;
  mutable_access::overwrite(n_, r);
  return error{};
}

mut_value mut_value::operator[](std::string_view key) const noexcept {
  if (n_ == nullptr) {
    (void)absent_error(doc_);
    return mut_value();
  }
  if (!is_object() && !is_null()) {
    (void)mutable_access::fail(doc_, error_code::type_mismatch, "operator[] with a key needs an object");
    return mut_value();
  }
  if (is_object())
    if (mut_node* k = mutable_access::find_key(n_, key)) return mut_value(k->next, doc_);
  mut_node* k = mutable_access::new_string(*doc_, key.data(), key.size());
  mut_node* v = k != nullptr ? mutable_access::new_node(*doc_, detail::kind_null) : nullptr;
  if (v == nullptr) {
    (void)mutable_access::build_failure(doc_);
    return mut_value();
  }
  if (is_null()) n_->tag = kind_object;  // only now: a failure leaves the null as it was
  mutable_access::link_last(n_, k);
  mutable_access::link_last(n_, v);
  mutable_access::add_length(n_, 1);
  return mut_value(v, doc_);
}

result<void> mut_value::push_back(const mut_init& v) noexcept { return insert(size(), v); }

result<void> mut_value::insert(std::size_t index, const mut_init& v) noexcept {
  if (n_ == nullptr) return absent_error(doc_);
  if (!is_array()) return mutable_access::fail(doc_, error_code::type_mismatch, "not an array");
  if (index > n_->length()) return mutable_access::fail(doc_, error_code::not_found, "index past the end");
  error e;
  mut_node* r = mutable_access::take(doc_, v, n_, &e);
  if (r == nullptr) return e;
  // Re-read the length: taking a moved element out of this very array shortens it.
  if (index > n_->length()) index = n_->length();
  mut_node* after = nullptr;  // front
  if (index == n_->length()) {
    after = n_->last;
  } else if (index != 0) {
    after = element(index - 1).n_;
  }
  if (index == 0 && n_->last != nullptr) {
    // At the front: after the last node of the ring, without becoming last.
    r->parent = n_;
    r->next = n_->last->next;
    n_->last->next = r;
  } else {
    mutable_access::link_after(n_, after, r);
  }
  mutable_access::add_length(n_, 1);
  return error{};
}

result<void> mut_value::set(std::string_view key, const mut_init& v) noexcept {
  if (n_ == nullptr) return absent_error(doc_);
  if (!is_object()) return mutable_access::fail(doc_, error_code::type_mismatch, "not an object");
  if (mut_node* k = mutable_access::find_key(n_, key)) return mut_value(k->next, doc_).set(v);
  return append(key, v);
}

result<void> mut_value::append(std::string_view key, const mut_init& v) noexcept {
  if (n_ == nullptr) return absent_error(doc_);
  if (!is_object()) return mutable_access::fail(doc_, error_code::type_mismatch, "not an object");
  mut_node* k = mutable_access::new_string(*doc_, key.data(), key.size());
  if (k == nullptr) return mutable_access::build_failure(doc_);
  error e;
  mut_node* r = mutable_access::take(doc_, v, n_, &e);
  if (r == nullptr) return e;
  mutable_access::link_last(n_, k);
  mutable_access::link_last(n_, r);
  mutable_access::add_length(n_, 1);
  return error{};
}

result<void> mut_value::erase(std::size_t index) noexcept {
  if (n_ == nullptr) return absent_error(doc_);
  if (!is_array()) return mutable_access::fail(doc_, error_code::type_mismatch, "not an array");
  mut_value e = element(index);
  if (!e.exists()) return mutable_access::fail(doc_, error_code::not_found, "no such element");
  mutable_access::detach(e.n_);
  return error{};
}

result<void> mut_value::erase(std::string_view key) noexcept {
  if (n_ == nullptr) return absent_error(doc_);
  if (!is_object()) return mutable_access::fail(doc_, error_code::type_mismatch, "not an object");
  mut_node* k = mutable_access::find_key(n_, key);
  if (k == nullptr) return mutable_access::fail(doc_, error_code::not_found, "no such member");
  mutable_access::unlink(k, k->next);
  return error{};
}

mut_value mut_value::detach() noexcept {
  if (n_ != nullptr && n_->parent != nullptr) mutable_access::detach(n_);
  return *this;
}

// ---- ring edits for undo logs (mutable_internal.h) -----------------------

namespace detail {

void link_run(mut_node* c, mut_node* after, mut_node* first, mut_node* last) noexcept {
  mutable_access::link_after(c, after, first);
  if (last != first) mutable_access::link_after(c, first, last);
  mutable_access::add_length(c, 1);
}

void unlink_run(mut_node* c, mut_node* after, mut_node* first, mut_node* last) noexcept {
  mutable_access::unlink_from(after != nullptr ? after : c->last, first, last);
}

mut_node* new_key(mutable_document& d, std::string_view key) noexcept {
  return mutable_access::new_key(d, key);
}

void replace_child(mut_node* c, mut_node* after, mut_node* n, mut_node* r) noexcept {
  mut_node* pred = after != nullptr ? after : c->last;  // n itself when n is alone
  r->parent = c;
  r->next = n->next == n ? r : n->next;
  pred->next = r;
  if (c->last == n) c->last = r;
  n->next = n;
  n->parent = nullptr;
}

}  // namespace detail

}  // namespace jot
