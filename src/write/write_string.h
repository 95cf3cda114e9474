// src/write/write_string.h - escaping string bytes for the writer. Not API.
//
// Output rules: '"' and '\\' become \" and \\; backspace, form feed, newline,
// carriage return and tab use their short forms; every other byte below 0x20
// becomes \u00XX with lowercase hex (as JSON.stringify writes it). Optionally
// '/' becomes \/ and every non-ASCII character \uXXXX (a UTF-16 surrogate pair
// above U+FFFF); in that mode a byte that does not start a valid UTF-8
// sequence (only possible after parsing with validate_utf8 = false) becomes
// \ufffd, one per byte.
//
// escape_chunk scans 16 bytes at a time (SSE2, or SWAR on two 64-bit words)
// for the first byte that needs attention and copies everything before it in
// one unconditional 16-byte store, so the output range needs slack.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "jot/detail/scan/utf8.h"
#include "jot/detail/core/bits.h"

#if defined(__SSE2__) || defined(_M_X64)
#include <emmintrin.h>
#define JOT_WRITE_SSE2 1
#endif

namespace jot::detail {

// Output bytes escape_chunk may write per input byte it consumes (a control
// byte becomes \u00XX; with escape_non_ascii a 4-byte sequence becomes 12
// bytes and an invalid byte 6), and the scratch bytes it may write past its
// returned end.
inline constexpr std::size_t escape_expansion = 6;
inline constexpr std::size_t escape_store_slack = 16;
// escape_chunk may consume this many bytes past chunk_end: the rest of a
// 16-byte block plus the tail of a UTF-8 sequence.
inline constexpr std::size_t escape_overrun = 15 + 3;

// For a byte that needs escaping, the character after the backslash; 'u'
// means \u00XX. Indexed only for flagged ASCII bytes.
struct escape_table {
  char after_backslash[128];
};

constexpr escape_table make_escape_table() noexcept {
  escape_table t{};
  for (int c = 0; c < 0x20; ++c) t.after_backslash[c] = 'u';
  const auto set = [&t](unsigned char c, char e) { t.after_backslash[c] = e; };
  set('\b', 'b');
  set('\f', 'f');
  set('\n', 'n');
  set('\r', 'r');
  set('\t', 't');
  set('"', '"');
  set('\\', '\\');
  set('/', '/');
  return t;
}

inline constexpr escape_table escapes = make_escape_table();
inline constexpr char hex_digits[] = "0123456789abcdef";

// ---- finding the first byte that needs attention ----------------------------

// SWAR: the high bit of each byte of the result is set exactly for the bytes
// of x that need attention. Exact per byte (no borrows cross bytes), so the
// first flagged byte is correct on either endianness.
template <bool Slash, bool NonAscii>
inline std::uint64_t flag_bytes_swar(std::uint64_t x) noexcept {
  constexpr std::uint64_t ones = 0x0101010101010101ull;
  constexpr std::uint64_t low7 = 0x7f7f7f7f7f7f7f7full;
  constexpr std::uint64_t high = 0x8080808080808080ull;
  // High bit set where a byte of y is zero.
  auto zero_bytes = [](std::uint64_t y) { return ~(((y & low7) + low7) | y | low7); };
  std::uint64_t m = zero_bytes(x ^ (ones * '"')) | zero_bytes(x ^ (ones * '\\'));
  // (b & 0x7f) + 0x60 has its high bit set iff (b & 0x7f) >= 0x20.
  const std::uint64_t below_0x20_low7 = ~((x & low7) + ones * 0x60) & high;
  if constexpr (NonAscii) {
    m |= below_0x20_low7 | (x & high);
  } else {
    m |= below_0x20_low7 & ~x;
  }
  if constexpr (Slash) m |= zero_bytes(x ^ (ones * '/'));
  return m & high;
}

// Index in [0, 8] of the first flagged byte of the 8 bytes at p; 8 if none.
template <bool Slash, bool NonAscii>
inline unsigned first_flag8_swar(const char* p) noexcept {
  std::uint64_t x;
  std::memcpy(&x, p, 8);
  const std::uint64_t m = flag_bytes_swar<Slash, NonAscii>(x);
  if (m == 0) return 8;
  if constexpr (std::endian::native == std::endian::little) {
    return static_cast<unsigned>(std::countr_zero(m)) >> 3;
  } else {
    return static_cast<unsigned>(std::countl_zero(m)) >> 3;
  }
}

template <bool Slash, bool NonAscii>
inline unsigned first_flag16_swar(const char* p) noexcept {
  const unsigned i = first_flag8_swar<Slash, NonAscii>(p);
  return i != 8 ? i : 8 + first_flag8_swar<Slash, NonAscii>(p + 8);
}

#if defined(JOT_WRITE_SSE2)
// Bit i set when byte i of x needs attention.
template <bool Slash, bool NonAscii>
inline unsigned flag_bits16_sse2(__m128i x) noexcept {
  __m128i m = _mm_or_si128(_mm_cmpeq_epi8(x, _mm_set1_epi8('"')),
                           _mm_cmpeq_epi8(x, _mm_set1_epi8('\\')));
  if constexpr (NonAscii) {
    // Signed compare: true for 0x00..0x1f and for every byte >= 0x80.
    m = _mm_or_si128(m, _mm_cmplt_epi8(x, _mm_set1_epi8(0x20)));
  } else {
    // Unsigned x <= 0x1f  <=>  max(x, 0x1f) == 0x1f.
    const __m128i limit = _mm_set1_epi8(0x1f);
    m = _mm_or_si128(m, _mm_cmpeq_epi8(_mm_max_epu8(x, limit), limit));
  }
  if constexpr (Slash) m = _mm_or_si128(m, _mm_cmpeq_epi8(x, _mm_set1_epi8('/')));
  return static_cast<unsigned>(_mm_movemask_epi8(m));
}

template <bool Slash, bool NonAscii>
inline unsigned flag_bits16_sse2(const char* p) noexcept {
  return flag_bits16_sse2<Slash, NonAscii>(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p)));
}

