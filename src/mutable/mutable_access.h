// src/mutable/mutable_access.h - what the mutable document does inside:
// errors and memory, linking nodes into rings, building and copying values
// (the friend of mutable_document, mut_value and document that every
// operation of mutable.cpp goes through), a mutable node read as a parsed one
// and the pre-order walk. Included by mutable.cpp, mutable_equal.cpp and
// to_document.cpp only.
#pragma once

#include <cstring>

#include "core/arena_access.h"
#include "dom/pointer_tokens.h"
#include "jot/mutable.h"
#include "jot/detail/write/write_primitives.h"
#include "write/write_string.h"

namespace jot {

namespace detail {

struct mutable_access {
  // ---- errors and memory ---------------------------------------------------

  // Records e in the document (the first error wins) and returns it.
  static error fail(mutable_document* d, error_code code, const char* message = nullptr) noexcept {
    error e = make_error(code);
    if (message != nullptr) e.message = message;
    if (d != nullptr && d->error_.ok()) d->error_ = e;
    return e;
  }

  // Makes a detached node with tag at p (sizeof(mut_node) bytes).
  static mut_node* init_node(void* p, std::uint64_t tag) noexcept {
    auto* n = static_cast<mut_node*>(p);
    n->tag = tag;
    n->u = 0;
    n->next = n;
    n->parent = nullptr;
    return n;
  }

  static mut_node* new_node(mutable_document& d, std::uint64_t tag) noexcept {
    void* p = d.arena_->allocate(sizeof(mut_node), alignof(mut_node));
    return p == nullptr ? nullptr : init_node(p, tag);
  }

  // The room a string of size bytes takes: rounded up to 16, so that the
  // writer can copy whole 16-byte blocks.
  static std::size_t string_room_size(std::size_t size) noexcept { return (size + 15) & ~std::size_t{15}; }

  // The bytes a string node of size bytes takes: the node, then the string's
  // room. Sizes come from real strings, so the sum cannot overflow.
  static std::size_t string_node_size(std::size_t size) noexcept { return sizeof(mut_node) + string_room_size(size); }

  // Makes a detached string node holding a copy of s at p
  // (string_node_size(size) bytes): the bytes follow the node. Marked
  // kind_string_plain when no byte needs escaping, so that the writer copies
  // it instead of scanning it again.
  static mut_node* init_string(mutable_document& d, void* p, const char* s, std::size_t size) noexcept {
    auto* n = static_cast<mut_node*>(p);
    char* bytes = reinterpret_cast<char*>(n + 1);
    const unsigned found = copy_classify(bytes, s, size);
    // JSON text is UTF-8: a string that is not could only be written as
    // invalid output, so it is refused here, where the caller can be told.
    if ((found & has_non_ascii) != 0 && !valid_utf8(bytes, size, d.engine_))
      return refuse(d, error_code::invalid_utf8);
    n->tag = ((found & needs_escape) == 0 ? kind_string_plain : kind_string) |
             (static_cast<std::uint64_t>(size) << tag_bits);
    n->str = bytes;
    n->next = n;
    n->parent = nullptr;
    return n;
  }

  // A string node holding a copy of s, in one allocation.
  static mut_node* new_string(mutable_document& d, const char* s, std::size_t size) noexcept {
    if (size > SIZE_MAX / 2) return nullptr;
    void* p = d.arena_->allocate(string_node_size(size), alignof(mut_node));
    return p == nullptr ? nullptr : init_string(d, p, s, size);
  }

  // What copy_classify found.
  static constexpr unsigned needs_escape = 1;   // '"', '\\' or a control byte
  static constexpr unsigned has_non_ascii = 2;  // a byte >= 0x80 (UTF-8 to check)

