// src/write/write_checked.inl - quoting a string and checking that it is UTF-8 in
// one pass, for the streaming writer. Not API.
//
// No include guard and no namespace of its own: src/write/write_checked.cpp
// compiles it once per engine (jot/detail/engine/each_engine.inl), inside the
// engine's namespace jot::detail::isa_<target> and target region, after the
// engine's scanning header and skip.inl, so the scans below are the parser's
// own (scanner.inl), compiled for the engine's target.
//
// With lookups (SSSE3 and up) the string goes a register at a time: each
// register is copied out whole, checked for '"', '\\' and controls, and
// checked for UTF-8 against the register before it (utf8_errors), so a
// sequence may straddle two registers and nothing is looked at twice; an
// ASCII register skips the UTF-8 lookups. The errors are gathered and tested
// once per string. The last part-register goes through a zero-padded copy,
// whose zeros end any sequence it cuts short as an error. Without lookups
// (SSE2, portable) the string is copied run by run: scan_string stops at
// '"', '\\', a control or a non-ASCII byte, and the scalar validator takes
// each non-ASCII run.

// The left (1 to V::width - 1) bytes at p in a register, zeros above,
// assembled from loads within them (load_short16). Not a zero-padded copy
// in memory: one wide load of it waits for the narrower stores that wrote it
// (store forwarding fails), once per string.
template <class V>
typename V::bytes load_padded(const u8* p, std::size_t left) noexcept {
  static_assert(V::width == 16 || V::width == 32);
  if constexpr (V::width == 16) {
    // (& 15: left < 16, which the compiler cannot see.)
    const bytes16 b = load_short16(p, left & 15);
    return V::from_words(b.lo, b.hi);
  } else if (left >= 16) {
    const bytes16 b = load_short16(p + 16, left & 15);  // left - 16
    return V::from_words(load_le64(p), load_le64(p + 8), b.lo, b.hi);
  } else {
    const bytes16 b = load_short16(p, left);
    return V::from_words(b.lo, b.hi, 0, 0);
  }
}

// '"', [s, s + n) escaped as the writer escapes with every escape option off,
// '"', written at out, which has room for escape_expansion * n + 2 +
// checked_overrun bytes: the loop for engines with lookups. Returns the end,
// or nullptr when [s, s + n) is not UTF-8.
template <class Wide>
char* quote_checked_registers(char* out, const char* s, std::size_t n) noexcept {
  using V = typename Wide::layer;
  using bytes = typename V::bytes;
  using mask = typename V::mask;
  constexpr std::ptrdiff_t w = V::width;
  // Whole registers land at most checked_overrun bytes past the end.
  static_assert(w <= static_cast<std::ptrdiff_t>(checked_overrun));
  const u8* p = reinterpret_cast<const u8*>(s);
  const u8* const end = p + n;
  const typename Wide::utf8_rules k = Wide::utf8_constants_kept();
  bytes quote = V::splat('"'), backslash = V::splat('\\'), control_end = V::splat(0x20);
  JOT_KEEP_IN_REGISTER(quote);
  JOT_KEEP_IN_REGISTER(backslash);
  JOT_KEEP_IN_REGISTER(control_end);
  const bytes zero = V::splat(0);
  bytes before = zero;  // the register before p (zero: p starts a sequence)
  mask before_high = 0;  // its non-ASCII bytes
  bytes errors = zero;
  *out++ = '"';
  for (;;) {
    const std::ptrdiff_t left = end - p;
    if (left == 0) break;
    const bytes in = left >= w ? V::load(p) : load_padded<V>(p, static_cast<std::size_t>(left));
    std::memcpy(out, &in, w);
    const mask high = V::to_mask(V::lt(in, zero));
    bytes err = zero;
    if ((high | before_high) != 0) err = Wide::utf8_errors(in, before, k);
    // (A signed compare with 0x20 flags the non-ASCII bytes too.)
    const mask special =
        V::to_mask(V::either(V::either(V::eq(in, quote), V::eq(in, backslash)), V::lt(in, control_end))) & ~high;
    // (Padding is a control: a stop at or past left is the string's end.)
    const int stop = std::countr_zero(special);
    if (special != 0 && stop < left) {
      // Errors up to the special count (a sequence it cuts short included);
      // the rest of the register is looked at again after it. stop + 1 <= 64
      // bits, built without shifting by 64.
      const mask upto = static_cast<mask>((mask{2} << stop) - 1);
      if ((V::nonzero_mask(err) & upto) != 0) return nullptr;
      out += stop;
      const char* c = reinterpret_cast<const char*>(p + stop);
      out = escape_one<false>(out, c, c + 1);
      p += stop + 1;
      before = zero;
      before_high = 0;
      continue;
    }
    errors = V::bit_or(errors, err);
    if (left <= w) {
      out += left;
      // A whole last register has no padding to end a sequence it cuts short.
      if (left == w && high != 0 && utf8_cut_bytes(end) != 0) return nullptr;
      break;
    }
    out += w;
    p += w;
    before = in;
    before_high = high;
  }
  if (V::nonzero_mask(errors) != 0) return nullptr;
  *out++ = '"';
  return out;
}