template <bool Slash, bool NonAscii>
inline unsigned first_flag16_sse2(const char* p) noexcept {
  const unsigned bits = flag_bits16_sse2<Slash, NonAscii>(p);
  return bits == 0 ? 16u : static_cast<unsigned>(std::countr_zero(bits));
}
#endif

// Index in [0, 16] of the first byte of p[0..16) that needs attention.
template <bool Slash, bool NonAscii>
inline unsigned first_flag16(const char* p) noexcept {
#if defined(JOT_WRITE_SSE2)
  return first_flag16_sse2<Slash, NonAscii>(p);
#else
  return first_flag16_swar<Slash, NonAscii>(p);
#endif
}

// The same for 16 bytes held in registers (load_short16). The words are
// little-endian values: byte i is bits [8i, 8i + 8) of its word.
template <bool Slash, bool NonAscii>
inline unsigned first_flag16_swar(const bytes16& b) noexcept {
  const std::uint64_t lo = flag_bytes_swar<Slash, NonAscii>(b.lo);
  if (lo != 0) return static_cast<unsigned>(std::countr_zero(lo)) >> 3;
  const std::uint64_t hi = flag_bytes_swar<Slash, NonAscii>(b.hi);
  return hi != 0 ? 8 + (static_cast<unsigned>(std::countr_zero(hi)) >> 3) : 16u;
}
#if defined(JOT_WRITE_SSE2)
template <bool Slash, bool NonAscii>
inline unsigned first_flag16_sse2(const bytes16& b) noexcept {
  const unsigned bits = flag_bits16_sse2<Slash, NonAscii>(
      _mm_set_epi64x(static_cast<long long>(b.hi), static_cast<long long>(b.lo)));
  return bits == 0 ? 16u : static_cast<unsigned>(std::countr_zero(bits));
}
#endif
template <bool Slash, bool NonAscii>
inline unsigned first_flag16(const bytes16& b) noexcept {
#if defined(JOT_WRITE_SSE2)
  return first_flag16_sse2<Slash, NonAscii>(b);
#else
  return first_flag16_swar<Slash, NonAscii>(b);
#endif
}

// Whether any byte of p[0..16) needs attention: cheaper than first_flag16
// for the blocks that need none, which are most.
template <bool Slash, bool NonAscii>
inline bool any_flag16(const char* p) noexcept {
#if defined(JOT_WRITE_SSE2)
  return flag_bits16_sse2<Slash, NonAscii>(p) != 0;
#else
  std::uint64_t lo, hi;
  std::memcpy(&lo, p, 8);
  std::memcpy(&hi, p + 8, 8);
  return (flag_bytes_swar<Slash, NonAscii>(lo) | flag_bytes_swar<Slash, NonAscii>(hi)) != 0;
#endif
}