  // Copies n bytes of s to out and says what they hold (with Escapes false,
  // only has_non_ascii: the caller knows the rest), in one pass of
  // 16-byte blocks (overlapping words below 16 bytes) with the writer's own
  // escape test (write_string.h). Building a twitter-like response spent
  // half its time on a separate libc memcpy and 8-byte check.
  template <bool Escapes = true>
  static unsigned copy_classify(char* out, const char* s, std::size_t n) noexcept {
    constexpr std::uint64_t high = 0x8080808080808080ull;
    if (n >= 16) {
      bool flagged = false;
      std::uint64_t any_high = 0;
      for (std::size_t i = 0;; i += 16) {
        if (i + 16 > n) i = n - 16;  // the last block ends at n and may overlap
        std::uint64_t lo, hi;
        std::memcpy(&lo, s + i, 8);
        std::memcpy(&hi, s + i + 8, 8);
        std::memcpy(out + i, s + i, 16);
        if constexpr (Escapes) flagged |= any_flag16<false, false>(s + i);
        any_high |= lo | hi;
        if (i + 16 == n) break;
      }
      return (flagged ? needs_escape : 0u) | ((any_high & high) != 0 ? has_non_ascii : 0u);
    }
    std::uint64_t lo, hi;
    if (n >= 8) {  // overlapping words cover 8..15 bytes
      std::memcpy(&lo, s, 8);
      std::memcpy(&hi, s + n - 8, 8);
      std::memcpy(out, &lo, 8);
      std::memcpy(out + n - 8, &hi, 8);
    } else if (n >= 4) {
      std::uint32_t a, b;
      std::memcpy(&a, s, 4);
      std::memcpy(&b, s + n - 4, 4);
      std::memcpy(out, &a, 4);
      std::memcpy(out + n - 4, &b, 4);
      lo = a | (std::uint64_t{b} << 32);
      hi = lo;
    } else {
      lo = 0x6161616161616161ull;  // 'a' pads: never flagged
      for (std::size_t i = 0; i < n; ++i) {
        out[i] = s[i];
        lo = (lo << 8) | static_cast<unsigned char>(s[i]);
      }
      hi = lo;
    }
    bool flagged = false;
    if constexpr (Escapes) flagged = (flag_bytes_swar<false, false>(lo) | flag_bytes_swar<false, false>(hi)) != 0;
    return (flagged ? needs_escape : 0u) | (((lo | hi) & high) != 0 ? has_non_ascii : 0u);
  }

  // Notes why a build is about to fail for a reason other than memory, and
  // returns nullptr; build_failure() reports it.
  static mut_node* refuse(mutable_document& d, error_code why) noexcept {
    d.refused_ = why;
    return nullptr;
  }

  // ---- linking ---------------------------------------------------------------

  // Links the detached node n into c's ring after `after` (nullptr: at the
  // front), as the new last child when after is c's last (or c is empty).
  static void link_after(mut_node* c, mut_node* after, mut_node* n) noexcept {
    n->parent = c;
    if (c->last == nullptr) {
      n->next = n;
      c->last = n;
      return;
    }
    mut_node* pred = after != nullptr ? after : c->last;
    n->next = pred->next;
    pred->next = n;
    if (after == c->last) c->last = n;
  }
  static void link_last(mut_node* c, mut_node* n) noexcept { link_after(c, c->last, n); }

  static void add_length(mut_node* c, std::int64_t delta) noexcept {
    c->tag = (c->tag & tag_mask) |
             (static_cast<std::uint64_t>(static_cast<std::int64_t>(c->length()) + delta) << tag_bits);
  }

  // The node whose next is n, in n's parent's ring.
  static mut_node* predecessor(mut_node* n) noexcept {
    mut_node* p = n->parent->last;
    while (p->next != n) p = p->next;
    return p;
  }

  // Unlinks the run first..last (one element, or a key and its value) from
  // their parent and marks both detached.
  static void unlink(mut_node* first, mut_node* last) noexcept {
    unlink_from(predecessor(first), first, last);
  }
  // The same, given pred, the node whose next is first.
  static void unlink_from(mut_node* pred, mut_node* first, mut_node* last) noexcept {
    mut_node* c = first->parent;
    if (pred == last) {
      c->last = nullptr;  // the run was the whole ring
    } else {
      pred->next = last->next;
      if (c->last == last) c->last = pred;
    }
    add_length(c, -1);
    for (mut_node* n = first;;) {
      mut_node* following = n->next;
      n->next = n;
      n->parent = nullptr;
      if (n == last) break;
      n = following;
    }
  }

  // True when a is n or one of n's ancestors.
  static bool is_ancestor_or_self(const mut_node* a, const mut_node* n) noexcept {
    for (; n != nullptr; n = n->parent)
      if (n == a) return true;
    return false;
  }

  // ---- building ------------------------------------------------------------

  // A copy of one mutable node given its tag and payload: scalars whole,
  // strings and raw numbers with their bytes copied, containers empty (length
  // 0). A mutable document's strings are UTF-8 already and their kind says
  // plain or not, so the bytes are copied without being classified again.
  static mut_node* copy_one(mutable_document& d, std::uint64_t tag, std::uint64_t payload) noexcept {
    const auto k = static_cast<std::uint8_t>(tag & tag_mask);
    if (has_bytes(k)) {
      const std::size_t size = tag >> tag_bits;
      void* p = d.arena_->allocate(string_node_size(size), alignof(mut_node));
      if (p == nullptr) return nullptr;
      mut_node* n = init_node(p, tag);
      char* bytes = reinterpret_cast<char*>(n + 1);
      copy_classify<false>(bytes, reinterpret_cast<const char*>(payload), size);
      n->str = bytes;
      return n;
    }
    mut_node* n = new_node(d, k >= kind_array ? k : tag);
    if (n != nullptr && k < kind_array) n->u = payload;
    return n;
  }

