// jot/detail/reflect_keys.h - key -> member index in O(1): a perfect hash
// table built at compile time for one set of keys. Not API.
//
// Lookup: reject keys longer than the longest; hash the length and the first
// and last 8 bytes (4 or 3 for shorter keys, so every byte of a key up to 16
// bytes long takes part); pick a bucket from the top bits, add the bucket's
// displacement, and read one slot; one comparison with the key found confirms
// it. No loop, no chain of comparisons, whatever the number of members.
//
// Construction (hash and displace): buckets are placed largest first, each
// with the smallest displacement that sends all its keys to free slots. The
// table has twice as many slots as keys, so a displacement below 256 is found
// quickly. If two keys hash alike (same length and the same first and last 8
// bytes, so longer than 16 bytes), the table hashes every byte instead; if
// placement fails, it tries another seed. Both are checked at compile time.
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>
#include <type_traits>

namespace jot::detail::reflect {

inline constexpr std::size_t not_found = static_cast<std::size_t>(-1);

inline constexpr std::uint64_t mix_a = 0x9E3779B97F4A7C15u;  // 2^64 / golden ratio
inline constexpr std::uint64_t mix_b = 0xC2B2AE3D27D4EB4Fu;  // odd constants from xxHash/Murmur
inline constexpr std::uint64_t mix_c = 0xD6E8FEB86659FD93u;

// Count bytes at p as one integer in the machine's byte order, so that the
// compile-time hash equals the run-time one (which uses a plain load).
template <int Count>
constexpr std::uint64_t load(const char* p) noexcept {
  if (std::is_constant_evaluated()) {
    std::uint64_t v = 0;
    for (int i = 0; i < Count; ++i) {
      const int shift = std::endian::native == std::endian::little ? 8 * i : 8 * (Count - 1 - i);
      v |= std::uint64_t{static_cast<unsigned char>(p[i])} << shift;
    }
    return v;
  } else if constexpr (Count == 8) {
    std::uint64_t v;
    std::memcpy(&v, p, 8);
    return v;
  } else {
    std::uint32_t v;
    std::memcpy(&v, p, 4);
    return v;
  }
}

// Hash of the length and the first and last bytes: exact (no two keys of up
// to 16 bytes share the inputs) and the same cost for any length.
constexpr std::uint64_t hash_ends(const char* p, std::size_t n, std::uint64_t seed) noexcept {
  std::uint64_t head = 0;
  std::uint64_t tail = 0;
  if (n >= 8) {
    head = load<8>(p);
    tail = load<8>(p + n - 8);
  } else if (n >= 4) {
    head = load<4>(p);
    tail = load<4>(p + n - 4);
  } else if (n > 0) {
    head = std::uint64_t{static_cast<unsigned char>(p[0])} |
           std::uint64_t{static_cast<unsigned char>(p[n / 2])} << 8 |
           std::uint64_t{static_cast<unsigned char>(p[n - 1])} << 16;
  }
  const std::uint64_t h = ((head ^ seed) * mix_a) ^ ((tail + n) * mix_b);
  return h ^ (h >> 31);
}

// Hash of every byte, for key sets that hash_ends cannot tell apart.
constexpr std::uint64_t hash_all(const char* p, std::size_t n, std::uint64_t seed) noexcept {
  std::uint64_t h = hash_ends(p, n, seed);
  for (std::size_t i = 8; i + 8 < n; i += 8) {
    h = (h ^ load<8>(p + i)) * mix_c;
    h ^= h >> 29;
  }
  return h;
}

// Table sizes for N keys: twice as many slots as keys, a bucket per two keys;
// powers of two so that both are picked with a shift.
constexpr unsigned slot_bits(std::size_t n) noexcept {
  return static_cast<unsigned>(std::bit_width(std::bit_ceil(n < 1 ? std::size_t{1} : n)));
}
constexpr unsigned bucket_bits(std::size_t n) noexcept {
  return slot_bits(n) > 2 ? slot_bits(n) - 2 : 1;
}

template <std::size_t N>
struct key_table {
  // Slot contents: a key index, or N for an empty slot.
  using index_type = std::conditional_t<(N < 255), std::uint8_t, std::uint16_t>;
  static constexpr unsigned slot_shift = 64 - slot_bits(N);
  static constexpr unsigned bucket_shift = 64 - bucket_bits(N);

  const std::string_view* keys;  // N keys, owned by the caller's constexpr array
  std::size_t max_size;
  std::uint64_t seed;
  bool every_byte;  // hash_all instead of hash_ends
  bool built;       // false only if no seed worked (checked by a static_assert)
  std::array<std::uint8_t, std::size_t{1} << bucket_bits(N)> displacement;
  std::array<index_type, std::size_t{1} << slot_bits(N)> slots;

