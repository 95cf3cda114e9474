// jot/detail/reflect/reflect_enum.h - enumerator names and values: deduced at compile
// time from the compiler's spelling of the values in a fixed range, or listed
// in jot::meta<E>::enumerators. Not API; the API is at the end (jot::reflect).
//
// The compiler spells an enumerator value by its qualified identifier and any
// other value as a cast ("(ns::color)5"), so the identifier that ends a
// value's spelling is its name unless it is a number. A value with two
// enumerators is spelled with the first declared: the other name is unknown.
// The spellings come from __PRETTY_FUNCTION__ (see "reading names" below).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <string_view>
#include <type_traits>
#include <utility>

#include "jot/detail/reflect/reflect_model.h"  // jot::meta, and the key table, names and lists below it

// clang 16 to 19 report such a cast (below) as a warning that is an error by
// default, -Wenum-constexpr-conversion, which no requires-expression can
// catch; silenced for this file, the cast is a constant expression there, as
// in GCC 12 and clang 14, and the whole range is probed. (Where the cast is a
// substitution failure instead, `castable` finds where the range ends.)
#if defined(__clang__)
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wunknown-warning-option"
#pragma clang diagnostic ignored "-Wenum-constexpr-conversion"
#endif

namespace jot::detail::reflect {

// The values probed for names, clipped to what the enum can hold.
inline constexpr long long enum_probe_min = -128;
inline constexpr long long enum_probe_max = 255;

template <class E>
concept has_enumerators = requires { meta<E>::enumerators; };

// An enum declared without an underlying type holds only the values of the
// smallest bit-field that holds its enumerators; casting another value to it
// is undefined, and a constant-expression error for newer compilers (clang
// 16+). For such enums the probed range ends where the cast stops being a
// constant expression (found by bisection; GCC 12 and clang 14 accept every
// cast, so there it is the whole range).
template <class E>
inline constexpr bool fixed_underlying = requires { E{std::underlying_type_t<E>{}}; };

template <class E, long long V>
concept castable = fixed_underlying<E> || requires { typename constant<static_cast<E>(V)>; };

// The last V in [Lo, Hi] up to which every value is castable (castable<E, Lo>).
template <class E, long long Lo, long long Hi>
consteval long long last_castable() {
  if constexpr (Lo == Hi) {
    return Lo;
  } else {
    constexpr long long mid = Lo + (Hi - Lo + 1) / 2;
    if constexpr (castable<E, mid>) {
      return last_castable<E, mid, Hi>();
    } else {
      return last_castable<E, Lo, mid - 1>();
    }
  }
}
template <class E, long long Lo, long long Hi>
consteval long long first_castable() {
  if constexpr (Lo == Hi) {
    return Lo;
  } else {
    constexpr long long mid = Lo + (Hi - Lo) / 2;
    if constexpr (castable<E, mid>) {
      return first_castable<E, Lo, mid>();
    } else {
      return first_castable<E, mid + 1, Hi>();
    }
  }
}

template <class E>
struct probe_range {
  using U = std::underlying_type_t<E>;
  static constexpr long long type_lo =
      std::is_signed_v<U> && static_cast<long long>(std::numeric_limits<U>::min()) > enum_probe_min
          ? static_cast<long long>(std::numeric_limits<U>::min())
          : (std::is_signed_v<U> ? enum_probe_min : 0);
  static constexpr long long type_hi = std::numeric_limits<U>::max() > enum_probe_max
                                           ? enum_probe_max
                                           : static_cast<long long>(std::numeric_limits<U>::max());
  static constexpr long long lo = first_castable<E, type_lo, 0>();
  static constexpr long long hi = last_castable<E, 0, type_hi>();
  static constexpr std::size_t size = static_cast<std::size_t>(hi - lo + 1);
};

// ---- reading names from the compiler's spelling ----
//
// All probed values are passed to one function template, whose
// __PRETTY_FUNCTION__ spells them as a list:
//   GCC 12:   ...[with auto ...V = {ns::color::red, (ns::color)1, ns::color::green}]
//   clang 14: ...[V = <ns::color::red, (ns::color)1, ns::color::green>]
// How qualifiers are spelled varies between compilers and with the enum's
// scope (anonymous namespaces, local classes, lambdas), so only the list's
// commas and brackets are relied on. One instantiation for all values
// instead of one per value compiles 3-5 times faster (docs/typed.md); what
// remains is mostly constant evaluation, which clang 14 runs at about two
// microseconds a step, hence the shortcuts below. If a list does not parse exactly (a spelling
// nobody foresaw), each value is probed alone instead, by a function whose
// spelling holds only it.

// The text after the first '=' following the first '[', up to the last ']':
// the template argument of the function whose spelling s is.
constexpr name_text template_argument(const char* s, std::size_t size) {
  std::size_t end = size;
  while (end > 0 && s[end - 1] != ']') --end;
  if (end > 0) --end;
  std::size_t begin = 0;
  while (begin < end && s[begin] != '[') ++begin;
  while (begin < end && s[begin] != '=') ++begin;
  begin = begin + 2 < end ? begin + 2 : end;
  return {s + begin, end - begin};
}

// The name at the end of one value's spelling [s, s + size), or an empty
// text when it ends in a number (or in no identifier at all).
constexpr name_text trailing_name(const char* s, std::size_t size) {
  std::size_t begin = size;
  while (begin > 0 && is_identifier_byte(s[begin - 1])) --begin;
  if (begin == size || (s[begin] >= '0' && s[begin] <= '9')) return {s, 0};
  return {s + begin, size - begin};
}

template <auto... V>
consteval name_text value_list_spelling() {
  return template_argument(__PRETTY_FUNCTION__, sizeof(__PRETTY_FUNCTION__) - 1);
}

// The name of V (an enumerator), or an empty text when V has none.
template <auto V>
consteval name_text enumerator_name() {
  const name_text t = template_argument(__PRETTY_FUNCTION__, sizeof(__PRETTY_FUNCTION__) - 1);
  return trailing_name(t.text, t.size);
}

// The length of v in decimal (probed values have at most 3 digits).
constexpr std::size_t decimal_size(long long v) {
  if (v < 0) return 1 + decimal_size(-v);
  return v < 10 ? 1 : v < 100 ? 2 : v < 1000 ? 3 : 1 + decimal_size(v / 1000) + 2;
}

// Splits a list of the spellings of n consecutive values from first (see
// above) at the commas outside brackets and calls named(i, name) for each
// entry i that is an enumerator. False unless there are exactly n entries
// and the brackets balance. Most entries are casts with one spelling of the
// type: once one has been seen, an entry that starts with '(', has the ')'
// where the type's ends, a digit or '-' after it, a digit before the comma
// and that comma where the number's length puts it is a cast, recognized in
// a few steps instead of a bracket count over its bytes (clang 14 takes
// about two microseconds per step; a list has thousands of bytes). A name
// never follows a ')' directly, so no enumerator is taken for a cast.
template <class F>
constexpr bool walk_value_list(name_text list, std::size_t n, long long first, F&& named) {
  if (list.size < 2) return false;
  const char* s = list.text;
  const std::size_t last = list.size - 1;  // the closing '}' or '>'
  std::size_t cast_size = 0;               // the length of "(type)", once seen
  std::size_t pos = 1;
  for (std::size_t i = 0; i < n; ++i) {
    const long long v = first + static_cast<long long>(i);
    const std::size_t begin = pos;
    const std::size_t end = begin + cast_size + decimal_size(v);
    const auto is_digit = [](char c) { return c >= '0' && c <= '9'; };
    if (cast_size != 0 && end <= last && s[begin] == '(' && s[begin + cast_size - 1] == ')' &&
        (is_digit(s[begin + cast_size]) || s[begin + cast_size] == '-') && is_digit(s[end - 1]) &&
        (end == last || s[end] == ',')) {
      pos = end;
    } else {
      int depth = 0;
      while (pos < last && !(depth == 0 && s[pos] == ',')) {
        const char c = s[pos++];
        depth += c == '(' || c == '<' || c == '[' || c == '{';
        depth -= c == ')' || c == '>' || c == ']' || c == '}';
        if (depth < 0) return false;
      }
      if (depth != 0 || pos == begin) return false;
      const name_text name = trailing_name(s + begin, pos - begin);
      if (name.size != 0) {
        named(i, name);
      } else if (cast_size == 0 && s[begin] == '(') {
        std::size_t close = pos;
        while (close > begin && s[close - 1] != ')') --close;
        cast_size = close - begin;
      }
    }
    if (i + 1 < n) {
      if (pos + 1 >= last || s[pos] != ',' || s[pos + 1] != ' ') return false;
      pos += 2;
    }
  }
  return pos == last;
}

template <class E, std::size_t... I>
consteval name_text probed_list(std::index_sequence<I...>) {
  return value_list_spelling<static_cast<E>(probe_range<E>::lo + static_cast<long long>(I))...>();
}

template <class E>
consteval name_text probed_list() {
  return probed_list<E>(std::make_index_sequence<probe_range<E>::size>{});
}

// Calls named(i, name) for every probed value lo + i that has a name, one
// value at a time: the fallback when the list does not parse.
template <class E, class F, std::size_t... I>
consteval void probe_each(F&& named, std::index_sequence<I...>) {
  // An array, not a fold: clang limits a fold's nesting to 256.
  const std::array<name_text, sizeof...(I)> names = {
      {enumerator_name<static_cast<E>(probe_range<E>::lo + static_cast<long long>(I))>()...}};
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (names[i].size != 0) named(i, names[i]);
  }
}