  static bool has_bytes(std::uint8_t k) noexcept {
    return k == kind_string || k == kind_string_plain || k == kind_raw_number;
  }

  // A detached copy of the parsed subtree at t, strings copied. The copy's
  // nodes are one array parallel to the tape (node i copies tape node i), so
  // one pass writes them all with no stack: it runs backwards, each node
  // taking its next sibling provisionally as the node its tape span leads to,
  // so that when a container is reached its children are all written and
  // linking them is a walk along those next links, which sets each parent
  // and closes the ring on the last. Strings are copied, not classified again
  // (the tape's kind says plain or not), each into its own bump of the arena;
  // only UTF-8 is re-checked where a string has a byte >= 0x80 (a document
  // parsed without validation must not smuggle bytes in).
  static mut_node* copy_dom(mutable_document& d, const node* t) noexcept {
    const std::size_t count = static_cast<std::size_t>(t->next() - t);
    arena& a = *d.arena_;
    auto* const copy = static_cast<mut_node*>(a.allocate(count * sizeof(mut_node), alignof(mut_node)));
    if (copy == nullptr) return nullptr;
    // The strings' room is bumped here from the arena's free range, kept in
    // registers (arena::allocate's general checks cost more than the bump,
    // on every string); what is used is committed back before returning.
    char* lo = arena_access::lo(a);
    char* hi = arena_access::hi(a);
    const auto string_room = [&](std::size_t size) noexcept -> char* {
      const std::size_t room = string_room_size(size);
      if (room <= static_cast<std::size_t>(hi - lo)) {
        char* p = lo;
        lo += room;
        return p;
      }
      arena_access::commit(a, lo, hi);
      char* p = static_cast<char*>(a.allocate(room, 1));
      lo = arena_access::lo(a);
      hi = arena_access::hi(a);
      return p;
    };
    // A copy that fails leaves the arena as it found it where it can (all
    // in one block, as always with a fixed buffer and no upstream), so that
    // a failed copy changes nothing, as one allocation did.
    char* const block_hi = hi;
    const auto give_back = [&]() noexcept -> mut_node* {
      if (arena_access::hi(a) == block_hi) arena_access::commit(a, reinterpret_cast<char*>(copy), block_hi);
      return nullptr;
    };
    // The kinds in three runs, tested by two compares below: no bytes, bytes
    // (has_bytes), containers.
    static_assert(kind_raw_number + 1 == kind_string && kind_string + 1 == kind_string_plain &&
                  kind_string_plain + 1 == kind_array && kind_array + 1 == kind_object);
    const node* s = t + count;
    mut_node* n = copy + count;
    while (s != t) {
      --s;
      --n;
      const std::uint8_t k = s->kind();
      n->tag = s->tag;  // kind and length; a string keeps the parser's plain mark
      if (k < kind_raw_number) {
        n->u = s->u;
        n->next = n + 1;
      } else if (k < kind_array) {  // a string or a raw number: bytes to copy
        const std::size_t size = s->length();
        char* const bytes = string_room(size);
        if (bytes == nullptr) return give_back();
        if ((copy_classify<false>(bytes, s->str, size) & has_non_ascii) != 0 &&
            !valid_utf8(bytes, size, d.engine_)) {
          (void)give_back();
          return refuse(d, error_code::invalid_utf8);
        }
        n->str = bytes;
        n->next = n + 1;
      } else {
        n->next = n + s->span;
        if (s->span == 1) {
          n->last = nullptr;
        } else {
          // The children, written already, lead one to the next up to the
          // end of this container's span; the last closes the ring.
          mut_node* const stop = n + s->span;
          mut_node* child = n + 1;
          for (;;) {
            child->parent = n;
            if (child->next == stop) break;
            child = child->next;
          }
          child->next = n + 1;
          n->last = child;
        }
      }
    }
    arena_access::commit(a, lo, hi);
    copy[0].next = &copy[0];  // detached
    copy[0].parent = nullptr;
    return copy;
  }

