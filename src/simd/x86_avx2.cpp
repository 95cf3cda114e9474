// src/simd/x86_avx2.cpp - the AVX2 kernel (32 bytes at a time). Selected only
// when the CPU reports AVX2 (cpu_has_avx2 below, read through its entry).
#include "simd/kernels.h"

#if defined(JOT_HAS_X86_KERNELS)
// Standard and public headers come before the target region, so that only
// this file's own code is compiled for AVX2; the generic parser and string
// code come inside it (all internal linkage, so no AVX2 copy can be merged
// into a baseline caller). number.h stays outside: it declares an external
// function that must keep the baseline target.
#include <immintrin.h>

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "arena_access.h"
#include "common.h"
#include "jot/parse.h"
#include "number.h"

// Only AVX2: cpu_has_avx2() checks exactly this, so no other extension may
// appear in the generated code. GCC and Clang spell the region differently.
#if defined(__clang__)
#pragma clang attribute push(__attribute__((target("avx2"))), apply_to = function)
#else
#pragma GCC push_options
#pragma GCC target("avx2")
#endif

#include "generic/utf8.h"
#include "generic/strings.h"
#include "generic/whitespace.h"
#include "generic/parser.inl"

namespace jot::detail {
namespace {

inline bool is_string_special(u8 c) noexcept { return c == '"' || c == '\\' || c < 0x20 || c >= 0x80; }

// A 16-byte lookup table in both 128-bit lanes (vpshufb looks up per lane).
inline __m256i both_lanes(__m128i table) noexcept { return _mm256_broadcastsi128_si256(table); }

struct avx2_kernel {
  static const u8* scan_string(const u8* p, const u8* end) noexcept {
    const __m256i quote = _mm256_set1_epi8('"');
    const __m256i backslash = _mm256_set1_epi8('\\');
    const __m256i below = _mm256_set1_epi8(0x20);
    while (end - p >= 32) {
      const __m256i v = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
      // Signed compare: bytes >= 0x80 are negative, so "0x20 > v" also flags them.
      const __m256i m = _mm256_or_si256(
          _mm256_or_si256(_mm256_cmpeq_epi8(v, quote), _mm256_cmpeq_epi8(v, backslash)),
          _mm256_cmpgt_epi8(below, v));
      const unsigned mask = static_cast<unsigned>(_mm256_movemask_epi8(m));
      if (mask != 0) return p + __builtin_ctz(mask);
      p += 32;
    }
    while (p != end && !is_string_special(*p)) ++p;
    return p;
  }

  static const u8* scan_quote(const u8* p, const u8* end) noexcept {
    const __m256i quote = _mm256_set1_epi8('"');
    const __m256i backslash = _mm256_set1_epi8('\\');
    while (end - p >= 32) {
      const __m256i v = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
      const unsigned mask = static_cast<unsigned>(_mm256_movemask_epi8(
          _mm256_or_si256(_mm256_cmpeq_epi8(v, quote), _mm256_cmpeq_epi8(v, backslash))));
      if (mask != 0) return p + __builtin_ctz(mask);
      p += 32;
    }
    while (p != end && *p != '"' && *p != '\\') ++p;
    return p;
  }

