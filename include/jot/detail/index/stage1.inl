// jot/detail/index/stage1.inl - stage 1, the structural index
// (structural_index.h says what it holds), written once: each 64-byte block
// is classified into bit masks by a kernel's vector layer (or, in the
// portable kernel, eight bytes to a word), and everything after that is the
// same 64-bit arithmetic in every kernel. Not API.
//
// No include guard and no namespace of its own: each per-ISA header includes
// it inside its namespace and target region (the vector kernels then
// stage1_vector.inl), having defined `index_carryless`, whose prefix_xor(m)
// sets bit i to the parity of m's bits 0..i (a carry-less multiply by all
// ones where the CPU has one, else prefix_xor_by_shifts).

// A block's bytes by class, a bit per byte (bit i is byte i).
struct block_classes {
  std::uint64_t quote = 0;      // '"'
  std::uint64_t backslash = 0;  // '\\'
  std::uint64_t op = 0;         // byte | 0x20 is ',' ':' '{' or '}' (see structural_index.h)
  std::uint64_t space = 0;      // ' ' '\t' '\n' '\r'
  std::uint64_t control = 0;    // below 0x20
  std::uint64_t slash = 0;      // '/' (only where comments stop the index)
  std::uint64_t utf8_error = 0;  // nonzero when invalid UTF-8 shows at a byte of this block
};

// Writes the offset of each set bit of bits (plus `offset`) at out, in
// order, four at a time (most blocks have few entries): a group's entries
// past the last bit hold offset + 64 and lie within the index_block_room the
// caller keeps. Returns one past the last real entry.
JOT_ALWAYS_INLINE index_entry* write_entries(std::uint64_t bits, index_entry offset, index_entry* out) noexcept {
  index_entry* const stop = out + std::popcount(bits);
  while (out < stop) {
    for (int k = 0; k < 4; ++k) {
      out[k] = offset + static_cast<index_entry>(std::countr_zero(bits));
      bits &= bits - 1;
      JOT_OPAQUE(bits);
    }
    out += 4;
  }
  return stop;
}

// ---- UTF-8, a sequence at a time (kernels without byte shuffles) ----
//
// An error belongs to the block of the byte at which a reader that checks
// each byte against the ones before it first sees it: a stray continuation
// byte at itself, a bad lead byte at the byte after it, a bad continuation
// at itself, a sequence cut by the input's end at the end. That is also
// where the vector check (vector_scanner::utf8_errors) flags it, so every
// kernel stops at the same block.

// For the sequence whose lead is at s, with avail bytes readable from s: the
// offset of the byte where it goes wrong, or -1 with *length set when valid.
inline int utf8_error_offset(const u8* s, std::ptrdiff_t avail, int* length) noexcept {
  const u8 c = s[0];
  const auto continues = [&](int i, u8 lo, u8 hi) { return i < avail && s[i] >= lo && s[i] <= hi; };
  if (c < 0xC0) return 0;
  if (c < 0xC2 || c > 0xF4) return 1;
  if (c < 0xE0) return continues(1, 0x80, 0xBF) ? (*length = 2, -1) : 1;
  if (c < 0xF0) {
    if (!continues(1, c == 0xE0 ? 0xA0 : 0x80, c == 0xED ? 0x9F : 0xBF)) return 1;
    return continues(2, 0x80, 0xBF) ? (*length = 3, -1) : 2;
  }
  if (!continues(1, c == 0xF0 ? 0x90 : 0x80, c == 0xF4 ? 0x8F : 0xBF)) return 1;
  if (!continues(2, 0x80, 0xBF)) return 2;
  return continues(3, 0x80, 0xBF) ? (*length = 4, -1) : 3;
}

// Checks the sequences that start in the block at p (64 bytes; `limit` is
// how far past p sequences may be read, the input's end or the end of a
// padded copy). state's low byte: how many bytes at p finish a sequence
// already checked; bit 8: an error was seen at a byte of this block. Leaves
// state saying the same of the next block. True when this block has an error.
inline bool utf8_block_errors_scalar(const u8* p, const u8* limit, std::uint64_t& state) noexcept {
  if ((state >> 8) != 0) return true;
  std::ptrdiff_t i = static_cast<std::ptrdiff_t>(state & 0xFF);
  state = 0;
  for (; i < 64; ++i) {
    if (p[i] < 0x80) continue;
    int length = 0;
    const int wrong = utf8_error_offset(p + i, limit - (p + i), &length);
    if (wrong < 0) {
      i += length - 1;
      continue;
    }
    // Past this block and before the input's end: the next block's error.
    if (i + wrong >= 64 && limit - p > 64) {
      state = std::uint64_t{1} << 8;
      return false;
    }
    return true;
  }
  state = static_cast<std::uint64_t>(i - 64);
  return false;
}