  // A detached deep copy of the mutable subtree at s (s may belong to another
  // document): a pre-order walk of s by parent links, appending each copy to
  // the copy of its parent as it goes.
  static mut_node* copy_mut(mutable_document& d, const mut_node* s) noexcept {
    const mut_node* const top = s;
    mut_node* copy_top = nullptr;
    mut_node* into = nullptr;  // the copy of s's parent
    for (;;) {
      mut_node* n = copy_one(d, s->tag, s->u);
      if (n == nullptr) return nullptr;
      if (into == nullptr) {
        copy_top = n;
      } else {
        link_last(into, n);
      }
      if (s->is_container() && s->last != nullptr) {
        into = n;
        s = s->first();
        continue;
      }
      // Climb out of every container s ends, fixing up lengths on the way.
      while (s != top && s == s->parent->last) {
        s = s->parent;
        into->tag = s->tag;  // kind and length, now that all children are in
        into = into->parent;
      }
      if (s == top) return copy_top;
      s = s->next;
    }
  }

  // A detached node holding v; nullptr when memory runs out. Initializer
  // lists nest only as deep as the C++ source that wrote them, so recursing
  // on them is bounded by the program, not by input.
  // A scalar or string: the common case, kept small enough to inline.
  // mut_init keeps a number's bits in one union, so the payload is copied as
  // it is (bool's 0/1 and null's 0 included).
  static mut_node* build_simple(mutable_document& d, const mut_init& v) noexcept {
    using k = mut_init::kind;
    if (v.kind_ == k::string) return new_string(d, static_cast<const char*>(v.ptr_), v.size_);
    constexpr std::uint8_t kinds[] = {kind_null, kind_false, kind_uint, kind_int, kind_double};
    std::uint64_t tag = kinds[static_cast<int>(v.kind_)];
    if (v.kind_ == k::boolean && v.u_ != 0) tag = kind_true;
    if (v.kind_ == k::dbl && v.d_ - v.d_ != 0.0) return refuse(d, error_code::invalid_value);  // NaN, inf
    mut_node* n = new_node(d, tag);
    if (n != nullptr && v.kind_ != k::null) n->u = v.u_;
    return n;
  }

  static bool is_simple(const mut_init& v) noexcept { return v.kind_ <= mut_init::kind::string; }

  static mut_node* build(mutable_document& d, const mut_init& v) noexcept {
    if (is_simple(v)) return build_simple(d, v);
    return build_nested(d, v);
  }

  static mut_node* build_nested(mutable_document& d, const mut_init& v) noexcept {
    using k = mut_init::kind;
    switch (v.kind_) {
      case k::array: {
        mut_node* a = new_node(d, kind_array);
        if (a == nullptr) return nullptr;
        const auto* elements = static_cast<const mut_init*>(v.ptr_);
        for (std::size_t i = 0; i < v.size_; ++i) {
          mut_node* e = build(d, elements[i]);
          if (e == nullptr) return nullptr;
          link_last(a, e);
        }
        a->tag = kind_array | (static_cast<std::uint64_t>(v.size_) << tag_bits);
        return a;
      }
      case k::object: {
        mut_node* o = new_node(d, kind_object);
        if (o == nullptr) return nullptr;
        const auto* members = static_cast<const member_init*>(v.ptr_);
        for (std::size_t i = 0; i < v.size_; ++i) {
          mut_node* key = new_string(d, members[i].key.data(), members[i].key.size());
          mut_node* value = key != nullptr ? build(d, members[i].value) : nullptr;
          if (value == nullptr) return nullptr;
          link_last(o, key);
          link_last(o, value);
        }
        o->tag = kind_object | (static_cast<std::uint64_t>(v.size_) << tag_bits);
        return o;
      }
      case k::dom: return copy_dom(d, static_cast<const node*>(v.ptr_));
      case k::copy: return copy_mut(d, static_cast<const mut_node*>(v.ptr_));
      default: break;  // simple kinds: build_simple; move: take()
    }
    return nullptr;
  }

  // The node v stands for, ready to link under `into` (nullptr: as a root):
  // built, or for jot::moved, the node itself unlinked from its parent.
  // Records and returns the error when there is none.
  static mut_node* take(mutable_document* d, const mut_init& v, const mut_node* into,
                        error* err) noexcept {
    if (is_simple(v)) [[likely]] {
      mut_node* n = build_simple(*d, v);
      if (n == nullptr) *err = build_failure(d);
      return n;
    }
    return take_nested(d, v, into, err);
  }

  // Why the last build failed: what refuse() noted, else memory. Records
  // the error in d and returns it.
  static error build_failure(mutable_document* d) noexcept {
    const error_code why = d->refused_;
    d->refused_ = error_code::ok;
    if (why == error_code::invalid_utf8) return fail(d, why, "a string is not valid UTF-8");
    if (why == error_code::invalid_value) return fail(d, why, "a number is not finite");
    return fail(d, error_code::capacity_exceeded);
  }

