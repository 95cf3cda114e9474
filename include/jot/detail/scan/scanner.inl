// jot/detail/scan/scanner.inl - the byte-scanning primitives of every vector
// kernel, written once over a thin per-ISA vector layer. Not API.
//
// No include guard and no namespace of its own: each per-ISA header
// (jot/detail/scan/<target>.h) includes it inside its namespace
// jot::detail::isa_<target> and its target region, after
// jot/detail/scan/prelude.h, so every copy is compiled for its target.
//
// A vector layer V (one per per-ISA header) is a struct of static functions
// over one register of V::width bytes.
//
//   bytes                     the register type
//   flags                     a per-byte comparison result: a vector of
//                             0x00/0xFF bytes, or an AVX-512 mask register
//   mask                      an unsigned integer, bit i for byte i
//   width                     bytes per register (16, 32 or 64)
//   register_file             vector registers the ISA has (16 or 32)
//   has_lookup                lookup16, prev and the UTF-8 validator exist
//   has_partial_load          load_partial exists (AVX-512 masked loads)
//   load(p)                   width bytes from p, unaligned
//   load_partial(p, n)        n < width bytes from p, zeros above; reads
//                             nothing past p + n (the hardware masks it)
//   splat(c)                  every byte c
//   eq(a, b), lt(a, b)        per byte a == b, a < b as signed bytes
//   lt_unsigned(a, b)         per byte a < b as unsigned bytes
//   either(f, g)              f or g
//   to_mask(f)                the flags as bits
//   nonzero_mask(a)           bits of the bytes that are not zero
//   bit_and/bit_or/bit_xor    per byte (bit_or on every layer; the others
//                             with lookups)
//   shift_right_4(a)          a >> 4 in 16-bit lanes: each byte's high
//                             nibble in its low bits, under bits of the
//                             byte above (mask with 0x0F)
//   table(row)                the 16 bytes of row in every 128-bit lane
//   lookup16(t, i)            per byte t[i & 15], or 0 where i >= 0x80
//   prev<n>(a, before)        a shifted up by n bytes across the whole
//                             register, its low n bytes from the top of before
//   subs(a, b)                per byte max(a - b, 0) unsigned
//   count_flags(c, f)         per byte c + 1 where f is set, else c
//                             (wrapping: callers add 255 flags at most)
//   byte_sum(c)               the sum of c's bytes
//   probe (optional type)     a narrower layer (load, splat, eq, lt, either,
//                             to_mask) whose one register a string scan
//                             tries first: most strings end within 16 bytes,
//                             and a narrow probe answers sooner
//
// The scalar tails that every kernel shares are here too.
// The scalar tail of a scan (under one register left): the first byte in
// [p, end) where Stop stops, or end. Out of line under Clang: inlined into the
// parser, Clang 14 hoists the tail's constants (the whitespace bit set for a
// bt) into a register held across the whole state machine, which then spills
// its own state in the hot loop.
template <class Stop>
JOT_CLANG_NOINLINE const u8* scalar_find_first(const u8* p, const u8* end) noexcept {
  while (p != end && !Stop::scalar(*p)) ++p;
  return p;
}

// All width bits of a layer's mask.
template <class L>
constexpr typename L::mask full_mask() noexcept {
  using mask = typename L::mask;
  constexpr int bits = 8 * sizeof(mask);
  if constexpr (L::width == bits) return static_cast<mask>(~mask{0});
  else return static_cast<mask>((mask{1} << L::width) - 1);
}

