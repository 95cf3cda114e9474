// jot/detail/scan/x86_avx512.h - the AVX-512 scanning kernel: AVX2's 32-byte
// vectors and 16-byte string probe, with the last partial block read by a
// masked load, which touches no byte past the end, so short inputs never fall
// back to a scalar loop; stage 1 at full width (512-bit registers). Runs only
// where the CPU reports AVX512F, AVX512BW, AVX512VL, BMI1 and PCLMULQDQ. Not API.
#pragma once

#include "jot/detail/scan/prelude.h"

#if defined(JOT_HAS_X86_KERNELS)
// Exactly the extensions the CPU check tests.
JOT_TARGET_AVX512_BEGIN
namespace jot::detail::isa_avx512 {

#include "jot/detail/scan/scanner.inl"
#include "jot/detail/scan/strings.inl"
#include "jot/detail/scan/x86_128.inl"
#include "jot/detail/scan/x86_256.inl"

// The n < 32 bytes at p, zeros above; reads nothing past p + n. Under Clang
// the kernel's region is AVX2's and this load alone is compiled for AVX-512,
// out of line (JOT_AVX512_LOAD, prelude.h); it runs only within 32 bytes of
// an input's end.
JOT_AVX512_LOAD inline __m256i masked_load(const u8* p, std::size_t n) noexcept {
  return _mm256_maskz_loadu_epi8(static_cast<__mmask32>((std::uint32_t{1} << n) - 1), p);
}

// 32 bytes at a time, as AVX2, with AVX-512's masked loads for the last
// partial block (no scalar tail). Compares stay in vector registers: into
// mask registers they run on one port with three cycles' latency on Intel
// (vs two ports and one cycle), which measured slower on twitter; and no
// 512-bit register is used, which would lower an Ice Lake's clock for every
// instruction around it (64-byte vectors parsed slower: docs/parsing.md).
struct avx512_vectors : x86_256_vectors {
  static constexpr bool has_partial_load = true;
  static bytes load_partial(const u8* p, std::size_t n) noexcept { return masked_load(p, n); }
};

using scanner = vector_scanner<avx512_vectors>;

}  // namespace jot::detail::isa_avx512
JOT_TARGET_AVX512_END

// Stage 1 at full width: a 64-byte block is one register, and its masks come
// straight from mask registers. Its own namespace and region, so that its
// copy of the layer's code is compiled with 512-bit registers under both
// compilers while the scans above keep 256-bit ones.
JOT_TARGET_AVX512_WIDE_BEGIN
namespace jot::detail::isa_avx512::wide {

#include "jot/detail/scan/scanner.inl"
#include "jot/detail/scan/x86_512.inl"

#include "jot/detail/scan/x86_clmul.inl"

#include "jot/detail/index/stage1.inl"
#include "jot/detail/index/stage1_vector.inl"

template <bool ValidateUtf8, bool Comments>
using index_classifier = vector_classifier<x86_512_vectors, ValidateUtf8, Comments>;

}  // namespace jot::detail::isa_avx512::wide
JOT_TARGET_AVX512_WIDE_END

// The same with VBMI2 (Ice Lake, Zen 4 and later): a block's entries written
// by one byte compress of the offsets 0-63 and a widening add per sixteen,
// instead of a bit loop per entry. Chosen per batch where the CPU has it.
JOT_TARGET_AVX512_VBMI2_BEGIN
namespace jot::detail::isa_avx512::wide_vbmi2 {

#include "jot/detail/scan/scanner.inl"
#include "jot/detail/scan/x86_512.inl"
#include "jot/detail/scan/x86_clmul.inl"

#include "jot/detail/index/stage1.inl"
#include "jot/detail/index/stage1_vector.inl"

template <bool ValidateUtf8, bool Comments>
struct compress_classifier : vector_classifier<x86_512_vectors, ValidateUtf8, Comments> {
  JOT_ALWAYS_INLINE static index_entry* write(std::uint64_t bits, index_entry offset, index_entry* out) noexcept {
    const __m512i positions = _mm512_set_epi32(0x3F3E3D3C, 0x3B3A3938, 0x37363534, 0x33323130, 0x2F2E2D2C,
                                               0x2B2A2928, 0x27262524, 0x23222120, 0x1F1E1D1C, 0x1B1A1918,
                                               0x17161514, 0x13121110, 0x0F0E0D0C, 0x0B0A0908, 0x07060504,
                                               0x03020100);
    const __m512i packed = _mm512_maskz_compress_epi8(bits, positions);
    const __m512i first = _mm512_set1_epi32(static_cast<int>(offset));
    const int n = std::popcount(bits);
    // Sixteen entries a store; all four stores stay within index_block_room.
    _mm512_storeu_si512(out, _mm512_add_epi32(_mm512_cvtepu8_epi32(_mm512_castsi512_si128(packed)), first));
    if (JOT_UNLIKELY(n > 16)) {
      _mm512_storeu_si512(out + 16,
                          _mm512_add_epi32(_mm512_cvtepu8_epi32(_mm512_extracti32x4_epi32(packed, 1)), first));
      if (n > 32) {
        _mm512_storeu_si512(out + 32,
                            _mm512_add_epi32(_mm512_cvtepu8_epi32(_mm512_extracti32x4_epi32(packed, 2)), first));
        _mm512_storeu_si512(out + 48,
                            _mm512_add_epi32(_mm512_cvtepu8_epi32(_mm512_extracti32x4_epi32(packed, 3)), first));
      }
    }
    return out + n;
  }
};

template <bool ValidateUtf8, bool Comments>
using index_classifier = compress_classifier<ValidateUtf8, Comments>;

}  // namespace jot::detail::isa_avx512::wide_vbmi2
JOT_TARGET_AVX512_VBMI2_END
#endif
