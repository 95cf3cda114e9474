// jot/detail/reflect/reflect_keys.h - key -> member index in O(1): a perfect hash
// table built at compile time for one set of keys. Not API.
//
// Lookup: reject keys longer than the longest; load the first and last 8
// bytes (4 or 3 for shorter keys: every byte of a key up to 16 bytes long);
// hash them with the length; read one slot, picked by the hash's top bits
// (direct) or by a bucket's displacement applied to the hash. The slot's
// entry holds the same words of its key, so three integer comparisons
// confirm the match (plus one memcmp of the middle bytes for keys longer
// than 16). No loop, no chain of comparisons, no call, whatever the number
// of members.
//
// Construction: first a seed whose hashes alone send every key to its own
// slot (for up to 64 keys: the table has eight to sixteen slots per key, so
// one of the seeds tried works but for bad luck). That is the direct table: the
// displacement's load and the two multiplications after it were most of a
// lookup's latency (docs/typed.md has the measurement). Failing that, hash
// and displace: buckets are placed largest first, each with the smallest
// displacement that sends all its keys to free slots. If two keys hash alike
// (same length and the same first and last 8 bytes, so longer than 16
// bytes), the table hashes every byte instead; if placement fails, it tries
// another seed. All decided at compile time.
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>
#include <type_traits>

#include "jot/detail/core/config.h"

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

// The bytes a key is hashed and compared by: all of them for keys up to 16
// bytes, the first and last 8 of longer keys.
struct key_words {
  std::uint64_t head;
  std::uint64_t tail;
};

// Always inline: GCC 12 called it out of line from the typed reader, a
// call's cost on every key tried.
JOT_ALWAYS_INLINE constexpr key_words words_of(const char* p, std::size_t n) noexcept {
  if (n >= 8) return {load<8>(p), load<8>(p + n - 8)};
  if (n >= 4) return {load<4>(p), load<4>(p + n - 4)};
  if (n > 0) {
    return {std::uint64_t{static_cast<unsigned char>(p[0])} |
                std::uint64_t{static_cast<unsigned char>(p[n / 2])} << 8 |
                std::uint64_t{static_cast<unsigned char>(p[n - 1])} << 16,
            0};
  }
  return {0, 0};
}

// Hash of the length and the key's words: the same cost for any length.
constexpr std::uint64_t hash_words(key_words w, std::size_t n, std::uint64_t seed) noexcept {
  const std::uint64_t h = ((w.head ^ seed) * mix_a) ^ ((w.tail + n) * mix_b);
  return h ^ (h >> 31);
}

// Hash of every byte, for key sets that hash_words cannot tell apart.
constexpr std::uint64_t hash_all(const char* p, std::size_t n, std::uint64_t seed) noexcept {
  std::uint64_t h = hash_words(words_of(p, n), n, seed);
  for (std::size_t i = 8; i + 8 < n; i += 8) {
    h = (h ^ load<8>(p + i)) * mix_c;
    h ^= h >> 29;
  }
  return h;
}

// A direct table is tried for up to this many keys, with up to this many
// seeds (a seed fails at its first collision, after about as many keys as
// the square root of the slots; the worst case must stay far below clang's
// limit of constant-evaluation steps).
inline constexpr std::size_t direct_max_keys = 64;
inline constexpr std::uint64_t direct_seeds = 128;

// Table sizes for N keys: two to four slots per key (displaced), eight to
// sixteen (direct, so that a seed without collisions is likely: for 64 keys
// in 512 slots, one seed in 50), a bucket per two keys; powers of two so
// that each is picked with a shift.
constexpr unsigned slot_bits(std::size_t n) noexcept {
  return static_cast<unsigned>(std::bit_width(std::bit_ceil(n < 1 ? std::size_t{1} : n)));
}
constexpr unsigned direct_slot_bits(std::size_t n) noexcept { return slot_bits(n) + 2; }
constexpr unsigned table_bits(std::size_t n) noexcept {
  return n <= direct_max_keys ? direct_slot_bits(n) : slot_bits(n);
}
constexpr unsigned bucket_bits(std::size_t n) noexcept {
  return slot_bits(n) > 2 ? slot_bits(n) - 2 : 1;
}

// Whether two keys of the same length above 16 have the same bytes between
// their first and last 8. (Not substr: its range check would throw.)
constexpr bool same_middle(std::string_view a, std::string_view b) noexcept {
  const std::size_t n = a.size() - 16;
  return std::string_view(a.data() + 8, n) == std::string_view(b.data() + 8, n);
}