// What each scan stops at: in<L>(v) is the mask of stop bytes in one register
// of layer L (width bits at most), scalar(c) the same test for one byte.
struct at_string_special {
  // A signed compare flags bytes >= 0x80 (they are negative) together with
  // the controls below 0x20.
  template <class L>
  JOT_ALWAYS_INLINE static typename L::mask in(typename L::bytes v) noexcept {
    return L::to_mask(L::either(L::either(L::eq(v, L::splat('"')), L::eq(v, L::splat('\\'))),
                                L::lt(v, L::splat(0x20))));
  }
  static bool scalar(u8 c) noexcept { return is_string_special(c); }
  static constexpr bool probe_first = true;  // most strings are short
};
// The same stops but for non-ASCII bytes: a string scan that does not
// validate UTF-8 runs through them (an unsigned compare for the controls).
struct at_string_special_ascii {
  template <class L>
  JOT_ALWAYS_INLINE static typename L::mask in(typename L::bytes v) noexcept {
    return L::to_mask(L::either(L::either(L::eq(v, L::splat('"')), L::eq(v, L::splat('\\'))),
                                L::lt_unsigned(v, L::splat(0x20))));
  }
  static bool scalar(u8 c) noexcept { return c == '"' || c == '\\' || c < 0x20; }
  // Reached after a non-ASCII byte, in text that is mostly not ASCII.
  static constexpr bool probe_first = false;
};
struct at_quote_or_backslash {
  template <class L>
  JOT_ALWAYS_INLINE static typename L::mask in(typename L::bytes v) noexcept {
    return L::to_mask(L::either(L::eq(v, L::splat('"')), L::eq(v, L::splat('\\'))));
  }
  static bool scalar(u8 c) noexcept { return c == '"' || c == '\\'; }
  static constexpr bool probe_first = true;
};
// With LfIsSpace false, a line feed counts as content: it ends an NDJSON
// line parsed without finding the LF first (parse_line).
template <bool LfIsSpace>
struct at_non_space_of {
  template <class L>
  JOT_ALWAYS_INLINE static typename L::mask in(typename L::bytes v) noexcept {
    using mask = typename L::mask;
    constexpr u8 x = 0xFF;
    if constexpr (L::has_lookup) {
      // A byte is whitespace iff looking up its low nibble gives it back.
      // Fillers are 0xFF, which no byte with that low nibble equals (0xFF
      // itself looks up 0, as every byte >= 0x80 does).
      constexpr u8 lf = LfIsSpace ? u8{'\n'} : x;
      static constexpr u8 row[16] = {' ', x, x, x, x, x, x, x, x, '\t', lf, x, x, '\r', x, x};
      return static_cast<mask>(~L::to_mask(L::eq(L::lookup16(L::table(row), v), v))) & full_mask<L>();
    } else {
      // With the LF not a space, its compare tests ' ' again.
      constexpr u8 lf = LfIsSpace ? u8{'\n'} : u8{' '};
      const mask spaces = L::to_mask(L::either(L::either(L::eq(v, L::splat(' ')), L::eq(v, L::splat(lf))),
                                               L::either(L::eq(v, L::splat('\r')), L::eq(v, L::splat('\t')))));
      return static_cast<mask>(~spaces) & full_mask<L>();
    }
  }
  static bool scalar(u8 c) noexcept { return !is_json_space(c) || (!LfIsSpace && c == '\n'); }
  // Runs that reach the vector code are indentation, mostly longer than a
  // probe (citm_catalog measured slower with one).
  static constexpr bool probe_first = false;
};
using at_non_space = at_non_space_of<true>;

template <class V>
struct vector_scanner {
  using layer = V;
  using bytes = typename V::bytes;
  using mask = typename V::mask;
  static constexpr std::ptrdiff_t width = V::width;

  // The first byte in [p, end) where Stop stops, or end: one narrower probe
  // first where the layer has one (most tokens end within it), then whole
  // registers, then the tail with a masked load or byte by byte.
  template <class Stop>
  JOT_ALWAYS_INLINE static const u8* find_first(const u8* p, const u8* end) noexcept {
    if constexpr (Stop::probe_first && requires { typename V::probe; }) {
      using P = typename V::probe;
      if (end - p >= P::width) {
        const auto m = Stop::template in<P>(P::load(p));
        if (m != 0) return p + std::countr_zero(m);
        p += P::width;
      }
    }
    while (end - p >= width) {
      const mask m = Stop::template in<V>(V::load(p));
      if (m != 0) return p + std::countr_zero(m);
      p += width;
    }
    if constexpr (V::has_partial_load) {
      if (p == end) return p;
      const std::size_t n = static_cast<std::size_t>(end - p);
      const mask m = Stop::template in<V>(V::load_partial(p, n)) & static_cast<mask>((mask{1} << n) - 1);
      return m != 0 ? p + std::countr_zero(m) : end;
    } else {
      return scalar_find_first<Stop>(p, end);
    }
  }