// The names found in a value list, as offsets into its spelling: a
// constexpr variable cannot hold pointers into a __PRETTY_FUNCTION__, and
// walking the list once more costs clang as much as the first time.
template <std::size_t N>
struct listed_names {
  bool ok;                         // the list parsed
  std::size_t count;               // entries with a name
  std::size_t chars;               // their names' bytes, one NUL each
  std::array<std::uint16_t, N> at;     // [0, count): the entry index
  std::array<std::uint32_t, N> begin;  // and where its name is
  std::array<std::uint32_t, N> size;
};

template <class E>
consteval listed_names<probe_range<E>::size> walk_listed() {
  listed_names<probe_range<E>::size> found{};
  const name_text list = probed_list<E>();
  found.ok = walk_value_list(list, probe_range<E>::size, probe_range<E>::lo,
                             [&](std::size_t i, name_text name) {
                               found.at[found.count] = static_cast<std::uint16_t>(i);
                               found.begin[found.count] = static_cast<std::uint32_t>(name.text - list.text);
                               found.size[found.count] = static_cast<std::uint32_t>(name.size);
                               ++found.count;
                               found.chars += name.size + 1;
                             });
  return found;
}

template <class E>
inline constexpr listed_names<probe_range<E>::size> listed = walk_listed<E>();

