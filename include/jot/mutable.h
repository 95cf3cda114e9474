// jot/mutable.h - building and editing JSON: a mutable document.
//
//   jot::arena a;                          // or jot::arena a(buf, sizeof buf)
//   jot::mutable_document doc(a);
//   jot::mut_value root = doc.root();      // null until written
//   root["id"] = 42;                       // a null value indexed by key becomes {}
//   root["tags"] = {"fast", "small"};      // braces make an array
//   root["user"] = jot::object_init{{"name", "ada"}, {"admin", true}};
//   root["user"]["langs"] = {"c++"};
//   if (!doc.ok()) report(doc.error());    // capacity_exceeded, ...
//   auto text = jot::write(root, out);
//
// Every value lives in the document's arena; nothing is freed before the arena
// is reset. Objects keep insertion order and may hold duplicate keys (only a
// parsed or moved-in value brings them; operator[] and set(key, v) reuse the
// first).
// No operation recurses on the C++ stack: copying, comparing, writing and
// converting a 100,000-deep document work.
//
// Errors. Editing functions return a [[nodiscard]] jot::result<void>
// (jot/error.h): truthy on success, else its error() says why. The operators
// (operator[] and storing assignment) cannot, so every failure, theirs
// included, is also recorded in the document: error() keeps the first one. A
// failed operation changes nothing; an operator that fails yields an absent
// value, and every operation on an absent value fails with not_found.
#pragma once

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <string_view>
#include <type_traits>

#include "jot/arena.h"
#include "jot/detail/engine/engine_choice.h"
#include "jot/detail/dom/mut_node.h"
#include "jot/error.h"
#include "jot/options.h"
#include "jot/parse.h"
#include "jot/value.h"

namespace jot {

class mutable_document;
class mut_value;
class output_buffer;  // jot/write.h
struct sink;          // jot/sink.h
struct member_init;
struct object_init;
struct mut_move;

namespace detail {
struct mutable_access;
template <bool Members>
class ring_range;
// Types that convert to a string: std::string, string_view, char arrays.
template <class T>
concept string_like = std::is_convertible_v<const T&, std::string_view> &&
                      !std::is_same_v<std::remove_cvref_t<T>, std::nullptr_t>;
}  // namespace detail

// A C++ value to store in a mutable document: what assignment, push_back,
// set and the initializer lists accept. Holds references to its sources,
// so it lives only for the expression that builds it.
//   null (nullptr), bool, any detail::integer, float, double,
//   a string (copied into the arena; invalid UTF-8 is refused: invalid_utf8),
//   {a, b, ...}            an array (so {} is an empty array),
//   jot::object_init{...}  an object,
//   a jot::value           a deep copy of a parsed value (strings copied),
//   a jot::mut_value       a deep copy (value semantics: never an alias),
//   jot::moved(v)          v itself, unlinked from where it was (no copy).
class mut_init {
 public:
  // The order matters: src/mutable/mutable.cpp builds the kinds up to string inline.
  enum class kind : std::uint8_t { null, boolean, uint, int_, dbl, string, array, object, dom, copy, move };

  mut_init(std::nullptr_t) noexcept : kind_(kind::null) {}  // NOLINT: implicit by design
  template <class B>
    requires std::is_same_v<B, bool>
  mut_init(B b) noexcept : kind_(kind::boolean) { u_ = b; }  // NOLINT
  template <detail::integer I>
  mut_init(I i) noexcept {  // NOLINT
    if constexpr (std::is_signed_v<I>) {
      if (i < 0) {
        kind_ = kind::int_;
        i_ = static_cast<std::int64_t>(i);
        return;
      }
    }
    kind_ = kind::uint;
    u_ = static_cast<std::uint64_t>(i);
  }
  mut_init(double d) noexcept : kind_(kind::dbl) { d_ = d; }  // NOLINT
  mut_init(float f) noexcept : kind_(kind::dbl) { d_ = f; }   // NOLINT
  template <detail::string_like S>
    requires(!std::is_same_v<std::remove_cvref_t<S>, mut_init>)
  mut_init(const S& s) noexcept : kind_(kind::string) {  // NOLINT
    const std::string_view v(s);
    ptr_ = v.data();
    size_ = v.size();
  }
  mut_init(std::initializer_list<mut_init> elements) noexcept  // NOLINT
      : kind_(kind::array) {
    ptr_ = elements.begin();
    size_ = elements.size();
  }
  mut_init(jot::value v) noexcept : kind_(kind::dom) { ptr_ = v.node(); }  // NOLINT
  mut_init(const mut_value& v) noexcept;                                   // NOLINT
  mut_init(const mut_move& m) noexcept;                                    // NOLINT
  mut_init(const object_init& o) noexcept;                                 // NOLINT
  mut_init(char) = delete;  // a character is neither a number nor a string here

