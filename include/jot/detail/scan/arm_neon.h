// jot/detail/scan/arm_neon.h - the NEON scanning kernel (16 bytes at a time)
// for 64-bit Arm. Advanced SIMD is part of the AArch64 baseline: no target
// region and no CPU check. Not API.
#pragma once

#include "jot/detail/scan/prelude.h"

#if defined(JOT_HAS_NEON_KERNEL)
namespace jot::detail::isa_neon {

#include "jot/detail/scan/scanner.inl"
#include "jot/detail/scan/strings.inl"

// The NEON vector layer (see scanner.inl). Comparisons give 0x00/0xFF bytes
// as on x86; NEON has no movemask, so to_mask weighs each byte by its bit and
// adds each half across (vaddv); tbl gives the nibble lookups.
struct neon_vectors {
  using bytes = uint8x16_t;
  using flags = uint8x16_t;
  using mask = std::uint32_t;
  static constexpr int width = 16;
  static constexpr int register_file = 32;
  static constexpr bool has_lookup = true;
  static constexpr bool has_partial_load = false;

  static bytes load(const u8* p) noexcept { return vld1q_u8(p); }
  // Bytes from little-endian words (w0's low byte first), in registers.
  static bytes from_words(std::uint64_t w0, std::uint64_t w1) noexcept {
    return vcombine_u8(vcreate_u8(w0), vcreate_u8(w1));
  }
  static bytes splat(u8 c) noexcept { return vdupq_n_u8(c); }
  static flags eq(bytes a, bytes b) noexcept { return vceqq_u8(a, b); }
  static flags lt(bytes a, bytes b) noexcept { return vcltq_s8(vreinterpretq_s8_u8(a), vreinterpretq_s8_u8(b)); }
  static flags lt_unsigned(bytes a, bytes b) noexcept { return vcltq_u8(a, b); }
  static flags either(flags a, flags b) noexcept { return vorrq_u8(a, b); }
  static mask to_mask(flags f) noexcept {
    static constexpr u8 weights[16] = {1, 2, 4, 8, 16, 32, 64, 128, 1, 2, 4, 8, 16, 32, 64, 128};
    const uint8x16_t bits = vandq_u8(f, vld1q_u8(weights));
    return static_cast<mask>(vaddv_u8(vget_low_u8(bits))) |
           (static_cast<mask>(vaddv_u8(vget_high_u8(bits))) << 8);
  }
  static mask nonzero_mask(bytes a) noexcept { return to_mask(vtstq_u8(a, a)); }
  static bytes bit_and(bytes a, bytes b) noexcept { return vandq_u8(a, b); }
  static bytes bit_or(bytes a, bytes b) noexcept { return vorrq_u8(a, b); }
  static bytes bit_xor(bytes a, bytes b) noexcept { return veorq_u8(a, b); }
  // A per-byte shift: the high nibble alone, which is what the contract's
  // "mask with 0x0F" leaves on x86 too.
  static bytes shift_right_4(bytes a) noexcept { return vshrq_n_u8(a, 4); }
  static bytes table(const u8* row) noexcept { return vld1q_u8(row); }
  // tbl gives 0 for every index >= 16; the layer's contract is pshufb's
  // (t[i & 15], 0 where i >= 0x80), so the index keeps bit 7 and its low nibble.
  static bytes lookup16(bytes table, bytes index) noexcept {
    return vqtbl1q_u8(table, vandq_u8(index, vdupq_n_u8(0x8F)));
  }
  template <int n>
  static bytes prev(bytes a, bytes before) noexcept { return vextq_u8(before, a, 16 - n); }
  static bytes subs(bytes a, bytes b) noexcept { return vqsubq_u8(a, b); }
  // A set flag is 0xFF, -1: subtracting it counts one.
  static bytes count_flags(bytes c, flags f) noexcept { return vsubq_u8(c, f); }
  static std::uint64_t byte_sum(bytes c) noexcept { return vaddlvq_u8(c); }
};

using scanner = vector_scanner<neon_vectors>;

// Stage 1's prefix XOR by shifts: PMULL (vmull_p64) is an optional part of
// AArch64 (the crypto extension), outside the baseline this kernel assumes.
struct index_carryless {
  static std::uint64_t prefix_xor(std::uint64_t m) noexcept { return prefix_xor_by_shifts(m); }
};

#include "jot/detail/index/stage1.inl"
#include "jot/detail/index/stage1_vector.inl"

template <bool ValidateUtf8, bool Comments>
using index_classifier = vector_classifier<neon_vectors, ValidateUtf8, Comments>;

}  // namespace jot::detail::isa_neon
#endif