  // Bit i set when byte i of v is '"', '\\', below 0x20 or above 0x7F.
  static mask string_special_mask(bytes v) noexcept { return at_string_special::template in<V>(v); }
  // The same but for the bytes above 0x7F (a scan that does not validate UTF-8).
  static mask string_special_ascii_mask(bytes v) noexcept { return at_string_special_ascii::template in<V>(v); }

  // The first byte in [p, end) that is '"', '\\', below 0x20 or above 0x7F, or end.
  static const u8* scan_string(const u8* p, const u8* end) noexcept {
    return find_first<at_string_special>(p, end);
  }

  // The first byte in [p, end) that is '"', '\\' or below 0x20, or end: the
  // string scan when UTF-8 is not validated, which must not stop at every
  // non-ASCII byte (that made validate_utf8 = false far slower on twitter).
  static const u8* scan_string_ascii(const u8* p, const u8* end) noexcept {
    return find_first<at_string_special_ascii>(p, end);
  }

  // The first '"' or '\\' in [p, end), or end.
  static const u8* scan_quote(const u8* p, const u8* end) noexcept {
    return find_first<at_quote_or_backslash>(p, end);
  }

  // The first byte in [p, end) that is not JSON whitespace, or end, for p at
  // a byte up to ' ' (p != end, *p <= ' ': the caller's test). The one space
  // after ':' or ',' is the most common run, and a byte above ' ' ends it
  // without touching a vector: that test is inlined into every caller,
  // longer runs go out of line: fewer instructions than a call per run, for
  // a fraction of the code that inlining it all adds. A first byte that is
  // not a space goes to the call at once: tested again after the fenced
  // ++p's merge, the end and that byte cost Clang two more tests per run
  // (GCC threaded them), on the typed reader's every member.
  JOT_ALWAYS_INLINE static const u8* skip_spaces(const u8* p, const u8* end) noexcept {
    if (*p == ' ') {
      ++p;
      JOT_PREDICTED(p);
      if (p == end || *p > ' ') return p;
    }
    return skip_space_run(p, end);
  }
  JOT_NOINLINE static const u8* skip_space_run(const u8* p, const u8* end) noexcept {
    return find_first<at_non_space>(p, end);
  }

  // skip_spaces for the run after '[', '{' or ',' (indentation), whose
  // length is guessed as skip_spaces_guessed guesses it: the same test
  // inlined and the same call as skip_spaces, so that compact text pays
  // nothing more (the guessed run inlined into the typed member loop slowed
  // the compact OpenRTB messages) while indented text gains the guess.
  // Also for p at a byte up to ' ' (p != end, *p <= ' ').
  JOT_ALWAYS_INLINE static const u8* skip_indentation(const u8* p, const u8* end, u8& guess) noexcept {
    if (*p == ' ') {
      ++p;
      JOT_PREDICTED(p);
      if (p == end || *p > ' ') return p;
    }
    return skip_indentation_run(p, end, guess);
  }
  JOT_NOINLINE static const u8* skip_indentation_run(const u8* p, const u8* end, u8& guess) noexcept {
    return skip_spaces_guessed(p, end, guess);
  }

  // skip_spaces with the run inlined too, for the one-loop scanners (the DOM
  // parser, the skipper), where the call measured more instructions.
  // With StopAtLf (parse_line), a line feed ends the run and is not skipped.
  template <bool StopAtLf = false>
  JOT_ALWAYS_INLINE static const u8* skip_spaces_inlined(const u8* p, const u8* end) noexcept {
    if (p != end && *p == ' ') {
      ++p;
      JOT_PREDICTED(p);
    }
    if (p == end || *p > ' ') return p;
    return find_first<at_non_space_of<!StopAtLf>>(p, end);
  }

