// jot/detail/reflect/reflect_optin.h - the values that jot::members, jot::rename and
// jot::skip build for a jot::meta<T> specialization. Not API.
#pragma once

#include <array>
#include <cstddef>
#include <string_view>
#include <type_traits>
#include <utility>

namespace jot {
// One entry of jot::rename: the member's identifier and the key to use instead.
struct renamed {
  std::string_view from;
  std::string_view to;
};
}  // namespace jot

namespace jot::detail::reflect {

// A heterogeneous list with O(1) access by index: each element is a distinct
// base, so get<I> is one overload resolution instead of the recursive
// instantiation std::tuple costs.
template <std::size_t I, class E>
struct indexed {
  E value;
};
template <class Seq, class... E>
struct indexed_pack;
template <std::size_t... I, class... E>
struct indexed_pack<std::index_sequence<I...>, E...> : indexed<I, E>... {};

template <std::size_t I, class E>
constexpr const E& get(const indexed<I, E>& element) noexcept {
  return element.value;
}

// One member of an explicit member list: where it is and its JSON key.
template <class C, class M>
struct member_entry {
  using class_type = C;
  using member_type = M;
  M C::*pointer;
  std::string_view key;
};

template <class... E>
struct member_list : indexed_pack<std::index_sequence_for<E...>, E...> {
  static constexpr std::size_t size = sizeof...(E);
};

template <class L>
inline constexpr bool is_member_list = false;
template <class... E>
inline constexpr bool is_member_list<member_list<E...>> = true;

template <std::size_t N>
struct rename_list {
  std::array<renamed, N> entries;
};
template <class L>
inline constexpr bool is_rename_list = false;
template <std::size_t N>
inline constexpr bool is_rename_list<rename_list<N>> = true;

template <std::size_t N>
struct skip_list {
  std::array<std::string_view, N> names;
};
template <class L>
inline constexpr bool is_skip_list = false;
template <std::size_t N>
inline constexpr bool is_skip_list<skip_list<N>> = true;

// The enumerators of a jot::meta<E> specialization, in the order given.
template <class E, std::size_t N>
struct enumerator_list {
  using enum_type = E;
  std::array<E, N> values;
  std::array<std::string_view, N> names;
};
template <class L>
inline constexpr bool is_enumerator_list = false;
template <class E, std::size_t N>
inline constexpr bool is_enumerator_list<enumerator_list<E, N>> = true;

template <class P, class K>
consteval auto make_member_entry(P pointer, K key) {
  static_assert(std::is_member_object_pointer_v<P>,
                "jot::members: arguments come in pairs, a pointer to a data member and its key: "
                "jot::members(&T::a, \"a\", &T::b, \"b\")");
  static_assert(std::is_convertible_v<K, std::string_view>,
                "jot::members: each pointer to a member is followed by its key, a string");
  return [&]<class C, class M>(M C::*p) { return member_entry<C, M>{p, std::string_view(key)}; }(
      pointer);
}

template <class... A, std::size_t... I>
consteval auto make_member_list(std::index_sequence<I...>, const A&... args) {
  // Decayed: a key arrives as a reference to a char array.
  const indexed_pack<std::index_sequence_for<A...>, std::decay_t<const A&>...> all{{args}...};
  return member_list<decltype(make_member_entry(get<2 * I>(all), get<2 * I + 1>(all)))...>{
      {{make_member_entry(get<2 * I>(all), get<2 * I + 1>(all))}...}};
}

template <class... A, std::size_t... I>
consteval auto make_enumerator_list(std::index_sequence<I...>, const A&... args) {
  const indexed_pack<std::index_sequence_for<A...>, std::decay_t<const A&>...> all{{args}...};
  using E = std::decay_t<decltype(get<0>(all))>;
  static_assert(std::is_enum_v<E> && (std::is_same_v<std::decay_t<decltype(get<2 * I>(all))>, E> && ...),
                "jot::enumerators: arguments come in pairs, an enumerator of one enum type and its "
                "name: jot::enumerators(E::a, \"a\", E::b, \"b\")");
  static_assert((std::is_convertible_v<decltype(get<2 * I + 1>(all)), std::string_view> && ...),
                "jot::enumerators: each enumerator is followed by its name, a string");
  return enumerator_list<E, sizeof...(I)>{{get<2 * I>(all)...},
                                          {std::string_view(get<2 * I + 1>(all))...}};
}

}  // namespace jot::detail::reflect
