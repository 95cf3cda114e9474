// jot/detail/typed/typed_write.h - the typed encoder behind jot::write(const T&).
// Not API; the rules are in jot/typed.h and docs/typed.md.
//
// put<Styled>(t, o, value, depth) writes one value of any shape in
// typed_traits.h at o and returns the range after it: compact, every member
// written, when Styled is false (the default options); otherwise as the
// options say (indentation, skip_null_members). Scalars reserve their
// worst case once and write without further checks; strings, numbers,
// indentation and jot::value go through the writer in src/
// (write_primitives.h), so the text is the DOM writer's byte for byte. A
// struct's keys are known at compile time: each member's `,"key":` is a
// constant copied in one move, unless the key has a byte that the options
// may escape (decided at compile time; then checked against the options).
//
// A value that has no JSON form (NaN, an enum value without a name, ...)
// records a failure in the target and writes nothing; the output is then
// discarded by write_typed. The encoder recurses once per nesting level of
// the value (as its destructor does).
#pragma once

#include <bit>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <iterator>
#include <string_view>
#include <type_traits>
#include <utility>

#include "jot/detail/typed/typed_traits.h"
#include "jot/detail/write/write_primitives.h"

namespace jot {
class document;  // jot/parse.h: written as its root
}

namespace jot::detail::typed {

template <class T>
inline constexpr bool writable = shape_v<T> != shape::unsupported;

template <bool Styled, class T>
out_range put(write_target& t, out_range o, const T& v, std::uint32_t depth) noexcept;


// ---- enums ----

template <class E>
consteval bool check_enum() {
  static_assert(enum_as_integer<E>() || jot::reflect::enum_count<E> != 0,
                "jot::write: this enum has no enumerator in [-128, 255] that jot can name; list "
                "them in jot::meta<E>::enumerators, or write it as a number with "
                "static constexpr bool as_integer = true;");
  return true;
}

// The integer an as_integer enum is written as: its underlying value, widened
// (a character-sized underlying type is still a number).
template <class E>
constexpr auto enum_integer(E v) noexcept {
  using U = std::underlying_type_t<E>;
  if constexpr (std::is_signed_v<U>) return static_cast<std::int64_t>(static_cast<U>(v));
  else return static_cast<std::uint64_t>(static_cast<U>(v));
}

// The name enum value v is written with, or empty once the failure is
// recorded (a value that has no name).
template <class E>
std::string_view enum_name_to_write(write_target& t, E v) noexcept {
  const std::string_view name = jot::reflect::enum_name(v);
  if (name.empty())
    fail(t, error_code::type_mismatch,
         "enum value has no name (list it in jot::meta<E>::enumerators, or set as_integer)");
  return name;
}

// An enum by name (one with as_integer is bounded: put_bounded writes it).
template <class E>
out_range put_enum(write_target& t, out_range o, E v) noexcept {
  static_assert(check_enum<E>() && !enum_as_integer<E>());
  const std::string_view name = enum_name_to_write(t, v);
  return name.empty() ? o : write_string(t, o, name.data(), name.size());
}

// ---- values whose text the type bounds ----

// The most bytes put<false> may write for a value of type M, scratch bytes
// included, when M bounds them (booleans, numbers, enums written as
// integers, optionals of these); else 0. A struct member of such a type is
// written in the room its key reserves: one check for both.
template <class M>
consteval std::size_t bounded_text() {
  constexpr shape s = shape_v<M>;
  if constexpr (s == shape::boolean) {
    return 8;  // put_text's fixed move
  } else if constexpr (s == shape::integer || s == shape::floating) {
    return max_number_chars;
  } else if constexpr (s == shape::enumeration) {
    return enum_as_integer<M>() ? max_number_chars : 0;
  } else if constexpr (s == shape::optional) {
    constexpr std::size_t n = bounded_text<typename M::value_type>();
    return n == 0 ? 0 : (n < 8 ? 8 : n);  // or "null" as put_text writes it
  } else {
    return 0;
  }
}

// v as put<false> writes it, at o, which has room for bounded_text<M>()
// bytes (no check here).
template <class M>
out_range put_bounded(write_target& t, out_range o, const M& v) noexcept {
  constexpr shape s = shape_v<M>;
  static_assert(bounded_text<M>() != 0);
  if constexpr (s == shape::boolean) {
    std::memcpy(o.cur, v ? "true\0\0\0\0" : "false\0\0\0", 8);
    o.cur += v ? 4 : 5;
  } else if constexpr (s == shape::integer) {
    if constexpr (std::is_signed_v<M>) o.cur = print_int64(o.cur, static_cast<std::int64_t>(v));
    else o.cur = print_uint64(o.cur, static_cast<std::uint64_t>(v));
  } else if constexpr (s == shape::floating) {
    o = put_double_in_room(t, o, static_cast<double>(v));
  } else if constexpr (s == shape::enumeration) {
    return put_bounded(t, o, enum_integer(v));
  } else {  // optional
    if (v.has_value()) return put_bounded(t, o, *v);
    std::memcpy(o.cur, "null\0\0\0\0", 8);
    o.cur += 4;
  }
  return o;
}

// ---- arrays and maps ----

template <class R>
struct element {
  using type = typename R::value_type;  // vector<bool>: bool, not its bit proxy
};
template <class T, std::size_t N>
struct element<T[N]> {
  using type = T;
};

// '[' or '{' and the line break before the first element (styled output
// with an indent).
template <bool Styled>
out_range open_container(write_target& t, out_range o, char bracket, std::uint32_t depth) noexcept {
  o = put_char(t, o, bracket);
  if constexpr (Styled) {
    if (t.indent != 0) o = write_newline(t, o, depth + 1);
  }
  return o;
}
template <bool Styled>
out_range next_element(write_target& t, out_range o, std::uint32_t depth) noexcept {
  o = put_char(t, o, ',');
  if constexpr (Styled) {
    if (t.indent != 0) o = write_newline(t, o, depth + 1);
  }
  return o;
}
template <bool Styled>
out_range close_container(write_target& t, out_range o, char bracket, std::uint32_t depth) noexcept {
  if constexpr (Styled) {
    if (t.indent != 0) o = write_newline(t, o, depth);
  }
  return put_char(t, o, bracket);
}
inline out_range put_empty(write_target& t, out_range o, const char* brackets) noexcept {
  o = room(t, o, 2);
  std::memcpy(o.cur, brackets, 2);
  o.cur += 2;
  return o;
}

template <bool Styled, class R>
out_range put_array(write_target& t, out_range o, const R& range, std::uint32_t depth) noexcept {
  using E = typename element<R>::type;
  auto it = std::begin(range);
  const auto end = std::end(range);
  if (it == end) return put_empty(t, o, "[]");
  if constexpr (!Styled && bounded_text<E>() != 0) {
    // Numbers and the like: the bracket or comma and the element in one
    // reservation.
    for (char prefix = '['; it != end; ++it, prefix = ',') {
      o = room(t, o, 1 + bounded_text<E>());
      *o.cur++ = prefix;
      o = put_bounded<E>(t, o, *it);
      JOT_SCALAR_RANGE(o);
    }
    return put_char(t, o, ']');
  }
  o = open_container<Styled>(t, o, '[', depth);
  o = put<Styled, E>(t, o, *it, depth + 1);
  JOT_SCALAR_RANGE(o);
  for (++it; it != end; ++it) {
    o = next_element<Styled>(t, o, depth);
    o = put<Styled, E>(t, o, *it, depth + 1);
    JOT_SCALAR_RANGE(o);
  }
  return close_container<Styled>(t, o, ']', depth);
}

// std::tuple, std::pair: element i is T's i-th member.
template <bool Styled, class T, std::size_t... I>
out_range put_tuple(write_target& t, out_range o, const T& v, std::uint32_t depth,
                    std::index_sequence<I...>) noexcept {
  if constexpr (sizeof...(I) == 0) {
    return put_empty(t, o, "[]");
  } else {
    o = open_container<Styled>(t, o, '[', depth);
    ((o = (I == 0 ? o : next_element<Styled>(t, o, depth)), o = put<Styled>(t, o, std::get<I>(v), depth + 1)), ...);
    return close_container<Styled>(t, o, ']', depth);
  }
}

// A map's key as an object key (typed::key_shape): strings as they are,
// integers in decimal, enums by name (or their integer with as_integer).
template <class K>
out_range put_map_key(write_target& t, out_range o, const K& key) noexcept {
  constexpr key_shape ks = key_shape_of<K>();
  if constexpr (ks == key_shape::string || ks == key_shape::string_view) {
    return write_key(t, o, key.data(), key.size());
  } else if constexpr (ks == key_shape::integer) {
    char digits[max_number_chars];  // the writer's own integer printer, as put_integer's
    const char* stop = std::is_signed_v<K> ? print_int64(digits, static_cast<std::int64_t>(key))
                                           : print_uint64(digits, static_cast<std::uint64_t>(key));
    return write_key(t, o, digits, static_cast<std::size_t>(stop - digits));
  } else {
    static_assert(check_enum<K>());
    if constexpr (enum_as_integer<K>()) {
      return put_map_key(t, o, enum_integer(key));
    } else {
      const std::string_view name = enum_name_to_write(t, key);
      return name.empty() ? o : write_key(t, o, name.data(), name.size());
    }
  }
}

// Members in the map's iteration order (sorted for std::map, unspecified for
// std::unordered_map).
template <bool Styled, class M>
out_range put_map(write_target& t, out_range o, const M& map, std::uint32_t depth) noexcept {
  auto it = map.begin();
  if (it == map.end()) return put_empty(t, o, "{}");
  o = open_container<Styled>(t, o, '{', depth);
  for (bool first = true; it != map.end(); ++it, first = false) {
    if (!first) o = next_element<Styled>(t, o, depth);
    JOT_SCALAR_RANGE(o);
    o = put_map_key(t, o, it->first);
    o = put<Styled>(t, o, it->second, depth + 1);
    JOT_SCALAR_RANGE(o);
  }
  return close_container<Styled>(t, o, '}', depth);
}

// ---- structs: keys prepared at compile time ----

// Member i's text is text[begin[i], begin[i + 1]): '{' (i == 0) or ',', then
// '"' key '"' ':' ' '. Compact output drops the space; styled output writes
// the bracket or comma (and a line break when indented), then the rest
// (without the space when not indented).
template <std::size_t Chars, std::size_t N>
struct key_block {
  char text[Chars + 1];
  std::size_t begin[N + 1];
  unsigned escapes[N + 1];
};

template <class T>
consteval std::size_t key_block_chars() {
  std::size_t n = 0;
  for (std::string_view key : jot::reflect::member_names<T>) n += key.size() + 5;
  return n;
}

template <class T>
consteval auto make_key_block() {
  constexpr std::size_t n = jot::reflect::member_count<T>;
  key_block<key_block_chars<T>(), n> block{};
  std::size_t at = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const std::string_view key = jot::reflect::member_names<T>[i];
    block.begin[i] = at;
    block.escapes[i] = key_escapes(key);
    block.text[at++] = i == 0 ? '{' : ',';
    block.text[at++] = '"';
    for (char c : key) block.text[at++] = c;
    block.text[at++] = '"';
    block.text[at++] = ':';
    block.text[at++] = ' ';
  }
  block.begin[n] = at;
  return block;
}

