// src/mutable/mutable.cpp - the mutable document: building, editing, lookup, copying
// and comparing values (jot/mutable.h). Writing is in mutable_write.cpp.
//
// Every walk over a subtree is a loop over parent links (jot/detail/dom/mut_node.h),
// never recursion, so depth costs no stack. Every edit builds what it inserts
// first, as a detached subtree, and links it only once nothing can fail: a
// failed operation leaves the document as it was (the arena may keep the
// unreachable bytes of the attempt until it is reset).
#include <cstring>

#include "core/arena_access.h"
#include "dom/equal.h"
#include "jot/mutable.h"
#include "jot/pointer.h"
#include "jot/detail/write/write_primitives.h"
#include "mutable_internal.h"
#include "dom/pointer_tokens.h"
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

}  // namespace detail

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

// The scalar at n as a parsed node, so that the getters and their rules are
// value's own.
detail::node as_node(const mut_node* n) noexcept {
  detail::node t;
  t.tag = n->tag;
  t.u = n->is_container() ? 0 : n->u;
  return t;
}

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

// ---- equality -------------------------------------------------------------

namespace {

// The node after n in a pre-order walk of the subtree at top (keys included),
// or nullptr at its end.
const mut_node* next_in_order(const mut_node* n, const mut_node* top) noexcept {
  if (n->is_container() && n->last != nullptr) return n->first();
  while (n != top && n == n->parent->last) n = n->parent;
  return n == top ? nullptr : n->next;
}

}  // namespace

// Two trees are equal iff their pre-order node sequences match pairwise by
// this test, containers by kind and length: the lengths fix the shape.
bool detail::node_matches(const mut_node* a, const detail::node* b) noexcept {
  const detail::node t = as_node(a);
  detail::node u = *b;
  if (b->is_container()) u.u = 0;
  return detail::nodes_match(&t, &u);
}

bool operator==(mut_value a, mut_value b) noexcept {
  if (!a.exists() || !b.exists()) return a.exists() == b.exists();
  const mut_node* x = a.node();
  const mut_node* y = b.node();
  while (x != nullptr && y != nullptr) {
    const detail::node t = as_node(y);
    if (!detail::node_matches(x, &t)) return false;
    x = next_in_order(x, a.node());
    y = next_in_order(y, b.node());
  }
  return x == y;
}

bool operator==(mut_value a, jot::value b) noexcept {
  if (!a.exists() || !b.exists()) return a.exists() == b.exists();
  const mut_node* x = a.node();
  const detail::node* y = b.node();
  const detail::node* const end = y->next();
  for (; x != nullptr && y != end; ++y) {
    if (!detail::node_matches(x, y)) return false;
    x = next_in_order(x, a.node());
  }
  return x == nullptr && y == end;
}

// ---- to_document ----------------------------------------------------------

result<document> to_document(mut_value v, arena& a) noexcept {
  if (!v.exists()) return make_error(error_code::not_found);
  // Pass 1: nodes and string bytes, so that the tape is one allocation.
  std::size_t nodes = 0, bytes = 0;
  for (const mut_node* n = v.node(); n != nullptr; n = next_in_order(n, v.node())) {
    ++nodes;
    if (n->is_string() || n->kind() == detail::kind_raw_number) bytes += n->length();
  }
  auto* tape = static_cast<detail::node*>(a.allocate(nodes * sizeof(detail::node), alignof(detail::node)));
  char* text = bytes != 0 ? static_cast<char*>(a.allocate(bytes, 1)) : nullptr;
  if (tape == nullptr || (bytes != 0 && text == nullptr))
    return make_error(error_code::capacity_exceeded, nodes * sizeof(detail::node) + bytes + 16);
  // Pass 2: fill the tape in order. An open container's span holds the
  // distance back to its parent (as in the parser) until it closes.
  detail::node* out = tape;
  detail::node* open = nullptr;
  const mut_node* n = v.node();
  for (;;) {
    *out = as_node(n);
    if (n->is_string() || n->kind() == detail::kind_raw_number) {
      if (n->length() != 0) std::memcpy(text, n->str, n->length());
      out->str = text;
      text += n->length();
    }
    if (n->is_container() && n->last != nullptr) {
      out->span = open != nullptr ? static_cast<std::uint64_t>(out - open) : 0;
      open = out++;
      n = n->first();
      continue;
    }
    if (n->is_container()) out->span = 1;
    ++out;
    while (n != v.node() && n == n->parent->last) {
      n = n->parent;
      const std::uint64_t back = open->span;
      open->span = static_cast<std::uint64_t>(out - open);
      open = back != 0 ? open - back : nullptr;
    }
    if (n == v.node()) break;
    n = n->next;
  }
  return detail::mutable_access::make_document(tape);
}

}  // namespace jot
