// jot/detail/typed/typed_pmr.h - what a standard container's next step may ask of
// its allocator, as an upper bound in bytes, so that the typed reader can make
// room in the arena before growing a std::pmr container over a
// jot::arena_resource (jot/pmr.h). Not API.
//
// A std::pmr::memory_resource cannot refuse an allocation except by throwing
// (std::bad_alloc, fatal through the noexcept jot::read, and std::abort
// without exceptions), so an exhausted arena must be seen before the
// container asks. The standard leaves growth policies unspecified; these
// bounds hold for libstdc++ and libc++ (string and vector capacities at most
// doubled and rounded up to 16 bytes, deque blocks of 512 or 4096 bytes and a
// map of block pointers at most doubled plus two, tree nodes of three pointers
// and a colour, hash nodes of a link and a cached hash, bucket arrays of the
// next prime above twice the old count); tests/typed/typed_read_test.cpp checks
// them against what the library in use asks for. A bound only needs to be no
// smaller than the truth: the cost of a loose one is a read that stops with
// capacity_exceeded while the arena still had the bytes. Not counted: a
// std::pmr::vector of std::pmr::deques, whose growth copies every deque in
// libstdc++ (its move constructor may throw).
#pragma once

#include <algorithm>
#include <concepts>
#include <cstddef>
#include <deque>
#include <iterator>
#include <type_traits>
#include <utility>

namespace jot::detail::pmr_growth {

// Alignment padding and size rounding of one allocation, on top of its bytes.
inline constexpr std::size_t slack = 64;

// A container whose allocator has a memory resource (std::pmr::polymorphic_allocator).
template <class C>
concept over_resource = requires(const C& c) {
  { c.get_allocator().resource() } -> std::convertible_to<const void*>;
};

template <class T>
struct is_deque : std::false_type {};
template <class T, class A>
struct is_deque<std::deque<T, A>> : std::true_type {};
template <class T>
struct is_pair : std::false_type {};
template <class A, class B>
struct is_pair<std::pair<A, B>> : std::true_type {};

// The bytes of a deque's block: libstdc++'s (512 bytes or one element), or
// libc++'s (4096 bytes or 16 elements) for any other library.
template <class T>
constexpr std::size_t deque_block_bytes() {
#if defined(_GLIBCXX_DEQUE_BUF_SIZE)
  return sizeof(T) < _GLIBCXX_DEQUE_BUF_SIZE ? _GLIBCXX_DEQUE_BUF_SIZE / sizeof(T) * sizeof(T) : sizeof(T);
#else
  return std::max<std::size_t>(4096, 16 * sizeof(T));
#endif
}

// A block and the largest map of block pointers a deque may take for its
// next element (its blocks counted as libstdc++'s 512-byte ones, the more
// numerous).
template <class T>
constexpr std::size_t deque_step(std::size_t size) {
  const std::size_t blocks = size / (sizeof(T) < 512 ? 512 / sizeof(T) : 1) + 2;
  return deque_block_bytes<T>() + (4 * blocks + 2) * sizeof(void*) + 2 * slack;
}

// What constructing a T with the container's allocator may allocate:
// libstdc++'s deques allocate their map and a block when built, even empty;
// a pair passes the allocator to both halves. Nothing else jot reads into
// allocates when default-constructed or moved with an equal allocator.
template <class T>
constexpr std::size_t construction() {
  if constexpr (is_deque<T>::value) {
    return deque_step<typename T::value_type>(0);
  } else if constexpr (is_pair<T>::value) {
    return construction<std::remove_const_t<typename T::first_type>>() + construction<typename T::second_type>();
  } else {
    return 0;
  }
}

// A string's characters growing to n.
template <class S>
std::size_t string_to(const S& s, std::size_t n) noexcept {
  return n <= s.capacity() ? 0 : std::max(n, 2 * s.capacity()) + slack;
}

// One more element at the end of a vector, deque or list.
template <class C>
std::size_t append(const C& c) noexcept {
  using T = typename C::value_type;
  if constexpr (is_deque<C>::value) {
    return deque_step<T>(c.size()) + construction<T>();
  } else if constexpr (std::random_access_iterator<typename C::iterator>) {  // vector
    if (c.size() < c.capacity()) return construction<T>();
    // vector<bool> counts bits, at most one more word than a byte each.
    return std::max<std::size_t>(2 * c.capacity(), 1) * sizeof(T) + slack + construction<T>();
  } else {  // list: a node of two links
    return sizeof(T) + 2 * sizeof(void*) + slack + construction<T>();
  }
}

// A bucket array for n elements, or the next one an insertion may build.
template <class M>
std::size_t buckets_for(const M& m, std::size_t n) noexcept {
  const auto wanted = static_cast<std::size_t>(static_cast<double>(n) / m.max_load_factor()) + 1;
  return (3 * std::max(wanted, m.bucket_count()) + 16) * sizeof(void*) + slack;
}

// One more entry in a set or map (ordered: a node of three links and a
// colour; unordered: a link and a cached hash, and a bigger bucket array
// when the load may pass the limit), its value built with the allocator.
template <class M>
std::size_t insert(const M& m) noexcept {
  using V = typename M::value_type;
  if constexpr (requires { m.bucket_count(); }) {
    std::size_t bytes = sizeof(V) + 2 * sizeof(void*) + slack + construction<V>();
    // Within a factor of two of the load limit, or the first insertion
    // (libstdc++ rehashes an empty table's single bucket).
    if (m.bucket_count() <= 1 || static_cast<double>(m.size() + 1) * 2 > m.bucket_count() * m.max_load_factor())
      bytes += buckets_for(m, m.size() + 1);
    return bytes;
  } else {
    return sizeof(V) + 4 * sizeof(void*) + slack + construction<V>();
  }
}

}  // namespace jot::detail::pmr_growth
