// src/simd/x86_sse2.cpp - the SSE2 kernel (16 bytes at a time); SSE2 is part
// of the x86-64 baseline, so this kernel needs no CPU check.
#include "simd/kernels.h"

#if defined(JOT_HAS_X86_KERNELS)
#include <emmintrin.h>

#include <cstdint>

#include "generic/parser.inl"

namespace jot::detail {
namespace {

inline bool is_space(u8 c) noexcept { return c == ' ' || c == '\n' || c == '\r' || c == '\t'; }
inline bool is_string_special(u8 c) noexcept { return c == '"' || c == '\\' || c < 0x20 || c >= 0x80; }

struct sse2_kernel {
  static const u8* scan_string(const u8* p, const u8* end) noexcept {
    const __m128i quote = _mm_set1_epi8('"');
    const __m128i backslash = _mm_set1_epi8('\\');
    const __m128i space = _mm_set1_epi8(0x20);
    while (end - p >= 16) {
      const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
      // Signed compare: bytes >= 0x80 are negative, so "< 0x20" also flags them.
      const __m128i m = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, quote), _mm_cmpeq_epi8(v, backslash)),
                                     _mm_cmplt_epi8(v, space));
      const unsigned mask = static_cast<unsigned>(_mm_movemask_epi8(m));
      if (mask != 0) return p + __builtin_ctz(mask);
      p += 16;
    }
    while (p != end && !is_string_special(*p)) ++p;
    return p;
  }

  static const u8* scan_quote(const u8* p, const u8* end) noexcept {
    const __m128i quote = _mm_set1_epi8('"');
    const __m128i backslash = _mm_set1_epi8('\\');
    while (end - p >= 16) {
      const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
      const unsigned mask = static_cast<unsigned>(
          _mm_movemask_epi8(_mm_or_si128(_mm_cmpeq_epi8(v, quote), _mm_cmpeq_epi8(v, backslash))));
      if (mask != 0) return p + __builtin_ctz(mask);
      p += 16;
    }
    while (p != end && *p != '"' && *p != '\\') ++p;
    return p;
  }

  // No vector UTF-8 validation here: the scalar validator does it all.
  static const u8* skip_utf8(const u8* p, const u8*) noexcept { return p; }

  static const u8* skip_spaces(const u8* p, const u8* end) noexcept {
    // Most runs are one byte (after ':' or ','); indentation runs are long.
    if (p != end && is_space(*p)) ++p;
    if (p == end || !is_space(*p)) return p;
    while (end - p >= 16) {
      const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
      const __m128i ws = _mm_or_si128(
          _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8(' ')), _mm_cmpeq_epi8(v, _mm_set1_epi8('\n'))),
          _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('\r')), _mm_cmpeq_epi8(v, _mm_set1_epi8('\t'))));
      const unsigned other = ~static_cast<unsigned>(_mm_movemask_epi8(ws)) & 0xFFFFu;
      if (other != 0) return p + __builtin_ctz(other);
      p += 16;
    }
    while (p != end && is_space(*p)) ++p;
    return p;
  }
};

parse_outcome parse_sse2(const char* data, std::size_t size, const parse_options& options,
                         arena& a) noexcept {
  return parse_with<sse2_kernel>(data, size, options, a);
}

}  // namespace
}  // namespace jot::detail
#endif

namespace jot::detail {
constinit const kernel_entry sse2_entry = {kernel::sse2, "sse2", JOT_IF_X86_KERNELS(parse_sse2), nullptr};
}  // namespace jot::detail