  static constexpr std::size_t slot_of(std::uint64_t h, std::uint8_t d) noexcept {
    return static_cast<std::size_t>(((h ^ (d * mix_a)) * mix_c) >> slot_shift);
  }

  constexpr std::uint64_t hash(std::string_view key) const noexcept {
    return every_byte ? hash_all(key.data(), key.size(), seed)
                      : hash_ends(key.data(), key.size(), seed);
  }

  // The index of key, or not_found.
  constexpr std::size_t find(std::string_view key) const noexcept {
    if constexpr (N == 0) {
      return not_found;
    } else {
      if (key.size() > max_size) return not_found;
      const std::uint64_t h = hash(key);
      const std::size_t i = slots[slot_of(h, displacement[h >> bucket_shift])];
      return i < N && keys[i] == key ? i : not_found;
    }
  }
};

enum class placement : unsigned char { done, same_hash, no_displacement };

// Places all keys with the table's seed and hash: fills slots and displacement.
template <std::size_t N>
constexpr placement place_keys(key_table<N>& table) {
  using index_type = typename key_table<N>::index_type;
  constexpr std::size_t buckets = std::size_t{1} << bucket_bits(N);
  std::array<std::uint64_t, N> hashes{};
  std::array<std::size_t, N> bucket_of{};
  std::array<std::size_t, buckets> bucket_size{};
  for (std::size_t i = 0; i < N; ++i) {
    hashes[i] = table.hash(table.keys[i]);
    bucket_of[i] = static_cast<std::size_t>(hashes[i] >> key_table<N>::bucket_shift);
    ++bucket_size[bucket_of[i]];
  }
  // Keys grouped by bucket (a counting sort): bucket b holds members[begin[b]..begin[b+1]).
  std::array<std::size_t, buckets + 1> begin{};
  for (std::size_t b = 0; b < buckets; ++b) begin[b + 1] = begin[b] + bucket_size[b];
  std::array<std::size_t, N> members{};
  std::array<std::size_t, buckets> filled{};
  for (std::size_t i = 0; i < N; ++i) members[begin[bucket_of[i]] + filled[bucket_of[i]]++] = i;
  std::size_t largest = 0;
  for (std::size_t size : bucket_size) largest = size > largest ? size : largest;

  for (auto& slot : table.slots) slot = static_cast<index_type>(N);
  for (std::size_t size = largest; size > 0; --size) {  // largest buckets first
    for (std::size_t b = 0; b < buckets; ++b) {
      if (bucket_size[b] != size) continue;
      // Equal hashes share a bucket; no displacement can separate them.
      for (std::size_t m = begin[b]; m < begin[b + 1]; ++m) {
        for (std::size_t e = begin[b]; e < m; ++e) {
          if (hashes[members[e]] == hashes[members[m]]) return placement::same_hash;
        }
      }
      bool placed = false;
      for (unsigned d = 0; d < 256 && !placed; ++d) {
        const auto disp = static_cast<std::uint8_t>(d);
        placed = true;
        for (std::size_t m = begin[b]; m < begin[b + 1] && placed; ++m) {
          const std::size_t s = key_table<N>::slot_of(hashes[members[m]], disp);
          placed = table.slots[s] == N;
          for (std::size_t e = begin[b]; e < m && placed; ++e) {  // two of this bucket's keys
            placed = key_table<N>::slot_of(hashes[members[e]], disp) != s;
          }
        }
        if (placed) {
          table.displacement[b] = disp;
          for (std::size_t m = begin[b]; m < begin[b + 1]; ++m) {
            table.slots[key_table<N>::slot_of(hashes[members[m]], disp)] =
                static_cast<index_type>(members[m]);
          }
        }
      }
      if (!placed) return placement::no_displacement;
    }
  }
  return placement::done;
}

// The perfect hash table of N distinct keys. keys must outlive the table (a
// constexpr array).
template <std::size_t N>
consteval key_table<N> make_key_table(const std::array<std::string_view, N>& keys) {
  key_table<N> table{};
  table.keys = keys.data();
  for (std::string_view k : keys) table.max_size = k.size() > table.max_size ? k.size() : table.max_size;
  for (std::uint64_t seed = 0; seed < 64; ++seed) {
    table.seed = seed * mix_b;
    placement result = place_keys(table);
    if (result == placement::same_hash && !table.every_byte) {
      table.every_byte = true;  // from now on, for every seed
      result = place_keys(table);
    }
    if (result == placement::done) {
      table.built = true;
      return table;
    }
  }
  return table;
}

}  // namespace jot::detail::reflect
