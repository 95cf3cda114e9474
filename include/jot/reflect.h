// jot/reflect.h - compile-time reflection of structs: member count, keys,
// access in declaration order, key -> member lookup. The foundation of typed
// mapping (JSON straight into structs and back). Opt-in: not part of jot.h.
//
// WHAT WORKS WITH NO ANNOTATION
//   Any aggregate struct: public data members, no user-declared constructors,
//   no virtual functions, no base classes with members. Member types are free:
//   scalars, std::string, containers, std::optional, nested aggregates,
//   C arrays. Member names are deduced at compile time (GCC 12+, clang 14+),
//   and the key of a member is its identifier.
//
//     struct point { double x; double y; std::string label; };
//     static_assert(jot::reflect::member_count<point> == 3);
//     static_assert(jot::reflect::member_names<point>[2] == "label");
//     static_assert(jot::reflect::member_index<point>("y") == 1);
//
// THE OPT-IN: ONE SPECIALIZATION OF jot::meta<T>
//   Renamed keys and skipped members of an aggregate, one line each:
//
//     template <> struct jot::meta<config> {
//       static constexpr auto rename = jot::rename({{"max_size", "maxSize"}});
//       static constexpr auto skip = jot::skip({"cache"});
//     };
//
//   Any other class (constructors, private members, bases): list the members,
//   each with its key. Private members need `friend struct jot::meta<T>;`.
//
//     template <> struct jot::meta<account> {
//       static constexpr auto members = jot::members(&account::id_, "id", &account::name_, "name");
//     };
//
//   For typed mapping (jot/typed.h), `using proxy = P;` in jot::meta<T> with
//   `static P write(const T&)` and `static bool read(const P&, T&)` makes T
//   read and written as a P instead of member by member. Reflection ignores it.
//
// ENUMS
//   The name of an enumerator, and the enumerator of a name, deduced at
//   compile time from the compiler's spelling of each value in a fixed range:
//
//     enum class color : std::uint8_t { red, green = 5, blue };
//     static_assert(jot::reflect::enum_name(color::green) == "green");
//     color c;
//     bool ok = jot::reflect::enum_from_name("blue", c);   // true, c == color::blue
//
//   Probed values: [-128, 255], clipped to the underlying type (so [0, 255]
//   for an unsigned one, [-128, 127] for signed char). A value outside has no
//   name (""). Two enumerators with one value: the compiler spells the value
//   with the first declared, so only that name exists. To go beyond either,
//   list the enumerators:
//
//     template <> struct jot::meta<status> {
//       static constexpr auto enumerators = jot::enumerators(status::ok, "ok", status::gone, "gone");
//     };
//
//   `static constexpr bool as_integer = true;` in jot::meta<E> makes typed
//   mapping read and write E as its integer; enum_name still works.
//
// LIMITS (each is a static_assert with a message, except where noted)
//   - At most max_members (256) members.
//   - Reference members are rejected.
//   - Unions, non-class types and non-aggregates without jot::meta members.
//   - A member with a default member initializer whose type has no default
//     constructor (it hides the members after it from the count).
//   - rename/skip naming a member T does not have; two members with one key.
//   - Not detected, compile error from the structured binding instead:
//     aggregates with base classes that have members (list the members in
//     jot::meta), bit-fields, anonymous unions or structs as members.
//   - An aggregate whose members cannot all be default-initialized (a member
//     without default constructor) is counted more slowly, and then must not
//     also contain a C array member (the count would be wrong; the
//     structured binding reports it).
//   - Keys are compared as bytes: no case folding, no Unicode normalization.
//
// COST
//   Including this header: about 0.1 s per translation unit (mostly the
//   generated structured-binding table). Reflecting a struct: a few hundredths
//   of a second for 10 members, about half a second for 256 with everything
//   used. An enum's names: about 0.03 s (GCC 12) to 0.06 s (clang 14), since
//   every value of the probed range is spelled (docs/typed.md has the
//   measurements). At run time, nothing but member_index's compare or hash,
//   one table read for enum_name, one hash or a few compares for
//   enum_from_name.
#pragma once

#include <array>
#include <cstddef>
#include <string_view>
#include <type_traits>
#include <utility>

#include "jot/detail/reflect/reflect_optin.h"