// Calls named(i, name) for every probed value lo + i that has a name.
template <class E, class F>
consteval void for_each_name(F&& named) {
  if constexpr (listed<E>.ok) {
    const name_text list = probed_list<E>();
    for (std::size_t k = 0; k < listed<E>.count; ++k) {
      named(listed<E>.at[k], name_text{list.text + listed<E>.begin[k], listed<E>.size[k]});
    }
  } else {
    probe_each<E>(named, std::make_index_sequence<probe_range<E>::size>{});
  }
}

struct enum_sizes {
  std::size_t count;  // values with a name
  std::size_t chars;  // their names' bytes, one NUL each
};

template <class E>
consteval enum_sizes count_names() {
  if constexpr (listed<E>.ok) {
    return {listed<E>.count, listed<E>.chars};
  } else {
    enum_sizes sizes{0, 0};
    for_each_name<E>([&sizes](std::size_t, name_text name) {
      ++sizes.count;
      sizes.chars += name.size + 1;
    });
    return sizes;
  }
}

template <class E>
inline constexpr enum_sizes deduced_sizes = count_names<E>();

// The deduced names (with their NULs) and values, ascending.
template <class E, std::size_t Count, std::size_t Chars>
struct deduced_enum {
  name_block<Chars, Count> names;
  std::array<E, Count> values;
};

template <class E>
consteval auto make_deduced() {
  constexpr enum_sizes sizes = deduced_sizes<E>;
  deduced_enum<E, sizes.count, sizes.chars> d{};
  std::size_t at = 0, k = 0;
  for_each_name<E>([&](std::size_t i, name_text name) {
    d.values[k] = static_cast<E>(probe_range<E>::lo + static_cast<long long>(i));
    append_name(d.names, at, k++, name);
  });
  return d;
}

template <class E>
inline constexpr auto deduced = make_deduced<E>();

