// jot/detail/reflect/reflect_count.h - how many members an aggregate has, found at
// compile time by trying brace initializations. Not API.
//
// T{{}, {}, {}} compiles exactly when T has at least three members (and the
// ones left out can be default-initialized): a `{}` initializes one member,
// whatever its type, because brace elision never applies to a braced list.
// A convert-to-anything value, the usual probe, is elided into an array
// member and counts once per element; it also makes the compiler look at
// every member type's converting constructors (std::optional's and
// std::function's are templates that accept anything). The count is found by
// doubling then bisecting: 10 probes for a 256-member struct, 8 for a
// 10-member one, plus one to check the result.
//
// When T{} itself does not compile (a member has no default constructor, or is
// a reference) braces cannot count, and jot falls back to convert-to-anything
// values: slower (a linear scan to the first fit) and blind to arrays, which
// then count once per element (the structured binding that follows reports
// the mismatch).
#pragma once

#include <cstddef>
#include <type_traits>
#include <utility>

#include "jot/detail/reflect/reflect_bind_generated.h"

namespace jot::detail::reflect {

inline constexpr std::size_t max_members = generated_max_members;
inline constexpr std::size_t no_count = static_cast<std::size_t>(-1);

// Converts to any type. Declared only: it appears in unevaluated probes.
struct any_value {
  template <class U>
  operator U() const noexcept;
};
// Converts to an lvalue of any type, so that `int&` members can be counted
// (and then rejected with a clear message instead of a failed count).
struct any_lvalue {
  template <class U>
  operator U&() const noexcept;
};

template <class T, std::size_t N>
struct braces_fit : std::bool_constant<brace_probe<N>::template fits<T>> {};

template <class T, class V, std::size_t... I>
consteval bool values_fit_impl(std::index_sequence<I...>) {
  return requires { T{(void(I), V{})...}; };
}
template <class V>
struct values_of {
  template <class T, std::size_t N>
  struct fit : std::bool_constant<values_fit_impl<T, V>(std::make_index_sequence<N>{})> {};
};

// Largest N in [Lo, Hi) with Fit<T, N>; needs Fit<T, Lo>, !Fit<T, Hi> and Fit
// monotone in between.
template <template <class, std::size_t> class Fit, class T, std::size_t Lo, std::size_t Hi>
consteval std::size_t bisect() {
  if constexpr (Hi - Lo <= 1) {
    return Lo;
  } else if constexpr (Fit<T, (Lo + Hi) / 2>::value) {
    return bisect<Fit, T, (Lo + Hi) / 2, Hi>();
  } else {
    return bisect<Fit, T, Lo, (Lo + Hi) / 2>();
  }
}

// Largest N >= Base with Fit<T, N>, probing Base + 1, +2, +4, ... then
// bisecting; needs Fit<T, Base>. Returns max_members + 1 when that fits too.
template <template <class, std::size_t> class Fit, class T, std::size_t Base, std::size_t Step>
consteval std::size_t gallop() {
  constexpr std::size_t probe = Base + Step < max_members + 1 ? Base + Step : max_members + 1;
  if constexpr (!Fit<T, probe>::value) {
    return bisect<Fit, T, Base + Step / 2, probe>();
  } else if constexpr (probe == max_members + 1) {
    return probe;
  } else {
    return gallop<Fit, T, Base, Step * 2>();
  }
}

// First N >= From with Fit<T, N>, or no_count.
template <template <class, std::size_t> class Fit, class T, std::size_t From>
consteval std::size_t first_fit() {
  if constexpr (From > max_members + 1) {
    return no_count;
  } else if constexpr (Fit<T, From>::value) {
    return From;
  } else {
    return first_fit<Fit, T, From + 1>();
  }
}

template <template <class, std::size_t> class Fit, class T>
consteval std::size_t count_by_scan() {
  constexpr std::size_t first = first_fit<Fit, T, 1>();
  if constexpr (first == no_count) {
    return no_count;
  } else {
    return gallop<Fit, T, first, 1>();
  }
}

// Count with convert-to-anything values, by value first, then as lvalues.
template <class T>
consteval std::size_t count_by_values() {
  constexpr std::size_t n = count_by_scan<values_of<any_value>::template fit, T>();
  if constexpr (n != no_count) {
    return n;
  } else {
    return count_by_scan<values_of<any_lvalue>::template fit, T>();
  }
}

enum class count_status : unsigned char {
  ok,
  too_many,             // more than max_members
  uncountable,          // no brace initialization fits
  default_initializer,  // a member with a default member initializer has no default constructor
};

struct count_result {
  count_status status;
  std::size_t count;
};

// The number of non-static data members of the aggregate T.
template <class T>
consteval count_result count_members() {
  if constexpr (requires { T{}; }) {
    constexpr std::size_t n = gallop<braces_fit, T, 0, 1>();
    if constexpr (n > max_members) {
      return {count_status::too_many, 0};
    } else if constexpr (brace_probe<n>::template fits<T, any_value>) {
      // Braces stop early at a member that has a default initializer but no
      // default constructor: a value still fits after the n braces.
      return {count_status::default_initializer, 0};
    } else {
      return {count_status::ok, n};
    }
  } else {
    constexpr std::size_t n = count_by_values<T>();
    if constexpr (n == no_count) {
      return {count_status::uncountable, 0};
    } else if constexpr (n > max_members) {
      return {count_status::too_many, 0};
    } else {
      return {count_status::ok, n};
    }
  }
}

}  // namespace jot::detail::reflect