  // Validates UTF-8 from p (the first non-ASCII byte of a run) in 32-byte
  // blocks, each starting on a sequence boundary, with the lookup method of
  // Keiser and Lemire ("Validating UTF-8 In Less Than One Instruction Per
  // Byte", 2021): three nibble lookups classify each byte pair, and bytes two
  // or three after a 3- or 4-byte lead must be continuations. Returns where
  // the scalar scan resumes: an ASCII string special ('"', '\\', control), the
  // start of a block with an error (the scalar validator then locates it), or
  // a boundary with fewer than 32 bytes left. [p, result) is valid.
  static const u8* skip_utf8(const u8* p, const u8* end) noexcept {
    // Error bits of a byte pair.
    constexpr char too_short = 1, too_long = 2, overlong_3 = 4, too_large = 8, surrogate = 16,
                   overlong_2 = 32, too_large_1000 = 64, overlong_4 = 64;
    constexpr char two_conts = static_cast<char>(128);
    constexpr char carry = static_cast<char>(too_short | too_long | two_conts);
    constexpr char large = static_cast<char>(carry | too_large | too_large_1000);
    const __m256i first_high = both_lanes(_mm_setr_epi8(
        too_long, too_long, too_long, too_long, too_long, too_long, too_long, too_long,  // 0___
        two_conts, two_conts, two_conts, two_conts,                                      // 10__
        too_short | overlong_2, too_short, too_short | overlong_3 | surrogate,           // C, D, E
        too_short | too_large | too_large_1000 | overlong_4));                           // F
    const __m256i first_low = both_lanes(_mm_setr_epi8(
        carry | overlong_3 | overlong_2 | overlong_4, carry | overlong_2, carry, carry,   // 0-3
        carry | too_large, large, large, large, large, large, large, large, large,        // 4-C
        large | surrogate, large, large));                                                // D-F
    constexpr char cont_8 = static_cast<char>(too_long | overlong_2 | two_conts | overlong_3 | too_large_1000 | overlong_4);
    constexpr char cont_9 = static_cast<char>(too_long | overlong_2 | two_conts | overlong_3 | too_large);
    constexpr char cont_ab = static_cast<char>(too_long | overlong_2 | two_conts | surrogate | too_large);
    const __m256i second_high = both_lanes(_mm_setr_epi8(
        too_short, too_short, too_short, too_short, too_short, too_short, too_short, too_short,
        cont_8, cont_9, cont_ab, cont_ab, too_short, too_short, too_short, too_short));
    const __m256i nibble = _mm256_set1_epi8(0x0F);
    const __m256i zero = _mm256_setzero_si256();
    while (end - p >= 32) {
      const __m256i in = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
      // Each block starts on a sequence boundary, so what precedes it acts as ASCII.
      const __m256i carried = _mm256_permute2x128_si256(zero, in, 0x21);
      const __m256i prev1 = _mm256_alignr_epi8(in, carried, 15);
      const __m256i prev2 = _mm256_alignr_epi8(in, carried, 14);
      const __m256i prev3 = _mm256_alignr_epi8(in, carried, 13);
      const __m256i pairs = _mm256_and_si256(
          _mm256_and_si256(
              _mm256_shuffle_epi8(first_high, _mm256_and_si256(_mm256_srli_epi16(prev1, 4), nibble)),
              _mm256_shuffle_epi8(first_low, _mm256_and_si256(prev1, nibble))),
          _mm256_shuffle_epi8(second_high, _mm256_and_si256(_mm256_srli_epi16(in, 4), nibble)));
      const __m256i third = _mm256_subs_epu8(prev2, _mm256_set1_epi8(static_cast<char>(0xE0 - 0x80)));
      const __m256i fourth = _mm256_subs_epu8(prev3, _mm256_set1_epi8(static_cast<char>(0xF0 - 0x80)));
      const __m256i must_continue =
          _mm256_and_si256(_mm256_or_si256(third, fourth), _mm256_set1_epi8(static_cast<char>(0x80)));
      const __m256i errors = _mm256_xor_si256(must_continue, pairs);
      const std::uint32_t error_mask = ~static_cast<std::uint32_t>(_mm256_movemask_epi8(_mm256_cmpeq_epi8(errors, zero)));
      const __m256i control = _mm256_cmpeq_epi8(_mm256_max_epu8(in, _mm256_set1_epi8(0x1F)), _mm256_set1_epi8(0x1F));
      const std::uint32_t special_mask = static_cast<std::uint32_t>(_mm256_movemask_epi8(_mm256_or_si256(
          _mm256_or_si256(_mm256_cmpeq_epi8(in, _mm256_set1_epi8('"')), _mm256_cmpeq_epi8(in, _mm256_set1_epi8('\\'))),
          control)));
      if (special_mask != 0) {
        const int stop = __builtin_ctz(special_mask);
        // An error at the special itself (e.g. a sequence cut short by '"') counts.
        const std::uint64_t upto = (std::uint64_t{2} << stop) - 1;
        return (error_mask & upto) != 0 ? p : p + stop;
      }
      if (error_mask != 0) return p;
      // Stop before a sequence that the block cut off, so the next block
      // starts on a boundary.
      int back = 0;
      if (p[31] >= 0xC0) back = 1;
      else if (p[30] >= 0xE0) back = 2;
      else if (p[29] >= 0xF0) back = 3;
      p += 32 - back;
    }
    return p;
  }

  static const u8* skip_spaces(const u8* p, const u8* end) noexcept {
    // One space (after ':' or ',') is the most common run.
    if (p != end && *p == ' ') ++p;
    if (p == end || *p > ' ') return p;
    // A byte is whitespace iff looking up its low nibble in this table gives
    // the byte back. Fillers are 0xFF, which no byte with that low nibble
    // equals (0xFF itself looks up 0, as every byte >= 0x80 does).
    constexpr char x = static_cast<char>(0xFF);
    const __m256i table =
        both_lanes(_mm_setr_epi8(' ', x, x, x, x, x, x, x, x, '\t', '\n', x, x, '\r', x, x));
    while (end - p >= 32) {
      const __m256i v = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
      const __m256i ws = _mm256_cmpeq_epi8(_mm256_shuffle_epi8(table, v), v);
      const unsigned other = ~static_cast<unsigned>(_mm256_movemask_epi8(ws));
      if (other != 0) return p + __builtin_ctz(other);
      p += 32;
    }
    while (p != end && (*p == ' ' || *p == '\n' || *p == '\r' || *p == '\t')) ++p;
    return p;
  }
};

parse_outcome parse_avx2(const char* data, std::size_t size, const parse_options& options,
                         arena& a) noexcept {
  return parse_with<avx2_kernel>(data, size, options, a);
}

}  // namespace
}  // namespace jot::detail

#if defined(__clang__)
#pragma clang attribute pop
#else
#pragma GCC pop_options
#endif

namespace jot::detail {
namespace {

// Outside the AVX2 region: it runs before anything knows the CPU has AVX2.
// Reads libgcc's CPU model, initialised before main; jot keeps no copy.
bool cpu_has_avx2() noexcept {
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx2");
}

}  // namespace
}  // namespace jot::detail
#endif

namespace jot::detail {
constinit const kernel_entry avx2_entry = {kernel::avx2, "avx2", JOT_IF_X86_KERNELS(parse_avx2),
                                           JOT_IF_X86_KERNELS(cpu_has_avx2)};
}  // namespace jot::detail