// The names as a char array initialized element by element, for the reason
// given at identifier_chars (reflect_names.h).
template <class E, std::size_t... C>
inline constexpr char deduced_chars[] = {deduced<E>.names.chars[C]...};

template <class E, std::size_t... C>
consteval const char* deduced_text(std::index_sequence<C...>) {
  return deduced_chars<E, C...>;
}

// ---- one model for both sources: names and values in listing order ----

enum class enum_status : unsigned char { ok, not_enum, bad_list, duplicate_name };

template <class E>
consteval enum_status check_enum() {
  if constexpr (!std::is_enum_v<E>) {
    return enum_status::not_enum;
  } else if constexpr (has_enumerators<E>) {
    using list = std::remove_cvref_t<decltype(meta<E>::enumerators)>;
    if constexpr (!is_enumerator_list<list>) {
      return enum_status::bad_list;
    } else if constexpr (!std::is_same_v<typename list::enum_type, E>) {
      return enum_status::bad_list;
    } else {
      return all_distinct(meta<E>::enumerators.names) ? enum_status::ok
                                                      : enum_status::duplicate_name;
    }
  } else {
    return enum_status::ok;
  }
}

template <class E>
consteval bool require_enum() {
  constexpr enum_status s = check_enum<E>();
  static_assert(s != enum_status::not_enum, "jot::reflect: enum_name and enum_from_name need an enum");
  static_assert(s != enum_status::bad_list,
                "jot::reflect: jot::meta<E>::enumerators must be made by jot::enumerators(E::a, "
                "\"a\", ...) with enumerators of E");
  static_assert(s != enum_status::duplicate_name,
                "jot::reflect: jot::meta<E>::enumerators gives one name twice");
  return true;
}

template <class E>
consteval auto make_listing() {
  if constexpr (check_enum<E>() != enum_status::ok) {
    return enumerator_list<E, 0>{};
  } else if constexpr (has_enumerators<E>) {
    return meta<E>::enumerators;
  } else {
    constexpr enum_sizes sizes = deduced_sizes<E>;
    enumerator_list<E, sizes.count> list{};
    const char* text = deduced_text<E>(std::make_index_sequence<sizes.chars + 1>{});
    std::size_t begin = 0;
    for (std::size_t i = 0; i < sizes.count; ++i) {
      list.values[i] = deduced<E>.values[i];
      list.names[i] = std::string_view(text + begin, deduced<E>.names.ends[i] - begin);
      begin = deduced<E>.names.ends[i] + 1;
    }
    return list;
  }
}

template <class E>
inline constexpr auto listing = (require_enum<E>(), make_listing<E>());

template <class E>
inline constexpr std::size_t enum_size = listing<E>.values.size();

// Values as 64-bit words, so that differences and order need no care for
// the underlying type (signed values wrap; bool works too).
template <class E>
constexpr std::uint64_t enum_word(E v) noexcept {
  return static_cast<std::uint64_t>(static_cast<std::underlying_type_t<E>>(v));
}
template <class E>
constexpr bool enum_less(E a, E b) noexcept {
  return static_cast<std::underlying_type_t<E>>(a) < static_cast<std::underlying_type_t<E>>(b);
}

// Value -> name. The distinct values in ascending order, each with the
// listing index of its first name; and when the values are close together, a
// table indexed by value - min (every deduced enum of more than a few names).
template <class E, std::size_t N>
struct value_index {
  using slot_type = std::conditional_t<(N < 255), std::uint8_t, std::uint16_t>;
  static constexpr std::size_t max_dense = 4 * N + 64;
  static constexpr slot_type none = static_cast<slot_type>(-1);

  std::size_t count;                // distinct values
  std::array<E, N> values;          // [0, count) ascending
  std::array<std::size_t, N> name;  // listing index of values[i]'s name
  std::uint64_t span;               // max - min, as words
  bool dense;
  std::array<slot_type, (N == 0 ? 1 : max_dense)> slots;  // listing index or none
};

