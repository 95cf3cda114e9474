// jot/detail/scan/prelude.h - what every per-ISA scanning header includes
// before it opens its namespace and target region: the standard headers, the
// baseline helpers, and the target-region macros. Not API.
//
// The scanning core is written once (scanner.inl, strings.inl) and compiled
// once per target: each jot/detail/scan/<target>.h includes it inside
// namespace jot::detail::isa_<target> and inside that target's region, so
// every function there carries the target's attribute, templates included.
// The DOM parser (src/) and the typed reader (in the user's translation unit)
// instantiate the same code, so a typed reader compiled for baseline x86-64
// still runs AVX2 scans, chosen once per document.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "jot/detail/core/bits.h"
#include "jot/detail/core/config.h"
#include "jot/detail/index/structural_index.h"
#include "jot/detail/scan/utf8.h"
#include "jot/error.h"

// The x86 kernels use GCC/Clang builtins and target pragmas; other compilers
// get the portable kernel only.
#if (defined(__x86_64__) || defined(_M_X64)) && (defined(__GNUC__) || defined(__clang__))
#define JOT_HAS_X86_KERNELS 1
#include <immintrin.h>
#endif

// 64-bit Arm: the NEON kernel (Advanced SIMD is in every AArch64 CPU).
#if defined(__aarch64__) && (defined(__GNUC__) || defined(__clang__))
#define JOT_HAS_NEON_KERNEL 1
#include <arm_neon.h>
#endif

namespace jot::detail {
// The line feeds in a range of bytes (a scanner's count_line_feeds).
struct line_feeds {
  std::uint64_t count;  // how many
  const u8* last;       // the last one; nullptr when count is 0
};

// The two-byte escapes: for the letter after a backslash, the byte it
// stands for, or 0 when it is not one ('u' and invalid letters). The one
// list of them, for the unescaper and the skipper.
struct short_escape_table {
  u8 byte[256];
};
inline constexpr short_escape_table short_escapes = [] {
  short_escape_table t{};
  const auto set = [&t](char letter, char byte) { t.byte[static_cast<u8>(letter)] = static_cast<u8>(byte); };
  set('"', '"');
  set('\\', '\\');
  set('/', '/');
  set('b', '\b');
  set('f', '\f');
  set('n', '\n');
  set('r', '\r');
  set('t', '\t');
  return t;
}();

// The bytes of a register of Width <= 64 bytes that a backslash escapes,
// given its backslashes b and carry (1 when its first byte is escaped by the
// register before); carry becomes the same for the next register. A byte is
// escaped when the run of backslashes before it has odd length: adding a
// run's first bit to the run sets the bit just past it, and that position
// and the run's start differ in parity exactly when the length is odd (runs
// starting on even and on odd bits are added apart, so that each parity can
// be tested with one mask; runs never carry into each other, as the bit past
// a run is clear). The method of Langdale and Lemire's stage 1 ("Parsing
// Gigabytes of JSON per Second", 2019); the string scans and stage 1 share it.
template <int Width>
JOT_ALWAYS_INLINE std::uint64_t escaped_bytes(std::uint64_t b, std::uint64_t& carry) noexcept {
  static_assert(Width <= 64);
  constexpr std::uint64_t even = 0x5555555555555555u, odd = ~even;
  b &= ~carry;  // an escaped backslash starts no run
  const std::uint64_t starts = b & ~(b << 1);
  const std::uint64_t even_sum = b + (starts & even);
  const std::uint64_t odd_sum = b + (starts & odd);
  const std::uint64_t escaped = ((even_sum & ~b) & odd) | ((odd_sum & ~b) & even) | carry;
  if constexpr (Width == 64) {
    // The bit past a run that ends at the top is lost: only a run from an
    // odd start has odd length there, and its sum wrapped.
    carry = odd_sum < b ? 1 : 0;
    return escaped;
  } else {
    carry = (escaped >> Width) & 1;
    return escaped & ((std::uint64_t{1} << Width) - 1);
  }
}
}  // namespace jot::detail

#if defined(JOT_HAS_X86_KERNELS)
namespace jot::detail {
// Every byte value repeated 16 times, for the 128-bit layer's splat under
// GCC (x86_128.inl): one row per byte value, 4 KB, of which a scan touches
// the few rows it compares against.
struct splat_rows {
  alignas(16) std::uint8_t row[256][16];
};
inline constexpr splat_rows splat_table = [] {
  splat_rows t{};
  for (int c = 0; c < 256; ++c) {
    for (int i = 0; i < 16; ++i) t.row[c][i] = static_cast<std::uint8_t>(c);
  }
  return t;
}();
}  // namespace jot::detail
#endif