  kind what() const noexcept { return kind_; }

 private:
  friend struct detail::mutable_access;
  kind kind_;
  union {
    std::uint64_t u_;
    std::int64_t i_;
    double d_;
    const void* ptr_;  // string bytes, mut_init[], member_init[], a node, a mut_node
  };
  std::size_t size_ = 0;  // string bytes, elements or members
};

// One member of an object_init.
struct member_init {
  std::string_view key;
  mut_init value;
};

// An object to store, members in order: object_init{{"a", 1}, {"b", {2, 3}}}.
struct object_init {
  object_init(std::initializer_list<member_init> m) noexcept : members(m) {}  // NOLINT
  std::initializer_list<member_init> members;
};

// Marks a value to be moved rather than copied (see jot::moved).
struct mut_move {
  detail::mut_node* node;
};

// A member of a mutable object, as iteration yields it.
struct mut_member;

// A handle to a value of a mutable document: two pointers, cheap to copy.
// It can be absent (a missing key, a failed operation).
//
// = on a named handle (an lvalue mut_value) only ever rebinds it; = on an
// element expression (a temporary such as root["a"] or arr[0]) stores into
// that element; set(x) stores x into the value a handle refers to, always.
//   jot::mut_value h = root["a"];
//   h = root["b"];         // h now refers to b; nothing is stored
//   auto r = h.set(5);     // b is now 5 (r: ok, or r.error() says why)
//   root["c"] = h;         // c is now a deep copy of b
//   h = 5;                 // does not compile: write h.set(5)
class mut_value {
 public:
  mut_value() noexcept = default;  // absent
  mut_value(detail::mut_node* n, mutable_document* d) noexcept : n_(n), doc_(d) {}

  mut_value(const mut_value&) noexcept = default;
  // Rebinds this handle to other's value (stores nothing).
  mut_value& operator=(const mut_value&) & noexcept = default;
  // Deleted so that `h = x;` on a named handle never stores, and not left
  // out, or `h = {}` would rebind h to an absent handle through the copy
  // assignment. The comments are on the declarations' lines because
  // compilers quote those lines in the error.
  mut_value& operator=(const mut_init&) & = delete;  // named handle: store with h.set(x)
  mut_value& operator=(std::initializer_list<mut_init>) & = delete;  // store with h.set({...})
  // root["a"] = x on a temporary handle: set(x), with a failure (recorded in
  // the document) leaving this handle absent. A mut_value is stored as a deep
  // copy (value semantics: never an alias).
  mut_value& operator=(const mut_value& other) && noexcept { return assign(mut_init(other)); }
  mut_value& operator=(const mut_init& v) && noexcept { return assign(v); }
  mut_value& operator=(std::initializer_list<mut_init> v) && noexcept { return assign(v); }

  // Stores v into this value, in place: handles to it stay valid, handles to
  // its old children become detached values. A mut_value is stored as a deep
  // copy, so v may be this value, an ancestor or a descendant. Fails with
  // not_found when this handle is absent, and as building v fails
  // (capacity_exceeded, invalid_utf8, invalid_value; see mut_init and moved).
  [[nodiscard]] result<void> set(const mut_init& v) noexcept;
  // set({a, b, ...}): stores an array.
  [[nodiscard]] result<void> set(std::initializer_list<mut_init> v) noexcept { return set(mut_init(v)); }

  bool exists() const noexcept { return n_ != nullptr; }
  jot::type type() const noexcept;
  bool is_null() const noexcept { return n_ && n_->kind() == detail::kind_null; }
  bool is_bool() const noexcept {
    return n_ && (n_->kind() == detail::kind_true || n_->kind() == detail::kind_false);
  }
  bool is_number() const noexcept {
    return n_ && n_->kind() >= detail::kind_uint && n_->kind() <= detail::kind_raw_number;
  }
  bool is_string() const noexcept { return n_ && n_->is_string(); }
  bool is_array() const noexcept { return n_ && n_->kind() == detail::kind_array; }
  bool is_object() const noexcept { return n_ && n_->kind() == detail::kind_object; }