template <class T>
inline constexpr auto keys_of = make_key_block<T>();

// The bracket or comma, line break (indented) and key of member I of T. The
// prefix is the block's own ('{' for the first member, else ','), or with
// Chosen the one given (styled output, which may leave members out: '{' for
// the first member written).
template <bool Styled, class T, std::size_t I, bool Chosen = false, std::size_t Extra = 0>
out_range put_member_key(write_target& t, out_range o, std::uint32_t depth,
                         char prefix = keys_of<T>.text[keys_of<T>.begin[I]]) noexcept {
  constexpr const auto& block = keys_of<T>;
  constexpr std::size_t begin = block.begin[I];
  constexpr std::size_t size = block.begin[I + 1] - begin;  // bracket ... ':' ' '
  constexpr unsigned escapes = block.escapes[I];
  bool constant = (escapes & escape_always) == 0;
  if constexpr (escapes != 0 && (escapes & escape_always) == 0) constant = (t.escape & escapes) == 0;
  if constexpr (Styled) {
    o = put_char(t, o, prefix);
    if (constant) [[likely]] {
      // '"' key '"' ':', and ' ' when indented.
      const std::size_t n = t.indent != 0 ? size - 1 : size - 2;
      if (t.indent != 0) o = write_newline(t, o, depth + 1);
      o = room(t, o, n);
      std::memcpy(o.cur, block.text + begin + 1, n);
      o.cur += n;
      return o;
    }
    if (t.indent != 0) o = write_newline(t, o, depth + 1);
  } else {
    if (constant) [[likely]] {
      o = room(t, o, size - 1 + Extra);
      std::memcpy(o.cur, block.text + begin, size - 1);
      if constexpr (Chosen) o.cur[0] = prefix;
      o.cur += size - 1;
      return o;
    }
    o = put_char(t, o, prefix);
  }
  const std::string_view key = jot::reflect::member_names<T>[I];
  o = write_key(t, o, key.data(), key.size());
  if constexpr (Extra != 0) o = room(t, o, Extra);
  return o;
}

