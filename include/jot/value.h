// jot/value.h - read-only views of a parsed document.
//
// A value is a pointer-sized handle into a document. It stays valid while the
// document's arena is not reset and, for strings, while the input lives:
// strings without escapes point into the input instead of being copied.
// A value can be absent (a missing key or index). Every member function of an
// absent value is safe: its type() is type::absent, every getter fails with
// error_code::not_found, indexing gives another absent value.
#pragma once

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <string_view>  // also the iterator tags and ranges::enable_borrowed_range, below
#include <type_traits>

#include "jot/detail/dom/node.h"
#include "jot/error.h"

namespace jot {

// The JSON type of a value, or absent. Stable: new types are only appended.
enum class type : std::uint8_t { null, boolean, number, string, array, object, absent };

// Returns the type's name ("null", "boolean", "number", "string", "array",
// "object", "absent"): a static string, never null.
constexpr const char* type_name(jot::type t) noexcept {
  switch (t) {
    case jot::type::null: return "null";
    case jot::type::boolean: return "boolean";
    case jot::type::number: return "number";
    case jot::type::string: return "string";
    case jot::type::array: return "array";
    case jot::type::object: return "object";
    case jot::type::absent: return "absent";
  }
  return "unknown";
}

class array;
class object;
class preorder_view;
class value;

namespace detail {
// Integer types usable as an index or with value::get<T>: every integral type
// except bool and the types that only hold characters (char, wchar_t,
// char8_t, char16_t, char32_t); signed and unsigned char are int8_t/uint8_t.
template <class T>
concept integer = std::integral<T> && !std::same_as<T, bool> && !std::same_as<T, char> &&
                  !std::same_as<T, wchar_t> && !std::same_as<T, char8_t> &&
                  !std::same_as<T, char16_t> && !std::same_as<T, char32_t>;

// The types value::get<T> reads.
template <class T>
concept gettable = integer<T> || std::same_as<T, bool> || std::same_as<T, float> ||
                   std::same_as<T, double> || std::same_as<T, std::string_view> ||
                   std::same_as<T, jot::array> || std::same_as<T, jot::object> ||
                   std::same_as<T, jot::value>;

// An index of any integer type as a 64-bit one; a negative index becomes
// UINT64_MAX, which no container reaches (lengths have 56 bits).
template <integer I>
constexpr std::uint64_t index_of(I index) noexcept {
  if constexpr (std::is_signed_v<I>) {
    if (index < 0) return UINT64_MAX;
  }
  return static_cast<std::uint64_t>(index);
}
}  // namespace detail

class value {
 public:
  value() noexcept = default;  // absent
  explicit value(const detail::node* n) noexcept : n_(n) {}

  // True when the value exists (not a missing key or index).
  bool exists() const noexcept { return n_ != nullptr; }
  // The JSON type; type::absent when !exists().
  jot::type type() const noexcept;

  bool is_null() const noexcept { return n_ && n_->kind() == detail::kind_null; }
  bool is_bool() const noexcept {
    return n_ && (n_->kind() == detail::kind_true || n_->kind() == detail::kind_false);
  }
  bool is_number() const noexcept {
    return n_ && n_->kind() >= detail::kind_uint && n_->kind() <= detail::kind_raw_number;
  }
  // True for a number stored as an integer (not a double, not raw text).
  bool is_integer() const noexcept {
    return n_ && (n_->kind() == detail::kind_uint || n_->kind() == detail::kind_int);
  }
  // True for a number stored as a double (it had a fraction or exponent, or
  // was an integer beyond the 64-bit range).
  bool is_double() const noexcept { return n_ && n_->kind() == detail::kind_double; }
  bool is_string() const noexcept { return n_ && n_->is_string(); }
  bool is_array() const noexcept { return n_ && n_->kind() == detail::kind_array; }
  bool is_object() const noexcept { return n_ && n_->kind() == detail::kind_object; }