// ---- classifying a block ----

// The portable kernel's classification: eight bytes to a word (SWAR).
template <bool ValidateUtf8, bool Comments>
struct word_classifier {
  static constexpr std::uint64_t ones = 0x0101010101010101ull;
  static constexpr std::uint64_t highs = 0x8080808080808080ull;
  static constexpr std::uint64_t lows = 0x7F7F7F7F7F7F7F7Full;

  // Bit 7 of each byte of v that is zero, exactly (no borrow between bytes).
  static constexpr std::uint64_t zero_bytes(std::uint64_t v) noexcept { return ~(((v & lows) + lows) | v) & highs; }
  static constexpr std::uint64_t equal_bytes(std::uint64_t v, u8 c) noexcept { return zero_bytes(v ^ (ones * c)); }
  // The bit 7 of each byte, gathered into the word's 8 low bits.
  static constexpr std::uint64_t gather(std::uint64_t flags) noexcept {
    return ((flags >> 7) * 0x0102040810204080ull) >> 56;
  }

  JOT_ALWAYS_INLINE static index_entry* write(std::uint64_t bits, index_entry offset, index_entry* out) noexcept {
    return write_entries(bits, offset, out);
  }

  JOT_ALWAYS_INLINE block_classes classify(const u8* block, const u8* at, const u8*, const u8* limit,
                                           std::uint64_t& utf8_state) const noexcept {
    block_classes b;
    std::uint64_t non_ascii = 0;
    for (int w = 0; w < 8; ++w) {
      const std::uint64_t v = load_le64(block + 8 * w);
      const std::uint64_t folded = v | (ones * 0x20);
      const int shift = 8 * w;
      b.quote |= gather(equal_bytes(v, '"')) << shift;
      b.backslash |= gather(equal_bytes(v, '\\')) << shift;
      // Below 0x20: bit 7 clear, and adding 0x60 to the low seven bits stays below 0x80.
      b.control |= gather(~(((v & lows) + ones * 0x60) | v) & highs) << shift;
      b.space |= gather(equal_bytes(v, ' ') | equal_bytes(v, '\n') | equal_bytes(v, '\r') | equal_bytes(v, '\t'))
                 << shift;
      b.op |= gather(equal_bytes(folded, ',') | equal_bytes(folded, ':') | equal_bytes(folded, '{') |
                     equal_bytes(folded, '}'))
              << shift;
      if constexpr (Comments) b.slash |= gather(equal_bytes(v, '/')) << shift;
      non_ascii |= v & highs;
    }
    if constexpr (ValidateUtf8) {
      if (non_ascii != 0 || utf8_state != 0)
        b.utf8_error = utf8_block_errors_scalar(block, block == at ? limit : block + 64, utf8_state);
    }
    return b;
  }
};

// ---- the blocks ----
//
// A classifier C (vector_classifier, word_classifier) is built once per batch
// and classifies a block: c.classify(block, at, begin, limit, utf8_state)
// gives the block's block_classes, where block holds the 64 bytes (the input
// itself, or a copy padded with spaces), at is where they lie in the input,
// begin the input's first byte, limit how far UTF-8 sequences may be read,
// and utf8_state what the UTF-8 check carries from block to block; and
// C::write(bits, offset, out) writes a block's entries (write_entries, or a
// kernel's own way).

// What stage 1 carries from one block to the next (index_cursor's fields).
struct block_carry {
  std::uint64_t in_string;  // all ones when the next block starts inside a string
  std::uint64_t escaped;    // 1 when its first byte is escaped
  std::uint64_t scalar;     // 1 when the byte before it is a scalar byte outside strings
  std::uint64_t utf8;       // the UTF-8 check's state
};

// One block's entries, written at out as offsets from base plus `offset`.
// Returns one past the last entry, or nullptr (nothing written, carry
// unchanged) when the block holds an anomaly.
template <class C, bool Comments>
JOT_ALWAYS_INLINE index_entry* index_block(const C& classifier, const u8* block, const u8* at, const u8* begin,
                                           const u8* limit, block_carry& carry, index_entry offset,
                                           index_entry* out) noexcept {
  std::uint64_t utf8 = carry.utf8;
  const block_classes b = classifier.classify(block, at, begin, limit, utf8);
  // Backslashes are rare: most blocks skip the escape arithmetic.
  std::uint64_t escape_carry = carry.escaped;
  const std::uint64_t escaped =
      (b.backslash | escape_carry) == 0 ? 0 : escaped_bytes<64>(b.backslash, escape_carry);
  const std::uint64_t quote = b.quote & ~escaped;
  const std::uint64_t string = index_carryless::prefix_xor(quote) ^ carry.in_string;  // opening quote to before the closing one
  const std::uint64_t outside = ~string;
  std::uint64_t anomaly = b.control & string;
  if constexpr (Comments) anomaly |= b.slash & outside;
  if (JOT_UNLIKELY((anomaly | b.utf8_error) != 0)) return nullptr;
  const std::uint64_t scalar_bytes = ~(b.op | b.space | b.quote) & outside;
  const std::uint64_t scalar_start = scalar_bytes & ~((scalar_bytes << 1) | carry.scalar);
  const std::uint64_t entries = (b.op & outside) | ((quote | b.backslash) & string) | scalar_start;
  carry.in_string = static_cast<std::uint64_t>(static_cast<std::int64_t>(string) >> 63);
  carry.escaped = escape_carry;
  carry.scalar = scalar_bytes >> 63;
  carry.utf8 = utf8;
  return C::write(entries, offset, out);
}