// A member's value in compact output. An empty sequence is written here,
// where the member's code is: GCC keeps put<false> of a vector out of line,
// and each of CITM's 8,685 empty "blockIds" paid the call.
template <class M>
JOT_ALWAYS_INLINE out_range put_member_value(write_target& t, out_range o, const M& member,
                                             std::uint32_t depth) noexcept {
  constexpr shape s = shape_v<M>;
  if constexpr (s == shape::sequence || s == shape::set || s == shape::span) {
    if (std::begin(member) == std::end(member)) return put_empty(t, o, "[]");
  }
  return put<false>(t, o, member, depth);
}

// A struct: compact (Styled false), every member, keys copied as constants;
// or styled, for every other option (one copy for all of them: indented,
// and with write_options::skip_null_members, empty optionals and null
// pointers left out, the first member written taking the '{'). Two copies
// per struct, not one per option: a copy of each for skip_null_members and
// indentation doubled the typed encoder's code. The compact copy tracks no
// '{', which a loop shared with the styled copy would pay on every member.
template <bool Styled, class T>
out_range put_object(write_target& t, out_range o, const T& v, std::uint32_t depth) noexcept {
  if constexpr (jot::reflect::member_count<T> == 0) {
    return put_empty(t, o, "{}");
  } else if constexpr (Styled) {
    char* cur = o.cur;
    char* lim = o.lim;
    bool first = true;
    jot::reflect::for_each_member(v, [&](auto index, std::string_view, const auto& member) {
      if constexpr (may_be_absent<std::remove_cvref_t<decltype(member)>>) {
        if (t.skip_null_members && !member) return;
      }
      out_range r = put_member_key<true, T, decltype(index)::value, true>(t, out_range{cur, lim}, depth,
                                                                          first ? '{' : ',');
      first = false;
      r = put<true>(t, r, member, depth + 1);
      JOT_SCALAR_RANGE(r);
      cur = r.cur;
      lim = r.lim;
    });
    if (first) return put_empty(t, out_range{cur, lim}, "{}");
    return close_container<true>(t, out_range{cur, lim}, '}', depth);
  } else {
    // The range as two pointers, not one out_range: the visitor may stay out
    // of line, and then what it captures lives in memory. GCC copies an
    // out_range there with one 16-byte load, which cannot take its bytes from
    // the two 8-byte stores of the call's result just before and waits for
    // them to retire, once per member.
    char* cur = o.cur;
    char* lim = o.lim;
    jot::reflect::for_each_member(v, [&](auto index, std::string_view, const auto& member) {
      using M = std::remove_cvref_t<decltype(member)>;
      out_range r;
      if constexpr (bounded_text<M>() != 0) {
        r = put_member_key<false, T, decltype(index)::value, false, bounded_text<M>()>(t, out_range{cur, lim},
                                                                                     depth);
        r = put_bounded(t, r, member);
      } else {
        r = put_member_key<false, T, decltype(index)::value>(t, out_range{cur, lim}, depth);
        r = put_member_value(t, r, member, depth + 1);
      }
      JOT_SCALAR_RANGE(r);
      cur = r.cur;
      lim = r.lim;
    });
    return close_container<false>(t, out_range{cur, lim}, '}', depth);
  }
}