// JOT_KEEP_IN_REGISTER(v): v unchanged but opaque to the compiler. GCC
// rebuilds vector constants inside loops (a mov, a movd and a broadcast each
// time round) rather than keep them in registers; a constant passed through
// this before a loop is built once (and at worst spilled and reloaded as a
// memory operand). Clang keeps such constants in registers already.
#if defined(JOT_HAS_X86_KERNELS) && defined(__GNUC__) && !defined(__clang__)
#define JOT_KEEP_IN_REGISTER(v) __asm__("" : "+v"(v))
#else
#define JOT_KEEP_IN_REGISTER(v) ((void)0)
#endif

// Target regions: every function defined between BEGIN and END is compiled for
// exactly the extensions its kernel's CPU check tests. GCC and Clang spell the
// region differently. GCC 12's own _mm512_undefined_epi32() initialises a
// variable from itself, which -Wmaybe-uninitialized reports inside intrinsics
// such as _mm512_broadcast_i32x4 (-Wuninitialized once JOT_KEEP_IN_REGISTER
// reads the result); the values are overwritten, so it is noise.
// PCLMULQDQ is in the SSE4.2, AVX2 and AVX-512 regions for stage 1's prefix
// XOR, and BMI1 in the AVX2 and AVX-512 ones for its bit loops (tzcnt, blsr):
// every CPU with AVX2 has both, and the CPU checks test them. The AVX-512
// kernel's stage 1 runs in a region of its own, JOT_TARGET_AVX512_WIDE, with
// 512-bit registers under both compilers.
#if defined(JOT_HAS_X86_KERNELS)
#if defined(__clang__)
#define JOT_TARGET_SSE42_BEGIN \
  _Pragma("clang attribute push(__attribute__((target(\"ssse3,sse4.2,pclmul\"))), apply_to = function)")
#define JOT_TARGET_AVX2_BEGIN \
  _Pragma("clang attribute push(__attribute__((target(\"avx2,bmi,pclmul\"))), apply_to = function)")
// The avx512 kernel's region is AVX2's under Clang: with AVX512BW enabled,
// Clang turns every vector compare and its vpmovmskb into a compare into a
// mask register and a kmovd, the slower form the kernel avoids (it parsed
// twitter slower than the avx2 kernel). Its one AVX-512 instruction,
// the masked tail load, has a target of its own (x86_avx512.h).
#define JOT_TARGET_AVX512_BEGIN JOT_TARGET_AVX2_BEGIN
#define JOT_AVX512_LOAD __attribute__((target("avx512f,avx512bw,avx512vl"))) JOT_NOINLINE
#define JOT_TARGET_END _Pragma("clang attribute pop")
#define JOT_TARGET_AVX512_END _Pragma("clang attribute pop")
#define JOT_TARGET_AVX512_WIDE_BEGIN \
  _Pragma("clang attribute push(__attribute__((target(\"avx512f,avx512bw,avx512vl,bmi,pclmul\"))), apply_to = function)")
#define JOT_TARGET_AVX512_WIDE_END _Pragma("clang attribute pop")
#define JOT_TARGET_AVX512_VBMI2_BEGIN \
  _Pragma("clang attribute push(__attribute__((target(\"avx512f,avx512bw,avx512vl,avx512vbmi2,bmi,pclmul\"))), apply_to = function)")
#define JOT_TARGET_AVX512_VBMI2_END _Pragma("clang attribute pop")
#else
#define JOT_TARGET_SSE42_BEGIN _Pragma("GCC push_options") _Pragma("GCC target(\"ssse3,sse4.2,pclmul\")")
#define JOT_TARGET_AVX2_BEGIN _Pragma("GCC push_options") _Pragma("GCC target(\"avx2,bmi,pclmul\")")
#define JOT_TARGET_AVX512_BEGIN                                         \
  _Pragma("GCC push_options") _Pragma("GCC target(\"avx512f,avx512bw,avx512vl,bmi,pclmul\")") \
  _Pragma("GCC diagnostic push") _Pragma("GCC diagnostic ignored \"-Wmaybe-uninitialized\"") \
  _Pragma("GCC diagnostic ignored \"-Wuninitialized\"")
#define JOT_TARGET_END _Pragma("GCC pop_options")
#define JOT_TARGET_AVX512_END _Pragma("GCC diagnostic pop") _Pragma("GCC pop_options")
#define JOT_TARGET_AVX512_WIDE_BEGIN JOT_TARGET_AVX512_BEGIN
#define JOT_TARGET_AVX512_WIDE_END JOT_TARGET_AVX512_END
#define JOT_TARGET_AVX512_VBMI2_BEGIN                                                          \
  _Pragma("GCC push_options") _Pragma("GCC target(\"avx512f,avx512bw,avx512vl,avx512vbmi2,bmi,pclmul\")") \
  _Pragma("GCC diagnostic push") _Pragma("GCC diagnostic ignored \"-Wmaybe-uninitialized\"")   \
  _Pragma("GCC diagnostic ignored \"-Wuninitialized\"")
#define JOT_TARGET_AVX512_VBMI2_END JOT_TARGET_AVX512_END
// The avx512 kernel's masked load: GCC compiles it in the kernel's region.
#define JOT_AVX512_LOAD
#endif
#endif
