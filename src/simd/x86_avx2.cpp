// src/simd/x86_avx2.cpp - the AVX2 kernel (32 bytes at a time): its vector
// layer for src/generic/scan.h. Selected only
// when the CPU reports AVX2 (cpu_has_avx2 below, read through its entry).
#include "simd/kernels.h"

#if defined(JOT_HAS_X86_KERNELS)
// Standard and public headers come before the target region, so that only
// this file's own code is compiled for AVX2; the generic parser and string
// code come inside it (all internal linkage, so no AVX2 copy can be merged
// into a baseline caller). number.h stays outside: it declares an external
// function that must keep the baseline target.
#include <immintrin.h>

#include <bit>

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
#include "generic/scan.h"
#include "simd/x86_128.h"

namespace jot::detail {
namespace {

// The AVX2 vector layer (see src/generic/scan.h). vpshufb and vpalignr work
// within each 128-bit lane, so tables are broadcast to both lanes and prev<n>
// first brings the neighbouring lane beside each lane.
struct avx2_vectors {
  using probe = x86_128_vectors;
  using bytes = __m256i;
  using flags = __m256i;
  using mask = std::uint32_t;
  static constexpr int width = 32;
  static constexpr bool has_lookup = true;
  static constexpr bool has_partial_load = false;

  static bytes load(const u8* p) noexcept { return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p)); }
  static bytes splat(u8 c) noexcept { return _mm256_set1_epi8(static_cast<char>(c)); }
  static flags eq(bytes a, bytes b) noexcept { return _mm256_cmpeq_epi8(a, b); }
  static flags lt(bytes a, bytes b) noexcept { return _mm256_cmpgt_epi8(b, a); }
  // Unsigned a < b as a signed compare once both have their top bit flipped.
  static flags lt_unsigned(bytes a, bytes b) noexcept {
    const bytes flip = splat(0x80);
    return lt(_mm256_xor_si256(a, flip), _mm256_xor_si256(b, flip));
  }
  static flags either(flags a, flags b) noexcept { return _mm256_or_si256(a, b); }
  static mask to_mask(flags f) noexcept { return static_cast<mask>(_mm256_movemask_epi8(f)); }
  static mask nonzero_mask(bytes a) noexcept { return ~to_mask(eq(a, _mm256_setzero_si256())); }
  static bytes bit_and(bytes a, bytes b) noexcept { return _mm256_and_si256(a, b); }
  static bytes bit_or(bytes a, bytes b) noexcept { return _mm256_or_si256(a, b); }
  static bytes bit_xor(bytes a, bytes b) noexcept { return _mm256_xor_si256(a, b); }
  static bytes low_nibbles(bytes a) noexcept { return bit_and(a, splat(0x0F)); }
  static bytes high_nibbles(bytes a) noexcept { return bit_and(_mm256_srli_epi16(a, 4), splat(0x0F)); }
  static bytes table(const u8* row) noexcept {
    return _mm256_broadcastsi128_si256(_mm_loadu_si128(reinterpret_cast<const __m128i*>(row)));
  }
  static bytes lookup16(bytes table, bytes index) noexcept { return _mm256_shuffle_epi8(table, index); }
  template <int n>
  static bytes prev(bytes a, bytes before) noexcept {
    // [before's high lane, a's low lane]: what precedes each of a's lanes.
    const bytes preceding = _mm256_permute2x128_si256(before, a, 0x21);
    return _mm256_alignr_epi8(a, preceding, 16 - n);
  }
  static bytes subs(bytes a, bytes b) noexcept { return _mm256_subs_epu8(a, b); }
};

using avx2_kernel = vector_scanner<avx2_vectors>;

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