// ---- tagged variants ----

// The members of struct T after an object's first member: each with ','
// (and a line break when indented), empty optionals and null pointers left
// out under skip_null_members (styled).
template <bool Styled, class T>
out_range put_members_after_first(write_target& t, out_range o, const T& v, std::uint32_t depth) noexcept {
  char* cur = o.cur;  // two pointers, not one out_range: see put_object
  char* lim = o.lim;
  jot::reflect::for_each_member(v, [&](auto index, std::string_view, const auto& member) {
    if constexpr (Styled && may_be_absent<std::remove_cvref_t<decltype(member)>>) {
      if (t.skip_null_members && !member) return;
    }
    out_range r = put_member_key<Styled, T, decltype(index)::value, true>(t, out_range{cur, lim}, depth, ',');
    r = put<Styled>(t, r, member, depth + 1);
    JOT_SCALAR_RANGE(r);
    cur = r.cur;
    lim = r.lim;
  });
  return out_range{cur, lim};
}

// Alternative I of the tagged variant V: an object, the tag first (its id),
// then the alternative's members in declaration order.
template <bool Styled, class V, std::size_t I>
out_range put_tagged(write_target& t, out_range o, const std::variant_alternative_t<I, V>& v,
                     std::uint32_t depth) noexcept {
  static_assert(tagged_variant_checked<V>);
  o = open_container<Styled>(t, o, '{', depth);
  o = write_key(t, o, tag_of<V>.data(), tag_of<V>.size());
  o = write_string(t, o, id_of<V, I>.data(), id_of<V, I>.size());
  JOT_SCALAR_RANGE(o);
  o = put_members_after_first<Styled>(t, o, v, depth);
  return close_container<Styled>(t, o, '}', depth);
}

