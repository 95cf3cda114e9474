// jot/detail/scan/x86_avx512.h - the AVX-512 scanning kernel (64 bytes at a time, after
// a 32-byte first probe). Runs only where the CPU reports AVX512F, AVX512BW and
// AVX512VL. Compares write mask registers directly (no movemask), and the last
// partial block is read with a masked load, which touches no byte past the
// end, so short inputs never fall back to a scalar loop. Not API.
#pragma once

#include "jot/detail/scan/prelude.h"

#if defined(JOT_HAS_X86_KERNELS)
// Exactly the extensions the CPU check tests.
JOT_TARGET_AVX512_BEGIN
namespace jot::detail::isa_avx512 {

#include "jot/detail/scan/scanner.inl"
#include "jot/detail/scan/strings.inl"

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
  static bytes shift_right_4(bytes a) noexcept { return _mm512_srli_epi16(a, 4); }
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

using scanner = vector_scanner<avx512_vectors>;

}  // namespace jot::detail::isa_avx512
JOT_TARGET_AVX512_END
#endif
