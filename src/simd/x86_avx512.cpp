// src/simd/x86_avx512.cpp - the AVX-512 kernel (64 bytes at a time, after a
// 32-byte first probe): its vector layer for src/generic/scan.h. Runs only
// where the CPU reports AVX512F, AVX512BW and AVX512VL (cpu_has_avx512 below,
// read through its entry); jot::all_kernels ranks it below avx2, which
// measured as fast or faster on Zen 4 (HACKING.md, "Performance notes").
//
// Compares write mask registers directly (no movemask), and the last partial
// block of the input is read with a masked load, which touches no byte past
// the end, so short inputs never fall back to a scalar loop.
#include "simd/kernels.h"

#if defined(JOT_HAS_X86_KERNELS)
// Standard and public headers come before the target region (see x86_avx2.cpp).
#include <immintrin.h>

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "arena_access.h"
#include "common.h"
#include "jot/parse.h"
#include "number.h"

// Exactly the extensions cpu_has_avx512() checks.
#if defined(__clang__)
#pragma clang attribute push(__attribute__((target("avx512f,avx512bw,avx512vl"))), apply_to = function)
#else
#pragma GCC push_options
#pragma GCC target("avx512f,avx512bw,avx512vl")
// GCC 12's own _mm512_undefined_epi32() initialises a variable from itself,
// which -Wmaybe-uninitialized reports inside intrinsics such as
// _mm512_broadcast_i32x4; the values are overwritten, so the warning is noise.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif

#include "generic/utf8.h"
#include "generic/strings.h"
#include "generic/whitespace.h"
#include "generic/parser.inl"
#include "generic/scan.h"

namespace jot::detail {
namespace {

// vpshufb and vpalignr work within each 128-bit lane, as in AVX2: tables are
// broadcast to all four lanes, and prev<n> first lines up each lane with the
// one before it.
// A string scan first probes 32 bytes: most strings end within them, and a
// narrower probe answers sooner (the probe needs only what a string scan uses).
struct avx512_probe {
  using bytes = __m256i;
  using flags = __mmask32;
  using mask = std::uint32_t;
  static constexpr int width = 32;
  static bytes load(const u8* p) noexcept { return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p)); }
  static bytes splat(u8 c) noexcept { return _mm256_set1_epi8(static_cast<char>(c)); }
  static flags eq(bytes a, bytes b) noexcept { return _mm256_cmpeq_epi8_mask(a, b); }
  static flags lt(bytes a, bytes b) noexcept { return _mm256_cmplt_epi8_mask(a, b); }
  static flags either(flags a, flags b) noexcept { return static_cast<flags>(a | b); }
  static mask to_mask(flags f) noexcept { return static_cast<mask>(f); }
};

struct avx512_vectors {
  using probe = avx512_probe;
  using bytes = __m512i;
  using flags = __mmask64;
  using mask = std::uint64_t;
  static constexpr int width = 64;
  static constexpr bool has_lookup = true;
  static constexpr bool has_partial_load = true;

  static bytes load(const u8* p) noexcept { return _mm512_loadu_si512(p); }
  static bytes load_partial(const u8* p, std::size_t n) noexcept {
    return _mm512_maskz_loadu_epi8(low_mask(n), p);
  }
  static bytes splat(u8 c) noexcept { return _mm512_set1_epi8(static_cast<char>(c)); }
  static flags eq(bytes a, bytes b) noexcept { return _mm512_cmpeq_epi8_mask(a, b); }
  static flags lt(bytes a, bytes b) noexcept { return _mm512_cmplt_epi8_mask(a, b); }
  static flags lt_unsigned(bytes a, bytes b) noexcept { return _mm512_cmplt_epu8_mask(a, b); }
  static flags either(flags a, flags b) noexcept { return static_cast<flags>(a | b); }
  static mask to_mask(flags f) noexcept { return static_cast<mask>(f); }
  static mask nonzero_mask(bytes a) noexcept { return _mm512_test_epi8_mask(a, a); }
  static bytes bit_and(bytes a, bytes b) noexcept { return _mm512_and_si512(a, b); }
  static bytes bit_or(bytes a, bytes b) noexcept { return _mm512_or_si512(a, b); }
  static bytes bit_xor(bytes a, bytes b) noexcept { return _mm512_xor_si512(a, b); }
  static bytes low_nibbles(bytes a) noexcept { return bit_and(a, splat(0x0F)); }
  static bytes high_nibbles(bytes a) noexcept { return bit_and(_mm512_srli_epi16(a, 4), splat(0x0F)); }
  static bytes table(const u8* row) noexcept {
    return _mm512_broadcast_i32x4(_mm_loadu_si128(reinterpret_cast<const __m128i*>(row)));
  }
  static bytes lookup16(bytes table, bytes index) noexcept { return _mm512_shuffle_epi8(table, index); }
  template <int n>
  static bytes prev(bytes a, bytes before) noexcept {
    // Lanes [before.3, a.0, a.1, a.2]: what precedes each of a's lanes.
    const bytes preceding = _mm512_alignr_epi64(a, before, 6);
    return _mm512_alignr_epi8(a, preceding, 16 - n);
  }
  static bytes subs(bytes a, bytes b) noexcept { return _mm512_subs_epu8(a, b); }

 private:
  // The low n bits (n < 64) as a load mask.
  static __mmask64 low_mask(std::size_t n) noexcept {
    return static_cast<__mmask64>((std::uint64_t{1} << n) - 1);
  }
};

using avx512_kernel = vector_scanner<avx512_vectors>;

parse_outcome parse_avx512(const char* data, std::size_t size, const parse_options& options,
                           arena& a) noexcept {
  return parse_with<avx512_kernel>(data, size, options, a);
}

}  // namespace
}  // namespace jot::detail

#if defined(__clang__)
#pragma clang attribute pop
#else
#pragma GCC diagnostic pop
#pragma GCC pop_options
#endif

namespace jot::detail {
namespace {

// Outside the AVX-512 region: it runs before anything knows the CPU has it.
// libgcc's check includes the operating system's support for the registers.
bool cpu_has_avx512() noexcept {
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
         __builtin_cpu_supports("avx512vl");
}

}  // namespace
}  // namespace jot::detail
#endif

namespace jot::detail {
constinit const kernel_entry avx512_entry = {kernel::avx512, "avx512", JOT_IF_X86_KERNELS(parse_avx512),
                                             JOT_IF_X86_KERNELS(cpu_has_avx512)};
}  // namespace jot::detail