// ---- the dispatch on shape ----

template <bool Styled, class T>
out_range put(write_target& t, out_range o, const T& v, std::uint32_t depth) noexcept {
  constexpr shape s = shape_v<T>;
  static_assert(s != shape::unsupported,
                "jot::write: this type has no JSON mapping (jot/typed.h lists what maps to what; "
                "characters are not numbers; a class that is not an aggregate needs "
                "jot::meta<T>::members or a proxy)");
  JOT_SCALAR_RANGE(o);
  if constexpr (bounded_text<T>() != 0) {
    // Booleans, numbers, integer enums and optionals of these: no layout,
    // so the same text styled or not.
    return put_bounded(t, room(t, o, bounded_text<T>()), v);
  } else if constexpr (s == shape::string || s == shape::string_view) {
    return write_string(t, o, v.data(), v.size());
  } else if constexpr (s == shape::optional) {
    return v.has_value() ? put<Styled>(t, o, *v, depth) : put_null(t, o);
  } else if constexpr (s == shape::pointer) {
    return v != nullptr ? put<Styled>(t, o, *v, depth) : put_null(t, o);
  } else if constexpr (s == shape::sequence || s == shape::set || s == shape::fixed_array || s == shape::span) {
    return put_array<Styled>(t, o, v, depth);
  } else if constexpr (s == shape::tuple) {
    return put_tuple<Styled>(t, o, v, depth, std::make_index_sequence<std::tuple_size_v<T>>{});
  } else if constexpr (s == shape::map) {
    return put_map<Styled>(t, o, v, depth);
  } else if constexpr (s == shape::variant) {
    if (v.valueless_by_exception()) {
      fail(t, error_code::type_mismatch, "std::variant holds no value");
      return o;
    }
    [&]<std::size_t... I>(std::index_sequence<I...>) {
      (void)((v.index() == I && (o = put<Styled>(t, o, *std::get_if<I>(&v), depth), true)) || ...);
    }(std::make_index_sequence<std::variant_size_v<T>>{});
    return o;
  } else if constexpr (s == shape::tagged) {
    if (v.valueless_by_exception()) {
      fail(t, error_code::type_mismatch, "std::variant holds no value");
      return o;
    }
    [&]<std::size_t... I>(std::index_sequence<I...>) {
      (void)((v.index() == I && (o = put_tagged<Styled, T, I>(t, o, *std::get_if<I>(&v), depth), true)) || ...);
    }(std::make_index_sequence<std::variant_size_v<T>>{});
    return o;
  } else if constexpr (s == shape::monostate) {
    return put_null(t, o);
  } else if constexpr (s == shape::enumeration) {
    return put_enum(t, o, v);
  } else if constexpr (s == shape::dom_value) {
    if (!v.exists()) {
      fail(t, error_code::not_found, "jot::value is absent (a missing key or index)");
      return o;
    }
    return write_dom(t, o, v.node(), depth);
  } else if constexpr (s == shape::raw) {
    if (v.text.empty()) {
      fail(t, error_code::empty_input, "jot::raw_json holds no text");
      return o;
    }
    return write_verbatim(t, o, v.text.data(), v.text.size());
  } else if constexpr (s == shape::proxy) {
    using P = typename meta<T>::proxy;
    static_assert(requires { { meta<T>::write(v) } -> std::convertible_to<P>; },
                  "jot::write: jot::meta<T>::proxy needs static P write(const T&)");
    return put<Styled, P>(t, o, meta<T>::write(v), depth);
  } else if constexpr (s == shape::object) {
    return put_object<Styled>(t, o, v, depth);
  } else {
    return o;
  }
}