// True when [s, s + n) is UTF-8: the loop for engines with lookups (no
// stops: '"', '\\' and controls are UTF-8).
template <class Wide>
bool all_utf8_registers(const char* s, std::size_t n) noexcept {
  using V = typename Wide::layer;
  using bytes = typename V::bytes;
  using mask = typename V::mask;
  constexpr std::ptrdiff_t w = V::width;
  const u8* p = reinterpret_cast<const u8*>(s);
  const u8* const end = p + n;
  const typename Wide::utf8_rules k = Wide::utf8_constants_kept();
  const bytes zero = V::splat(0);
  bytes before = zero;
  mask before_high = 0;
  bytes errors = zero;
  for (; end - p >= w; p += w) {
    const bytes in = V::load(p);
    const mask high = V::to_mask(V::lt(in, zero));
    if ((high | before_high) != 0) errors = V::bit_or(errors, Wide::utf8_errors(in, before, k));
    before = in;
    before_high = high;
  }
  const auto left = static_cast<std::size_t>(end - p);
  if (left != 0) {
    // The padding ends a sequence cut short as an error.
    errors = V::bit_or(errors, Wide::utf8_errors(load_padded<V>(p, left), before, k));
  } else if (before_high != 0 && utf8_cut_bytes(end) != 0) {
    return false;
  }
  return V::nonzero_mask(errors) == 0;
}

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
    // The tail zero-padded in a register: the padding (a control) stops the
    // scan at end when nothing before it does.
    using L = typename Block::layer;
    static_assert(L::width == 16);
    return p + std::countr_zero(Block::string_special_mask(load_padded<L>(p, static_cast<std::size_t>(end - p))));
  }
}

// Without lookups: the end of the valid UTF-8 that starts at the non-ASCII
// byte p, through ASCII bytes too, up to an ASCII special or end (further
// than p); nullptr when the run holds invalid UTF-8.
inline const u8* checked_utf8_run(const u8* p, const u8* end) noexcept {
  bool bad = false;
  const std::size_t k = utf8_valid_run(p, end, &bad);
  return bad ? nullptr : p + k;
}

// quote_checked_registers for engines without lookups (SSE2, portable): run
// by run, each non-ASCII run through the scalar validator.
template <class Wide, class Block>
char* quote_checked_runs(char* out, const char* s, std::size_t n) noexcept {
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
    const u8* r = checked_utf8_run(q, end);
    if (r == nullptr) return nullptr;
    copy_short(out, reinterpret_cast<const char*>(q), static_cast<std::size_t>(r - q));
    out += r - q;
    p = r;
  }
  *out++ = '"';
  return out;
}

// all_utf8_registers for engines without lookups: the same scans as
// quote_checked_runs with nothing written (ASCII skipped a register at a
// time; '"', '\\' and controls, valid UTF-8 before escaping, one byte each).
template <class Wide, class Block>
bool all_utf8_runs(const char* s, std::size_t n) noexcept {
  const u8* p = reinterpret_cast<const u8*>(s);
  const u8* const end = p + n;
  for (;;) {
    p = find_special<Wide, Block>(p, end);
    if (p == end) return true;
    if (*p < 0x80) {
      ++p;
      continue;
    }
    p = checked_utf8_run(p, end);
    if (p == nullptr) return false;
  }
}

// This engine's two entry points, called by write_checked.cpp through
// with_engine (the tag selects this engine's copy): the register
// loops where the scanner's vector layer has lookups (SSSE3 and up, NEON);
// the runs otherwise, skipping ASCII a register at a time where there is a
// vector layer (SSE2) and byte by byte where there is none (portable).
template <class S>
constexpr bool has_vector_layer() noexcept {
  return requires { typename S::layer; };
}
template <class S>
constexpr bool has_register_loops() noexcept {
  if constexpr (has_vector_layer<S>()) return S::layer::has_lookup;
  else return false;
}
using ascii_skipper = std::conditional_t<has_vector_layer<scanner>(), scanner, void>;

char* quote_checked_here(engine, char* out, const char* s, std::size_t n) noexcept {
  if constexpr (has_register_loops<scanner>()) return quote_checked_registers<scanner>(out, s, n);
  else return quote_checked_runs<scanner, ascii_skipper>(out, s, n);
}

bool all_utf8_here(engine, const char* s, std::size_t n) noexcept {
  if constexpr (has_register_loops<scanner>()) return all_utf8_registers<scanner>(s, n);
  else return all_utf8_runs<scanner, ascii_skipper>(s, n);
}
