// jot/detail/scan/x86_512.inl - the 512-bit x86 vector layer (see
// scanner.inl): one register is a whole 64-byte block, and comparisons land
// in mask registers, so a block's masks need no movemask. Stage 1's layer on
// the AVX-512 kernel (the parser's scans there stay 256-bit, see
// x86_avx512.h). vpshufb and vpalignr work within each 128-bit lane, so
// tables are broadcast to every lane and prev<n> first brings the lane below
// each lane beside it. Not API. Included inside the AVX-512 kernel's
// namespace and full-width target region.

struct x86_512_vectors {
  using bytes = __m512i;
  using flags = __mmask64;
  using mask = std::uint64_t;
  static constexpr int width = 64;
  static constexpr int register_file = 32;
  static constexpr bool has_lookup = true;
  static constexpr bool has_partial_load = true;

  static bytes load(const u8* p) noexcept { return _mm512_loadu_si512(p); }
  static bytes load_partial(const u8* p, std::size_t n) noexcept {
    return _mm512_maskz_loadu_epi8(n >= 64 ? ~__mmask64{0} : (__mmask64{1} << n) - 1, p);
  }
  static bytes splat(u8 c) noexcept { return _mm512_set1_epi8(static_cast<char>(c)); }
  static flags eq(bytes a, bytes b) noexcept { return _mm512_cmpeq_epi8_mask(a, b); }
  static flags lt(bytes a, bytes b) noexcept { return _mm512_cmplt_epi8_mask(a, b); }
  static flags lt_unsigned(bytes a, bytes b) noexcept { return _mm512_cmplt_epu8_mask(a, b); }
  static flags either(flags a, flags b) noexcept { return a | b; }
  static mask to_mask(flags f) noexcept { return f; }
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
    // [before's top lane, a's lanes 0-2]: what precedes each of a's lanes.
    const bytes preceding = _mm512_alignr_epi64(a, before, 6);
    return _mm512_alignr_epi8(a, preceding, 16 - n);
  }
  static bytes subs(bytes a, bytes b) noexcept { return _mm512_subs_epu8(a, b); }
};