template <class E>
consteval auto make_value_index() {
  constexpr std::size_t n = enum_size<E>;
  const auto& list = listing<E>;
  value_index<E, n> index{};
  index.count = 0;
  for (std::size_t i = 0; i < n; ++i) {
    if constexpr (!has_enumerators<E>) {  // deduced: ascending and distinct already
      index.values[i] = list.values[i];
      index.name[i] = i;
      index.count = n;
      continue;
    }
    // An insertion sort; a repeated value keeps its first name.
    std::size_t at = index.count;
    bool seen = false;
    for (std::size_t j = 0; j < index.count; ++j) seen = seen || index.values[j] == list.values[i];
    if (seen) continue;
    while (at > 0 && enum_less(list.values[i], index.values[at - 1])) {
      index.values[at] = index.values[at - 1];
      index.name[at] = index.name[at - 1];
      --at;
    }
    index.values[at] = list.values[i];
    index.name[at] = i;
    ++index.count;
  }
  for (auto& slot : index.slots) slot = index.none;
  if (index.count != 0) {
    index.span = enum_word(index.values[index.count - 1]) - enum_word(index.values[0]);
    index.dense = index.span < index.max_dense;
    for (std::size_t i = 0; index.dense && i < index.count; ++i) {
      index.slots[enum_word(index.values[i]) - enum_word(index.values[0])] =
          static_cast<typename value_index<E, n>::slot_type>(index.name[i]);
    }
  }
  return index;
}

template <class E>
inline constexpr auto value_index_of = make_value_index<E>();

template <class E>
constexpr std::string_view find_name(E v) noexcept {
  constexpr const auto& index = value_index_of<E>;
  if constexpr (enum_size<E> == 0) {
    return {};
  } else if constexpr (index.dense) {
    const std::uint64_t offset = enum_word(v) - enum_word(index.values[0]);
    if (offset > index.span) return {};
    const auto slot = index.slots[offset];
    return slot == index.none ? std::string_view() : listing<E>.names[slot];
  } else {
    std::size_t lo = 0, hi = index.count;
    while (lo < hi) {
      const std::size_t mid = lo + (hi - lo) / 2;
      if (enum_less(index.values[mid], v)) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo < index.count && index.values[lo] == v ? listing<E>.names[index.name[lo]]
                                                     : std::string_view();
  }
}

// Name -> value: the perfect hash table of member keys, over the names;
// for a few names a loop that compares lengths first, which costs less to
// compile (building a table is thousands of constant-evaluation steps).
template <class E>
inline constexpr auto enum_name_table = make_key_table(listing<E>.names);

inline constexpr std::size_t enum_loop_names = 16;

template <class E>
constexpr bool find_value(std::string_view name, E& out) noexcept {
  if constexpr (enum_size<E> <= enum_loop_names) {
    for (std::size_t i = 0; i < enum_size<E>; ++i) {
      const std::string_view candidate = listing<E>.names[i];
      if (candidate.size() == name.size() && candidate == name) {
        out = listing<E>.values[i];
        return true;
      }
    }
    return false;
  } else {
    constexpr const auto& table = enum_name_table<E>;
    static_assert(table.built, "jot::reflect: no perfect hash found for E's names (please report)");
    const std::size_t i = table.template find<table.every_byte, table.direct>(name);
    if (i == not_found) return false;
    out = listing<E>.values[i];
    return true;
  }
}

}  // namespace jot::detail::reflect

namespace jot::reflect {

// The name of value: its enumerator's identifier (the first declared when
// two share the value), or its name in jot::meta<E>::enumerators; "" when it
// has none. O(1) for values that lie close together, else a binary search.
template <class E>
[[nodiscard]] constexpr std::string_view enum_name(E value) noexcept {
  static_assert(detail::reflect::require_enum<E>());
  return detail::reflect::find_name(value);
}

// Sets out to the enumerator named name and returns true, or returns false
// (out unchanged) when no enumerator has that name. O(1): one hash.
template <class E>
[[nodiscard]] constexpr bool enum_from_name(std::string_view name, E& out) noexcept {
  static_assert(detail::reflect::require_enum<E>());
  return detail::reflect::find_value(name, out);
}

// The number of names of E (deduced, or listed in jot::meta<E>).
template <class E>
inline constexpr std::size_t enum_count = detail::reflect::enum_size<E>;

// The names and their values, in ascending value order when deduced, in list
// order for jot::meta<E>::enumerators: std::array<std::string_view / E, enum_count<E>>.
template <class E>
inline constexpr const auto& enum_names = detail::reflect::listing<E>.names;
template <class E>
inline constexpr const auto& enum_values = detail::reflect::listing<E>.values;

}  // namespace jot::reflect

#if defined(__clang__)
#pragma clang diagnostic pop
#endif
