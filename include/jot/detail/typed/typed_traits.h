// jot/detail/typed/typed_traits.h - how typed mapping classifies a C++ type: the
// one table that the reader (typed_read.h) and the writer (typed_write.h)
// both follow, so that what is read is what is written. Not API.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <list>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <span>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <variant>
#include <vector>

#include "jot/reflect.h"
#include "jot/value.h"

namespace jot {
struct raw_json;
}

namespace jot::detail::typed {

// What a type is read from and written as.
enum class shape : std::uint8_t {
  boolean,      // bool
  integer,      // every integer type but bool and the character types
  floating,     // float, double
  string,       // std::basic_string<char, ...> (any allocator: std::pmr::string too)
  string_view,  // std::string_view
  optional,     // std::optional<T>
  pointer,      // std::unique_ptr<T>
  sequence,     // std::vector<T, A> (std::pmr::vector too), std::deque, std::list
  set,          // std::set, std::unordered_set: an array of distinct elements
  fixed_array,  // std::array<T, N>, T[N]
  span,         // std::span<T> (dynamic extent), elements in arena memory
  tuple,        // std::tuple<A...>, std::pair<A, B>: an array, element i of type i
  map,          // std::map / std::unordered_map keyed by strings, views, integers or enums (key_shape)
  variant,      // std::variant<A...>: the alternative chosen by the value's JSON type
  tagged,       // std::variant<A...> of structs with jot::meta tag and ids: an object whose tag member names one
  monostate,    // std::monostate (null)
  enumeration,  // enums: by name, or as integers with jot::meta<E>::as_integer
  dom_value,    // jot::value
  raw,          // jot::raw_json
  proxy,        // jot::meta<T>::proxy: read and written as another type
  object,       // reflected structs (jot/reflect.h)
  unsupported,
};

template <class T> struct is_std_string : std::false_type {};
template <class Tr, class A> struct is_std_string<std::basic_string<char, Tr, A>> : std::true_type {};
template <class T> struct is_optional : std::false_type {};
template <class T> struct is_optional<std::optional<T>> : std::true_type {};
template <class T> struct is_unique_ptr : std::false_type {};
template <class T> struct is_unique_ptr<std::unique_ptr<T>> : std::true_type {};
template <class T> struct is_vector : std::false_type {};
template <class T, class A> struct is_vector<std::vector<T, A>> : std::true_type {};
template <class T, class A> struct is_vector<std::deque<T, A>> : std::true_type {};
template <class T, class A> struct is_vector<std::list<T, A>> : std::true_type {};
template <class T> struct is_set : std::false_type {};
template <class T, class C, class A> struct is_set<std::set<T, C, A>> : std::true_type {};
template <class T, class H, class E, class A> struct is_set<std::unordered_set<T, H, E, A>> : std::true_type {};
template <class T> struct is_std_array : std::false_type {};
template <class T, std::size_t N> struct is_std_array<std::array<T, N>> : std::true_type {};
template <class T> struct is_span : std::false_type {};
template <class T> struct is_span<std::span<T>> : std::true_type {};
template <class T> struct is_tuple : std::false_type {};
template <class... A> struct is_tuple<std::tuple<A...>> : std::true_type {};
template <class A, class B> struct is_tuple<std::pair<A, B>> : std::true_type {};
template <class T> struct is_variant : std::false_type {};
template <class... A> struct is_variant<std::variant<A...>> : std::true_type {};

// What a map's key type is as an object's key: JSON keys are strings, so a
// map is an object when its keys are strings or views, or integers and enums
// written as text (`{"7": ...}`, `{"red": ...}`). No floating keys: "1" and
// "1.0" would be two keys for one double.
enum class key_shape : std::uint8_t {
  none,         // not a key type: the map is not mapped
  string,       // std::basic_string<char, ...>
  string_view,  // std::string_view: a view of the input, or of arena memory
  integer,      // integer types but bool and the character types: decimal text
  enumeration,  // enums: the enumerator's name, or its integer with as_integer
};

template <class K>
constexpr key_shape key_shape_of() {
  if constexpr (is_std_string<K>::value) return key_shape::string;
  else if constexpr (std::is_same_v<K, std::string_view>) return key_shape::string_view;
  else if constexpr (std::is_same_v<K, bool> || std::is_same_v<K, char> || std::is_same_v<K, wchar_t> ||
                     std::is_same_v<K, char8_t> || std::is_same_v<K, char16_t> || std::is_same_v<K, char32_t>)
    return key_shape::none;  // as values: characters are not numbers
  else if constexpr (std::is_integral_v<K>) return key_shape::integer;
  else if constexpr (std::is_enum_v<K>) return key_shape::enumeration;
  else return key_shape::none;
}

template <class T> struct is_keyed_map : std::false_type {};
template <class K, class V, class C, class A>
struct is_keyed_map<std::map<K, V, C, A>> : std::bool_constant<key_shape_of<K>() != key_shape::none> {};
template <class K, class V, class H, class E, class A>
struct is_keyed_map<std::unordered_map<K, V, H, E, A>> : std::bool_constant<key_shape_of<K>() != key_shape::none> {};

// jot::meta<T>::proxy: T is read as the proxy type, then converted with
// meta<T>::read(const proxy&, T&) -> bool; written as meta<T>::write(const T&).
template <class T>
concept has_proxy = requires { typename meta<T>::proxy; };

// jot::meta<E>::as_integer = true: an enum read and written as its integer.
template <class T>
constexpr bool enum_as_integer() {
  if constexpr (requires { meta<T>::as_integer; }) return meta<T>::as_integer;
  else return false;
}

// jot::meta<std::variant<A...>> with `tag` (the key of the member that names
// the alternative) and `ids` (each alternative's name, in order): a tagged
// variant, {"type":"circle","r":2} (typed_tagged.inl).
template <class T>
concept tagged_variant = is_variant<T>::value && requires {
  meta<T>::tag;
  meta<T>::ids;
};

template <class T>
constexpr shape shape_of() {
  using U = std::remove_cv_t<T>;
  if constexpr (has_proxy<U>) return shape::proxy;
  else if constexpr (std::is_same_v<U, bool>) return shape::boolean;
  else if constexpr (std::is_same_v<U, char> || std::is_same_v<U, wchar_t> || std::is_same_v<U, char8_t> ||
                     std::is_same_v<U, char16_t> || std::is_same_v<U, char32_t>)
    return shape::unsupported;  // characters are not numbers; use a string or an integer type
  else if constexpr (std::is_integral_v<U>) return shape::integer;
  else if constexpr (std::is_same_v<U, float> || std::is_same_v<U, double>) return shape::floating;
  else if constexpr (std::is_enum_v<U>) return shape::enumeration;
  else if constexpr (is_std_string<U>::value) return shape::string;
  else if constexpr (std::is_same_v<U, std::string_view>) return shape::string_view;
  else if constexpr (is_optional<U>::value) return shape::optional;
  else if constexpr (is_unique_ptr<U>::value) return shape::pointer;
  else if constexpr (is_vector<U>::value) return shape::sequence;
  else if constexpr (is_set<U>::value) return shape::set;
  else if constexpr (is_std_array<U>::value || std::is_bounded_array_v<U>) return shape::fixed_array;
  else if constexpr (is_span<U>::value) return shape::span;
  else if constexpr (is_tuple<U>::value) return shape::tuple;
  else if constexpr (is_keyed_map<U>::value) return shape::map;
  else if constexpr (tagged_variant<U>) return shape::tagged;
  else if constexpr (is_variant<U>::value) return shape::variant;
  else if constexpr (std::is_same_v<U, std::monostate>) return shape::monostate;
  else if constexpr (std::is_same_v<U, jot::value>) return shape::dom_value;
  else if constexpr (std::is_same_v<U, jot::raw_json>) return shape::raw;
  else if constexpr (std::is_class_v<U> && jot::reflect::reflectable<U>) return shape::object;
  else return shape::unsupported;
}

template <class T>
inline constexpr shape shape_v = shape_of<T>();

// A tagged variant's tag key and the id of its alternative i, as views.
template <class V>
inline constexpr std::string_view tag_of = meta<V>::tag;
template <class V, std::size_t I>
inline constexpr std::string_view id_of = meta<V>::ids[I];

// Whether alternative I of the tagged variant V has a member whose key is V's tag.
template <class V, std::size_t I>
consteval bool tag_is_a_member_key() {
  for (std::string_view key : jot::reflect::member_names<std::variant_alternative_t<I, V>>) {
    if (key == tag_of<V>) return true;
  }
  return false;
}

// The rules of a tagged variant, checked where it is read or written.
template <class V, std::size_t... I>
consteval bool check_tagged_variant(std::index_sequence<I...>) {
  static_assert(((shape_of<std::variant_alternative_t<I, V>>() == shape::object) && ...),
                "jot: every alternative of a tagged variant (jot::meta<V>::tag) must be a struct");
  static_assert(std::size(meta<V>::ids) == sizeof...(I),
                "jot::meta<V>::ids: one id per alternative of the variant, in the variant's order");
  static_assert(!(tag_is_a_member_key<V, I>() || ...),
                "jot::meta<V>::tag: an alternative of the tagged variant has a member with the tag's key");
  constexpr bool distinct = [] {
    const std::string_view ids[] = {id_of<V, I>...};
    for (std::size_t i = 0; i < sizeof...(I); ++i) {
      for (std::size_t j = 0; j < i; ++j) {
        if (ids[i] == ids[j]) return false;
      }
    }
    return true;
  }();
  static_assert(distinct, "jot::meta<V>::ids: two alternatives have the same id");
  return true;
}

template <class V>
inline constexpr bool tagged_variant_checked =
    check_tagged_variant<V>(std::make_index_sequence<std::variant_size_v<V>>{});

// Whether member I of T (its key member_names<T>[I]) is named by
// jot::meta<T>::defaulted: absent, it keeps its value.
template <class T, std::size_t I>
inline constexpr bool is_defaulted = [] {
  if constexpr (requires { meta<T>::defaulted.keys; }) {
    for (std::string_view key : meta<T>::defaulted.keys) {
      if (key == jot::reflect::member_names<T>[I]) return true;
    }
  }
  return false;
}();

// Whether every key that jot::meta<T>::defaulted names is a member's (true without one).
template <class T>
consteval bool defaulted_keys_exist() {
  if constexpr (requires { meta<T>::defaulted.keys; }) {
    for (std::string_view key : meta<T>::defaulted.keys) {
      bool found = false;
      for (std::string_view name : jot::reflect::member_names<T>) found = found || name == key;
      if (!found) return false;
    }
  }
  return true;
}

// A member that may be absent from its object without an error.
template <class T>
inline constexpr bool may_be_absent = shape_v<T> == shape::optional || shape_v<T> == shape::pointer;

}  // namespace jot::detail::typed
