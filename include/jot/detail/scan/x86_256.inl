// jot/detail/scan/x86_256.inl - the 256-bit x86 vector layer (see scanner.inl):
// the AVX2 kernel, and the AVX-512 kernel's base. vpshufb and vpalignr work
// within each 128-bit lane, so tables are broadcast to both lanes and prev<n>
// first brings the neighbouring lane beside each lane. Not API. Included
// inside each of those per-ISA namespaces and target regions (after
// x86_128.inl, its probe), so every copy is compiled for its target.

struct x86_256_vectors {
  using probe = x86_128_vectors;
  using bytes = __m256i;
  using flags = __m256i;
  using mask = std::uint32_t;
  static constexpr int width = 32;
  static constexpr int register_file = 16;
  static constexpr bool has_lookup = true;
  static constexpr bool has_partial_load = false;

  static bytes load(const u8* p) noexcept { return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p)); }
  // Bytes from little-endian words (w0's low byte first), in registers.
  static bytes from_words(std::uint64_t w0, std::uint64_t w1, std::uint64_t w2, std::uint64_t w3) noexcept {
    return _mm256_set_epi64x(static_cast<long long>(w3), static_cast<long long>(w2),
                             static_cast<long long>(w1), static_cast<long long>(w0));
  }
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
  static bytes shift_right_4(bytes a) noexcept { return _mm256_srli_epi16(a, 4); }
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
  // A set flag is 0xFF, -1: subtracting it counts one.
  static bytes count_flags(bytes c, flags f) noexcept { return _mm256_sub_epi8(c, f); }
  static std::uint64_t byte_sum(bytes c) noexcept {
    const __m256i quarters = _mm256_sad_epu8(c, _mm256_setzero_si256());  // each quarter's sum, in its low word
    const __m128i halves = _mm_add_epi64(_mm256_castsi256_si128(quarters), _mm256_extracti128_si256(quarters, 1));
    return static_cast<std::uint64_t>(_mm_cvtsi128_si64(halves)) +
           static_cast<std::uint64_t>(_mm_cvtsi128_si64(_mm_unpackhi_epi64(halves, halves)));
  }
};