// Stage 1 with classifier C (see index_function in structural_index.h).
template <class C, bool Comments>
std::size_t index_blocks_with(index_cursor& c, index_entry* out, const index_entry* out_end,
                              const u8* base) noexcept {
  const C classifier;
  index_entry* const first = out;
  const u8* p = c.next;
  // Locals, not c's fields: the entries' vector stores may alias c.
  const u8* const begin = c.begin;
  const u8* const end = c.end;
  const bool validate = c.validate_utf8;
  block_carry carry{c.in_string, c.escaped, c.scalar, c.utf8_incomplete};
  // Offsets from base stay 32-bit: the batch ends before 2^32 - 64 bytes.
  const std::size_t span_left = (std::size_t{1} << 32) - 64 - static_cast<std::size_t>(p - base);
  const u8* const span_end = static_cast<std::size_t>(end - p) > span_left ? p + span_left : end;
  index_status status = index_status::more;
  for (;;) {
    // Whole blocks, as many as surely have room (a block writes 64 at most).
    const std::ptrdiff_t whole = (span_end - p) / 64;
    const std::ptrdiff_t room = (out_end - out) / static_cast<std::ptrdiff_t>(index_block_room);
    const std::ptrdiff_t blocks = whole < room ? whole : room;
    if (blocks == 0) break;
    const u8* const stop = p + 64 * blocks;
    index_entry* last_out = out;
    auto offset = static_cast<index_entry>(p - base);
    for (; p != stop; p += 64, offset += 64) {
      index_entry* const next = index_block<C, Comments>(classifier, p, p, begin, end, carry, offset, out);
      if (JOT_UNLIKELY(next == nullptr)) {
        status = index_status::anomaly;
        goto done;
      }
      last_out = out;
      out = next;
    }
    // An input that ends with a whole block and a UTF-8 sequence cut by its
    // end (a partial last block shows that in its padding): that block is
    // the anomaly, its entries are taken back.
    if (p == end && validate && carry.utf8 != 0) {
      p -= 64;
      out = last_out;
      status = index_status::anomaly;
      goto done;
    }
  }
  if (p == end) {
    status = index_status::end;
  } else if (end - p < 64 && out_end - out >= static_cast<std::ptrdiff_t>(index_block_room) && span_end == end) {
    // The last block, partial, from a copy padded with spaces: they add no
    // entry, end no string and show a UTF-8 sequence cut by the end.
    alignas(64) u8 padded[64];
    std::memset(padded, ' ', sizeof padded);
    std::memcpy(padded, p, static_cast<std::size_t>(end - p));
    index_entry* const next = index_block<C, Comments>(classifier, padded, p, begin, end, carry,
                                                       static_cast<index_entry>(p - base), out);
    if (next == nullptr) {
      status = index_status::anomaly;
    } else {
      out = next;
      p = end;
      status = index_status::end;
    }
  }
done:
  c.next = p;
  c.in_string = carry.in_string;
  c.escaped = carry.escaped;
  c.scalar = carry.scalar;
  c.utf8_incomplete = carry.utf8;
  c.status = status;
  return static_cast<std::size_t>(out - first);
}

// A kernel's index_function over classifier template C<ValidateUtf8, Comments>:
// the options are read once per batch.
template <template <bool, bool> class C>
std::size_t index_blocks(index_cursor& c, index_entry* out, const index_entry* out_end,
                         const u8* base) noexcept {
  if (c.validate_utf8) {
    return c.comments ? index_blocks_with<C<true, true>, true>(c, out, out_end, base)
                      : index_blocks_with<C<true, false>, false>(c, out, out_end, base);
  }
  return c.comments ? index_blocks_with<C<false, true>, true>(c, out, out_end, base)
                    : index_blocks_with<C<false, false>, false>(c, out, out_end, base);
}
