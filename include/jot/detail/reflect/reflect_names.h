// jot/detail/reflect/reflect_names.h - the identifiers of an aggregate's members, read
// at compile time from the compiler's own spelling of a template argument.
// Not API.
//
// For each member, jot instantiates a function template whose argument is the
// address of that member inside an object of T, and reads the member's name
// from the end of the template argument in __PRETTY_FUNCTION__:
//   GCC 12:   ...[with ... A = member_address{((const volatile void*)(&
//                 object_of<S>.storage<S>::value.S::beta))}]
//   clang 14: ...[A = {&object_of.value.beta}]
// The object is a union member that is never constructed: only addresses are
// taken, during constant evaluation, so T needs no default constructor.
// Clang 14 rejects a template argument that points to a subobject (P1907 is
// only partly implemented there), but accepts a class value holding such a
// pointer, hence member_address.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <utility>

#include "jot/detail/reflect/reflect_bind_generated.h"

namespace jot::detail::reflect {

// A structural wrapper around a member's address (see above); volatile so
// that a volatile member converts too.
struct member_address {
  const volatile void* pointer;
};

// Storage for a T that is never constructed (the active member is c), so T
// needs no default constructor and nothing runs at start-up.
template <class T>
union storage {
  char c;
  T value;
  constexpr storage() noexcept : c{} {}
  constexpr ~storage() {}
};

// An object of T with static storage, whose members' addresses are constant.
// GCC: a constexpr variable. Clang 14 does not accept a union with a
// non-literal member as a literal type, so there it is const and static,
// constant-initialized. Neither is emitted into object files (checked with nm
// at -O0 and -O2), except by GCC at -O0 for a type without linkage: sizeof(T)
// zero bytes of read-only data, no code. A declared-only extern object would
// be simpler, but neither compiler accepts one for a type without linkage (an
// unnamed namespace, a local class).
#if defined(__clang__)
template <class T>
static const storage<T> object_of{};
#else
template <class T>
inline constexpr storage<T> object_of{};
#endif

// The addresses of T's N members inside object_of<T>. A constant expression
// unless a member is a reference (what it refers to is unknown), which is how
// reference members are detected.
// (__builtin_addressof: std::addressof would cost <memory>, 0.4 s per TU.)
template <class T, std::size_t N>
consteval std::array<member_address, N> member_addresses() {
  return binder<N>::apply(object_of<T>.value, [](const auto&... member) {
    return std::array<member_address, N>{{member_address{__builtin_addressof(member)}...}};
  });
}

template <auto V>
struct constant {};

template <class T, std::size_t N>
inline constexpr bool addresses_are_constant =
    requires { typename constant<member_addresses<T, N>()>; };

// Where a member's name sits in the compiler's spelling of member_name<A>.
struct name_text {
  const char* text;
  std::size_t size;
};

constexpr bool is_identifier_byte(char c) noexcept {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
         c == '$' || static_cast<unsigned char>(c) >= 0x80;  // UTF-8 in identifiers
}

// The member's identifier: the one just before the last '}' of this
// function's spelling (the end of A's value), after the parentheses GCC puts
// around the address. Raw pointer loops on purpose: every constexpr call
// (std::string_view's members, std::array's operator[]) costs GCC far more
// than the byte it returns, and this runs for every member.
template <member_address A>
consteval name_text member_name() {
  const char* s = __PRETTY_FUNCTION__;
  std::size_t end = sizeof(__PRETTY_FUNCTION__) - 1;
  while (end > 0 && s[end - 1] != '}') --end;
  if (end > 0) --end;
  while (end > 0 && s[end - 1] == ')') --end;
  std::size_t begin = end;
  while (begin > 0 && is_identifier_byte(s[begin - 1])) --begin;
  return {s + begin, end - begin};
}

// All names of T's N members, each followed by a NUL (so that printf's
// "%.*s" and GCC's -Wformat-overflow accept them), with end offsets. One
// spare element each, so that an empty struct still has arrays.
template <std::size_t Chars, std::size_t N>
struct name_block {
  char chars[Chars + 1];
  std::uint32_t ends[N + 1];
};

template <class T, std::size_t N, std::size_t... I>
consteval std::size_t total_name_size(std::index_sequence<I...>) {
  constexpr std::array<member_address, N> addresses = member_addresses<T, N>();
  return (std::size_t{0} + ... + (member_name<addresses[I]>().size + 1));
}

template <std::size_t Chars, std::size_t N>
constexpr void append_name(name_block<Chars, N>& block, std::size_t& at, std::size_t i,
                           name_text name) {
  for (std::size_t c = 0; c < name.size; ++c) block.chars[at++] = name.text[c];
  block.ends[i] = static_cast<std::uint32_t>(at);
  block.chars[at++] = '\0';
}

template <class T, std::size_t N, std::size_t Chars, std::size_t... I>
consteval name_block<Chars, N> make_name_block(std::index_sequence<I...>) {
  constexpr std::array<member_address, N> addresses = member_addresses<T, N>();
  name_block<Chars, N> block{};
  std::size_t at = 0;
  (append_name(block, at, I, member_name<addresses[I]>()), ...);
  return block;
}

// The identifiers of T's N members, in declaration order.
template <class T, std::size_t N>
inline constexpr auto identifier_block =
    make_name_block<T, N, total_name_size<T, N>(std::make_index_sequence<N>{})>(
        std::make_index_sequence<N>{});

// The same bytes as a plain char array: GCC drops zero bytes from a computed
// aggregate's initializer and then warns (-Wformat-overflow,
// -Wstringop-overread) that a name passed to printf has no terminating NUL;
// a char array initialized element by element keeps them.
template <class T, std::size_t N, std::size_t... C>
inline constexpr char identifier_chars[] = {identifier_block<T, N>.chars[C]...};

template <class T, std::size_t N, std::size_t... C>
consteval const char* identifier_text(std::index_sequence<C...>) {
  return identifier_chars<T, N, C...>;
}

template <class T, std::size_t N>
consteval std::array<std::string_view, N> identifiers() {
  std::array<std::string_view, N> names{};
  const auto& block = identifier_block<T, N>;
  const char* text = identifier_text<T, N>(std::make_index_sequence<sizeof(block.chars)>{});
  std::size_t begin = 0;
  for (std::size_t i = 0; i < N; ++i) {
    names[i] = std::string_view(text + begin, block.ends[i] - begin);
    begin = block.ends[i] + 1;
  }
  return names;
}

}  // namespace jot::detail::reflect