// ---- escaping one character -------------------------------------------------

inline char* write_u_escape(char* out, std::uint32_t unit) noexcept {
  out[0] = '\\';
  out[1] = 'u';
  out[2] = hex_digits[unit >> 12 & 0xf];
  out[3] = hex_digits[unit >> 8 & 0xf];
  out[4] = hex_digits[unit >> 4 & 0xf];
  out[5] = hex_digits[unit & 0xf];
  return out + 6;
}

// Decodes the UTF-8 sequence at in (its lead byte >= 0x80). Returns its
// length and sets *cp, or returns 0 when the bytes are not a valid, shortest,
// non-surrogate sequence within [in, end): the parser's own rules.
inline unsigned decode_utf8(const unsigned char* in, const unsigned char* end,
                            std::uint32_t* cp) noexcept {
  const int len = utf8_sequence_length(in, end);
  if (len == 0) return 0;
  std::uint32_t v = in[0] & (0x7fu >> len);
  for (int k = 1; k < len; ++k) v = v << 6 | (in[k] & 0x3fu);
  *cp = v;
  return static_cast<unsigned>(len);
}

// Escapes the flagged character at in, advancing in past it.
template <bool NonAscii>
inline char* escape_one(char* out, const char*& in, const char* end) noexcept {
  const auto c = static_cast<unsigned char>(*in);
  if (!NonAscii || c < 0x80) {
    const char e = escapes.after_backslash[c & 0x7f];
    ++in;
    if (e != 'u') {
      out[0] = '\\';
      out[1] = e;
      return out + 2;
    }
    return write_u_escape(out, c);
  }
  std::uint32_t cp = 0;
  const unsigned len = decode_utf8(reinterpret_cast<const unsigned char*>(in),
                                   reinterpret_cast<const unsigned char*>(end), &cp);
  if (len == 0) {
    ++in;
    return write_u_escape(out, 0xfffd);
  }
  in += len;
  if (cp < 0x10000) return write_u_escape(out, cp);
  cp -= 0x10000;
  out = write_u_escape(out, 0xd800 + (cp >> 10));
  return write_u_escape(out, 0xdc00 + (cp & 0x3ff));
}

// Whether the ASCII byte c is escaped: '"', '\\', a control, or '/' with Slash.
template <bool Slash>
inline bool needs_ascii_escape(unsigned char c) noexcept {
  return c < 0x20 || c == '"' || c == '\\' || (Slash && c == '/');
}

// ---- escaping a run of bytes -------------------------------------------------

// Escapes input from in until in >= chunk_end (chunk_end <= end), never
// reading at or past end. It may consume up to escape_overrun bytes past
// chunk_end. Requires room for escape_expansion * (bytes consumed) +
// escape_store_slack bytes at out. Returns the output end and advances in.
template <bool Slash, bool NonAscii>
inline char* escape_chunk(char* out, const char*& in_ref, const char* chunk_end,
                          const char* end) noexcept {
  const char* in = in_ref;
  // Where whole clean blocks can be taken without further checks: before
  // chunk_end, and with 16 bytes left before end.
  const char* const blocks_end =
      end - chunk_end >= 15 ? chunk_end : (end - in >= 16 ? end - 15 : in);
  while (in < chunk_end) {
    // The common case first: blocks with nothing to escape, copied whole.
    while (in < blocks_end && !any_flag16<Slash, NonAscii>(in)) {
      std::memcpy(out, in, 16);
      in += 16;
      out += 16;
    }
    if (in >= chunk_end) break;
    const auto left = static_cast<std::size_t>(end - in);
    if (left >= 16) {
      std::memcpy(out, in, 16);
      const unsigned i = first_flag16<Slash, NonAscii>(in);
      in += i;
      out += i;
      if (i == 16) continue;
    } else {
      // Fewer than 16 bytes remain: scan them zero-padded. The padding
      // byte 0 is always flagged, so i == left means nothing to escape.
      const bytes16 block = load_short16(reinterpret_cast<const std::uint8_t*>(in), left);
      store_le64(out, block.lo);
      store_le64(out + 8, block.hi);
      const unsigned i = first_flag16<Slash, NonAscii>(block);
      in += i;
      out += i;
      if (i == left) break;
    }
    out = escape_one<NonAscii>(out, in, end);
    // Escapes in a row (a quoted "\\n\\t", a run of quotes) are taken here,
    // not through a block check each (measured faster on the rpc sample's
    // typed write). Consumes nothing past chunk_end.
    while (in < chunk_end && needs_ascii_escape<Slash>(static_cast<unsigned char>(*in)))
      out = escape_one<false>(out, in, end);
    if constexpr (NonAscii) {
      // A run of non-ASCII characters (CJK text) is escaped character after
      // character here: the block checks above would flag each one at once,
      // a block check per character. Consumes at most 3 bytes past
      // chunk_end, within escape_overrun.
      while (in < chunk_end && static_cast<unsigned char>(*in) >= 0x80) out = escape_one<NonAscii>(out, in, end);
    }
  }
  in_ref = in;
  return out;
}

