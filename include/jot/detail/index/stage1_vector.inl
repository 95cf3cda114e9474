// jot/detail/index/stage1_vector.inl - stage 1's classification of a block
// over a vector layer (scanner.inl's layer contract): the part of stage 1
// that differs per kernel, a few compares and lookups a register. Not API.
//
// No include guard and no namespace of its own: included after scanner.inl
// and stage1.inl inside a per-ISA namespace and target region.

// Classifies 64-byte blocks with a vector layer V (see stage1.inl's
// classifier contract). Built once per batch: its constants stay in
// registers through the batch's loop (GCC would build each again per block).
template <class V, bool ValidateUtf8, bool Comments>
struct vector_classifier {
  using bytes = typename V::bytes;
  static constexpr int registers = 64 / V::width;
  using checks = vector_scanner<V>;
  using utf8_rules = typename checks::utf8_rules;

  bytes quote_byte, backslash_byte, slash_byte, bit5, controls_below, zero, space_row, op_row;

  vector_classifier() noexcept {
    constexpr u8 x = 0xFF;
    // Whitespace: the row at a byte's low nibble gives the byte back (the
    // fillers match no byte with that nibble; bytes >= 0x80 look up 0).
    // Operators: '[' and ']' are '{' and '}' without bit 5.
    static constexpr u8 spaces[16] = {' ', x, x, x, x, x, x, x, x, '\t', '\n', x, x, '\r', x, x};
    static constexpr u8 ops[16] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, ':', '{', ',', '}', 0, 0};
    quote_byte = V::splat('"');
    backslash_byte = V::splat('\\');
    slash_byte = V::splat('/');
    bit5 = V::splat(0x20);
    controls_below = V::splat(0x20);
    zero = V::splat(0);
    JOT_KEEP_IN_REGISTER(quote_byte);
    JOT_KEEP_IN_REGISTER(backslash_byte);
    JOT_KEEP_IN_REGISTER(bit5);
    JOT_KEEP_IN_REGISTER(zero);
    if constexpr (V::has_lookup) {
      space_row = V::table(spaces);
      op_row = V::table(ops);
      JOT_KEEP_IN_REGISTER(space_row);
      JOT_KEEP_IN_REGISTER(op_row);
    }
  }

  JOT_ALWAYS_INLINE static index_entry* write(std::uint64_t bits, index_entry offset, index_entry* out) noexcept {
    return write_entries(bits, offset, out);
  }

  // The vector UTF-8 check of a block with a byte >= 0x80 (or a sequence
  // running into it): nonzero when it has an error.
  JOT_ALWAYS_INLINE static std::uint64_t utf8_errors_in(const u8* block, const u8* at, const u8* begin,
                                                        std::uint64_t& utf8_state) noexcept {
    const utf8_rules utf8 = checks::utf8_constants();
    bytes in[registers];
    for (int r = 0; r < registers; ++r) in[r] = V::load(block + r * V::width);
    // What precedes the block: the input's register before it, or nothing
    // (a sequence boundary) at the input's start.
    const bytes before = at == begin ? V::splat(0) : V::load(at - V::width);
    bytes error = checks::utf8_errors(in[0], before, utf8);
    for (int r = 1; r < registers; ++r) error = V::bit_or(error, checks::utf8_errors(in[r], in[r - 1], utf8));
    utf8_state = utf8_cut_bytes(block + 64) != 0 ? 1 : 0;
    return V::nonzero_mask(error);
  }
  // The same out of line. With 16 vector registers, the check's constants
  // and temporaries inline push the block loop's own constants to the stack
  // (GCC 12): out of line, the loop over ASCII blocks keeps them in registers.
  JOT_NOINLINE static std::uint64_t utf8_errors_apart(const u8* block, const u8* at, const u8* begin,
                                                      std::uint64_t& utf8_state) noexcept {
    return utf8_errors_in(block, at, begin, utf8_state);
  }

  // A register's mask as bits [r * width, (r + 1) * width) of a block's.
  static std::uint64_t placed(typename V::mask m, int r) noexcept {
    return static_cast<std::uint64_t>(m) << (r * V::width);
  }

  JOT_ALWAYS_INLINE block_classes classify(const u8* block, const u8* at, const u8* begin, const u8* limit,
                                           std::uint64_t& utf8_state) const noexcept {
    block_classes b;
    bytes in[registers];
    for (int r = 0; r < registers; ++r) in[r] = V::load(block + r * V::width);
    for (int r = 0; r < registers; ++r) {
      const bytes v = in[r];
      b.quote |= placed(V::to_mask(V::eq(v, quote_byte)), r);
      b.backslash |= placed(V::to_mask(V::eq(v, backslash_byte)), r);
      b.control |= placed(V::to_mask(V::lt_unsigned(v, controls_below)), r);
      if constexpr (Comments) b.slash |= placed(V::to_mask(V::eq(v, slash_byte)), r);
      if constexpr (V::has_lookup) {
        b.space |= placed(V::to_mask(V::eq(V::lookup16(space_row, v), v)), r);
        b.op |= placed(V::to_mask(V::eq(V::lookup16(op_row, v), V::bit_or(v, bit5))), r);
      } else {
        const bytes folded = V::bit_or(v, bit5);
        b.space |= placed(V::to_mask(V::either(V::either(V::eq(v, V::splat(' ')), V::eq(v, V::splat('\n'))),
                                               V::either(V::eq(v, V::splat('\r')), V::eq(v, V::splat('\t'))))),
                          r);
        b.op |= placed(
            V::to_mask(V::either(V::either(V::eq(folded, V::splat(',')), V::eq(folded, V::splat(':'))),
                                 V::either(V::eq(folded, V::splat('{')), V::eq(folded, V::splat('}'))))),
            r);
      }
    }
    if constexpr (ValidateUtf8) {
      // Any byte >= 0x80: the sign of the registers' union.
      bytes any = in[0];
      for (int r = 1; r < registers; ++r) any = V::bit_or(any, in[r]);
      if (V::to_mask(V::lt(any, zero)) != 0 || utf8_state != 0) {
        if constexpr (V::has_lookup) {
          if constexpr (V::register_file >= 32) {
            b.utf8_error = utf8_errors_in(block, at, begin, utf8_state);
          } else {
            b.utf8_error = utf8_errors_apart(block, at, begin, utf8_state);
          }
        } else {
          b.utf8_error = utf8_block_errors_scalar(block, block == at ? limit : block + 64, utf8_state);
        }
      }
    }
    return b;
  }
};
