// src/simd/x86_sse2.cpp - the SSE2 kernel (16 bytes at a time): its vector
// layer for src/generic/scan.h. SSE2 is part of the x86-64 baseline, so this
// kernel needs no CPU check.
#include "simd/kernels.h"

#if defined(JOT_HAS_X86_KERNELS)
#include <emmintrin.h>

#include <cstdint>

#include "generic/parser.inl"
#include "generic/scan.h"

namespace jot::detail {
namespace {

// The SSE2 vector layer (see src/generic/scan.h). SSE2 has no byte shuffle,
// so no lookups: whitespace takes four compares and UTF-8 is validated by
// the scalar code.
struct sse2_vectors {
  using bytes = __m128i;
  using flags = __m128i;
  using mask = std::uint32_t;
  static constexpr int width = 16;
  static constexpr bool has_lookup = false;
  static constexpr bool has_partial_load = false;

  static bytes load(const u8* p) noexcept { return _mm_loadu_si128(reinterpret_cast<const __m128i*>(p)); }
  static bytes splat(u8 c) noexcept { return _mm_set1_epi8(static_cast<char>(c)); }
  static flags eq(bytes a, bytes b) noexcept { return _mm_cmpeq_epi8(a, b); }
  static flags lt(bytes a, bytes b) noexcept { return _mm_cmplt_epi8(a, b); }
  static flags either(flags a, flags b) noexcept { return _mm_or_si128(a, b); }
  static mask to_mask(flags f) noexcept { return static_cast<mask>(_mm_movemask_epi8(f)); }
};

using sse2_kernel = vector_scanner<sse2_vectors>;

parse_outcome parse_sse2(const char* data, std::size_t size, const parse_options& options,
                         arena& a) noexcept {
  return parse_with<sse2_kernel>(data, size, options, a);
}

}  // namespace
}  // namespace jot::detail
#endif

namespace jot::detail {
constinit const kernel_entry sse2_entry = {kernel::sse2, "sse2", JOT_IF_X86_KERNELS(parse_sse2), nullptr};
}  // namespace jot::detail