namespace jot {

// How jot maps T: specialize for a type that needs renames, skips or an
// explicit member list. The primary template is empty: plain aggregates need
// nothing.
template <class T>
struct meta {};

// The member list of a jot::meta<T> specialization: pairs of a pointer to a
// data member (of T or a base of T) and its key, in the order to write them.
// Members not listed are neither read nor written.
template <class... A>
consteval auto members(const A&... pointer_key_pairs) {
  static_assert(sizeof...(A) % 2 == 0,
                "jot::members: arguments come in pairs: jot::members(&T::a, \"a\", &T::b, \"b\")");
  return detail::reflect::make_member_list(std::make_index_sequence<sizeof...(A) / 2>{},
                                           pointer_key_pairs...);
}

// The enumerators of a jot::meta<E> specialization: pairs of an enumerator
// and its name. They replace the names read from the compiler: for values
// outside the probed range, other names, or several names for one value
// (enum_name gives the first listed; enum_from_name accepts each).
template <class... A>
consteval auto enumerators(const A&... value_name_pairs) {
  static_assert(sizeof...(A) % 2 == 0 && sizeof...(A) != 0,
                "jot::enumerators: arguments come in pairs: jot::enumerators(E::a, \"a\", E::b, \"b\")");
  return detail::reflect::make_enumerator_list(std::make_index_sequence<sizeof...(A) / 2>{},
                                               value_name_pairs...);
}

// Renamed keys for jot::meta<T>::rename: {{"identifier", "key"}, ...}.
template <std::size_t N>
consteval detail::reflect::rename_list<N> rename(const renamed (&pairs)[N]) {
  detail::reflect::rename_list<N> list{};
  for (std::size_t i = 0; i < N; ++i) list.entries[i] = pairs[i];
  return list;
}

// Skipped members for jot::meta<T>::skip: {"identifier", ...}.
template <std::size_t N>
consteval detail::reflect::skip_list<N> skip(const std::string_view (&identifiers)[N]) {
  detail::reflect::skip_list<N> list{};
  for (std::size_t i = 0; i < N; ++i) list.names[i] = identifiers[i];
  return list;
}

}  // namespace jot

#include "jot/detail/reflect/reflect_model.h"

namespace jot::reflect {

// The largest number of members (skipped ones included) of a reflected type.
inline constexpr std::size_t max_members = detail::reflect::max_members;

// What member_index returns for a key that is not a member's.
inline constexpr std::size_t npos = detail::reflect::not_found;

// Whether T can be reflected; never fails to compile for a complete type, except
// for the undetected limits above.
template <class T>
inline constexpr bool reflectable =
    detail::reflect::status_of<std::remove_cv_t<T>> == detail::reflect::status::ok;

// The keys of T's members after renames and skips, in declaration order (in
// list order for a jot::meta member list). Below, "member i" is the member
// whose key is member_names<T>[i].
template <class T>
inline constexpr const auto& member_names = detail::reflect::keys<std::remove_cv_t<T>>;

// The number of T's members that are not skipped: member_names<T>.size().
template <class T>
inline constexpr std::size_t member_count = member_names<T>.size();

// The index i with member_names<T>[i] == key, or npos. O(1): one hash of the
// key's length and end bytes, one table read, one comparison.
template <class T>
[[nodiscard]] constexpr std::size_t member_index(std::string_view key) noexcept {
  return detail::reflect::find_key<std::remove_cv_t<T>>(key);
}

// Calls f(std::integral_constant<std::size_t, i>, std::string_view key, member)
// for every member i of object in order, member being a reference to it
// (const when object is const). Skipped members are not visited.
template <class T, class F>
JOT_ALWAYS_INLINE constexpr void for_each_member(T& object, F&& f) {
  using U = std::remove_cv_t<T>;
  static_assert(detail::reflect::require<U>());
  if constexpr (detail::reflect::has_members<U>) {
    detail::reflect::visit_list<U>(object, f,
                                   std::make_index_sequence<detail::reflect::field_count<U>>{});
  } else {
    detail::reflect::binder<detail::reflect::field_count<U>>::apply(
        object, [&f](auto&... member) JOT_LAMBDA_ALWAYS_INLINE {
          detail::reflect::visit_fields<U>(f, std::make_index_sequence<sizeof...(member)>{},
                                           member...);
        });
  }
}

// Calls f(integral_constant, key, member) like for_each_member for member
// `index` only; returns false (and calls nothing) when index >= member_count<T>.
// With member_index, this is the dispatch of a decoder: key -> member.
template <class T, class F>
JOT_ALWAYS_INLINE constexpr bool visit_member(T& object, std::size_t index, F&& f) {
  using U = std::remove_cv_t<T>;
  static_assert(detail::reflect::require<U>());
  if constexpr (detail::reflect::has_members<U>) {
    return detail::reflect::visit_list_at<U>(
        object, index, f, std::make_index_sequence<detail::reflect::field_count<U>>{});
  } else {
    return detail::reflect::binder<detail::reflect::field_count<U>>::apply(
        object, [&f, index](auto&... member) JOT_LAMBDA_ALWAYS_INLINE {
          return detail::reflect::visit_field_at<U>(
              index, f, std::make_index_sequence<sizeof...(member)>{}, member...);
        });
  }
}

}  // namespace jot::reflect

#include "jot/detail/reflect/reflect_enum.h"