// What a slot leads to: a key's length and words. The entry after the last
// key is the target of every empty slot and matches no key.
struct key_entry {
  std::size_t size;
  key_words words;
};

template <std::size_t N>
struct key_table {
  // Slot contents: a key index, or N for an empty slot.
  using index_type = std::conditional_t<(N < 255), std::uint8_t, std::uint16_t>;
  static constexpr unsigned slot_shift = 64 - slot_bits(N);
  static constexpr unsigned direct_shift = 64 - direct_slot_bits(N);
  static constexpr unsigned bucket_shift = 64 - bucket_bits(N);

  const std::string_view* keys;  // N keys, owned by the caller's constexpr array
  std::size_t max_size;
  std::uint64_t seed;
  bool every_byte;  // hash_all instead of hash_words
  bool direct;      // slots[hash >> direct_shift]; else displaced (slot_of)
  bool built;       // false only if no seed worked (checked by a static_assert)
  std::array<std::uint8_t, std::size_t{1} << bucket_bits(N)> displacement;
  std::array<index_type, std::size_t{1} << table_bits(N)> slots;  // displaced: the first 2^slot_bits
  std::array<key_entry, N + 1> entries;

  static constexpr std::size_t slot_of(std::uint64_t h, std::uint8_t d) noexcept {
    return static_cast<std::size_t>(((h ^ (d * mix_a)) * mix_c) >> slot_shift);
  }

  constexpr std::uint64_t hash(std::string_view key) const noexcept {
    return every_byte ? hash_all(key.data(), key.size(), seed)
                      : hash_words(words_of(key.data(), key.size()), key.size(), seed);
  }

  // The index of key, or not_found. EveryByte and Direct must equal
  // every_byte and direct: as template arguments they let the compiler
  // inline the one hash and the one addressing in use.
  template <bool EveryByte, bool Direct>
  constexpr std::size_t find(std::string_view key) const noexcept {
    const std::size_t n = key.size();
    if (n > max_size) return not_found;
    const key_words w = words_of(key.data(), n);
    const std::uint64_t h = EveryByte ? hash_all(key.data(), n, seed) : hash_words(w, n, seed);
    const std::size_t i = Direct ? slots[h >> direct_shift] : slots[slot_of(h, displacement[h >> bucket_shift])];
    const key_entry& e = entries[i];
    // One branch for the three words (GCC made a branch of each).
    if (((e.size ^ n) | (e.words.head ^ w.head) | (e.words.tail ^ w.tail)) != 0) return not_found;
    if (n > 16 && !same_middle(keys[i], key)) return not_found;
    return i;
  }
};

enum class placement : unsigned char { done, same_hash, no_displacement };

// Places every key in the slot its hash alone picks (a direct table), if no
// two of them share one with the table's seed and hash. Expects every slot
// empty, and leaves them so when it fails.
template <std::size_t N>
constexpr bool place_direct(key_table<N>& table) {
  using index_type = typename key_table<N>::index_type;
  std::array<std::size_t, N> taken{};
  for (std::size_t i = 0; i < N; ++i) {
    const auto s = static_cast<std::size_t>(table.hash(table.keys[i]) >> key_table<N>::direct_shift);
    if (table.slots[s] != N) {
      for (std::size_t j = 0; j < i; ++j) table.slots[taken[j]] = static_cast<index_type>(N);
      return false;
    }
    table.slots[s] = static_cast<index_type>(i);
    taken[i] = s;
  }
  return true;
}

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
  for (std::size_t i = 0; i < N; ++i) {
    table.max_size = keys[i].size() > table.max_size ? keys[i].size() : table.max_size;
    table.entries[i] = {keys[i].size(), words_of(keys[i].data(), keys[i].size())};
  }
  table.entries[N] = {not_found, {0, 0}};
  // Direct when a seed allows: with hash_words, unless two keys hash alike
  // whatever the seed (then every byte).
  for (auto& slot : table.slots) slot = static_cast<typename key_table<N>::index_type>(N);
  for (const bool every_byte : {false, true}) {
    if (N > direct_max_keys) break;
    table.every_byte = every_byte;
    for (std::uint64_t seed = 0; seed < direct_seeds; ++seed) {
      table.seed = seed * mix_b;
      if (place_direct(table)) {
        table.direct = table.built = true;
        return table;
      }
    }
  }
  table.every_byte = false;
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