  // skip_spaces_inlined for a run that is usually a line break and the
  // indentation of the next member or element, guessing its length: the
  // parser keeps the last such run's length per depth (guess), which
  // indented text repeats (twitter and citm_catalog: all but 17 of 37,400
  // runs after a comma). A right guess is checked with the register's mask
  // but returns p + guess, which does not wait for that mask: the next
  // token's load leaves the parser's chain of dependent steps (load,
  // compare, mask, count: ~13 cycles a token) while the branch predicts it.
  // Otherwise it returns the first non-space byte as skip_spaces_inlined
  // does, and guess becomes that run's length when it fits in a register.
  template <bool StopAtLf = false>
  JOT_ALWAYS_INLINE static const u8* skip_spaces_guessed(const u8* p, const u8* end, u8& guess) noexcept {
    if (p != end && *p == ' ') {
      ++p;
      JOT_PREDICTED(p);
    }
    if (p == end || *p > ' ') return p;
    if (end - p >= width) {
      const std::uint64_t m = at_non_space_of<!StopAtLf>::template in<V>(V::load(p));
      // The run is guess bytes when the mask's lowest bit is bit guess: one
      // count and compare (a mask of the bits through guess, tested against
      // its top bit, took more instructions a run). No bit: 64, which
      // no guess (< width <= 64) equals.
#if defined(__clang__)
      // A copy of guess that Clang cannot see equals run: inside the branch
      // it would add run, proved equal, and wait for the mask.
      std::size_t guessed = guess;
      JOT_PREDICTED(guessed);
#else
      const u8& guessed = guess;  // guess itself: a copy taken here changes GCC's code for the worse
#endif
      const int run = std::countr_zero(m);
      if (JOT_LIKELY(run == guess)) return p + guessed;
      if (run < width) {
        guess = static_cast<u8>(run);
        return p + run;
      }
      p += width;
    }
    return find_first<at_non_space_of<!StopAtLf>>(p, end);
  }

  // The line feeds in [p, stop), for the line of an error and the lines of
  // a stream window about to be dropped. Each register's flags are added up
  // per byte, 255 registers at most between two sums; the last register that
  // held a line feed is kept, and only its mask is looked at again. Reads
  // nothing outside [p, stop). Not memchr from line feed to line feed: a
  // call per line, several times slower on short lines.
  static line_feeds count_line_feeds(const u8* p, const u8* stop) noexcept {
    const bytes lf = V::splat('\n');
    std::uint64_t count = 0;
    const u8* last_block = nullptr;  // the last whole register with a line feed
    while (stop - p >= width) {
      const std::ptrdiff_t whole = (stop - p) / width;
      const std::ptrdiff_t blocks = whole < 255 ? whole : 255;
      const u8* const limit = p + blocks * width;
      bytes counts = V::splat(0);
      for (; p != limit; p += width) {
        const auto f = V::eq(V::load(p), lf);
        counts = V::count_flags(counts, f);
        last_block = V::to_mask(f) != 0 ? p : last_block;
      }
      count += V::byte_sum(counts);
    }
    const u8* last = nullptr;
    if constexpr (V::has_partial_load) {
      if (p != stop) {
        const std::size_t n = static_cast<std::size_t>(stop - p);
        const auto f = V::eq(V::load_partial(p, n), lf);  // the zeros above n are no line feeds
        count += V::byte_sum(V::count_flags(V::splat(0), f));
        const mask m = V::to_mask(f);
        if (m != 0) last = p + (std::bit_width(m) - 1);
      }
    } else {
      for (; p != stop; ++p) {
        if (*p == '\n') {
          ++count;
          last = p;
        }
      }
    }
    if (last == nullptr && last_block != nullptr)
      last = last_block + (std::bit_width(V::to_mask(V::eq(V::load(last_block), lf))) - 1);
    return {count, last};
  }