// '"' s '"' at out when the n <= 32 bytes of s need no escaping under the
// default options: returns the end, else nullptr (nothing meaningful
// written). Most strings are this short: one or two block checks and
// fixed-size moves, without escape_chunk's loop. Needs 34 bytes of room;
// reads nothing outside s.
inline char* quote_clean_short(char* out, const char* s, std::size_t n) noexcept {
  if (n < 16) {
    // Zero-padded: the padding is flagged (a control), so the first flag
    // lands on n exactly when s is clean.
    const bytes16 block = load_short16(reinterpret_cast<const std::uint8_t*>(s), n);
    if (first_flag16<false, false>(block) != n) return nullptr;
    out[0] = '"';
    store_le64(out + 1, block.lo);
    store_le64(out + 9, block.hi);
  } else {
    // Two blocks that overlap when n < 32.
    if (any_flag16<false, false>(s) || any_flag16<false, false>(s + n - 16)) return nullptr;
    out[0] = '"';
    std::memcpy(out + 1, s, 16);
    std::memcpy(out + 1 + n - 16, s + n - 16, 16);
  }
  out[n + 1] = '"';
  return out + n + 2;
}

// The longest string quote_clean takes. Up to here a clean string is
// checked and copied block by block without escape_chunk's setup and tail
// (which cost OpenRTB banner's short strings more than their bytes); a
// string that needs escaping is scanned at most this far twice.
inline constexpr std::size_t clean_string_max = 128;

// quote_clean_short for n <= clean_string_max: 16-byte blocks, the last one
// overlapping the one before. Needs clean_string_max + 2 bytes of room;
// reads nothing outside s.
inline char* quote_clean(char* out, const char* s, std::size_t n) noexcept {
  if (n <= 32) return quote_clean_short(out, s, n);
  out[0] = '"';
  for (std::size_t i = 0; i + 16 < n; i += 16) {
    if (any_flag16<false, false>(s + i)) return nullptr;
    std::memcpy(out + 1 + i, s + i, 16);
  }
  if (any_flag16<false, false>(s + n - 16)) return nullptr;
  std::memcpy(out + 1 + n - 16, s + n - 16, 16);
  out[n + 1] = '"';
  return out + n + 2;
}

// Bytes escape_chunk writes for [in, end) with the given options, computed
// one byte at a time: the reference the fast paths are tested against.
inline std::size_t escaped_size_reference(const char* in, const char* end, bool slash,
                                          bool non_ascii) noexcept {
  std::size_t n = 0;
  while (in < end) {
    const auto c = static_cast<unsigned char>(*in);
    if (c == '"' || c == '\\' || (slash && c == '/')) {
      n += 2;
      ++in;
    } else if (c < 0x20) {
      const char e = escapes.after_backslash[c];
      n += e == 'u' ? 6 : 2;
      ++in;
    } else if (c >= 0x80 && non_ascii) {
      std::uint32_t cp = 0;
      const unsigned len = decode_utf8(reinterpret_cast<const unsigned char*>(in),
                                       reinterpret_cast<const unsigned char*>(end), &cp);
      n += len == 0 ? 6 : (cp < 0x10000 ? 6 : 12);
      in += len == 0 ? 1 : len;
    } else {
      n += 1;
      ++in;
    }
  }
  return n;
}

}  // namespace jot::detail
