// jot/detail/reflect_names.h - the identifiers of an aggregate's members, read
// at compile time from the compiler's own spelling of a template argument.
// Not API.
//
// For each member, jot instantiates a function template whose argument is the
// address of that member inside an object of T, and reads the member's name
// from the end of the template argument in __PRETTY_FUNCTION__:
//   GCC 12:   ...[with ... A = member_address{((const void*)(& declared_only<S>.S::beta))}]
//   clang 14: ...[A = {&declared_only.beta}]
// The object is declared and never defined: only its address is taken, and
// only during constant evaluation, so no T is ever constructed and T needs no
// default constructor. Clang 14 rejects a template argument that points to a
// subobject (P1907 is only partly implemented there), but accepts a class
// value holding such a pointer, hence member_address.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string_view>
#include <utility>

#include "jot/detail/reflect_bind_generated.h"

namespace jot::detail::reflect {

// A structural wrapper around a member's address (see above).
struct member_address {
  const void* pointer;
};

#if defined(__clang__)
#pragma clang diagnostic push
// Clang warns that the variable template has no definition; it needs none.
#pragma clang diagnostic ignored "-Wundefined-var-template"
#endif

template <class T>
extern const T declared_only;

// The addresses of T's N members inside declared_only<T>. A constant
// expression unless a member is a reference (its target is unknown), which
// is how reference members are detected.
template <class T, std::size_t N>
consteval std::array<member_address, N> member_addresses() {
  return binder<N>::apply(declared_only<T>, [](const auto&... member) {
    return std::array<member_address, N>{{member_address{std::addressof(member)}...}};
  });
}

#if defined(__clang__)
#pragma clang diagnostic pop
#endif

template <auto V>
struct constant {};

template <class T, std::size_t N>
inline constexpr bool addresses_are_constant =
    requires { typename constant<member_addresses<T, N>()>; };

struct signature_text {
  const char* text;
  std::size_t size;
};

// The compiler's spelling of this specialization, which ends with A's value.
// Returns a plain struct: a std::string_view return type would add its alias
// to GCC's spelling.
template <member_address A>
consteval signature_text signature() {
  return {__PRETTY_FUNCTION__, sizeof(__PRETTY_FUNCTION__) - 1};
}

constexpr bool is_identifier_byte(char c) noexcept {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
         c == '$' || static_cast<unsigned char>(c) >= 0x80;  // UTF-8 in identifiers
}

// The identifier just before the last '}' (the end of A's value), skipping
// the parentheses GCC puts around the address.
consteval std::string_view identifier_before_last_brace(std::string_view s) {
  std::size_t end = s.rfind('}');
  while (end > 0 && s[end - 1] == ')') --end;
  std::size_t begin = end;
  while (begin > 0 && is_identifier_byte(s[begin - 1])) --begin;
  return s.substr(begin, end - begin);
}

template <member_address A>
consteval std::string_view member_name() {
  const signature_text sig = signature<A>();
  return identifier_before_last_brace(std::string_view(sig.text, sig.size));
}

// All names of T's N members, concatenated, with end offsets.
template <std::size_t Chars, std::size_t N>
struct name_block {
  std::array<char, Chars> chars;
  std::array<std::uint32_t, N> ends;
};

template <class T, std::size_t N, std::size_t... I>
consteval std::size_t total_name_size(std::index_sequence<I...>) {
  constexpr std::array<member_address, N> addresses = member_addresses<T, N>();
  return (std::size_t{0} + ... + member_name<addresses[I]>().size());
}

template <std::size_t Chars, std::size_t N>
constexpr void append_name(name_block<Chars, N>& block, std::size_t& at, std::size_t i,
                           std::string_view name) {
  for (char c : name) block.chars[at++] = c;
  block.ends[i] = static_cast<std::uint32_t>(at);
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

template <class T, std::size_t N>
consteval std::array<std::string_view, N> identifiers() {
  std::array<std::string_view, N> names{};
  const auto& block = identifier_block<T, N>;
  std::size_t begin = 0;
  for (std::size_t i = 0; i < N; ++i) {
    names[i] = std::string_view(block.chars.data() + begin, block.ends[i] - begin);
    begin = block.ends[i];
  }
  return names;
}

}  // namespace jot::detail::reflect
