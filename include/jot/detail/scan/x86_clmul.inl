// jot/detail/scan/x86_clmul.inl - stage 1's prefix XOR on x86: one carry-less
// multiply (PCLMULQDQ) by all ones sets bit i to the parity of bits 0..i.
// Not API. Included inside each x86 kernel's namespace and target region
// that enables PCLMULQDQ (SSE4.2, AVX2, AVX-512), before stage1.inl.

struct index_carryless {
  static std::uint64_t prefix_xor(std::uint64_t m) noexcept {
    const __m128i product = _mm_clmulepi64_si128(_mm_cvtsi64_si128(static_cast<long long>(m)), _mm_set1_epi8(-1), 0);
    return static_cast<std::uint64_t>(_mm_cvtsi128_si64(product));
  }
};