  // Fails with type_mismatch unless the value is true or false.
  result<bool> get_bool() const noexcept;
  // The number as an exact integer. A number stored as a double converts only
  // when that double is whole (1e2, 100.0, -0); the double is the text
  // rounded, so 0.99999999999999999999 gives 1. A number kept as text
  // (keep_number_text) is judged exactly from its text. Fails with
  // type_mismatch for non-numbers and numbers with a fraction,
  // number_out_of_range for a whole number that does not fit.
  result<std::int64_t> get_int64() const noexcept;
  result<std::uint64_t> get_uint64() const noexcept;
  // Any number as the nearest double; fails with type_mismatch for non-numbers.
  result<double> get_double() const noexcept;
  // The unescaped bytes; may contain NUL. Fails with type_mismatch for non-strings.
  result<std::string_view> get_string() const noexcept;
  // Fails with type_mismatch unless the value is an array / object.
  result<jot::array> get_array() const noexcept;
  result<jot::object> get_object() const noexcept;

  // The value as T, failing like the matching getter: bool (get_bool), any
  // detail::integer type (like get_int64/get_uint64, and number_out_of_range
  // when it does not fit T: 300 as uint8_t), double (get_double), float (the
  // double rounded to float; number_out_of_range beyond float's range),
  // std::string_view, jot::array, jot::object, or jot::value (this value;
  // fails with not_found only when absent).
  template <detail::gettable T>
  result<T> get() const noexcept;
  // get<T>() on success, else fallback: when absent, of another type, or out
  // of T's range.
  template <detail::gettable T>
  T get_or(T fallback) const noexcept;
  // get<std::string_view>() on success, else fallback (null reads as "").
  std::string_view get_or(const char* fallback) const noexcept;

  // The number's source text when parsed with keep_number_text, else empty.
  std::string_view number_text() const noexcept;

  // Elements of an array or members of an object; 0 for anything else.
  std::size_t size() const noexcept { return n_ && n_->is_container() ? n_->length() : 0; }

  // The element at index, which may have any detail::integer type (O(index):
  // each skipped element costs O(1)), or absent when this is not an array or
  // index is negative or >= size().
  template <detail::integer I>
  value operator[](I index) const noexcept { return element(detail::index_of(index)); }
  // The first member named key (duplicates are kept; the first wins), or
  // absent when this is not an object or has no such member.
  value operator[](std::string_view key) const noexcept;
  value operator[](const char* key) const noexcept { return (*this)[std::string_view(key)]; }

  // RFC 6901 lookup relative to this value: "" is this value, "/a/0" member a's
  // first element. Fails with invalid_pointer or not_found.
  result<value> at_pointer(std::string_view pointer) const noexcept;

  // Every value of this one's subtree in document order, this value first;
  // object keys come as string values, each just before its member's value
  // (so a scan of every string needs no recursion). Empty when absent.
  preorder_view preorder() const noexcept;

  // Deep equality: same types and contents, object members compared in order,
  // absent equals only absent. Numbers compare by exact decimal value, never
  // rounded through a double (1 == 1.0 == 10e-1; kept as text,
  // 9007199254740993.0 != 9007199254740992): a number kept as text by its text,
  // an integer by its digits, a double as the shortest decimal that reads back
  // as it (what jot writes for it) and, when it holds an integer below 2^64,
  // also as that integer.
  friend bool operator==(value a, value b) noexcept;

  // The underlying node (for jot's own writer and tools).
  const detail::node* node() const noexcept { return n_; }

 private:
  value element(std::uint64_t index) const noexcept;

  const detail::node* n_ = nullptr;
};

namespace detail {
// How a value_iterator steps: over a whole subtree, or to the very next node.
struct next_sibling {
  static const node* step(const node* n) noexcept { return n->next(); }
};
struct next_node {
  static const node* step(const node* n) noexcept { return n + 1; }
};

// A forward iterator over tape nodes whose reference is a jot::value handle
// (a prvalue); Step says where the next one is.
template <class Step>
class value_iterator {
 public:
  using iterator_concept = std::forward_iterator_tag;
  using iterator_category = std::input_iterator_tag;  // C++17: reference is no T&
  using value_type = jot::value;
  using reference = jot::value;
  using pointer = void;
  using difference_type = std::ptrdiff_t;
  value_iterator() noexcept = default;
  explicit value_iterator(const node* n) noexcept : n_(n) {}
  jot::value operator*() const noexcept { return jot::value(n_); }
  value_iterator& operator++() noexcept { n_ = Step::step(n_); return *this; }
  value_iterator operator++(int) noexcept { value_iterator t = *this; ++*this; return t; }
  bool operator==(const value_iterator& o) const noexcept { return n_ == o.n_; }