  // The lines of [p, stop) that hold a byte other than JSON whitespace, p at
  // a line's start: an upper bound of the NDJSON documents there, exact on
  // valid NDJSON (read_ndjson_parallel sizes its output by it; a count of
  // LFs would let a text of blank lines ask for an element per byte). A
  // line's first content byte is the first byte that is not a space, tab or
  // CR after a LF (or p): each LF sets a start bit one above it, and a start
  // on a run of spaces is carried past the run by adding the run to it (the
  // carry trick simdjson uses for runs of backslashes); the carry out of a
  // register, or a LF in its top byte, starts the next register.
  static std::uint64_t count_content_lines(const u8* p, const u8* stop) noexcept {
    constexpr std::uint64_t full = full_mask<V>();
    constexpr int top = static_cast<int>(width) - 1;
    const bytes lf_byte = V::splat('\n');
    std::uint64_t count = 0;
    std::uint64_t carry = 1;  // the next byte follows a LF (or p) with only spaces since
    const u8* const limit = p + (stop - p) / width * width;
    for (; p != limit; p += width) {
      // Inside a line with content, registers without a LF start no line:
      // most of NDJSON (lines are longer than a register). Skipped two at a
      // time, which halves the instructions a byte there.
      if (carry == 0) {
        while (limit - p >= 2 * width &&
               V::to_mask(V::either(V::eq(V::load(p), lf_byte), V::eq(V::load(p + width), lf_byte))) == 0)
          p += 2 * width;
        if (p == limit) break;
      }
      const bytes v = V::load(p);
      const std::uint64_t lf = V::to_mask(V::eq(v, lf_byte));
      const std::uint64_t content = at_non_space::template in<V>(v);
      const std::uint64_t spaces = ~(lf | content) & full;  // space, tab, CR
      const std::uint64_t starts = ((lf << 1) | carry) & full;
      const std::uint64_t on_spaces = starts & spaces;
      const std::uint64_t moved = on_spaces + spaces;  // each run with a start: the bit above it
      bool carried;
      if constexpr (width == 64) carried = moved < spaces;  // the sum wrapped
      else carried = ((moved >> width) & 1) != 0;
      // Rarely more than one bit. Not std::popcount: a libgcc call in the
      // SSE2 region, which has no POPCNT (GCC makes this loop a popcnt where
      // the region has one).
      for (std::uint64_t first = (starts | moved) & content; first != 0; first &= first - 1) ++count;
      carry = (carried || ((lf >> top) & 1) != 0) ? 1 : 0;
    }
    bool at_line_start = carry != 0;
    return count + count_content_lines_scalar(p, stop, at_line_start);
  }

  // The constants of utf8_errors, built once before a loop.
  struct utf8_rules {
    bytes first_high, first_low, second_high;  // the three nibble lookups
    bytes nibble, third, fourth, top;          // 0x0F, 0xE0 - 0x80, 0xF0 - 0x80, 0x80
  };
  // (Keiser and Lemire, "Validating UTF-8 In Less Than One Instruction Per
  // Byte", 2021: the lookups classify each byte pair by the first byte's two
  // nibbles and the second byte's high nibble.)
  JOT_ALWAYS_INLINE static utf8_rules utf8_constants() noexcept {
    // Error bits of a byte pair.
    constexpr u8 too_short = 1, too_long = 2, overlong_3 = 4, too_large = 8, surrogate = 16,
                 overlong_2 = 32, too_large_1000 = 64, overlong_4 = 64, two_conts = 128;
    constexpr u8 carry = too_short | too_long | two_conts;
    constexpr u8 large = carry | too_large | too_large_1000;
    static constexpr u8 first_high_row[16] = {
        too_long, too_long, too_long, too_long, too_long, too_long, too_long, too_long,  // 0___
        two_conts, two_conts, two_conts, two_conts,                                      // 10__
        too_short | overlong_2, too_short, too_short | overlong_3 | surrogate,           // C, D, E
        too_short | too_large | too_large_1000 | overlong_4};                            // F
    static constexpr u8 first_low_row[16] = {
        carry | overlong_3 | overlong_2 | overlong_4, carry | overlong_2, carry, carry,  // 0-3
        carry | too_large, large, large, large, large, large, large, large, large,       // 4-C
        large | surrogate, large, large};                                                // D-F
    constexpr u8 cont_8 = too_long | overlong_2 | two_conts | overlong_3 | too_large_1000 | overlong_4;
    constexpr u8 cont_9 = too_long | overlong_2 | two_conts | overlong_3 | too_large;
    constexpr u8 cont_ab = too_long | overlong_2 | two_conts | surrogate | too_large;
    static constexpr u8 second_high_row[16] = {
        too_short, too_short, too_short, too_short, too_short, too_short, too_short, too_short,
        cont_8, cont_9, cont_ab, cont_ab, too_short, too_short, too_short, too_short};
    return {V::table(first_high_row), V::table(first_low_row), V::table(second_high_row),
            V::splat(0x0F), V::splat(0xE0 - 0x80), V::splat(0xF0 - 0x80), V::splat(0x80)};
  }
  // The same, built at once and kept in registers through a loop that runs
  // utf8_errors often (JOT_KEEP_IN_REGISTER). The parser's skip_utf8 does not
  // use it: most of its runs end before a register, and the constants would
  // be built for nothing (measured slower on twitter).
  JOT_ALWAYS_INLINE static utf8_rules utf8_constants_kept() noexcept {
    utf8_rules k = utf8_constants();
    JOT_KEEP_IN_REGISTER(k.first_high);
    JOT_KEEP_IN_REGISTER(k.first_low);
    JOT_KEEP_IN_REGISTER(k.second_high);
    JOT_KEEP_IN_REGISTER(k.nibble);
    JOT_KEEP_IN_REGISTER(k.third);
    JOT_KEEP_IN_REGISTER(k.fourth);
    JOT_KEEP_IN_REGISTER(k.top);
    return k;
  }