  // The getters of jot::value (value.h), with the same rules and errors.
  result<bool> get_bool() const noexcept;
  result<std::int64_t> get_int64() const noexcept;
  result<std::uint64_t> get_uint64() const noexcept;
  result<double> get_double() const noexcept;
  result<std::string_view> get_string() const noexcept;

  // Elements of an array or members of an object; 0 for anything else.
  std::size_t size() const noexcept { return n_ && n_->is_container() ? n_->length() : 0; }

  // Object: the first member named key, appended as null when there is none.
  // A null value first becomes an empty object. Anything else, or a failed
  // allocation, yields absent and records the error.
  // (Const because a handle's constness is not its value's: like a pointer.)
  mut_value operator[](std::string_view key) const noexcept;
  mut_value operator[](const char* key) const noexcept { return (*this)[std::string_view(key)]; }
  // Array: the element at index (O(index)), or absent without an error.
  template <detail::integer I>
  mut_value operator[](I index) const noexcept { return element(detail::index_of(index)); }
  // The first member named key, or absent; never creates anything.
  mut_value find(std::string_view key) const noexcept;
  // RFC 6901 lookup relative to this value; fails with invalid_pointer or not_found.
  result<mut_value> at_pointer(std::string_view pointer) const noexcept;
  // The value at pointer, creating what is missing on the way: a missing
  // object member is appended (null at the end, {} on the way), a null on the
  // way becomes {}, and in an array "-" or the index size() appends. All or
  // nothing: the missing part is built first, then linked once. Fails with
  // invalid_pointer, not_found (an array index past the end),
  // type_mismatch (a scalar on the way), invalid_utf8 or capacity_exceeded.
  result<mut_value> create_at_pointer(std::string_view pointer) const noexcept;
  // The array or object holding this value, or absent for a root or a detached value.
  mut_value parent() const noexcept;

  // Array: appends v. Fails with type_mismatch on a non-array.
  [[nodiscard]] result<void> push_back(const mut_init& v) noexcept;
  // Array: inserts v before element index (index == size() appends); not_found past the end.
  [[nodiscard]] result<void> insert(std::size_t index, const mut_init& v) noexcept;
  // Object: replaces the value of the first member named key (as set(v) on
  // it), else appends the member.
  [[nodiscard]] result<void> set(std::string_view key, const mut_init& v) noexcept;
  // Object: appends a member even when key exists (JSON allows duplicates).
  [[nodiscard]] result<void> append(std::string_view key, const mut_init& v) noexcept;
  // Array: removes element index. Object: removes the first member named key.
  // not_found when there is none. The removed value stays valid, detached.
  [[nodiscard]] result<void> erase(std::size_t index) noexcept;
  [[nodiscard]] result<void> erase(std::string_view key) noexcept;
  // Unlinks this value from its parent (a root stays the root); returns it.
  mut_value detach() noexcept;

  // Elements and members in order. Editing the container while iterating it
  // invalidates the iteration.
  using element_range = detail::ring_range<false>;
  using member_range = detail::ring_range<true>;
  element_range elements() const noexcept;
  member_range members() const noexcept;

  // Deep equality (members in order; numbers by exact decimal value, as
  // jot::value's operator== compares them), also with parsed values.
  friend bool operator==(mut_value a, mut_value b) noexcept;
  friend bool operator==(mut_value a, jot::value b) noexcept;

  detail::mut_node* node() const noexcept { return n_; }
  mutable_document* document() const noexcept { return doc_; }

 private:
  // set(v) for the storing operators: a failure leaves this handle absent.
  mut_value& assign(const mut_init& v) noexcept {
    if (!set(v).ok()) n_ = nullptr;
    return *this;
  }
  mut_value element(std::uint64_t index) const noexcept;
  // The member or element an RFC 6901 token (still escaped) names, or absent.
  mut_value child_at_token(std::string_view token) const noexcept;