 private:
  const node* n_ = nullptr;
};
}  // namespace detail

// An object member: key and value.
struct member {
  std::string_view key;
  jot::value value;
};

// A view of an array's elements, iterated in document order. A borrowed
// forward range: its iterators point into the document, not into the view,
// so they outlive a temporary array (std::ranges algorithms accept one).
class array {
 public:
  // A forward iterator whose reference is a jot::value handle (a prvalue);
  // each step skips an element's whole subtree.
  using iterator = detail::value_iterator<detail::next_sibling>;

  array() noexcept = default;
  explicit array(const detail::node* n) noexcept : n_(n) {}
  iterator begin() const noexcept { return iterator(n_ ? n_ + 1 : nullptr); }
  iterator end() const noexcept { return iterator(n_ ? n_ + n_->span : nullptr); }
  std::size_t size() const noexcept { return n_ ? n_->length() : 0; }
  bool empty() const noexcept { return size() == 0; }
  // The element at index (any detail::integer type), or absent.
  template <detail::integer I>
  jot::value operator[](I index) const noexcept { return jot::value(n_)[index]; }

 private:
  const detail::node* n_ = nullptr;
};

// A view of an object's members, iterated in document order. A borrowed
// forward range, like array.
class object {
 public:
  // A forward iterator whose reference is a member (a prvalue).
  class iterator {
   public:
    using iterator_concept = std::forward_iterator_tag;
    using iterator_category = std::input_iterator_tag;  // C++17: reference is no T&
    using value_type = member;
    using reference = member;
    using pointer = void;
    using difference_type = std::ptrdiff_t;
    iterator() noexcept = default;
    explicit iterator(const detail::node* n) noexcept : n_(n) {}
    member operator*() const noexcept {
      return member{std::string_view(n_->str, n_->length()), jot::value(n_ + 1)};
    }
    iterator& operator++() noexcept { n_ = (n_ + 1)->next(); return *this; }
    iterator operator++(int) noexcept { iterator t = *this; ++*this; return t; }
    bool operator==(const iterator& o) const noexcept { return n_ == o.n_; }
   private:
    const detail::node* n_ = nullptr;  // the key node
  };

  object() noexcept = default;
  explicit object(const detail::node* n) noexcept : n_(n) {}
  iterator begin() const noexcept { return iterator(n_ ? n_ + 1 : nullptr); }
  iterator end() const noexcept { return iterator(n_ ? n_ + n_->span : nullptr); }
  std::size_t size() const noexcept { return n_ ? n_->length() : 0; }
  bool empty() const noexcept { return size() == 0; }
  // The first member named key, or absent.
  jot::value find(std::string_view key) const noexcept { return jot::value(n_)[key]; }
  jot::value operator[](std::string_view key) const noexcept { return find(key); }

 private:
  const detail::node* n_ = nullptr;
};

// A subtree in pre-order (value::preorder()): every node of the tape from the
// subtree's root to its end, one step per node, keys included. A borrowed
// forward range, like array.
class preorder_view {
 public:
  // A forward iterator whose reference is a jot::value handle (a prvalue);
  // the tape is in pre-order, so each step is the next node.
  using iterator = detail::value_iterator<detail::next_node>;

  preorder_view() noexcept = default;
  explicit preorder_view(const detail::node* n) noexcept : n_(n) {}
  iterator begin() const noexcept { return iterator(n_); }
  iterator end() const noexcept { return iterator(n_ ? n_->next() : nullptr); }
  // The number of values visited, keys included: O(1).
  std::size_t size() const noexcept { return n_ ? static_cast<std::size_t>(n_->next() - n_) : 0; }
  bool empty() const noexcept { return n_ == nullptr; }

 private:
  const detail::node* n_ = nullptr;  // the subtree's root
};

inline preorder_view value::preorder() const noexcept { return preorder_view(n_); }

}  // namespace jot

// Views borrow the document, so iterators taken from a temporary view stay
// valid. <string_view> declares this template (it specialises it) and defines
// the iterator tags used above (its reverse_iterator needs them); including
// <ranges> or <iterator> for them would double the cost of including jot.h.
template <>
inline constexpr bool std::ranges::enable_borrowed_range<jot::array> = true;
template <>
inline constexpr bool std::ranges::enable_borrowed_range<jot::object> = true;
template <>
inline constexpr bool std::ranges::enable_borrowed_range<jot::preorder_view> = true;

#include "jot/detail/dom/value_inl.h"