// The encoder of T, as write_typed calls it.
template <class T>
out_range encode(write_target& t, out_range o, const void* value) noexcept {
  const T& v = *static_cast<const T*>(value);
  return t.indent != 0 || t.skip_null_members ? put<true>(t, o, v, 0) : put<false>(t, o, v, 0);
}

}  // namespace jot::detail::typed

namespace jot {

template <class T>
result<std::string_view> write(const T& value, output_buffer& out, const write_options& options) noexcept {
  if constexpr (std::is_same_v<T, document>) {
    return write(value.root(), out, options);
  } else {
    return detail::write_typed(out, options, &detail::typed::encode<T>, &value);
  }
}

template <class T>
result<std::size_t> write(const T& value, char* buffer, std::size_t capacity,
                          const write_options& options) noexcept {
  if constexpr (std::is_same_v<T, document>) {
    return write(value.root(), buffer, capacity, options);
  } else {
    return detail::write_typed(buffer, capacity, options, &detail::typed::encode<T>, &value);
  }
}

template <class T>
result<std::size_t> write(const T& value, sink out, const write_options& options) noexcept {
  if constexpr (std::is_same_v<T, document>) {
    return write(value.root(), out, options);
  } else {
    return detail::write_typed(out, options, &detail::typed::encode<T>, &value);
  }
}

}  // namespace jot