  // UTF-8 errors of the register in, given the register before it: a byte
  // of the result is nonzero where a sequence breaks the rules, or where one
  // of before's sequences is cut short (bytes two or three after a 3- or
  // 4-byte lead must be continuations). before = zero puts a sequence
  // boundary at in's first byte. Only with lookups.
  JOT_ALWAYS_INLINE static bytes utf8_errors(bytes in, bytes before, const utf8_rules& k) noexcept {
    const bytes prev1 = V::template prev<1>(in, before);
    const bytes prev2 = V::template prev<2>(in, before);
    const bytes prev3 = V::template prev<3>(in, before);
    const auto high_nibbles = [&](bytes a) { return V::bit_and(V::shift_right_4(a), k.nibble); };
    const bytes pairs =
        V::bit_and(V::bit_and(V::lookup16(k.first_high, high_nibbles(prev1)),
                              V::lookup16(k.first_low, V::bit_and(prev1, k.nibble))),
                   V::lookup16(k.second_high, high_nibbles(in)));
    const bytes must_continue = V::bit_and(V::bit_or(V::subs(prev2, k.third), V::subs(prev3, k.fourth)), k.top);
    return V::bit_xor(must_continue, pairs);
  }

  // Validates UTF-8 from p (the first non-ASCII byte of a run) a register at
  // a time (utf8_errors), each block starting on a sequence boundary.
  // Returns where the scalar scan resumes: an ASCII string special ('"',
  // '\\', control), the start of a block with an error (the scalar validator
  // then locates it), or a boundary with less than a register left.
  // [p, result) is valid. Without lookups, returns p.
  static const u8* skip_utf8(const u8* p, const u8* end) noexcept {
    if constexpr (!V::has_lookup) {
      (void)end;
      return p;
    } else {
      const bytes zero = V::splat(0);
      const utf8_rules k = utf8_constants();
      while (end - p >= width) {
        const bytes in = V::load(p);
        // Each block starts on a sequence boundary, so what precedes it acts as ASCII.
        const mask error_mask = V::nonzero_mask(utf8_errors(in, zero, k));
        const mask special_mask = V::to_mask(
            V::either(V::either(V::eq(in, V::splat('"')), V::eq(in, V::splat('\\'))),
                      V::lt_unsigned(in, V::splat(0x20))));
        if (special_mask != 0) {
          const int stop = std::countr_zero(special_mask);
          // An error at the special itself (e.g. a sequence cut short by '"')
          // counts; stop + 1 <= 64 bits, built without shifting by 64.
          const mask upto = static_cast<mask>((mask{2} << stop) - 1);
          return (error_mask & upto) != 0 ? p : p + stop;
        }
        if (error_mask != 0) return p;
        // Stop before a sequence that the block cut off, so the next block
        // starts on a boundary.
        p += width - utf8_cut_bytes(p + width);
      }
      return p;
    }
  }
};

