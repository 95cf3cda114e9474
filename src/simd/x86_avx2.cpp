// src/simd/x86_avx2.cpp - the AVX2 kernel (32 bytes at a time). Selected only
// when the CPU reports AVX2 (see kernel_supported in src/parse.cpp).
#if defined(__x86_64__) || defined(_M_X64)
// Every header is included before the target pragma so that only this file's
// own code (all of it internal linkage) is compiled for AVX2.
#include <immintrin.h>

#include <cstdint>
#include <cstring>

#include "arena_access.h"
#include "common.h"
#include "generic/strings.h"
#include "generic/utf8.h"
#include "number.h"
#include "jot/parse.h"
#include "simd/kernels.h"

#pragma GCC push_options
#pragma GCC target("avx2,bmi,bmi2,popcnt,lzcnt")

#include "generic/parser.inl"

namespace jot::detail {
namespace {

inline bool is_space(u8 c) noexcept { return c == ' ' || c == '\n' || c == '\r' || c == '\t'; }
inline bool is_string_special(u8 c) noexcept { return c == '"' || c == '\\' || c < 0x20 || c >= 0x80; }

struct avx2_kernel {
  static const u8* scan_string(const u8* p, const u8* end) noexcept {
    const __m256i quote = _mm256_set1_epi8('"');
    const __m256i backslash = _mm256_set1_epi8('\\');
    const __m256i below = _mm256_set1_epi8(0x20);
    while (end - p >= 32) {
      const __m256i v = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
      // Signed compare: bytes >= 0x80 are negative, so "0x20 > v" also flags them.
      const __m256i m = _mm256_or_si256(
          _mm256_or_si256(_mm256_cmpeq_epi8(v, quote), _mm256_cmpeq_epi8(v, backslash)),
          _mm256_cmpgt_epi8(below, v));
      const unsigned mask = static_cast<unsigned>(_mm256_movemask_epi8(m));
      if (mask != 0) return p + __builtin_ctz(mask);
      p += 32;
    }
    while (p != end && !is_string_special(*p)) ++p;
    return p;
  }

  static const u8* scan_quote(const u8* p, const u8* end) noexcept {
    const __m256i quote = _mm256_set1_epi8('"');
    const __m256i backslash = _mm256_set1_epi8('\\');
    while (end - p >= 32) {
      const __m256i v = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
      const unsigned mask = static_cast<unsigned>(_mm256_movemask_epi8(
          _mm256_or_si256(_mm256_cmpeq_epi8(v, quote), _mm256_cmpeq_epi8(v, backslash))));
      if (mask != 0) return p + __builtin_ctz(mask);
      p += 32;
    }
    while (p != end && *p != '"' && *p != '\\') ++p;
    return p;
  }

  static const u8* skip_spaces(const u8* p, const u8* end) noexcept {
    if (p != end && is_space(*p)) ++p;
    if (p == end || !is_space(*p)) return p;
    while (end - p >= 32) {
      const __m256i v = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
      const __m256i ws = _mm256_or_si256(
          _mm256_or_si256(_mm256_cmpeq_epi8(v, _mm256_set1_epi8(' ')), _mm256_cmpeq_epi8(v, _mm256_set1_epi8('\n'))),
          _mm256_or_si256(_mm256_cmpeq_epi8(v, _mm256_set1_epi8('\r')), _mm256_cmpeq_epi8(v, _mm256_set1_epi8('\t'))));
      const unsigned other = ~static_cast<unsigned>(_mm256_movemask_epi8(ws));
      if (other != 0) return p + __builtin_ctz(other);
      p += 32;
    }
    while (p != end && is_space(*p)) ++p;
    return p;
  }
};

}  // namespace

parse_outcome parse_avx2(const char* data, std::size_t size, const parse_options& options,
                         arena& a) noexcept {
  return parse_document<avx2_kernel>(data, size, options, a);
}

}  // namespace jot::detail

#pragma GCC pop_options
#endif
