// jot/detail/scan/x86_128.inl - the 128-bit x86 vector layer with SSSE3 byte
// shuffles (see scanner.inl): the whole of the SSE4.2 kernel, and the first
// probe of the AVX2 kernel. Not API. Included inside each of those per-ISA
// namespaces and target regions, so every copy is compiled for its target.

struct x86_128_vectors {
  using bytes = __m128i;
  using flags = __m128i;
  using mask = std::uint32_t;
  static constexpr int width = 16;
  static constexpr int register_file = 16;
  static constexpr bool has_lookup = true;
  static constexpr bool has_partial_load = false;

  static bytes load(const u8* p) noexcept { return _mm_loadu_si128(reinterpret_cast<const __m128i*>(p)); }
  // GCC builds each constant splat with a mov, a movd and a broadcast, again
  // in every function that needs it (most string probes of the typed reader:
  // nine instructions per string for '"', '\\' and 0x20). Loaded from a row
  // of splat_table instead, the constant folds into the compare as a memory
  // operand; the empty asm hides the row's contents, or GCC would fold the
  // load back into a broadcast. Clang already loads constants from memory.
  static bytes splat(u8 c) noexcept {
#if defined(__GNUC__) && !defined(__clang__)
    if (__builtin_constant_p(c)) {
      const u8* row = splat_table.row[c];
      __asm__("" : "+r"(row));
      return _mm_load_si128(reinterpret_cast<const __m128i*>(row));
    }
#endif
    return _mm_set1_epi8(static_cast<char>(c));
  }
  static flags eq(bytes a, bytes b) noexcept { return _mm_cmpeq_epi8(a, b); }
  static flags lt(bytes a, bytes b) noexcept { return _mm_cmplt_epi8(a, b); }
  // Unsigned a < b as a signed compare once both have their top bit flipped.
  static flags lt_unsigned(bytes a, bytes b) noexcept {
    const bytes flip = splat(0x80);
    return lt(_mm_xor_si128(a, flip), _mm_xor_si128(b, flip));
  }
  static flags either(flags a, flags b) noexcept { return _mm_or_si128(a, b); }
  static mask to_mask(flags f) noexcept { return static_cast<mask>(_mm_movemask_epi8(f)); }
  static mask nonzero_mask(bytes a) noexcept { return ~to_mask(eq(a, _mm_setzero_si128())) & 0xFFFFu; }
  static bytes bit_and(bytes a, bytes b) noexcept { return _mm_and_si128(a, b); }
  static bytes bit_or(bytes a, bytes b) noexcept { return _mm_or_si128(a, b); }
  static bytes bit_xor(bytes a, bytes b) noexcept { return _mm_xor_si128(a, b); }
  static bytes shift_right_4(bytes a) noexcept { return _mm_srli_epi16(a, 4); }
  static bytes table(const u8* row) noexcept { return load(row); }
  static bytes lookup16(bytes table, bytes index) noexcept { return _mm_shuffle_epi8(table, index); }
  template <int n>
  static bytes prev(bytes a, bytes before) noexcept { return _mm_alignr_epi8(a, before, 16 - n); }
  static bytes subs(bytes a, bytes b) noexcept { return _mm_subs_epu8(a, b); }
  // A set flag is 0xFF, -1: subtracting it counts one.
  static bytes count_flags(bytes c, flags f) noexcept { return _mm_sub_epi8(c, f); }
  static std::uint64_t byte_sum(bytes c) noexcept {
    const __m128i halves = _mm_sad_epu8(c, _mm_setzero_si128());  // each half's sum, in its low word
    return static_cast<std::uint64_t>(_mm_cvtsi128_si64(halves)) +
           static_cast<std::uint64_t>(_mm_cvtsi128_si64(_mm_unpackhi_epi64(halves, halves)));
  }
};