  detail::mut_node* n_ = nullptr;
  mutable_document* doc_ = nullptr;
};

// v, to be moved: jot::moved(v) unlinks v from its parent, without copying.
// Inserted as a new element or member (push_back, insert, append, a new key
// of set), v itself is linked there and its handles follow it; stored over an
// existing value (set(v), a storing =, set of an existing key), that value
// takes v's content and v is left a detached null. v may come from another
// document, whose arena must then outlive this one's use of it. Moving a
// value into itself or its own descendant fails with invalid_value.
inline mut_move moved(mut_value v) noexcept { return mut_move{v.node()}; }

struct mut_member {
  std::string_view key;
  mut_value value;
};

namespace detail {
// Elements (Members false) or members (true) of a mutable container, in
// ring order from the first child; counts down so that end() needs no node.
template <bool Members>
class ring_range {
 public:
  using item = std::conditional_t<Members, mut_member, mut_value>;
  class iterator {
   public:
    using value_type = item;
    using difference_type = std::ptrdiff_t;
    iterator() noexcept = default;
    iterator(mut_node* n, std::size_t left, mutable_document* d) noexcept : n_(n), left_(left), doc_(d) {}
    item operator*() const noexcept {
      if constexpr (Members) {
        return mut_member{std::string_view(n_->str, n_->length()), mut_value(n_->next, doc_)};
      } else {
        return mut_value(n_, doc_);
      }
    }
    iterator& operator++() noexcept {
      n_ = Members ? n_->next->next : n_->next;  // a member is a key and its value
      --left_;
      return *this;
    }
    iterator operator++(int) noexcept { iterator t = *this; ++*this; return t; }
    bool operator==(const iterator& o) const noexcept { return left_ == o.left_; }
   private:
    mut_node* n_ = nullptr;  // an element, or a member's key
    std::size_t left_ = 0;
    mutable_document* doc_ = nullptr;
  };
  ring_range(mut_node* n, mutable_document* d) noexcept : n_(n), doc_(d) {}
  iterator begin() const noexcept {
    return n_ && n_->length() ? iterator(n_->first(), n_->length(), doc_) : end();
  }
  iterator end() const noexcept { return iterator(nullptr, 0, doc_); }
 private:
  mut_node* n_;
  mutable_document* doc_;
};
}  // namespace detail

inline mut_value::element_range mut_value::elements() const noexcept {
  return element_range(is_array() ? n_ : nullptr, doc_);
}
inline mut_value::member_range mut_value::members() const noexcept {
  return member_range(is_object() ? n_ : nullptr, doc_);
}

// A document being built or edited. Not copyable or movable: handles point
// to it. Borrows its arena, which must outlive it; values moved in from other
// documents also borrow theirs.
class mutable_document {
 public:
  explicit mutable_document(arena& a JOT_LIFETIMEBOUND) noexcept;
  mutable_document(const mutable_document&) = delete;
  mutable_document& operator=(const mutable_document&) = delete;

  // The root value, created as null on first use (absent, with the error
  // recorded, when that allocation fails).
  mut_value root() noexcept;
  // A new value holding v, not linked anywhere (insert it, or make it the
  // root with set_root); absent when allocation fails.
  mut_value make(const mut_init& v) noexcept;
  // Replaces the whole document with v.
  [[nodiscard]] result<void> set_root(const mut_init& v) noexcept;

  // The first error of any operation on this document, or ok.
  const jot::error& error() const noexcept { return error_; }
  bool ok() const noexcept { return error_.ok(); }
  // Forgets the recorded error (the document stays as the failures left it:
  // each failed operation changed nothing).
  void clear_error() noexcept { error_ = jot::error{}; }

  arena& memory() const noexcept { return *arena_; }

 private:
  friend struct detail::mutable_access;
  arena* arena_;
  detail::mut_node* root_ = nullptr;
  jot::error error_{};
  error_code refused_ = error_code::ok;  // why the last build failed, when not for memory
  detail::scan_engine engine_;  // checks strings' UTF-8 (the automatic kernel's, chosen at construction)
};

// A deep copy of v as an immutable document in arena a (strings copied too),
// so the result depends on neither v's document nor its arena. Fails with
// not_found when v is absent, capacity_exceeded when a runs out.
result<document> to_document(mut_value v, arena& a JOT_LIFETIMEBOUND) noexcept;

// Writes v like jot::write(value) (write.h) writes a parsed value: same
// escaping, numbers and indentation. Fails with not_found when v is absent.
result<std::string_view> write(mut_value v, output_buffer& out JOT_LIFETIMEBOUND,
                               const write_options& options = {}) noexcept;
result<std::size_t> write(mut_value v, char* buffer, std::size_t capacity,
                          const write_options& options = {}) noexcept;
// Streams v to out in bounded memory (jot/sink.h); returns the bytes written.
result<std::size_t> write(mut_value v, sink out, const write_options& options = {}) noexcept;

}  // namespace jot
