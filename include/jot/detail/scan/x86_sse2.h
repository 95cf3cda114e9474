// jot/detail/scan/x86_sse2.h - the SSE2 scanning kernel (16 bytes at a time). SSE2 is part of the
// x86-64 baseline: no target region. Not API.
#pragma once

#include "jot/detail/scan/prelude.h"

#if defined(JOT_HAS_X86_KERNELS)
namespace jot::detail::isa_sse2 {

#include "jot/detail/scan/scanner.inl"
#include "jot/detail/scan/strings.inl"

// The SSE2 vector layer (see scanner.inl). SSE2 has no byte shuffle,
// so no lookups: whitespace takes four compares and UTF-8 is validated by
// the scalar code.
struct sse2_vectors {
  using bytes = __m128i;
  using flags = __m128i;
  using mask = std::uint32_t;
  static constexpr int width = 16;
  static constexpr int register_file = 16;
  static constexpr bool has_lookup = false;
  static constexpr bool has_partial_load = false;

  static bytes load(const u8* p) noexcept { return _mm_loadu_si128(reinterpret_cast<const __m128i*>(p)); }
  // Bytes from little-endian words (w0's low byte first), in registers.
  static bytes from_words(std::uint64_t w0, std::uint64_t w1) noexcept {
    return _mm_set_epi64x(static_cast<long long>(w1), static_cast<long long>(w0));
  }
  static bytes splat(u8 c) noexcept { return _mm_set1_epi8(static_cast<char>(c)); }
  static flags eq(bytes a, bytes b) noexcept { return _mm_cmpeq_epi8(a, b); }
  static flags lt(bytes a, bytes b) noexcept { return _mm_cmplt_epi8(a, b); }
  // Unsigned a < b as a signed compare once both have their top bit flipped.
  static flags lt_unsigned(bytes a, bytes b) noexcept {
    const bytes flip = splat(0x80);
    return lt(_mm_xor_si128(a, flip), _mm_xor_si128(b, flip));
  }
  static flags either(flags a, flags b) noexcept { return _mm_or_si128(a, b); }
  static mask to_mask(flags f) noexcept { return static_cast<mask>(_mm_movemask_epi8(f)); }
  static bytes bit_or(bytes a, bytes b) noexcept { return _mm_or_si128(a, b); }
  // A set flag is 0xFF, -1: subtracting it counts one.
  static bytes count_flags(bytes c, flags f) noexcept { return _mm_sub_epi8(c, f); }
  static std::uint64_t byte_sum(bytes c) noexcept {
    const __m128i halves = _mm_sad_epu8(c, _mm_setzero_si128());  // each half's sum, in its low word
    return static_cast<std::uint64_t>(_mm_cvtsi128_si64(halves)) +
           static_cast<std::uint64_t>(_mm_cvtsi128_si64(_mm_unpackhi_epi64(halves, halves)));
  }
};

using scanner = vector_scanner<sse2_vectors>;

// Stage 1's prefix XOR by shifts: the x86-64 baseline has no PCLMULQDQ.
struct index_carryless {
  static std::uint64_t prefix_xor(std::uint64_t m) noexcept { return prefix_xor_by_shifts(m); }
};

#include "jot/detail/index/stage1.inl"
#include "jot/detail/index/stage1_vector.inl"

template <bool ValidateUtf8, bool Comments>
using index_classifier = vector_classifier<sse2_vectors, ValidateUtf8, Comments>;

}  // namespace jot::detail::isa_sse2
#endif
