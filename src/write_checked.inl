// src/write_checked.inl - quoting a string and checking that it is UTF-8 in
// one pass, for the streaming writer. Not API.
//
// No include guard and no namespace of its own: src/write_checked.cpp
// includes it inside each engine's namespace jot::detail::isa_<target> (and
// target region), after that engine's scanning header, so the scans below are
// the parser's own (scanner.inl), compiled for the engine's target.
//
// The string is copied run by run: scan_string stops at '"', '\\', a control
// or a non-ASCII byte; an ASCII stop is escaped, a non-ASCII one starts a run
// that skip_utf8 validates a register at a time (Keiser and Lemire's lookups)
// up to the next ASCII special. Mostly-ASCII text costs one scan, text in
// other scripts one vector check per block instead of a scalar check per
// character, and no byte is looked at twice.

// The first '"', '\\', control or non-ASCII byte in [p, end), or end. Block
// is a 16-byte scanner or void. Strings are short: a block at a time (the
// wide scan would finish under its width byte by byte), the tail in a
// zero-padded copy, where the padding (a control) stops the scan.
template <class Wide, class Block>
const u8* find_special(const u8* p, const u8* end) noexcept {
  if constexpr (std::is_void_v<Block>) {
    return Wide::scan_string(p, end);
  } else {
    for (; end - p >= 16; p += 16) {
      const u8* q = Block::scan_string(p, p + 16);
      if (q != p + 16) return q;
    }
    if (p == end) return end;
    u8 block[16] = {};
    // (& 15: the length is under 16, which the compiler cannot see.)
    copy_short(reinterpret_cast<char*>(block), reinterpret_cast<const char*>(p),
               static_cast<std::size_t>(end - p) & 15);
    return p + (Block::scan_string(block, block + 16) - block);
  }
}

// The end of the valid UTF-8 that starts at the non-ASCII byte p: through
// ASCII bytes too, up to an ASCII special or end (every result is a sequence
// boundary, and further than p); nullptr when the run holds invalid UTF-8.
// With Lookup, Block validates what is left under a wide register.
template <class Wide, class Block, bool Lookup>
const u8* checked_utf8_run(const u8* p, const u8* end) noexcept {
  const u8* r = Wide::skip_utf8(p, end);
  if constexpr (Lookup) {
    r = Block::skip_utf8(r, end);
    const auto left = static_cast<std::size_t>(end - r);
    if (left != 0 && left < 16 && (*r >= 0x80 || !is_string_special(*r))) {
      // The tail, in a zero-padded block: a zero is a control, so the scan
      // stops at the padding at the latest, and counts a sequence that the
      // padding cuts short as an error.
      u8 block[16] = {};
      copy_short(reinterpret_cast<char*>(block), reinterpret_cast<const char*>(r), left & 15);
      r += Block::skip_utf8(block, block + 16) - block;
    }
  }
  if (r != p) return r;
  // No progress: p starts a block with an error in it (or the engine has no
  // vector check). The scalar check locates it, or passes the sequences
  // before it.
  bool bad = false;
  const std::size_t k = utf8_valid_run(p, end, &bad);
  return bad ? nullptr : p + k;
}

// '"', [s, s + n) escaped as the writer escapes with every escape option off,
// '"', written at out, which has room for escape_expansion * n + 2 bytes.
// Returns the end, or nullptr when [s, s + n) is not UTF-8.
template <class Wide, class Block, bool Lookup>
char* quote_checked(char* out, const char* s, std::size_t n) noexcept {
  const u8* p = reinterpret_cast<const u8*>(s);
  const u8* const end = p + n;
  *out++ = '"';
  while (p != end) {
    const u8* q = find_special<Wide, Block>(p, end);
    copy_short(out, reinterpret_cast<const char*>(p), static_cast<std::size_t>(q - p));
    out += q - p;
    if (q == end) break;
    if (*q < 0x80) {
      // '"', '\\' or a control: one ASCII byte, escaped.
      const char* in = reinterpret_cast<const char*>(q);
      out = escape_one<false>(out, in, in + 1);
      p = q + 1;
      continue;
    }
    const u8* r = checked_utf8_run<Wide, Block, Lookup>(q, end);
    if (r == nullptr) return nullptr;
    copy_short(out, reinterpret_cast<const char*>(q), static_cast<std::size_t>(r - q));
    out += r - q;
    p = r;
  }
  *out++ = '"';
  return out;
}

// True when [s, s + n) is UTF-8. The same scans as quote_checked, with
// nothing written: ASCII is skipped a register at a time, '"', '\\' and
// controls (valid UTF-8 before escaping) one byte each.
template <class Wide, class Block, bool Lookup>
bool all_utf8(const char* s, std::size_t n) noexcept {
  const u8* p = reinterpret_cast<const u8*>(s);
  const u8* const end = p + n;
  for (;;) {
    p = find_special<Wide, Block>(p, end);
    if (p == end) return true;
    if (*p < 0x80) {
      ++p;
      continue;
    }
    p = checked_utf8_run<Wide, Block, Lookup>(p, end);
    if (p == nullptr) return false;
  }
}