  static mut_node* take_nested(mutable_document* d, const mut_init& v, const mut_node* into,
                               error* err) noexcept {
    if (v.kind_ == mut_init::kind::move) {
      auto* n = static_cast<mut_node*>(const_cast<void*>(v.ptr_));
      if (n == nullptr) {
        *err = fail(d, error_code::not_found, "moved value is absent");
        return nullptr;
      }
      if (is_ancestor_or_self(n, into)) {
        *err = fail(d, error_code::invalid_value, "a value cannot move into itself");
        return nullptr;
      }
      if (n->parent != nullptr) detach(n);
      return n;
    }
    if ((v.kind_ == mut_init::kind::dom || v.kind_ == mut_init::kind::copy) && v.ptr_ == nullptr) {
      *err = fail(d, error_code::not_found, "copied value is absent");
      return nullptr;
    }
    mut_node* n = build_nested(*d, v);
    if (n == nullptr) *err = build_failure(d);
    return n;
  }


  // Unlinks n (an element, or an object member's value together with its key).
  static void detach(mut_node* n) noexcept {
    mut_node* c = n->parent;
    if (c->kind() == kind_object) {
      unlink(predecessor(n), n);
    } else {
      unlink(n, n);
    }
  }

  // Replaces n's content by that of the detached node r, in place, so that
  // handles to n stay valid; n's old children become detached. r is left a
  // null: it may be a moved value that handles still refer to, and it must
  // not keep a payload that points at what are now n's children.
  static void overwrite(mut_node* n, mut_node* r) noexcept {
    if (n->is_container() && n->last != nullptr) {
      mut_node* c = n->last->next;
      for (std::uint64_t left = n->kind() == kind_object ? 2 * n->length() : n->length(); left--;) {
        mut_node* following = c->next;
        c->next = c;
        c->parent = nullptr;
        c = following;
      }
    }
    n->tag = r->tag;
    n->u = r->u;
    if (r->is_container() && r->last != nullptr) {
      mut_node* c = r->last;
      do {
        c->parent = n;
        c = c->next;
      } while (c != r->last);
    }
    r->tag = kind_null;
    r->u = 0;
  }

  // The first member of object o named key: its key node, or nullptr.
  static mut_node* find_key(const mut_node* o, std::string_view key) noexcept {
    if (o->last == nullptr) return nullptr;
    mut_node* k = o->last->next;
    for (std::uint64_t left = o->length(); left--; k = k->next->next)
      if (k->length() == key.size() && (key.empty() || std::memcmp(k->str, key.data(), key.size()) == 0))
        return k;
    return nullptr;
  }

  static const void* source(const mut_init& v) noexcept { return v.ptr_; }

  // A key node for a member, for callers that report failure themselves:
  // whatever refused it is forgotten (it is memory or UTF-8 either way).
  static mut_node* new_key(mutable_document& d, std::string_view key) noexcept {
    mut_node* k = new_string(d, key.data(), key.size());
    if (k == nullptr) d.refused_ = error_code::ok;
    return k;
  }

  // A key node holding token with ~1 and ~0 decoded (RFC 6901).
  static mut_node* key_from_token(mutable_document& d, std::string_view token) noexcept {
    if (token.find('~') == std::string_view::npos) return new_string(d, token.data(), token.size());
    char small[256];
    char* bytes = token.size() <= sizeof small ? small
                                               : static_cast<char*>(d.arena_->allocate(token.size(), 1));
    if (bytes == nullptr) return nullptr;
    return new_string(d, bytes, decode_token(token, bytes));
  }

  static document make_document(const node* root) noexcept {
    document d;
    d.root_ = root;
    return d;
  }
};

// ---- walking and reading nodes ---------------------------------------------

// The scalar at n as a parsed node, so that the getters and their rules are
// value's own.
inline detail::node as_node(const mut_node* n) noexcept {
  detail::node t;
  t.tag = n->tag;
  t.u = n->is_container() ? 0 : n->u;
  return t;
}

// The node after n in a pre-order walk of the subtree at top (keys included),
// or nullptr at its end.
inline const mut_node* next_in_order(const mut_node* n, const mut_node* top) noexcept {
  if (n->is_container() && n->last != nullptr) return n->first();
  while (n != top && n == n->parent->last) n = n->parent;
  return n == top ? nullptr : n->next;
}

}  // namespace detail

}  // namespace jot
