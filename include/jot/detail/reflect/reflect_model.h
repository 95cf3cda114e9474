// jot/detail/reflect/reflect_model.h - what jot knows about a type's members: where
// they come from (an aggregate or a jot::meta member list), their keys after
// renames and skips, whether the type can be reflected at all. Not API.
#pragma once

#include <array>
#include <cstddef>
#include <string_view>
#include <type_traits>
#include <utility>

#include "jot/detail/reflect/reflect_bind_generated.h"
#include "jot/detail/reflect/reflect_count.h"
#include "jot/detail/reflect/reflect_keys.h"
#include "jot/detail/reflect/reflect_names.h"
#include "jot/detail/reflect/reflect_optin.h"

namespace jot {
template <class T>
struct meta;  // defined in jot/reflect.h
}  // namespace jot

namespace jot::detail::reflect {

template <class T>
concept has_members = requires { meta<T>::members; };
template <class T>
concept has_rename = requires { meta<T>::rename; };
template <class T>
concept has_skip = requires { meta<T>::skip; };

// Why a type cannot be reflected; each value has its static_assert in
// require() below.
enum class status : unsigned char {
  ok,
  not_a_class,
  union_type,
  not_aggregate,
  too_many_members,
  uncountable,
  default_initializer,
  reference_member,
  bad_members,
  members_and_rename,
  bad_rename,
  bad_skip,
  unknown_rename,
  unknown_skip,
  duplicate_key,
};

// ---- the members themselves: an aggregate's, or an explicit list ----

template <class T>
consteval status list_status() {
  using list = std::remove_cvref_t<decltype(meta<T>::members)>;
  if constexpr (!is_member_list<list>) {
    return status::bad_members;
  } else if constexpr (has_rename<T> || has_skip<T>) {
    return status::members_and_rename;
  } else {
    // Every pointer must point into T or one of its bases.
    constexpr bool into_t = []<class... E>(const member_list<E...>*) {
      return (std::is_base_of_v<typename E::class_type, T> && ...);
    }(static_cast<const list*>(nullptr));
    return into_t ? status::ok : status::bad_members;
  }
}

template <class T>
inline constexpr count_result counted = count_members<T>();

template <class T>
consteval status aggregate_status() {
  if constexpr (std::is_union_v<T>) {  // before is_class: a union is not a class type
    return status::union_type;
  } else if constexpr (!std::is_class_v<T>) {
    return status::not_a_class;
  } else if constexpr (!std::is_aggregate_v<T>) {
    return status::not_aggregate;
  } else if constexpr (counted<T>.status == count_status::too_many) {
    return status::too_many_members;
  } else if constexpr (counted<T>.status == count_status::uncountable) {
    return status::uncountable;
  } else if constexpr (counted<T>.status == count_status::default_initializer) {
    return status::default_initializer;
  } else if constexpr (!addresses_are_constant<T, counted<T>.count>) {
    return status::reference_member;
  } else {
    return status::ok;
  }
}

// Whether the members (before renames and skips) are known.
template <class T>
consteval status structure_status() {
  if constexpr (has_members<T>) {
    return list_status<T>();
  } else {
    return aggregate_status<T>();
  }
}

template <class T>
consteval std::size_t count_fields() {
  if constexpr (structure_status<T>() != status::ok) {
    return 0;
  } else if constexpr (has_members<T>) {
    return std::remove_cvref_t<decltype(meta<T>::members)>::size;
  } else {
    return counted<T>.count;
  }
}

// The number of members ("fields", skipped ones included); 0 when unknown.
template <class T>
inline constexpr std::size_t field_count = count_fields<T>();

template <class T, std::size_t... I>
consteval std::array<std::string_view, sizeof...(I)> list_keys(std::index_sequence<I...>) {
  return {get<I>(meta<T>::members).key...};
}

template <class T>
consteval std::array<std::string_view, field_count<T>> make_field_names() {
  if constexpr (field_count<T> == 0) {
    return {};
  } else if constexpr (has_members<T>) {
    return list_keys<T>(std::make_index_sequence<field_count<T>>{});
  } else {
    return identifiers<T, field_count<T>>();
  }
}

// Each field's name: its identifier, or for a member list, its key.
template <class T>
inline constexpr std::array<std::string_view, field_count<T>> field_names = make_field_names<T>();

// ---- renames and skips ----

template <class T>
consteval bool names_exist(const auto& names) {
  for (std::string_view name : names) {
    bool found = false;
    for (std::string_view field : field_names<T>) found = found || field == name;
    if (!found) return false;
  }
  return true;
}

template <class T>
consteval status rename_status() {
  if constexpr (!has_rename<T>) {
    return status::ok;
  } else if constexpr (!is_rename_list<std::remove_cvref_t<decltype(meta<T>::rename)>>) {
    return status::bad_rename;
  } else {
    std::array<std::string_view, meta<T>::rename.entries.size()> from{};
    for (std::size_t i = 0; i < from.size(); ++i) from[i] = meta<T>::rename.entries[i].from;
    return names_exist<T>(from) ? status::ok : status::unknown_rename;
  }
}

template <class T>
consteval status skip_status() {
  if constexpr (!has_skip<T>) {
    return status::ok;
  } else if constexpr (!is_skip_list<std::remove_cvref_t<decltype(meta<T>::skip)>>) {
    return status::bad_skip;
  } else {
    return names_exist<T>(meta<T>::skip.names) ? status::ok : status::unknown_skip;
  }
}


template <class T>
consteval bool is_skipped(std::string_view name) {
  if constexpr (skip_status<T>() == status::ok && has_skip<T>) {
    for (std::string_view s : meta<T>::skip.names) {
      if (s == name) return true;
    }
  }
  return false;
}

template <class T>
consteval std::string_view key_for(std::string_view name) {
  if constexpr (rename_status<T>() == status::ok && has_rename<T>) {
    for (const renamed& r : meta<T>::rename.entries) {
      if (r.from == name) return r.to;
    }
  }
  return name;
}

template <class T>
consteval std::size_t count_keys() {
  std::size_t n = 0;
  for (std::string_view name : field_names<T>) n += is_skipped<T>(name) ? 0u : 1u;
  return n;
}

template <class T>
inline constexpr std::size_t key_count = count_keys<T>();

// For each field, the index of its key, or not_found when it is skipped.
template <class T>
consteval std::array<std::size_t, field_count<T>> make_key_of_field() {
  std::array<std::size_t, field_count<T>> key_of{};
  std::size_t k = 0;
  for (std::size_t i = 0; i < field_count<T>; ++i) {
    key_of[i] = is_skipped<T>(field_names<T>[i]) ? not_found : k++;
  }
  return key_of;
}

template <class T>
inline constexpr std::array<std::size_t, field_count<T>> key_of_field = make_key_of_field<T>();

template <class T>
consteval std::array<std::string_view, key_count<T>> make_keys() {
  std::array<std::string_view, key_count<T>> keys{};
  for (std::size_t i = 0; i < field_count<T>; ++i) {
    if (key_of_field<T>[i] != not_found) keys[key_of_field<T>[i]] = key_for<T>(field_names<T>[i]);
  }
  return keys;
}

template <class T>
inline constexpr std::array<std::string_view, key_count<T>> unchecked_keys = make_keys<T>();

// Whether the keys are distinct: open addressing on their hashes, O(n) where
// comparing every pair would exceed clang's constant-evaluation step limit
// at 256 members.
template <std::size_t N>
consteval bool all_distinct(const std::array<std::string_view, N>& keys) {
  constexpr std::size_t size = std::size_t{2} << slot_bits(N);
  std::array<std::size_t, size> slots{};
  for (auto& slot : slots) slot = not_found;
  for (std::size_t i = 0; i < N; ++i) {
    std::size_t s = hash_all(keys[i].data(), keys[i].size(), 0) & (size - 1);
    for (; slots[s] != not_found; s = (s + 1) & (size - 1)) {
      if (keys[slots[s]] == keys[i]) return false;
    }
    slots[s] = i;
  }
  return true;
}

template <class T>
consteval bool keys_unique() {
  if constexpr (!has_members<T> && !has_rename<T>) {
    return true;  // C++ identifiers are distinct
  } else {
    return all_distinct(unchecked_keys<T>);
  }
}

template <class T>
consteval status optin_status() {
  if constexpr (rename_status<T>() != status::ok) {
    return rename_status<T>();
  } else if constexpr (skip_status<T>() != status::ok) {
    return skip_status<T>();
  } else {
    return keys_unique<T>() ? status::ok : status::duplicate_key;
  }
}

template <class T>
consteval status diagnose() {
  if constexpr (structure_status<T>() != status::ok) {
    return structure_status<T>();
  } else {
    return optin_status<T>();
  }
}

template <class T>
inline constexpr status status_of = diagnose<T>();

// The checks behind every public entry point: one message per failure. Returns
// true either way, so that a caller's static_assert adds no second error.
template <class T>
consteval bool require() {
  constexpr status s = status_of<T>;
  static_assert(s != status::not_a_class, "jot::reflect: T is not a class type");
  static_assert(s != status::union_type, "jot::reflect: unions cannot be reflected");
  static_assert(s != status::not_aggregate,
                "jot::reflect: T is not an aggregate (it has a constructor, private members, "
                "virtual functions or virtual bases); list its members in a jot::meta<T> "
                "specialization: static constexpr auto members = jot::members(&T::a, \"a\", ...);");
  static_assert(s != status::too_many_members,
                "jot::reflect: T has more than jot::reflect::max_members (256) members");
  static_assert(s != status::uncountable,
                "jot::reflect: cannot count T's members: no brace initialization of T compiles; "
                "list its members in jot::meta<T>::members");
  static_assert(s != status::default_initializer,
                "jot::reflect: a member of T with a default member initializer has no default "
                "constructor, which hides the members after it; list the members in "
                "jot::meta<T>::members");
  static_assert(s != status::reference_member,
                "jot::reflect: T has a reference member; references cannot be read into or "
                "reflected, use a pointer or a value");
  static_assert(s != status::bad_members,
                "jot::reflect: jot::meta<T>::members must be made by jot::members(&T::a, \"a\", "
                "...) with pointers to data members of T or of its bases");
  static_assert(s != status::members_and_rename,
                "jot::reflect: jot::meta<T> has members and rename or skip; with an explicit "
                "member list, give the keys there and leave skipped members out");
  static_assert(s != status::bad_rename,
                "jot::reflect: jot::meta<T>::rename must be made by jot::rename({{\"member\", "
                "\"key\"}, ...})");
  static_assert(s != status::bad_skip,
                "jot::reflect: jot::meta<T>::skip must be made by jot::skip({\"member\", ...})");
  static_assert(s != status::unknown_rename,
                "jot::reflect: jot::meta<T>::rename names a member that T does not have");
  static_assert(s != status::unknown_skip,
                "jot::reflect: jot::meta<T>::skip names a member that T does not have");
  static_assert(s != status::duplicate_key, "jot::reflect: two members of T have the same key");
  return true;
}

// The keys of T's members after renames and skips, in declaration order.
template <class T>
inline constexpr std::array<std::string_view, key_count<T>> keys =
    (require<T>(), unchecked_keys<T>);

template <class T>
inline constexpr key_table<key_count<T>> key_table_of = make_key_table(keys<T>);

// Up to this many keys, comparing the key's words with each key's in turn
// (constants in the code, no table) beats hashing: measured in docs/typed.md.
inline constexpr std::size_t compare_all_below = 9;

template <class T, std::size_t I>
constexpr bool is_key(std::string_view key, const key_words& w) noexcept {
  constexpr const key_entry& e = key_table_of<T>.entries[I];
  return key.size() == e.size && w.head == e.words.head && w.tail == e.words.tail &&
         (e.size <= 16 || same_middle(keys<T>[I], key));
}

template <class T, std::size_t... I>
constexpr std::size_t find_by_compare(std::string_view key, std::index_sequence<I...>) noexcept {
  if constexpr (sizeof...(I) == 0) {
    return not_found;
  } else {
    if (key.size() > key_table_of<T>.max_size) return not_found;
    const key_words w = words_of(key.data(), key.size());
    std::size_t found = not_found;
    (void)((is_key<T, I>(key, w) && (found = I, true)) || ...);
    return found;
  }
}

template <class T>
constexpr std::size_t find_key(std::string_view key) noexcept {
  constexpr const auto& table = key_table_of<T>;
  static_assert(table.built, "jot::reflect: no perfect hash found for T's keys (please report)");
  if constexpr (key_count<T> < compare_all_below) {
    return find_by_compare<T>(key, std::make_index_sequence<key_count<T>>{});
  } else {
    return table.template find<table.every_byte, table.direct>(key);
  }
}

// ---- visiting members ----

// Every visitor helper is always inlined: a visitor defined in an engine's
// target region (the typed reader's AVX2 engine) cannot be inlined into a
// helper compiled without that target, so the helper must vanish into its
// caller first (GCC 12 otherwise left each member's reader a call).

template <class T, std::size_t I, class F, class M>
JOT_ALWAYS_INLINE constexpr void visit_field(F& f, M& member) {
  constexpr std::size_t k = key_of_field<T>[I];
  if constexpr (k != not_found) f(std::integral_constant<std::size_t, k>{}, keys<T>[k], member);
}

template <class T, class F, std::size_t... I, class... M>
JOT_ALWAYS_INLINE constexpr void visit_fields(F& f, std::index_sequence<I...>, M&... member) {
  if constexpr (key_count<T> == field_count<T>) {
    // Nothing skipped: field i is key i. Calling f directly saves one
    // function template instantiation per member.
    (f(std::integral_constant<std::size_t, I>{}, keys<T>[I], member), ...);
  } else {
    (visit_field<T, I>(f, member), ...);
  }
}

template <class T, std::size_t I, class F, class M>
JOT_ALWAYS_INLINE constexpr bool visit_field_if(std::size_t index, F& f, M& member) {
  constexpr std::size_t k = key_of_field<T>[I];
  if constexpr (k != not_found) {
    if (index == k) {
      f(std::integral_constant<std::size_t, k>{}, keys<T>[k], member);
      return true;
    }
  }
  return false;
}

// A fold of comparisons with constants, which GCC and clang turn into a jump
// table, so that f is inlined for every member.
template <class T, class F, std::size_t... I, class... M>
JOT_ALWAYS_INLINE constexpr bool visit_field_at(std::size_t index, F& f, std::index_sequence<I...>, M&... member) {
  if constexpr (key_count<T> == field_count<T>) {
    return (
        (index == I && (f(std::integral_constant<std::size_t, I>{}, keys<T>[I], member), true)) ||
        ...);
  } else {
    return (visit_field_if<T, I>(index, f, member) || ...);
  }
}

template <class T, class O, class F, std::size_t... I>
JOT_ALWAYS_INLINE constexpr void visit_list(O& object, F& f, std::index_sequence<I...>) {
  (f(std::integral_constant<std::size_t, I>{}, keys<T>[I],
     object.*(get<I>(meta<T>::members).pointer)),
   ...);
}

template <class T, class O, class F, std::size_t... I>
JOT_ALWAYS_INLINE constexpr bool visit_list_at(O& object, std::size_t index, F& f, std::index_sequence<I...>) {
  return ((index == I &&
           (f(std::integral_constant<std::size_t, I>{}, keys<T>[I],
              object.*(get<I>(meta<T>::members).pointer)),
            true)) ||
          ...);
}

}  // namespace jot::detail::reflect
